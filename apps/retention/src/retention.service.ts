import { Inject, Injectable, Logger } from '@nestjs/common';
import { AT_RISK_LIMIT, type AtRiskItem, type Caller, type DataHeld, RETENTION_DAYS } from '@closetly/contracts';
import { type Db, METRICS, OutboxWriter, type ProcessMetrics, RETENTION_SWEEP_DURATION, RETENTION_SWEEP_EXPIRED, UnitOfWork } from '@closetly/server';
import { RetentionClock } from './clock';
import { RETENTION_CONFIG, type RetentionConfig } from './config';
import { RetentionError } from './retention.errors';
import { RetentionRepository } from './retention.repository';

const DAY_MS = 86_400_000;

export const RETENTION_MS = RETENTION_DAYS * DAY_MS;

/** A save (active) or an unsave of one product by one user, at the time it happened. */
export interface SaveStateChange {
  productId: string;
  userId: string;
  active: boolean;
  occurredAt: Date;
}

/** Events per product, each product's in their order, products in the order first met. */
function groupByProduct<E extends { productId: string }>(events: readonly E[]): Map<string, E[]> {
  const byProduct = new Map<string, E[]>();
  for (const event of events) {
    const ofProduct = byProduct.get(event.productId);
    if (ofProduct) ofProduct.push(event);
    else byProduct.set(event.productId, [event]);
  }
  return byProduct;
}

/** Each product's first event's time: a new product's clock starts there, as if its events came one by one. */
const firstSeen = (byProduct: ReadonlyMap<string, ReadonlyArray<{ occurredAt: Date }>>): Map<string, Date> =>
  new Map([...byProduct].map(([productId, events]) => [productId, (events[0] as { occurredAt: Date }).occurredAt]));

const newestOf = (events: ReadonlyArray<{ occurredAt: Date }>): Date => new Date(Math.max(...events.map((event) => event.occurredAt.getTime())));

/** Per product and user, the state that wins: the newest, and at the same instant a save. */
function newestPerSaver(changes: readonly SaveStateChange[]): Array<{ productId: string; userId: string; active: boolean; changedAt: Date }> {
  const winners = new Map<string, SaveStateChange>();
  for (const change of changes) {
    const key = `${change.productId}/${change.userId}`;
    const held = winners.get(key);
    const newer = !held || held.occurredAt < change.occurredAt || (held.occurredAt.getTime() === change.occurredAt.getTime() && change.active);
    if (newer) winners.set(key, change);
  }
  return [...winners.values()].map(({ productId, userId, active, occurredAt }) => ({ productId, userId, active, changedAt: occurredAt }));
}

const isAdmin = (caller: Caller): boolean => caller.roles.includes('admin');
const forbidden = () => new RetentionError('FORBIDDEN', 'Unauthorized access.');

/** Whole days left before the sweep removes a product its last saver let go at `lastUnsavedAt`; 0 or less: pending. */
// `|| 0`: Math.ceil of a small negative is -0.
export const daysUntilDeletion = (lastUnsavedAt: Date, now: Date): number => Math.ceil((lastUnsavedAt.getTime() + RETENTION_MS - now.getTime()) / DAY_MS) || 0;

/**
 * The 30-day rule. A read model from save, unsave and product events, each
 * applied by the time it happened (`occurredAt`), and a sweep that announces
 * each product nobody has saved for RETENTION_DAYS, once, through the outbox.
 * The catalogue then deletes it unless a save arrived since.
 */
@Injectable()
export class RetentionService {
  private readonly log = new Logger(RetentionService.name);
  private readonly sweepDuration;
  private readonly swept;

