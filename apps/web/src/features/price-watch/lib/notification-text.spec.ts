import { describe, expect, it } from '@jest/globals';
import type { AppNotification, NotificationList } from '@closetly/contracts';
import { markRead, notificationText, unreadText } from './notification-text';

const notification = (change: Partial<AppNotification> = {}): AppNotification => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'price-drop',
  productId: '7f1c3e0e-2b1a-4c8e-9d1e-0a1b2c3d4e5f',
  name: 'Linen Shirt',
  brand: 'Zara',
  old: 80,
  new: 68,
  currency: 'USD',
  at: '2026-11-27T09:00:00.000Z',
  read: false,
  ...change,
});

describe('notification text', () => {
  it('says what happened and by how much', () => {
    expect(notificationText(notification())).toEqual({ title: 'Price dropped', change: '$80.00 → $68.00, 15% less' });
    expect(notificationText(notification({ kind: 'price-rise', old: 50, new: 60 }))).toEqual({ title: 'Price went up', change: '$50.00 → $60.00, 20% more' });
    expect(notificationText(notification({ kind: 'below-target', old: null, new: 45 }))).toEqual({ title: 'Below your target price', change: 'Now $45.00' });
    expect(notificationText(notification({ new: null })).change).toBe('No price shown now');
  });

  it('counts unread notifications in words', () => {
    expect(unreadText(1)).toBe('1 unread notification');
    expect(unreadText(4)).toBe('4 unread notifications');
  });
});

describe('marking notifications read in the list', () => {
  const second = notification({ id: '22222222-2222-4222-8222-222222222222' });
  const done = notification({ id: '33333333-3333-4333-8333-333333333333', read: true });
  const list: NotificationList = { notifications: [notification(), second, done], unread: 2 };

  it('marks every one without ids, and only the named ones with', () => {
    expect(markRead(list)).toEqual({ notifications: list.notifications.map((each) => ({ ...each, read: true })), unread: 0 });
    const some = markRead(list, [second.id, done.id]);
    expect(some.notifications.map((each) => each.read)).toEqual([false, true, true]);
    expect(some.unread).toBe(1);
  });
});
