import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, ErasedAccounts, updateRows, uuidList } from '@closetly/server';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { erasedAccounts, productSaves, trackedProducts } from './db/schema';

export type TrackedProductRow = typeof trackedProducts.$inferSelect;

/** Who saves a product now, and when the last of the ended saves ended. */
export interface SaveSummary {
  activeUsers: string[];
  lastEndedAt: Date | null;
}

/** The retention read model. Queries only. */
@Injectable()
export class RetentionRepository {
  private readonly erased = new ErasedAccounts(erasedAccounts);

  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * The products' rows, each created when new (its clock starting at its `seenAt`) and locked until the
   * transaction ends, in id order (as every locker of several takes them): a save and the sweep take turns.
   */
  async lockProducts(seenAt: ReadonlyMap<string, Date>, tx: Db): Promise<TrackedProductRow[]> {
    if (seenAt.size === 0) return [];
    const rows = [...seenAt].map(([productId, at]) => ({ productId, lastActivityAt: at, lastUnsavedAt: at }));
    await tx.insert(trackedProducts).values(rows).onConflictDoNothing();
    return tx
      .select()
      .from(trackedProducts)
      .where(inArray(trackedProducts.productId, uuidList([...seenAt.keys()])))
      .orderBy(asc(trackedProducts.productId))
      .for('update');
  }

  /**
   * Records saves and unsaves (one per product and user), each unless a newer one for that user and product
   * is already recorded; at the same instant a save wins.
   */
  async recordSaveStates(states: ReadonlyArray<{ productId: string; userId: string; active: boolean; changedAt: Date }>, tx: Db): Promise<void> {
    if (states.length === 0) return;
    await tx
      .insert(productSaves)
      .values(states.map(({ productId, userId, active, changedAt }) => ({ productId, userId, active, changedAt })))
      .onConflictDoUpdate({
        target: [productSaves.productId, productSaves.userId],
        set: { active: sql`excluded.active`, changedAt: sql`excluded.changed_at` },
        setWhere: sql`${productSaves.changedAt} < excluded.changed_at or (${productSaves.changedAt} = excluded.changed_at and excluded.active)`,
      });
  }

  erasedAmong(userIds: readonly string[], tx: Db): Promise<Set<string>> {
    return this.erased.erasedAmong(userIds, tx);
  }

  markErased(userId: string, erasedAt: Date, tx: Db): Promise<void> {
    return this.erased.markErased(userId, erasedAt, tx);
  }

  /** The products the user has a save row for, locked until the transaction ends in id order (so two erasures never deadlock). */
  async lockProductsSavedBy(userId: string, tx: Db): Promise<Array<Pick<TrackedProductRow, 'productId' | 'lastUnsavedAt'>>> {
    const theirs = tx.select({ productId: productSaves.productId }).from(productSaves).where(eq(productSaves.userId, userId));
    return tx
      .select({ productId: trackedProducts.productId, lastUnsavedAt: trackedProducts.lastUnsavedAt })
      .from(trackedProducts)
      .where(inArray(trackedProducts.productId, theirs))
      .orderBy(asc(trackedProducts.productId))
      .for('update');
  }

  async deleteSavesOf(userId: string, tx: Db): Promise<void> {
    await tx.delete(productSaves).where(eq(productSaves.userId, userId));
  }

  /** Those of `productIds` someone saves now. */
  async withActiveSave(productIds: readonly string[], tx: Db): Promise<string[]> {
    if (productIds.length === 0) return [];
    const rows = await tx
      .selectDistinct({ productId: productSaves.productId })
      .from(productSaves)
      .where(and(eq(productSaves.active, true), inArray(productSaves.productId, uuidList(productIds))));
    return rows.map((row) => row.productId);
  }

  async setLastUnsaved(productIds: readonly string[], lastUnsavedAt: Date, tx: Db): Promise<void> {
    if (productIds.length === 0) return;
    await tx.update(trackedProducts).set({ lastUnsavedAt }).where(inArray(trackedProducts.productId, uuidList(productIds)));
  }