  constructor(
    private readonly repository: RetentionRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
    private readonly clock: RetentionClock,
    @Inject(RETENTION_CONFIG) private readonly config: Pick<RetentionConfig, 'RETENTION_SWEEP_BATCH' | 'RETENTION_TEST_CLOCK'>,
    @Inject(METRICS) metrics: ProcessMetrics,
  ) {
    this.sweepDuration = metrics.histogram(RETENTION_SWEEP_DURATION);
    this.swept = metrics.counter(RETENTION_SWEEP_EXPIRED);
    // Both outcomes present at 0 from the start: increase() misses the first count of a series that appears with it.
    for (const outcome of ['ok', 'failed'] as const) this.sweepDuration.zero({ outcome });
  }

  /** wardrobe.item-saved.v1, in the inbox's transaction; nothing for an erased account (a save still on its way when it was deleted). */
  itemSaved(productId: string, userId: string, occurredAt: Date, tx: Db): Promise<void> {
    return this.saveStatesChanged([{ productId, userId, active: true, occurredAt }], tx);
  }

  /** wardrobe.item-removed.v1, in the inbox's transaction; nothing for an erased account. */
  itemRemoved(productId: string, userId: string, occurredAt: Date, tx: Db): Promise<void> {
    return this.saveStatesChanged([{ productId, userId, active: false, occurredAt }], tx);
  }

  /**
   * A batch of saves and unsaves, in the inbox's transaction, in a few statements whatever its size: the
   * accounts' locks (nothing for an erased one), the products' rows locked, each saver's newest state
   * recorded, then each product's clock from who saves it now: nobody saving means the clock runs from
   * when the last save ended; a save stops it and brings an expired product back (it lives again, so a
   * later expiry is a new one). The same end state as applying the events one by one: the newest state
   * per saver wins (a save at the same instant), and each product's last activity is its newest event.
   */
  async saveStatesChanged(changes: readonly SaveStateChange[], tx: Db): Promise<void> {
    const erased = await this.repository.erasedAmong(changes.map((change) => change.userId), tx);
    const byProduct = groupByProduct(changes.filter((change) => !erased.has(change.userId)));
    if (byProduct.size === 0) return;
    const rows = await this.repository.lockProducts(firstSeen(byProduct), tx);
    await this.repository.recordSaveStates(newestPerSaver([...byProduct.values()].flat()), tx);
    const summaries = await this.repository.saveSummaries([...byProduct.keys()], tx);
    const clocks = rows.map((row) => {
      const events = byProduct.get(row.productId) ?? [];
      const newest = newestOf(events);
      const lastActivityAt = newest > row.lastActivityAt ? newest : row.lastActivityAt;
      if ((summaries.get(row.productId)?.activeUsers.length ?? 0) > 0) return { ...row, lastActivityAt, lastUnsavedAt: null, expiredAt: null };
      const lastUnsavedAt = summaries.get(row.productId)?.lastEndedAt ?? row.lastUnsavedAt ?? (events[0] as SaveStateChange).occurredAt;
      return { ...row, lastActivityAt, lastUnsavedAt };
    });
    await this.repository.updateClocks(clocks, tx);
  }

  /**
   * identity.account-deleted.v1, in the inbox's transaction: the user's save
   * rows go (the wardrobe announces no unsaves for the saves it deletes).
   * Where nobody saves a product now, its 30-day clock starts at the deletion
   * and it shows at risk; a clock already running (the user had unsaved it)
   * keeps its start, and products others save are untouched. Marked erased
   * first, so a save or unsave of theirs still on its way changes nothing.
   */
  async accountDeleted(userId: string, occurredAt: Date, tx: Db): Promise<void> {
    await this.repository.markErased(userId, occurredAt, tx);
    const products = await this.repository.lockProductsSavedBy(userId, tx);
    await this.repository.deleteSavesOf(userId, tx);
    const stillSaved = new Set(await this.repository.withActiveSave(products.map((product) => product.productId), tx));
    const unsavedNow = products.filter((product) => product.lastUnsavedAt === null && !stillSaved.has(product.productId));
    await this.repository.setLastUnsaved(unsavedNow.map((product) => product.productId), occurredAt, tx);
  }

