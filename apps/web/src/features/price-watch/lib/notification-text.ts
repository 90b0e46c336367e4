import { formatUsd, type AppNotification, type NotificationList } from '@closetly/contracts';

const KIND_TITLES: Readonly<Record<AppNotification['kind'], string>> = {
  'price-drop': 'Price dropped',
  'below-target': 'Below your target price',
  'price-rise': 'Price went up',
};

/** What a notification says: its kind, and the change ("$80.00 → $68.00, 15% less"). */
export function notificationText(notification: AppNotification): { title: string; change: string } {
  const { old: before, new: after } = notification;
  let change = after === null ? 'No price shown now' : `Now ${formatUsd(after)}`;
  if (before !== null && after !== null && before > 0) {
    const percent = Math.round((Math.abs(before - after) / before) * 100);
    change = `${formatUsd(before)} → ${formatUsd(after)}${percent > 0 ? `, ${percent}% ${after < before ? 'less' : 'more'}` : ''}`;
  }
  return { title: KIND_TITLES[notification.kind], change };
}

const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Nov 27, 3:05 PM" in the reader's time zone. */
export const notificationTime = (at: string): string => WHEN.format(new Date(at));

/** The menu button's name with the unread count ("3 unread notifications"). */
export const unreadText = (count: number): string => (count === 1 ? '1 unread notification' : `${count} unread notifications`);

/** The list with these ids (or all) read, and the unread count what is left. */
export function markRead(list: NotificationList, ids?: readonly string[]): NotificationList {
  const notifications = list.notifications.map((each) => (ids === undefined || ids.includes(each.id) ? { ...each, read: true } : each));
  const newlyRead = list.notifications.filter((each, index) => !each.read && notifications[index]?.read).length;
  return { notifications, unread: Math.max(0, list.unread - newlyRead) };
}
