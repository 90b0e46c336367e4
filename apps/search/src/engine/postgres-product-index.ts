import type { Db } from '@closetly/server';
import { and, desc, inArray, or, type SQL, sql } from 'drizzle-orm';
import { products } from '../db/schema';
import {
  BRAND_FACET_SIZE,
  chunked,
  PRICE_BANDS,
  type PriceBandId,
  type ProductDocument,
  type ProductGender,
  type ProductSearchFacets,
  type ProductSearchIndex,
  type ProductSearchQuery,
  type ProductSearchResult,
  type ProductSuggestion,
  pageLimit,
  prepareDocuments,
  resolveSearchQuery,
  resolveSuggestionLimit,
} from './product-search-index';

/** Text search configuration: English stemming and stop words, like the OpenSearch analyzer. */
const TS_CONFIG = sql.raw(`'english'::regconfig`);
/** ts_rank weights {D, C, B, A}: name (A) well above brand (B) above description (C). */
const RANK_WEIGHTS = sql.raw(`'{0.02, 0.1, 0.4, 1.0}'::real[]`);
/** strict_word_similarity above which a name word counts as a typo of the prefix ("jaket" ~ "Jacket" is 0.44). */
const TYPO_SIMILARITY = 0.3;
const WRITE_CHUNK = 500;

type ProductRow = typeof products.$inferSelect;

const toDocument = (row: Omit<ProductRow, 'searchVector'>): ProductDocument => ({
  id: row.id,
  name: row.name,
  brand: row.brand,
  description: row.description,
  price: row.price,
  currency: row.currency,
  gender: row.gender as ProductGender,
  category: row.category,
  imageUrl: row.imageUrl,
  sourceUrl: row.sourceUrl,
  retailer: row.retailer,
  updatedAt: row.updatedAt.toISOString(),
});

/** Band bounds are constants, inlined so the same expression can be selected and grouped by. */
const bandCondition = (band: (typeof PRICE_BANDS)[number]): SQL => {
  const bounds: SQL[] = [];
  if (band.min !== null) bounds.push(sql`${products.price} >= ${sql.raw(String(band.min))}`);
  if (band.max !== null) bounds.push(sql`${products.price} < ${sql.raw(String(band.max))}`);
  return sql.join(bounds, sql` and `);
};

const BAND_OF_PRICE = sql<PriceBandId | null>`(case ${sql.join(
  PRICE_BANDS.map((band) => sql`when ${bandCondition(band)} then '${sql.raw(band.id)}'`),
  sql` `,
)} end)`;

/** Escapes a string for use as a literal inside a PostgreSQL (ARE) regular expression. */
const regexLiteral = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/**
 * The embedded mode's search engine: PostgreSQL full-text search over the
 * generated `search.products.search_vector` (GIN) and pg_trgm on names (GIN)
 * for suggestions. Runs on PGlite and on PostgreSQL 15+; the table comes from
 * the search service's migrations. Shares the caller's connection, so
 * `close()` leaves it open.
 */
export class PostgresProductIndex implements ProductSearchIndex {
  constructor(private readonly db: Db) {}

  async ensureReady(): Promise<void> {
    try {
      await this.db.select({ id: products.id }).from(products).limit(1);
    } catch (error) {
      throw new Error('search.products is not reachable: have the search service migrations run?', { cause: error });
    }
    const result = await this.db.execute(sql`select exists (select 1 from pg_extension where extname = 'pg_trgm') as found`);
    if (!rowsOf<{ found: boolean }>(result)[0]?.found) throw new Error('The pg_trgm extension is missing: have the search service migrations run?');
  }

