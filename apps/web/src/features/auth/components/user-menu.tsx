import { useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent } from 'react';
import { useNotifications } from '@/features/price-watch/api/notifications';
import { useAuth } from '../hooks/use-auth';
import type { AccountMenuProps } from './account-menu';
import { UserMenuButton } from './user-menu-button';

let loadingMenu: Promise<ComponentType<AccountMenuProps>> | null = null;

/** The menu's own chunk (Radix DropdownMenu and its positioning), fetched once. */
function loadAccountMenu(): Promise<ComponentType<AccountMenuProps>> {
  loadingMenu ??= import('./account-menu').then(
    (module) => module.AccountMenu,
    (error: unknown) => {
      loadingMenu = null; // the next reach for the menu tries again
      throw error;
    },
  );
  return loadingMenu;
}

/** The keys that open a Radix menu button. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export interface UserMenuProps {
  className?: string;
}

/**
 * The header's user menu (account-menu.tsx). Its code is fetched when the visitor reaches for it
 * (the pointer over the button, a press, the focus), not with the page: until it is there the same
 * button stands in, and a press or the focus it got carries over to the menu.
 */
export function UserMenu({ className }: UserMenuProps) {
  const auth = useAuth();
  const notifications = useNotifications();
  const [Menu, setMenu] = useState<ComponentType<AccountMenuProps> | null>(null);
  const [pressed, setPressed] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const fetchMenu = () => {
    loadAccountMenu().then(
      (loaded) => {
        setHadFocus(document.activeElement === buttonRef.current);
        setMenu(() => loaded);
      },
      (error: unknown) => console.warn('The user menu could not be loaded', error),
    );
  };
  // As Radix's trigger does: a primary press without Ctrl, or Enter, Space or Down, opens the menu.
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button === 0 && !event.ctrlKey) setPressed(true);
    fetchMenu();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    setPressed(true);
    fetchMenu();
  };

  return (
    <div className={className ? `user-menu ${className}` : 'user-menu'}>
      {Menu ? (
        <Menu defaultOpen={pressed} focusTrigger={hadFocus} unread={notifications.data?.unread ?? 0} />
      ) : (
        <UserMenuButton
          ref={buttonRef}
          user={auth.status === 'signedIn' ? auth.session.user : null}
          unread={notifications.data?.unread ?? 0}
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={fetchMenu}
          onFocus={fetchMenu}
          onPointerDown={onPointerDown}
          onKeyDown={onKeyDown}
          onClick={() => {
            // Activated without a pointer or key event of its own (assistive technology).
            setPressed(true);
            fetchMenu();
          }}
        />
      )}
    </div>
  );
}
