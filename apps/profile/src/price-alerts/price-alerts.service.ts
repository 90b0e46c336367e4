import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AppNotification,
  type Caller,
  type CataloguePriceChanged,
  NOTIFICATIONS_SHOWN,
  type NotificationList,
  type PriceTarget,
  UNSUBSCRIBE_INVALID_MESSAGE,
  type WardrobeItemRemoved,
  type WardrobeItemSaved,
} from '@closetly/contracts';
import { type Db, OutboxWriter, UnitOfWork } from '@closetly/server';
import { ProfileError } from '../profile.errors';
import { ProfilesRepository } from '../profiles/profiles.repository';
import { type AlertState, evaluatePriceMove } from './alert-rules';
import { type NotificationRow, NotificationsRepository } from './notifications.repository';
import { SavedProductsRepository } from './saved-products.repository';
import { UnsubscribeTokens } from './unsubscribe-tokens';

export const PRICE_ALERTS_CLOCK = Symbol('PRICE_ALERTS_CLOCK');
export interface PriceAlertsClock {
  now(): Date;
}

export const ITEM_NOT_FOUND_MESSAGE = 'Item not found';

const sameState = (a: AlertState, b: AlertState) =>
  a.dropReference === b.dropReference && a.dropAlerted === b.dropAlerted && a.riseReference === b.riseReference && a.riseAlerted === b.riseAlerted && a.belowTargetAlerted === b.belowTargetAlerted;

export const toAppNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  kind: row.kind,
  productId: row.productId,
  name: row.name,
  brand: row.brand,
  old: row.oldPrice,
  new: row.newPrice,
  currency: row.currency,
  at: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

/**
 * Price alerts (issue 25): which products each shopper saved (from wardrobe's events), their targets, the
 * alerts a shown-price change makes (alert-rules.ts decides; each crossing is one in-app notification and
 * one pending digest line), the notifications list, and the one-click unsubscribe. A shopper only ever
 * reads or changes their own (`caller.uid`).
 */
@Injectable()
export class PriceAlertsService {
  constructor(
    private readonly saved: SavedProductsRepository,
    private readonly notifications: NotificationsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
    private readonly tokens: UnsubscribeTokens,
    @Inject(PRICE_ALERTS_CLOCK) private readonly clock: PriceAlertsClock,
  ) {}

  itemSaved(event: WardrobeItemSaved, tx: Db): Promise<void> {
    return this.itemsSaved([event], tx);
  }

  /** itemSaved for a batch of saves, in one statement. */
  async itemsSaved(events: readonly WardrobeItemSaved[], tx: Db): Promise<void> {
    await this.saved.recordSaves(
      events.map((event) => ({ userId: event.userId, productId: event.productId, savedAt: new Date(event.savedAt) })),
      tx,
    );
  }

  async itemRemoved(event: WardrobeItemRemoved, tx: Db): Promise<void> {
    await this.saved.recordRemoval(event.userId, event.productId, new Date(event.removedAt), tx);
  }

  /** The caller's target for a product they saved; 404 for any other product. */
  async getTarget(caller: Caller, productId: string): Promise<PriceTarget> {
    const item = await this.saved.findActive(caller.uid, productId);
    if (!item) throw new ProfileError('NOT_FOUND', ITEM_NOT_FOUND_MESSAGE);
    return { targetPrice: item.targetPrice };
  }

  async setTarget(caller: Caller, productId: string, target: PriceTarget): Promise<PriceTarget> {
    return this.uow.run(async (tx) => {
      const item = await this.saved.findActive(caller.uid, productId, tx);
      if (!item) throw new ProfileError('NOT_FOUND', ITEM_NOT_FOUND_MESSAGE);
      await this.saved.setTarget(caller.uid, productId, target.targetPrice, tx);
      return { targetPrice: target.targetPrice };
    });
  }

  /**
   * catalogue.price-changed.v1, in the inbox's transaction: each saver whose alerts are on gets the rules'
   * verdict; their state is kept, and each crossing becomes a notification (and a pending digest line).
   * Savers with alerts off are left as they are (turning alerts on arms them afresh).
   */
  async priceChanged(event: CataloguePriceChanged, tx: Db): Promise<number> {
    const savers = await this.saved.activeSaversForUpdate(event.product.id, tx);
    if (savers.length === 0) return 0;
    const enabled = new Map((await this.profiles.withAlertsEnabled(savers.map((saver) => saver.userId), tx)).map((profile) => [profile.accountId, profile.priceAlerts]));
    const created: NotificationRow[] = [];
    const changed: Array<{ userId: string; state: AlertState }> = [];
    const at = new Date(event.observedAt);
    for (const saver of savers) {
      const settings = enabled.get(saver.userId);
      if (!settings?.enabled) continue;
      const { alert, state } = evaluatePriceMove(saver, settings, { old: event.old, new: event.new });
      if (!sameState(saver, state)) changed.push({ userId: saver.userId, state });
      if (!alert) continue;
      created.push({
        id: randomUUID(),
        userId: saver.userId,
        kind: alert,
        productId: event.product.id,
        name: event.product.name,
        brand: event.product.brand,
        oldPrice: event.old,
        newPrice: event.new,
        currency: event.currency,
        createdAt: at,
        readAt: null,
        digestedAt: null,
      });
    }
    await this.saved.updateStates(event.product.id, changed, tx);
    await this.notifications.insertMany(created, tx);
    // The users' open clients hear of each new alert at once (the gateway's live streams).
    await this.outbox.addMany(
      tx,
      'profile.notification-created.v1',
      created.map((row) => ({ key: row.userId, payload: { userId: row.userId, notificationId: row.id, productId: row.productId, kind: row.kind, createdAt: row.createdAt.toISOString() } })),
    );
    return created.length;
  }

  /** The caller's newest notifications and how many are unread. */
  async list(caller: Caller): Promise<NotificationList> {
    const rows = await this.notifications.latest(caller.uid, NOTIFICATIONS_SHOWN);
    return { notifications: rows.map(toAppNotification), unread: await this.notifications.countUnread(caller.uid) };
  }

  /** Marks the caller's own notifications read (these ids, or all); ids of others' are ignored. */
  async markRead(caller: Caller, ids: readonly string[] | undefined): Promise<NotificationList> {
    await this.notifications.markRead(caller.uid, ids, this.clock.now());
    return this.list(caller);
  }

  /** The mail's one-click link: turns the token's account's price alerts off. No sign-in; the token is the proof. */
  async unsubscribe(token: string): Promise<{ unsubscribed: true }> {
    const accountId = this.tokens.verify(token, this.clock.now());
    if (!accountId) throw new ProfileError('VALIDATION_FAILED', UNSUBSCRIBE_INVALID_MESSAGE);
    await this.uow.run(async (tx) => {
      const profile = await this.profiles.findForUpdate(accountId, tx);
      // An erased account has nothing left to turn off.
      if (profile?.priceAlerts.enabled) await this.profiles.update(accountId, { priceAlerts: { ...profile.priceAlerts, enabled: false } }, tx);
    });
    return { unsubscribed: true };
  }
}
