import type { AppNotification } from '@closetly/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { paths } from '@/config/paths';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';
import { notificationText, notificationTime } from '../lib/notification-text';

export interface NotificationsDialogProps {
  uid: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The account menu's notifications (issue 25), newest first as the server lists them. Opening the list
 * marks them all read; the ones that were unread keep their mark while it stays open, so the shopper sees
 * what is new. Each opens its product.
 */
export function NotificationsDialog({ uid, open, onClose }: NotificationsDialogProps) {
  const list = useNotifications();
  const markRead = useMarkNotificationsRead(uid);
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const marked = useRef(false);
  const notifications = list.data?.notifications ?? [];

  useEffect(() => {
    if (!open) {
      marked.current = false;
      return;
    }
    if (marked.current || !list.data) return;
    marked.current = true;
    const unread = list.data.notifications.filter((each) => !each.read).map((each) => each.id);
    setNewIds(new Set(unread));
    if (unread.length > 0) markRead.mutate(undefined);
  }, [open, list.data, markRead]);

  return (
    <ModalDialog open={open} onClose={onClose} className="notifications-dialog" described={false}>
      <Dialog.Title className="notifications__title">Notifications</Dialog.Title>
      {list.isPending ? (
        <p className="loading-text" role="status">
          Loading...
        </p>
      ) : list.isError ? (
        <p>We could not load your notifications right now. Please try again.</p>
      ) : notifications.length === 0 ? (
        <p>No notifications yet. Turn on price alerts in your profile to hear when saved items get cheaper.</p>
      ) : (
        <ul className="notifications__list">
          {notifications.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} isNew={newIds.has(notification.id)} onOpen={onClose} />
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}

function NotificationRow({ notification, isNew, onOpen }: { notification: AppNotification; isNew: boolean; onOpen: () => void }) {
  const { title, change } = notificationText(notification);
  return (
    <li>
      <Link className="notification" to={paths.product(notification.productId)} data-unread={isNew || undefined} onClick={onOpen}>
        <span className="notification__kind">
          {isNew ? <span className="visually-hidden">New: </span> : null}
          {title}
        </span>
        <span className="notification__name">{`${notification.brand} · ${notification.name}`}</span>
        <span className="notification__meta">{`${change} · ${notificationTime(notification.at)}`}</span>
      </Link>
    </li>
  );
}