  async countSaves(userId: string): Promise<number> {
    return this.db.$count(productSaves, eq(productSaves.userId, userId));
  }

  /** Each product's save summary (one with no save row has none active and none ended). */
  async saveSummaries(productIds: readonly string[], tx: Db = this.db): Promise<Map<string, SaveSummary>> {
    const summaries = new Map<string, SaveSummary>(productIds.map((productId) => [productId, { activeUsers: [], lastEndedAt: null }]));
    if (productIds.length === 0) return summaries;
    const rows = await tx.select().from(productSaves).where(inArray(productSaves.productId, uuidList(productIds)));
    for (const row of rows) {
      const summary = summaries.get(row.productId);
      if (!summary) continue;
      if (row.active) summary.activeUsers.push(row.userId);
      else if (!summary.lastEndedAt || row.changedAt > summary.lastEndedAt) summary.lastEndedAt = row.changedAt;
    }
    return summaries;
  }

  /** Writes each row's clock (the products' rows are locked), every row in one statement. */
  async updateClocks(rows: readonly TrackedProductRow[], tx: Db): Promise<void> {
    await updateRows(
      tx,
      trackedProducts,
      'productId',
      rows.map(({ productId, lastActivityAt, lastUnsavedAt, expiredAt }) => ({ productId, lastActivityAt, lastUnsavedAt, expiredAt })),
    );
  }

  /**
   * Up to `limit` unexpired products whose last save ended at or before
   * `cutoff`, locked for this transaction. SKIP LOCKED: rows another sweep
   * or a save holds are left to them, so two sweeps never take one product.
   */
  async claimExpired(cutoff: Date, limit: number, tx: Db): Promise<Array<{ productId: string; lastUnsavedAt: Date }>> {
    const rows = await tx
      .select({ productId: trackedProducts.productId, lastUnsavedAt: trackedProducts.lastUnsavedAt })
      .from(trackedProducts)
      .where(and(isNull(trackedProducts.expiredAt), isNotNull(trackedProducts.lastUnsavedAt), lte(trackedProducts.lastUnsavedAt, cutoff)))
      .orderBy(asc(trackedProducts.lastUnsavedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return rows.flatMap((row) => (row.lastUnsavedAt ? [{ productId: row.productId, lastUnsavedAt: row.lastUnsavedAt }] : []));
  }

  async markExpired(productIds: string[], at: Date, tx: Db): Promise<void> {
    if (productIds.length === 0) return;
    await tx.update(trackedProducts).set({ expiredAt: at }).where(inArray(trackedProducts.productId, productIds));
  }

  /** Unexpired products nobody saves now, the longest unsaved first. */
  async atRisk(limit: number): Promise<Array<{ productId: string; lastUnsavedAt: Date }>> {
    const rows = await this.db
      .select({ productId: trackedProducts.productId, lastUnsavedAt: trackedProducts.lastUnsavedAt })
      .from(trackedProducts)
      .where(and(isNull(trackedProducts.expiredAt), isNotNull(trackedProducts.lastUnsavedAt)))
      .orderBy(asc(trackedProducts.lastUnsavedAt), asc(trackedProducts.productId))
      .limit(limit);
    return rows.flatMap((row) => (row.lastUnsavedAt ? [{ productId: row.productId, lastUnsavedAt: row.lastUnsavedAt }] : []));
  }

  async find(productId: string, tx: Db = this.db): Promise<TrackedProductRow | undefined> {
    const [row] = await tx.select().from(trackedProducts).where(eq(trackedProducts.productId, productId));
    return row;
  }

  /** Bulk load for the benchmark and tests. */
  async insertTracked(rows: Array<typeof trackedProducts.$inferInsert>, tx: Db = this.db): Promise<void> {
    if (rows.length > 0) await tx.insert(trackedProducts).values(rows).onConflictDoNothing();
  }
}
