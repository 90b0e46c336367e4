import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import { ChevronDownIcon, UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth, useAuthStore } from '../hooks/use-auth';

export interface UserMenuProps {
  className?: string;
}

/**
 * Spec §2 user menu, an accessible menu button (Radix DropdownMenu: arrow keys, Escape, focus return):
 * signed in gives Profile and Logout; signed out (and while loading) gives Sign Up and Sign In.
 */
export function UserMenu({ className }: UserMenuProps) {
  const auth = useAuth();
  const store = useAuthStore();
  const navigate = useNavigate();
  const user = auth.status === 'signedIn' ? auth.session.user : null;
  const visibleName = user ? user.firstName || 'Account' : 'Account';

  // Leave first (rendered at once with flushSync): signing out while a protected page is still on
  // screen would let RequireAuth redirect to /signin instead.
  const onLogout = () => {
    void Promise.resolve(navigate(paths.home, { flushSync: true })).then(() => store.signOut());
  };

  return (
    <div className={className ? `user-menu ${className}` : 'user-menu'}>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="user-menu__trigger"
            aria-label={user ? `Account menu for ${visibleName}` : 'Account menu'}
            data-signed-in={user ? true : undefined}
          >
            <span className="user-menu__avatar" aria-hidden="true">
              {user ? (user.firstName.charAt(0) || user.email.charAt(0)).toUpperCase() : <UserIcon width={18} height={18} />}
            </span>
            <span className="user-menu__name">{visibleName}</span>
            <ChevronDownIcon className="user-menu__chevron" width={16} height={16} />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="user-menu__content" align="end" sideOffset={8} collisionPadding={12}>
            {user ? (
              <>
                <DropdownMenu.Label className="user-menu__label">
                  <span className="user-menu__label-name">{`${user.firstName} ${user.lastName}`.trim()}</span>
                  <span className="user-menu__label-email">{user.email}</span>
                </DropdownMenu.Label>
                <DropdownMenu.Separator className="user-menu__separator" />
                <DropdownMenu.Item asChild className="user-menu__item">
                  <Link to={paths.profile}>Profile</Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item className="user-menu__item" onSelect={onLogout}>
                  Logout
                </DropdownMenu.Item>
              </>
            ) : (
              <>
                <DropdownMenu.Item asChild className="user-menu__item">
                  <Link to={paths.signUp}>Sign Up</Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className="user-menu__item">
                  <Link to={paths.signIn}>Sign In</Link>
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