  async upsert(docs: readonly ProductDocument[]): Promise<void> {
    for (const chunk of chunked(prepareDocuments(docs), WRITE_CHUNK)) {
      await this.db
        .insert(products)
        .values(chunk.map((doc) => ({ ...doc, updatedAt: new Date(doc.updatedAt) })))
        .onConflictDoUpdate({
          target: products.id,
          set: {
            name: sql`excluded.name`,
            brand: sql`excluded.brand`,
            description: sql`excluded.description`,
            price: sql`excluded.price`,
            currency: sql`excluded.currency`,
            gender: sql`excluded.gender`,
            category: sql`excluded.category`,
            imageUrl: sql`excluded.image_url`,
            sourceUrl: sql`excluded.source_url`,
            retailer: sql`excluded.retailer`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
  }

  async remove(ids: readonly string[]): Promise<void> {
    for (const chunk of chunked([...new Set(ids)], WRITE_CHUNK)) {
      await this.db.delete(products).where(inArray(products.id, chunk));
    }
  }

  async search(input: ProductSearchQuery): Promise<ProductSearchResult> {
    const query = resolveSearchQuery(input);
    const tsquery =
      query.terms.length > 0
        ? sql`(${sql.join(
            query.terms.map((term) => sql`plainto_tsquery(${TS_CONFIG}, ${term}::text)`),
            sql` || `,
          )})`
        : undefined;
    const conditions: SQL[] = [];
    if (tsquery) conditions.push(sql`${products.searchVector} @@ ${tsquery}`);
    if (query.gender.length > 0) conditions.push(inArray(products.gender, query.gender));
    if (query.brands.length > 0) conditions.push(inArray(products.brand, query.brands));
    if (query.priceBands.length > 0) {
      const bands = PRICE_BANDS.filter((band) => query.priceBands.includes(band.id));
      conditions.push(or(...bands.map((band) => sql`(${bandCondition(band)})`)) as SQL);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;

    const limit = pageLimit(query);
    const [rows, counts] = await Promise.all([
      limit === 0
        ? Promise.resolve([])
        : this.db
            .select({
              id: products.id,
              name: products.name,
              brand: products.brand,
              description: products.description,
              price: products.price,
              currency: products.currency,
              gender: products.gender,
              category: products.category,
              imageUrl: products.imageUrl,
              sourceUrl: products.sourceUrl,
              retailer: products.retailer,
              updatedAt: products.updatedAt,
            })
            .from(products)
            .where(where)
            .orderBy(
              ...(tsquery ? [desc(sql`ts_rank(${RANK_WEIGHTS}, ${products.searchVector}, ${tsquery})`)] : []),
              sql`${products.id} collate "C"`,
            )
            .limit(limit)
            .offset(query.offset),
      this.countAndFacets(where),
    ]);
    return { items: rows.map(toDocument), ...counts };
  }

  /** Total and the three facets in one pass: GROUPING SETS over the matching rows. */
  private async countAndFacets(where: SQL | undefined): Promise<{ total: number; facets: ProductSearchFacets }> {
    const rows = await this.db
      .select({
        byBrand: sql<number>`grouping(${products.brand})`.mapWith(Number),
        byGender: sql<number>`grouping(${products.gender})`.mapWith(Number),
        byBand: sql<number>`grouping(${BAND_OF_PRICE})`.mapWith(Number),
        brand: products.brand,
        gender: products.gender,
        band: BAND_OF_PRICE,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(products)
      .where(where)
      .groupBy(sql`grouping sets ((), (${products.brand}), (${products.gender}), (${BAND_OF_PRICE}))`)
      .orderBy(desc(sql`count(*)`), sql`${products.brand} collate "C"`, sql`${products.gender} collate "C"`);

    const facets: ProductSearchFacets = { brands: [], genders: [], priceBands: [] };
    let total = 0;
    const bandCounts = new Map<string, number>();
    for (const row of rows) {
      const grouped = [row.byBrand === 0, row.byGender === 0, row.byBand === 0];
      if (!grouped.includes(true)) total = row.count;
      else if (grouped[0]) facets.brands.push({ value: row.brand, count: row.count });
      else if (grouped[1]) facets.genders.push({ value: row.gender as ProductGender, count: row.count });
      else if (row.band !== null) bandCounts.set(row.band, row.count);
    }
    facets.brands = facets.brands.slice(0, BRAND_FACET_SIZE);
    facets.priceBands = PRICE_BANDS.flatMap((band) => {
      const count = bandCounts.get(band.id) ?? 0;
      return count > 0 ? [{ value: band.id, count }] : [];
    });
    return { total, facets };
  }

  async suggest(prefix: string, limit?: number): Promise<ProductSuggestion[]> {
    const text = prefix.trim();
    if (text.length === 0) return [];
    const startsWith = `${likeLiteral(text)}%`;
    const wordStart = `\\m${regexLiteral(text)}`;
    // `<<%` (strict word similarity, served by the trigram index) reads its threshold from a setting; set it for this transaction only.
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.strict_word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
      return tx
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(or(sql`${products.name} ~* ${wordStart}`, sql`${text}::text <<% ${products.name}`))
        .orderBy(
          sql`case when ${products.name} ilike ${startsWith} then 0 when ${products.name} ~* ${wordStart} then 1 else 2 end`,
          desc(sql`strict_word_similarity(${text}::text, ${products.name})`),
          sql`lower(${products.name}) collate "C"`,
          sql`${products.id} collate "C"`,
        )
        .limit(resolveSuggestionLimit(limit));
    });
  }

  async isReady(): Promise<boolean> {
    try {
      await this.db.select({ id: products.id }).from(products).limit(1);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    // The connection belongs to the platform, which closes it.
  }
}

/** `db.execute` answers `{ rows }` on both node-postgres and PGlite. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