  /**
   * catalogue.product-upserted.v1: a product first seen here with no save
   * is tracked as unsaved since the event, so one whose saves we never see
   * (an orphan) still expires; a known product only notes the activity.
   */
  productSeen(productId: string, occurredAt: Date, tx: Db): Promise<void> {
    return this.productsSeen([{ productId, occurredAt }], tx);
  }

  /** productSeen() for a batch of events: the rows created and locked at once, each then noting its newest event. */
  async productsSeen(seen: ReadonlyArray<{ productId: string; occurredAt: Date }>, tx: Db): Promise<void> {
    const byProduct = groupByProduct(seen);
    const rows = await this.repository.lockProducts(firstSeen(byProduct), tx);
    const moved = rows.flatMap((row) => {
      const newest = newestOf(byProduct.get(row.productId) ?? []);
      return newest > row.lastActivityAt ? [{ ...row, lastActivityAt: newest }] : [];
    });
    await this.repository.updateClocks(moved, tx);
  }

  /**
   * Runs the sweep as of the clock's now: batch after batch, each one
   * transaction that locks its products (skipping those a save or another
   * sweep holds), writes each expiry to the outbox and marks it expired. A
   * crash loses at most an uncommitted batch, which the next sweep takes.
   */
  async sweep(now: Date = this.clock.now()): Promise<number> {
    const timer = this.sweepDuration.startTimer();
    try {
      const expired = await this.sweepAsOf(now);
      timer({ outcome: 'ok' });
      return expired;
    } catch (error) {
      timer({ outcome: 'failed' });
      throw error;
    }
  }

  private async sweepAsOf(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - RETENTION_MS);
    const batch = this.config.RETENTION_SWEEP_BATCH;
    let expired = 0;
    for (;;) {
      const count = await this.uow.run(async (tx) => {
        const due = await this.repository.claimExpired(cutoff, batch, tx);
        await this.outbox.addMany(
          tx,
          'retention.product-expired.v1',
          due.map(({ productId, lastUnsavedAt }) => ({ key: productId, payload: { productId, lastUnsavedAt: lastUnsavedAt.toISOString() } })),
        );
        await this.repository.markExpired(due.map((item) => item.productId), now, tx);
        return due.length;
      });
      expired += count;
      this.swept.inc(count);
      if (count < batch) break;
    }
    if (expired > 0) this.log.log({ expired, cutoff: cutoff.toISOString() }, 'products expired');
    return expired;
  }

  async sweepNow(caller: Caller): Promise<{ expired: number }> {
    if (!isAdmin(caller)) throw forbidden();
    return { expired: await this.sweep() };
  }

  /** GET /api/at-risk-items: products nobody saves now and not yet expired, the most urgent first. */
  async atRiskItems(caller: Caller): Promise<AtRiskItem[]> {
    if (!isAdmin(caller)) throw forbidden();
    const now = this.clock.now();
    const rows = await this.repository.atRisk(AT_RISK_LIMIT);
    return rows.map(({ productId, lastUnsavedAt }) => ({
      itemId: productId,
      lastUnsavedAt: lastUnsavedAt.toISOString(),
      daysUntilDeletion: daysUntilDeletion(lastUnsavedAt, now),
      // Listed products have no active save by definition; the field keeps the spec's shape.
      savedByUsers: [],
    }));
  }

  /** An administrator's check that an erasure went through: the user's rows (counts only). */
  async dataHeld(caller: Caller, userId: string): Promise<DataHeld> {
    if (!isAdmin(caller)) throw forbidden();
    return { product_saves: await this.repository.countSaves(userId) };
  }

  /** Tests only: moves the clock. Unknown unless RETENTION_TEST_CLOCK is on (never in production). */
  setClockOffset(caller: Caller, offsetMs: number): void {
    if (!this.config.RETENTION_TEST_CLOCK) throw new RetentionError('NOT_FOUND', 'Not found');
    if (!isAdmin(caller)) throw forbidden();
    this.clock.setOffset(offsetMs);
  }
}
