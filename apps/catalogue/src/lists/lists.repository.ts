import { Inject, Injectable } from '@nestjs/common';
import type { Category, ProductGender } from '@closetly/contracts';
import { DATABASE, type Db } from '@closetly/server';
import { and, asc, desc, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { activeSaves, products } from '../db/schema';
import type { ProductRow } from '../products/products.repository';

/** Which public products a list draws from. */
export interface ListFilter {
  /** Only this category; null: every category. */
  category: Category | null;
  /** Leaves out products of this gender (a Men list leaves out Women's items); null: every gender. */
  excludeGender: ProductGender | null;
  /** Only this brand, compared without letter case; null: every brand. */
  brand: string | null;
}

export interface ListPage {
  offset: number;
  limit: number;
}

/** A product in the popular ranking with its score: the sum over its active saves of the weight of each save's age. */
export interface RankedRow {
  product: ProductRow;
  score: number;
}

/** An active save: no removal, or saved again after it (see the table's note in db/schema.ts). */
const isActive = or(isNull(activeSaves.removedAt), gt(activeSaves.savedAt, activeSaves.removedAt));

/**
 * What any list may show, before the service's cleaning: listed, not hidden,
 * with a name, a brand and a price (so pages are rarely thinned out later),
 * of the filter's category, gender and brand.
 */
function publicProducts(filter: ListFilter): SQL | undefined {
  return and(
    eq(products.listed, true),
    eq(products.hidden, false),
    isNotNull(products.price),
    sql`btrim(${products.name}) <> ''`,
    sql`btrim(${products.brand}) <> ''`,
    filter.category ? eq(products.category, filter.category) : undefined,
    filter.excludeGender ? ne(products.gender, filter.excludeGender) : undefined,
    // lower() on both sides: one rule of letter case, the one products_public_brand_idx is built on.
    filter.brand !== null ? sql`lower(${products.brand}) = lower(${filter.brand})` : undefined,
  );
}

/** Active saves and the public products the browsing lists rank. Queries only. */
@Injectable()
export class ListsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Saves (or saves again with a new capture): each current save began at its `savedAt`; the latest beginning seen is kept. */
  async recordSaves(saves: ReadonlyArray<{ productId: string; userId: string; savedAt: Date }>, tx: Db): Promise<void> {
    const rows = latestPerSaver(saves, (save) => save.savedAt);
    if (rows.length === 0) return;
    await tx
      .insert(activeSaves)
      .values(rows)
      .onConflictDoUpdate({ target: [activeSaves.productId, activeSaves.userId], set: { savedAt: sql`greatest(${activeSaves.savedAt}, excluded.saved_at)` } });
  }

  /**
   * A removal ends the saves that began before it. Without a row yet (the
   * save's event is still on its way) it leaves one that the save cannot
   * revive: `saved_at` = `removed_at`, and only a later beginning is active.
   */
  async recordRemovals(removals: ReadonlyArray<{ productId: string; userId: string; removedAt: Date }>, tx: Db): Promise<void> {
    const rows = latestPerSaver(removals, (removal) => removal.removedAt);
    if (rows.length === 0) return;
    await tx
      .insert(activeSaves)
      .values(rows.map(({ productId, userId, removedAt }) => ({ productId, userId, savedAt: removedAt, removedAt })))
      .onConflictDoUpdate({ target: [activeSaves.productId, activeSaves.userId], set: { removedAt: sql`greatest(${activeSaves.removedAt}, excluded.removed_at)` } });
  }

  /** An erased account's saves: no longer counted in any list. */
  async deleteSavesOf(userId: string, tx: Db): Promise<void> {
    await tx.delete(activeSaves).where(eq(activeSaves.userId, userId));
  }

  /**
   * Public products with at least one active save, best score first: each
   * active save weighs 0.5^(age / half-life), so a save loses half its weight
   * every `halfLifeSeconds` (a save dated in the future weighs 1). Ties: the
   * newer product, then the id.
   */
  async popular(filter: ListFilter, halfLifeSeconds: number, page: ListPage): Promise<RankedRow[]> {
    const age = sql`greatest(extract(epoch from (now() - ${activeSaves.savedAt}))::double precision, 0)`;
    const scores = this.db
      .select({ productId: activeSaves.productId, score: sql<number>`sum(power(0.5::double precision, ${age} / ${halfLifeSeconds}::double precision))`.as('score') })
      .from(activeSaves)
      .where(isActive)
      .groupBy(activeSaves.productId)
      .as('scores');
    const rows = await this.db
      .select({ product: products, score: scores.score })
      .from(products)
      .innerJoin(scores, eq(scores.productId, products.id))
      .where(publicProducts(filter))
      .orderBy(desc(scores.score), desc(products.createdAt), asc(products.id))
      .offset(page.offset)
      .limit(page.limit);
    return rows.map((row) => ({ product: row.product, score: Number(row.score) }));
  }

  /** Public products, newest first (when they entered the catalogue), then by id. */
  async newest(filter: ListFilter, page: ListPage): Promise<ProductRow[]> {
    return this.db
      .select()
      .from(products)
      .where(publicProducts(filter))
      .orderBy(desc(products.createdAt), asc(products.id))
      .offset(page.offset)
      .limit(page.limit);
  }
}

/** One row per saver and product, the latest by `at` (one statement may change a row only once; the upserts keep the greatest anyway). */
function latestPerSaver<T extends { productId: string; userId: string }>(rows: readonly T[], at: (row: T) => Date): T[] {
  const latest = new Map<string, T>();
  for (const row of rows) {
    const key = `${row.productId}/${row.userId}`;
    const kept = latest.get(key);
    if (!kept || at(row) > at(kept)) latest.set(key, row);
  }
  return [...latest.values()];
}
