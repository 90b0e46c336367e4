import type { ComponentProps } from 'react';
import { ChevronDownIcon, UserIcon } from '@/components/ui/icons';
import type { AuthUser } from '@closetly/contracts';

export interface UserMenuButtonProps extends ComponentProps<'button'> {
  user: AuthUser | null;
  /** Unread notifications (issue 25): a dot on the avatar, and the count in the button's name. */
  unread?: number;
}

/** The user menu's button: the same element before the menu's code arrives and as the menu's trigger after. */
export function UserMenuButton({ user, unread = 0, ...button }: UserMenuButtonProps) {
  const visibleName = user ? user.firstName || 'Account' : 'Account';
  const news = user && unread > 0 ? `, ${unread === 1 ? '1 unread notification' : `${unread} unread notifications`}` : '';
  return (
    <button
      type="button"
      className="user-menu__trigger"
      aria-label={user ? `Account menu for ${visibleName}${news}` : 'Account menu'}
      data-signed-in={user ? true : undefined}
      {...button}
    >
      <span className="user-menu__avatar" aria-hidden="true">
        {user ? (user.firstName.charAt(0) || user.email.charAt(0)).toUpperCase() : <UserIcon width={18} height={18} />}
      </span>
      {news ? <span className="notice-dot user-menu__dot" aria-hidden="true" /> : null}
      <span className="user-menu__name">{visibleName}</span>
      <ChevronDownIcon className="user-menu__chevron" width={16} height={16} />
    </button>
  );
}
