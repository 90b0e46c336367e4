import { Inject, Injectable } from '@nestjs/common';
import type { Capture } from '@closetly/contracts';
import { DATABASE, type Db, uuidList } from '@closetly/server';
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { activeSaves, captures, genderFeedback, pageReads, priceObservations, products, provedAccounts, shownPrices } from '../db/schema';
import type { ShownPrice } from './price-drop';
import type { LatestObservation, PageRead, SaverCapture } from './product-derivation';

/** How many locks products share (see lockProducts); a power of two. */
export const PRODUCT_LOCK_SLOTS = 1024;

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
/** A saver's capture of a product as stored (see upsertCaptures). */
export type CaptureWrite = typeof captures.$inferInsert & { capture: Capture };
export type PriceObservationRow = typeof priceObservations.$inferSelect;

const productColumns = getTableColumns(products);

/** Products, savers' captures, price observations and gender feedback. Queries only. */
@Injectable()
export class ProductsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * Keeps each saver's latest capture; the date they first saved it stays the earliest seen. A batch's
   * captures of one saver and product are merged first by the same rule (one statement may change a row
   * only once).
   */
  async upsertCaptures(rows: readonly CaptureWrite[], tx: Db): Promise<void> {
    const merged = new Map<string, CaptureWrite>();
    for (const row of rows) {
      const key = `${row.productId}/${row.userId}`;
      const kept = merged.get(key);
      const newer = !kept || row.capturedAt >= kept.capturedAt;
      merged.set(key, {
        ...row,
        capture: newer ? row.capture : kept.capture,
        capturedAt: newer ? row.capturedAt : kept.capturedAt,
        firstSavedAt: kept && kept.firstSavedAt < row.firstSavedAt ? kept.firstSavedAt : row.firstSavedAt,
      });
    }
    if (merged.size === 0) return;
    await tx
      .insert(captures)
      .values([...merged.values()])
      .onConflictDoUpdate({
        target: [captures.productId, captures.userId],
        set: {
          capture: sql`case when excluded.captured_at >= ${captures.capturedAt} then excluded.capture else ${captures.capture} end`,
          capturedAt: sql`greatest(excluded.captured_at, ${captures.capturedAt})`,
          firstSavedAt: sql`least(excluded.first_saved_at, ${captures.firstSavedAt})`,
        },
      });
  }

  async addObservations(observations: ReadonlyArray<typeof priceObservations.$inferInsert>, tx: Db): Promise<void> {
    if (observations.length > 0) await tx.insert(priceObservations).values([...observations]);
  }

  /** Every saver's latest capture of each product, the first saver first. */
  async capturesOf(productIds: readonly string[], tx: Db = this.db): Promise<Map<string, SaverCapture[]>> {
    const byProduct = new Map<string, SaverCapture[]>();
    if (productIds.length === 0) return byProduct;
    const rows = await tx
      .select()
      .from(captures)
      .where(inArray(captures.productId, uuidList(productIds)))
      .orderBy(asc(captures.firstSavedAt), asc(captures.userId));
    for (const row of rows) {
      const saver = { userId: row.userId, capture: row.capture as Capture, firstSavedAt: row.firstSavedAt, capturedAt: row.capturedAt };
      byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), saver]);
    }
    return byProduct;
  }

  async listCaptures(productId: string, tx: Db = this.db): Promise<SaverCapture[]> {
    return (await this.capturesOf([productId], tx)).get(productId) ?? [];
  }

  /** Of these users, the ones whose account proved its e-mail address. */
  async provedAmong(userIds: readonly string[], tx: Db = this.db): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await tx.select({ userId: provedAccounts.userId }).from(provedAccounts).where(inArray(provedAccounts.userId, [...userIds]));
    return new Set(rows.map((row) => row.userId));
  }

  /** Records the account as proved; false when it already was. */
  async markProved(userId: string, provedAt: Date, tx: Db): Promise<boolean> {
    const inserted = await tx.insert(provedAccounts).values({ userId, provedAt }).onConflictDoNothing().returning({ userId: provedAccounts.userId });
    return inserted.length > 0;
  }

  async pageRead(productId: string, tx: Db = this.db): Promise<PageRead | null> {
    return (await this.pageReadsOf([productId], tx)).get(productId) ?? null;
  }

  /** The kept read of each product's page, for those that have one. */
  async pageReadsOf(productIds: readonly string[], tx: Db = this.db): Promise<Map<string, PageRead>> {
    if (productIds.length === 0) return new Map();
    const rows = await tx.select().from(pageReads).where(inArray(pageReads.productId, uuidList(productIds)));
    return new Map(rows.map((row) => [row.productId, { ...(row.page as Omit<PageRead, 'fetchedAt'>), fetchedAt: row.fetchedAt }]));
  }

  /** Keeps the newest read of the product's page; an older one arriving late changes nothing (false). */
  async savePageRead(productId: string, read: PageRead, tx: Db): Promise<boolean> {
    const { fetchedAt, ...page } = read;
    const saved = await tx
      .insert(pageReads)
      .values({ productId, page, fetchedAt })
      .onConflictDoUpdate({ target: pageReads.productId, set: { page, fetchedAt }, setWhere: sql`excluded.fetched_at > ${pageReads.fetchedAt}` })
      .returning({ productId: pageReads.productId });
    return saved.length > 0;
  }

  /** Products with an open contest, the most recently changed first. */
  async listContested(limit = 200): Promise<ProductRow[]> {
    return this.db.select().from(products).where(sql`${products.contested} <> '[]'::jsonb`).orderBy(desc(products.updatedAt)).limit(limit);
  }

  async hasCapture(productId: string, userId: string): Promise<boolean> {
    const [row] = await this.db.select({ userId: captures.userId }).from(captures).where(and(eq(captures.productId, productId), eq(captures.userId, userId)));
    return row !== undefined;
  }

  /** Each saver's latest observation since `since` (the newest first per user). */
  async latestObservations(productId: string, since: Date | null, tx: Db = this.db): Promise<LatestObservation[]> {
    // A page read is no saver's vote (it decides on its own, see deriveProduct).
    const ofSavers = and(eq(priceObservations.productId, productId), isNotNull(priceObservations.userId));
    const conditions = since ? and(ofSavers, gte(priceObservations.observedAt, since)) : ofSavers;
    return tx
      .selectDistinctOn([priceObservations.userId], {
        userId: sql<string>`${priceObservations.userId}`,
        amount: priceObservations.amount,
        currency: priceObservations.currency,
        priceText: priceObservations.priceText,
      })
      .from(priceObservations)
      .where(conditions)
      .orderBy(priceObservations.userId, desc(priceObservations.observedAt), desc(priceObservations.id));
  }

  /** Each saver's latest observation of each product, however old. */
  async latestObservationsOf(productIds: readonly string[], tx: Db = this.db): Promise<Map<string, LatestObservation[]>> {
    const byProduct = new Map<string, LatestObservation[]>();
    if (productIds.length === 0) return byProduct;
    const rows = await tx
      .selectDistinctOn([priceObservations.productId, priceObservations.userId], {
        productId: priceObservations.productId,
        userId: sql<string>`${priceObservations.userId}`,
        amount: priceObservations.amount,
        currency: priceObservations.currency,
        priceText: priceObservations.priceText,
      })
      .from(priceObservations)
      .where(and(inArray(priceObservations.productId, uuidList(productIds)), isNotNull(priceObservations.userId)))
      .orderBy(priceObservations.productId, priceObservations.userId, desc(priceObservations.observedAt), desc(priceObservations.id));
    for (const { productId, ...observation } of rows) byProduct.set(productId, [...(byProduct.get(productId) ?? []), observation]);
    return byProduct;
  }

  /** The product's observations since `since`, oldest first: its price history. */
  async priceHistory(productId: string, since: Date, tx: Db = this.db): Promise<PriceObservationRow[]> {
    return tx
      .select()
      .from(priceObservations)
      .where(and(eq(priceObservations.productId, productId), gte(priceObservations.observedAt, since)))
      .orderBy(asc(priceObservations.observedAt), asc(priceObservations.id));
  }

  /**
   * Each product's shown prices from `windowStart` on: those that began after
   * it, and the one showing when it began (the latest that began before).
   */
  async shownPricesOf(productIds: readonly string[], windowStart: Date, tx: Db = this.db): Promise<Map<string, ShownPrice[]>> {
    const byProduct = new Map<string, ShownPrice[]>();
    if (productIds.length === 0) return byProduct;
    const ids = uuidList(productIds);
    const columns = { productId: shownPrices.productId, amount: shownPrices.amount, currency: shownPrices.currency, since: shownPrices.since };
    const [inWindow, atStart] = await Promise.all([
      tx.select(columns).from(shownPrices).where(and(inArray(shownPrices.productId, ids), gt(shownPrices.since, windowStart))),
      tx
        .selectDistinctOn([shownPrices.productId], columns)
        .from(shownPrices)
        .where(and(inArray(shownPrices.productId, ids), lte(shownPrices.since, windowStart)))
        .orderBy(shownPrices.productId, desc(shownPrices.since), desc(shownPrices.id)),
    ]);
    for (const { productId, ...price } of [...atStart, ...inWindow]) byProduct.set(productId, [...(byProduct.get(productId) ?? []), price]);
    return byProduct;
  }

  async addShownPrices(rows: ReadonlyArray<typeof shownPrices.$inferInsert>, tx: Db): Promise<void> {
    if (rows.length > 0) await tx.insert(shownPrices).values([...rows]);
  }

  /** The user's latest observation of the product, if any. */
  async latestObservationBy(productId: string, userId: string, tx: Db = this.db): Promise<PriceObservationRow | undefined> {
    const [row] = await tx
      .select()
      .from(priceObservations)
      .where(and(eq(priceObservations.productId, productId), eq(priceObservations.userId, userId)))
      .orderBy(desc(priceObservations.observedAt), desc(priceObservations.id))
      .limit(1);
    return row;
  }

  /** Whether this user saves the product now (see hasActiveSave). */
  async isActiveSaver(productId: string, userId: string, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ userId: activeSaves.userId })
      .from(activeSaves)
      .where(and(eq(activeSaves.productId, productId), eq(activeSaves.userId, userId), sql`(${activeSaves.removedAt} is null or ${activeSaves.savedAt} > ${activeSaves.removedAt})`));
    return row !== undefined;
  }

  async findById(id: string, tx: Db = this.db): Promise<ProductRow | undefined> {
    const [row] = await tx.select().from(products).where(eq(products.id, id));
    return row;
  }

  async findByIds(ids: readonly string[], tx: Db = this.db): Promise<Map<string, ProductRow>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.select().from(products).where(inArray(products.id, uuidList(ids)));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Derivations of one product take turns until the transaction ends, even
   * before its row exists (two first saves at once): a transaction-scoped
   * advisory lock on the id's slot (see lockProducts).
   */
  async lockProduct(id: string, tx: Db): Promise<void> {
    await this.lockProducts([id], tx);
  }

  /**
   * Locks several products at once, as an account's erasure does for every
   * product the user captured. Products share PRODUCT_LOCK_SLOTS locks (by a
   * hash of the id): a lock per product would let one user with thousands of
   * saves overflow the server's lock table (a few thousand locks shared by
   * every connection). Slots are taken in ascending order, so two erasures
   * never deadlock; every other path holds a single slot.
   */
  async lockProducts(ids: readonly string[], tx: Db): Promise<void> {
    if (ids.length === 0) return;
    await tx.execute(sql`
      select pg_advisory_xact_lock(hashtext('catalogue.product'), slot)
      from (select distinct hashtext(value) & ${PRODUCT_LOCK_SLOTS - 1} as slot from json_array_elements_text(${JSON.stringify(ids)}::json) order by slot) slots`);
  }

  /** The products a user has captured, in id order. */
  async productIdsCapturedBy(userId: string, tx: Db): Promise<string[]> {
    const rows = await tx.selectDistinct({ productId: captures.productId }).from(captures).where(eq(captures.userId, userId)).orderBy(asc(captures.productId));
    return rows.map((row) => row.productId);
  }

  /** Those of `ids` that still have a saver's capture, in id order. */
  async stillCaptured(ids: readonly string[], tx: Db): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .selectDistinct({ productId: captures.productId })
      .from(captures)
      .where(inArray(captures.productId, uuidList(ids)))
      .orderBy(asc(captures.productId));
    return rows.map((row) => row.productId);
  }

  /**
   * An erased account's part of the catalogue: its captures and price
   * observations go. Its gender votes stay with the user id set to null: an
   * anonymous vote still helps tag a shared product's gender, and no longer
   * says who gave it.
   */
  async eraseUser(userId: string, tx: Db): Promise<void> {
    await tx.delete(captures).where(eq(captures.userId, userId));
    await tx.delete(priceObservations).where(eq(priceObservations.userId, userId));
    await tx.delete(provedAccounts).where(eq(provedAccounts.userId, userId));
    await tx.update(genderFeedback).set({ userId: null, voter: null }).where(eq(genderFeedback.userId, userId));
  }

  /**
   * Inserts or replaces products, each with the columns it names (a new product's others take their
   * defaults, an existing one's stay). Products naming the same columns share one statement.
   */
  async upsertMany(rows: ReadonlyArray<NewProduct & { id: string }>, tx: Db): Promise<Map<string, ProductRow>> {
    const byColumns = new Map<string, Array<NewProduct & { id: string }>>();
    for (const row of rows) {
      const columns = Object.keys(row).filter((key) => key !== 'createdAt' && key !== 'updatedAt').sort().join(',');
      byColumns.set(columns, [...(byColumns.get(columns) ?? []), row]);
    }
    const saved = new Map<string, ProductRow>();
    for (const [columns, group] of byColumns) {
      const set: Record<string, SQL> = { updatedAt: sql`now()` };
      for (const key of columns.split(',')) {
        const column = productColumns[key as keyof typeof productColumns];
        if (key !== 'id' && column) set[key] = sql.raw(`excluded."${column.name}"`);
      }
      const returned = await tx
        .insert(products)
        .values(group.map(({ createdAt: _createdAt, updatedAt: _updatedAt, ...row }) => row))
        .onConflictDoUpdate({ target: products.id, set })
        .returning();
      for (const row of returned) saved.set(row.id, row);
    }
    return saved;
  }

  async update(id: string, changes: Partial<NewProduct>, tx: Db): Promise<ProductRow | undefined> {
    const [row] = await tx.update(products).set({ ...changes, updatedAt: sql`now()` }).where(eq(products.id, id)).returning();
    return row;
  }

  /** Whether anyone saves the product now (a save with no removal, or saved again after it). */
  async hasActiveSave(productId: string, tx: Db): Promise<boolean> {
    const [row] = await tx
      .select({ userId: activeSaves.userId })
      .from(activeSaves)
      .where(and(eq(activeSaves.productId, productId), sql`(${activeSaves.removedAt} is null or ${activeSaves.savedAt} > ${activeSaves.removedAt})`))
      .limit(1);
    return row !== undefined;
  }

  /** Deletes the product and what only it owns: savers' captures, price history and shown prices, save records; its gender feedback goes by cascade. */
  async deleteProduct(productId: string, tx: Db): Promise<boolean> {
    await tx.delete(captures).where(eq(captures.productId, productId));
    await tx.delete(priceObservations).where(eq(priceObservations.productId, productId));
    await tx.delete(activeSaves).where(eq(activeSaves.productId, productId));
    await tx.delete(pageReads).where(eq(pageReads.productId, productId));
    await tx.delete(shownPrices).where(eq(shownPrices.productId, productId));
    const deleted = await tx.delete(products).where(eq(products.id, productId)).returning({ id: products.id });
    return deleted.length > 0;
  }

  async listMissingGender(limit = 500): Promise<ProductRow[]> {
    return this.db.select().from(products).where(eq(products.genderSource, 'default')).orderBy(asc(products.createdAt)).limit(limit);
  }

  /** Listed, not hidden products with an id after `after`, in id order (a keyset page). */
  async listPublicAfter(after: string | null, limit: number): Promise<ProductRow[]> {
    const visible = and(eq(products.listed, true), eq(products.hidden, false));
    return this.db
      .select()
      .from(products)
      .where(after === null ? visible : and(visible, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(limit);
  }

  /** One vote per voter and product: a voter's later vote replaces their earlier one (one statement, so parallel votes still leave one row). */
  async addFeedback(productId: string, userId: string | null, voter: string, gender: string): Promise<void> {
    await this.db
      .insert(genderFeedback)
      .values({ productId, userId, voter, gender })
      .onConflictDoUpdate({ target: [genderFeedback.productId, genderFeedback.voter], set: { gender, userId, createdAt: sql`now()` } });
  }
}
