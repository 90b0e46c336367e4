import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, ErasedAccounts, inKeyOrder, newestPerKey, updateRows } from '@closetly/server';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { erasedAccounts, hostLeases, pageSavers, productPages } from './db/schema';

export type ProductPageRow = typeof productPages.$inferSelect;
export type NewProductPage = typeof productPages.$inferInsert;
export type ProductPageChanges = Partial<Omit<ProductPageRow, 'productId' | 'createdAt'>>;
export type SaverRow = typeof pageSavers.$inferSelect;

/** One saver of one product, as a map key. */
export const saverKey = (productId: string, userId: string): string => `${productId}/${userId}`;

/** A save is active while it has no removal, or began again after it (as the catalogue's active_saves). */
const activeSave = sql`(${pageSavers.removedAt} is null or ${pageSavers.savedAt} > ${pageSavers.removedAt})`;

/** The product pages page watch keeps, their savers and the hosts' leases. Queries only. */
/** How many more times a worker that got fewer hosts than it asked for asks again (see leaseHosts). */
const LEASE_ROUNDS = 3;

@Injectable()
export class PagesRepository {
  private readonly erased = new ErasedAccounts(erasedAccounts);

  constructor(@Inject(DATABASE) private readonly db: Db) {}

  isErased(userId: string, tx: Db): Promise<boolean> {
    return this.erased.isErased(userId, tx);
  }

  erasedAmong(userIds: readonly string[], tx: Db): Promise<Set<string>> {
    return this.erased.erasedAmong(userIds, tx);
  }

  markErased(userId: string, erasedAt: Date, tx: Db): Promise<void> {
    return this.erased.markErased(userId, erasedAt, tx);
  }

  /** A removal ends the saves that began before it; without a row yet (the save still on its way) it leaves one the save cannot revive. */
  async recordRemoval(productId: string, userId: string, removedAt: Date, tx: Db): Promise<void> {
    await tx
      .insert(pageSavers)
      .values({ productId, userId, savedAt: removedAt, removedAt })
      .onConflictDoUpdate({ target: [pageSavers.productId, pageSavers.userId], set: { removedAt: sql`greatest(${pageSavers.removedAt}, excluded.removed_at)` } });
  }

  /** Saves that began (or began again) at their `savedAt`; per saver of a product the latest beginning is kept. */
  async recordSaves(saves: ReadonlyArray<{ productId: string; userId: string; savedAt: Date }>, tx: Db): Promise<void> {
    const values = newestPerKey(saves, (save) => saverKey(save.productId, save.userId), (save) => save.savedAt).map(({ productId, userId, savedAt }) => ({ productId, userId, savedAt }));
    if (values.length === 0) return;
    await tx
      .insert(pageSavers)
      .values(values)
      .onConflictDoUpdate({ target: [pageSavers.productId, pageSavers.userId], set: { savedAt: sql`greatest(${pageSavers.savedAt}, excluded.saved_at)` } });
  }

  async countSavers(productId: string, tx: Db): Promise<number> {
    return tx.$count(pageSavers, and(eq(pageSavers.productId, productId), activeSave));
  }

  /** countSavers for several products at once: product id → active saves (0 for a product without any). */
  async countSaversOf(productIds: readonly string[], tx: Db): Promise<Map<string, number>> {
    const counts = new Map(productIds.map((productId) => [productId, 0]));
    if (productIds.length === 0) return counts;
    const rows = await tx
      .select({ productId: pageSavers.productId, count: sql<number>`count(*)::int` })
      .from(pageSavers)
      .where(and(inArray(pageSavers.productId, [...productIds]), activeSave))
      .groupBy(pageSavers.productId);
    for (const row of rows) counts.set(row.productId, Number(row.count));
    return counts;
  }

  /** The saver rows of these products and savers, keyed by saverKey (a pair without a row is absent). */
  async saverRows(pairs: ReadonlyArray<{ productId: string; userId: string }>, tx: Db): Promise<Map<string, SaverRow>> {
    if (pairs.length === 0) return new Map();
    const wanted = new Set(pairs.map((pair) => saverKey(pair.productId, pair.userId)));
    const rows = await tx
      .select()
      .from(pageSavers)
      .where(and(inArray(pageSavers.productId, [...new Set(pairs.map((pair) => pair.productId))]), inArray(pageSavers.userId, [...new Set(pairs.map((pair) => pair.userId))])));
    return new Map(rows.filter((row) => wanted.has(saverKey(row.productId, row.userId))).map((row) => [saverKey(row.productId, row.userId), row]));
  }

  /** An erased account's saver rows; answers the products they were of, in id order. */
  async deleteSaversOf(userId: string, tx: Db): Promise<string[]> {
    const deleted = await tx.delete(pageSavers).where(eq(pageSavers.userId, userId)).returning({ productId: pageSavers.productId });
    return [...new Set(deleted.map((row) => row.productId))].sort();
  }

