import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { NotificationsDialog } from '@/features/price-watch/components/notifications-dialog';
import { useAuth, useAuthStore } from '../hooks/use-auth';
import { UserMenuButton } from './user-menu-button';

export interface AccountMenuProps {
  /** Opens at once: the button was pressed before this code had arrived. */
  defaultOpen: boolean;
  /** Takes the focus at once: the button it replaces had it. */
  focusTrigger: boolean;
  /** Unread notifications, for the button's dot and the Notifications item. */
  unread: number;
}

/**
 * Spec §2 user menu, an accessible menu button (Radix DropdownMenu: arrow keys, Escape, focus return):
 * signed in gives Profile, Notifications (issue 25: a list in a dialog) and Logout; signed out (and while loading) gives Sign Up and Sign In.
 * Its own chunk (see user-menu.tsx): Radix's menu and positioning code wait until the shell is drawn.
 */
export function AccountMenu({ defaultOpen, focusTrigger, unread }: AccountMenuProps) {
  const auth = useAuth();
  const store = useAuthStore();
  const navigate = useNavigate();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const user = auth.status === 'signedIn' ? auth.session.user : null;
  const [notificationsOpen, setNotificationsOpen] = useState(false);

  // Decided once, when this menu replaces the placeholder button (an open menu takes the focus itself).
  const [focusOnMount] = useState(focusTrigger && !defaultOpen);
  useEffect(() => {
    if (focusOnMount) triggerRef.current?.focus();
  }, [focusOnMount]);

  // Leave first: with flushSync the router draws the home page before navigate returns (see
  // app/navigation/browser-router.tsx). Signing out while a protected page is still on screen would
  // let RequireAuth redirect to /signin instead.
  const onLogout = () => {
    void navigate(paths.home, { flushSync: true });
    void store.signOut();
  };

  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger asChild>
          <UserMenuButton ref={triggerRef} user={user} unread={unread} />
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
                <DropdownMenu.Item className="user-menu__item" onSelect={() => setNotificationsOpen(true)}>
                  Notifications
                  {unread > 0 ? (
                    <span className="user-menu__count">
                      {unread}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </DropdownMenu.Item>
                {user.roles.includes('admin') ? (
                  <DropdownMenu.Item asChild className="user-menu__item">
                    <Link to={paths.admin}>Admin</Link>
                  </DropdownMenu.Item>
                ) : null}
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
      {user ? <NotificationsDialog uid={user.uid} open={notificationsOpen} onClose={() => setNotificationsOpen(false)} /> : null}
    </>
  );
}