  /**
   * Leases, for `holder`, up to `limit` hosts with due pages that no other
   * holder leases now (the longest waiting first), until `leaseUntil`. One
   * statement: two workers leasing at once take turns on each host's row, and
   * the second sees the first's lease and leaves the host alone. A worker
   * that lost every host it picked to a worker leasing at the same moment
   * (both picked from one snapshot) asks again, now seeing those leases, so
   * hosts left free are taken rather than idle until the next run; its own
   * leases are only renewed by asking again. Answers the hosts now held.
   */
  async leaseHosts(holder: string, now: Date, leaseUntil: Date, limit: number, tx: Db = this.db): Promise<string[]> {
    let held = await this.leaseHostsOnce(holder, now, leaseUntil, limit, tx);
    for (let round = 0; round < LEASE_ROUNDS && held.length < limit; round += 1) {
      const again = await this.leaseHostsOnce(holder, now, leaseUntil, limit, tx);
      if (again.length === held.length) break;
      held = again;
    }
    return held;
  }

  private async leaseHostsOnce(holder: string, now: Date, leaseUntil: Date, limit: number, tx: Db): Promise<string[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = await tx.execute(sql`
      insert into ${hostLeases} (host, holder, lease_until)
      select due.host, ${holder}, ${leaseUntil.toISOString()}::timestamptz
      from (
        select ${productPages.host} as host, min(${productPages.dueAt}) as first_due
        from ${productPages}
        where ${productPages.dueAt} <= ${at}
          and not exists (select 1 from ${hostLeases} where ${hostLeases.host} = ${productPages.host} and ${hostLeases.leaseUntil} > ${at} and ${hostLeases.holder} <> ${holder})
        group by ${productPages.host}
        order by first_due
        limit ${limit}
      ) due
      on conflict (host) do update set holder = excluded.holder, lease_until = excluded.lease_until
        where ${hostLeases.leaseUntil} <= ${at} or ${hostLeases.holder} = excluded.holder
      returning host`);
    return (result as unknown as { rows: Array<{ host: string }> }).rows.map((row) => row.host);
  }

  /** The run is over: its hosts are free for any worker. */
  async releaseHosts(holder: string, hosts: readonly string[], tx: Db = this.db): Promise<void> {
    if (hosts.length === 0) return;
    await tx.delete(hostLeases).where(and(eq(hostLeases.holder, holder), inArray(hostLeases.host, [...hosts])));
  }

  /**
   * The products' page rows, each missing one made from its `values`, locked until the transaction ends
   * (two captures of one product, or a capture and a read being recorded, take turns on a row), in product
   * id order, as every batch takes them. Answers the rows and which were new.
   */
  async lockOrCreateAll(values: readonly NewProductPage[], tx: Db): Promise<{ rows: Map<string, ProductPageRow>; created: Set<string> }> {
    if (values.length === 0) return { rows: new Map(), created: new Set() };
    const ordered = inKeyOrder(values, (row) => row.productId);
    const inserted = await tx.insert(productPages).values(ordered).onConflictDoNothing().returning({ productId: productPages.productId });
    const ids = ordered.map((row) => row.productId);
    const locked = await tx.select().from(productPages).where(inArray(productPages.productId, ids)).orderBy(asc(productPages.productId)).for('update');
    if (locked.length !== new Set(ids).size) throw new Error('a product page vanished inside its transaction');
    return { rows: new Map(locked.map((row) => [row.productId, row])), created: new Set(inserted.map((row) => row.productId)) };
  }

  /** What captures change on page rows (savers, due time, the latest capture), several rows in one statement. */
  async updateCaptures(rows: ReadonlyArray<Pick<ProductPageRow, 'productId' | 'savers' | 'dueAt' | 'captureName' | 'captureBrand' | 'capturedAt'>>, tx: Db): Promise<void> {
    await updateRows(
      tx,
      productPages,
      'productId',
      rows.map(({ productId, savers, dueAt, captureName, captureBrand, capturedAt }) => ({ productId, savers, dueAt, captureName, captureBrand, capturedAt })),
    );
  }

  async lock(productId: string, tx: Db): Promise<ProductPageRow | undefined> {
    const [row] = await tx.select().from(productPages).where(eq(productPages.productId, productId)).for('update');
    return row;
  }

  async update(productId: string, changes: ProductPageChanges, tx: Db): Promise<void> {
    await tx.update(productPages).set(changes).where(eq(productPages.productId, productId));
  }

  /**
   * Up to `limit` pages due at `now` (the longest waiting first), each moved
   * to `leaseUntil` in the same statement, so no other run takes it while it
   * is read, and a read that never finishes comes due again. SKIP LOCKED:
   * pages a capture or another run holds are left to them. Only pages of
   * `hosts` (those the run leased, see leaseHosts).
   */
  async claimDue(now: Date, limit: number, leaseUntil: Date, hosts: readonly string[], tx: Db = this.db): Promise<ProductPageRow[]> {
    if (hosts.length === 0) return [];
    const due = tx
      .select({ productId: productPages.productId })
      .from(productPages)
      .where(and(lte(productPages.dueAt, now), inArray(productPages.host, [...hosts])))
      .orderBy(asc(productPages.dueAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx.update(productPages).set({ dueAt: leaseUntil }).where(inArray(productPages.productId, due)).returning();
  }

  async find(productId: string, tx: Db = this.db): Promise<ProductPageRow | undefined> {
    const [row] = await tx.select().from(productPages).where(eq(productPages.productId, productId));
    return row;
  }
}
