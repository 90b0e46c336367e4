import { randomUUID } from 'node:crypto';
import { TAGS_VERSION } from '@closetly/catalogue-rules';
import type { Db } from '@closetly/server';
import type { PriceDrop } from '@closetly/contracts';
import { and, desc, eq, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { PgDialect } from 'drizzle-orm/pg-core';
import { productLexemes, productNameWords, products, productStaging, PRODUCT_TEXT_CONFIG } from '../db/schema';
import { synonymExpansions } from './fashion-synonyms';
import { maxEditsFor, queryWords } from './fashion-text';
import { buildSynonymIndex, fuzzySources, lexemesOf, planTerm, quoteLexeme, renderTsQuery, type SynonymIndex, type TermPlan, typoMatches } from './postgres-text-query';
import {
  BRAND_FACET_SIZE,
  chunked,
  byCountThenColourOrder,
  SEARCH_COLOURS_LIST,
  type SearchColourId,
  type TaggedDocument,
  type UnderstoodSearch,
  EMPTY_RESULT,
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
  type ResolvedSearchQuery,
  resolveSearchQuery,
  resolveSuggestionLimit,
} from './product-search-index';
import { utcInstant } from './product-document';
import { UntilWritten } from './until-written';

/** An upsert's update: every document column takes the incoming row's value (the live table and the staging table alike). */
const REPLACE_DOCUMENT_COLUMNS = {
  name: sql`excluded.name`,
  brand: sql`excluded.brand`,
  description: sql`excluded.description`,
  price: sql`excluded.price`,
  currency: sql`excluded.currency`,
  priceText: sql`excluded.price_text`,
  gender: sql`excluded.gender`,
  category: sql`excluded.category`,
  imageUrl: sql`excluded.image_url`,
  sourceUrl: sql`excluded.source_url`,
  retailer: sql`excluded.retailer`,
  colour: sql`excluded.colour`,
  audience: sql`excluded.audience`,
  garments: sql`excluded.garments`,
  colours: sql`excluded.colours`,
  tagsVersion: sql`excluded.tags_version`,
  updatedAt: sql`excluded.updated_at`,
  priceDrop: sql`excluded.price_drop`,
  priceDropSince: sql`excluded.price_drop_since`,
  available: sql`excluded.available`,
};

const TS_CONFIG = sql.raw(`'${PRODUCT_TEXT_CONFIG}'::regconfig`);
/** ts_rank weights {D, C, B, A}: name (A) well above brand (B) above description (C). */
const RANK_WEIGHTS = sql.raw(`'{0.02, 0.1, 0.4, 1.0}'::real[]`);
const WRITE_CHUNK = 500;
/** At most this many stems and typo lookups are remembered; past it the least recently used are forgotten and read again. */
const REMEMBERED = 10_000;
/** At most this many searches' totals and facets are remembered (each some thirty facet values). */
const REMEMBERED_COUNTS = 2_000;
/** At most this many searches' answers are remembered as ids (each a page of ids, its total and facets). */
const REMEMBERED_SEARCHES = 2_000;
const DIALECT = new PgDialect();
/** Counts that hold for any `saleSince`. */
const UNBOUNDED = { after: null, upTo: null } as const;

type Counts = { total: number; facets: ProductSearchFacets };
/**
 * Counts, and the sale window they hold in: where "on sale" begins moves
 * with the clock (now minus the badge's window) without changing what is on
 * sale, and every `saleSince` in (after, upTo] (epoch ms; null: unbounded)
 * finds the same drops among the products counted, none of which is dated
 * between the two.
 */
type CountedInWindow = { counts: Counts; after: number | null; upTo: number | null };
/**
 * A search's answer with its page as ids, in the window of `saleSince` it
 * holds in (the one its counts hold in: the products passing the "on sale"
 * filter are the same throughout it, and the order does not depend on it).
 */
type RememberedSearch = CountedInWindow & { ids: string[] };

/** Whether counts read for one `saleSince` hold for `saleSince` (see `CountedInWindow`). */
const holdsAt = (window: Pick<CountedInWindow, 'after' | 'upTo'>, saleSince: Date | null): boolean => {
  const at = saleSince?.getTime();
  return at === undefined || ((window.after === null || at > window.after) && (window.upTo === null || at <= window.upTo));
};
/** Staged rows of a load that never finished (the process died) are swept after this long. */
const ABANDONED_LOAD_MS = 24 * 60 * 60 * 1000;

type ProductRow = typeof products.$inferSelect;
type GeneratedColumns = 'searchVector' | 'nameBrandVector' | 'nameWords' | 'audience' | 'garments' | 'colours' | 'tagsVersion' | 'priceDropSince';

const documentColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  description: products.description,
  price: products.price,
  currency: products.currency,
  priceText: products.priceText,
  gender: products.gender,
  category: products.category,
  imageUrl: products.imageUrl,
  sourceUrl: products.sourceUrl,
  retailer: products.retailer,
  colour: products.colour,
  updatedAt: products.updatedAt,
  priceDrop: products.priceDrop,
  available: products.available,
};

/**
 * A document as one JSON value per row: the driver parses one JSON text
 * instead of sixteen columns, and the timestamp arrives as ISO 8601 (taking
 * the columns apart, a timestamp's text above all, cost more than the rest
 * of a page's query on PGlite). `updatedAt` as the database writes it, with
 * its offset.
 */
const DOCUMENT_JSON = sql<ProductDocument>`json_build_object(${sql.join(
  Object.entries(documentColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)})`;

const toDocument = (row: Omit<ProductRow, GeneratedColumns>): ProductDocument => ({
  id: row.id,
  name: row.name,
  brand: row.brand,
  price: row.price,
  currency: row.currency,
  priceText: row.priceText,
  imageUrl: row.imageUrl,
  description: row.description,
  sourceUrl: row.sourceUrl,
  retailer: row.retailer,
  gender: row.gender as ProductGender,
  category: row.category as ProductDocument['category'],
  colour: row.colour,
  updatedAt: row.updatedAt.toISOString(),
  priceDrop: (row.priceDrop as PriceDrop | null) ?? null,
  available: row.available,
});

const toRow = (doc: TaggedDocument) => ({
  ...doc,
  updatedAt: new Date(doc.updatedAt),
  tagsVersion: TAGS_VERSION,
  priceDrop: doc.priceDrop ?? null,
  priceDropSince: doc.priceDrop ? new Date(doc.priceDrop.since) : null,
  available: doc.available ?? true,
});

/** A list of strings as a SQL text[] (drizzle would spread an array into separate parameters). */
const textArray = (values: readonly string[]): SQL => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

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

/** Each filter group's condition (an OR of its values), absent when the group filters nothing. */
interface GroupFilters {
  brands?: SQL;
  genders?: SQL;
  priceBands?: SQL;
  colours?: SQL;
  onSale?: SQL;
}

/** "On sale": a price drop at or after `since` (none without a `since`). */
const onSaleSince = (since: Date | null): SQL => (since ? sql`(${products.priceDropSince} is not null and ${products.priceDropSince} >= ${since.toISOString()}::timestamptz)` : sql`false`);

function groupFilters(query: ResolvedSearchQuery): GroupFilters {
  const bands = PRICE_BANDS.filter((band) => query.priceBands.includes(band.id));
  return {
    ...(query.brands.length > 0 ? { brands: inArray(products.brand, query.brands) } : {}),
    ...(query.gender.length > 0 ? { genders: inArray(products.gender, query.gender) } : {}),
    ...(bands.length > 0 ? { priceBands: sql`(${or(...bands.map((band) => sql`(${bandCondition(band)})`))})` } : {}),
    ...(query.colours.length > 0 ? { colours: sql`${products.colours} && ${textArray(query.colours)}` } : {}),
    ...(query.onSale ? { onSale: onSaleSince(query.saleSince) } : {}),
  };
}

const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** Adds the words of the given products (or of every product) to both typo vocabularies. */
const addWordsOf = (ids: readonly string[] | 'all'): SQL[] => {
  const which = ids === 'all' ? sql`true` : sql`id in (select value from json_array_elements_text(${JSON.stringify(ids)}::json))`;
  return [
    sql`insert into search.product_lexemes (lexeme)
        select distinct lexeme from search.products, unnest(tsvector_to_array(name_brand_vector)) as lexeme where ${which}
        on conflict do nothing`,
    sql`insert into search.product_name_words (word)
        select distinct word from search.products, unnest(tsvector_to_array(name_words)) as word where ${which}
        on conflict do nothing`,
  ];
};

/** The plan of a search term, its words already stemmed (see `termPlanner`); `inName`, whether the name holds a phrase stemmed with them. */
type TermPlanner = ((term: string) => TermPlan) & { inName(phrase: string): SQL };

/** Ids written by upsert or remove while a replaceAll loads: the snapshot must not undo them. */
interface Load {
  touched: Set<string>;
}

/**
 * The embedded mode's search engine: PostgreSQL full-text search over the
 * generated `search.products.search_vector` (GIN), with `name_brand_vector`
 * for typos and `name_words` for suggestions. Runs on PGlite and on PostgreSQL 15+; the tables come from
 * the search service's migrations. Shares the caller's connection, so
 * `close()` leaves it open.
 *
 * Text matching follows OpenSearch's rules (see `postgres-text-query.ts`):
 * query words are stemmed by the database, synonym phrases expand into ORs of
 * tsquery phrases, and each word of 4 letters or more also matches name and
 * brand words within its typo allowance, found in `search.product_lexemes`
 * and matched in `name_brand_vector`. Ranking: exact words (synonyms
 * included) by field weight first, then typo matches, then id.
 */
export class PostgresProductIndex implements ProductSearchIndex {
  private synonyms: Promise<SynonymIndex> | undefined;
  private readonly loads = new Set<Load>();
  /** Texts stemmed (`stem`). */
  private readonly stems = new LRUCache<string, string>({ max: REMEMBERED });
  /*
   * Remembered until this instance next writes (the embedded product's
   * search service is its index's only writer): typo candidates by
   * vocabulary and word (`typoCandidates`), totals and facets by what
   * they count (`countAndFacets`, the largest part of a search's work), and
   * whole answers by the search asked, their page as ranked ids (ranking
   * every match for a page is most of what remains; a shop's popular
   * searches repeat, and shoppers go back to a search they asked).
   */
  private readonly typos = new UntilWritten<string[]>(REMEMBERED);
  private readonly counts = new UntilWritten<CountedInWindow>(REMEMBERED_COUNTS);
  private readonly searches = new UntilWritten<RememberedSearch>(REMEMBERED_SEARCHES);
  /** The documents of a remembered page (`documents`): the one statement every such search runs, built once. */
  private readonly documentsOfIds;

  constructor(private readonly db: Db) {
    this.documentsOfIds = db
      .select({ doc: DOCUMENT_JSON })
      .from(products)
      .where(sql`${products.id} = any(${sql.placeholder('ids')}::text[])`)
      .prepare('search_documents_of_ids');
  }

  async ensureReady(): Promise<void> {
    try {
      await this.db.select({ id: products.id }).from(products).limit(1);
      await this.db.execute(sql`select to_tsvector(${TS_CONFIG}, 'ready')`);
    } catch (error) {
      throw new Error('search.products is not reachable: have the search service migrations run?', { cause: error });
    }
    await this.retagStale();
  }

  /** Reads again the tags of products tagged by an older vocabulary (or before tags existed), a chunk at a time. */
  private async retagStale(): Promise<void> {
    for (;;) {
      const stale = await this.db
        .select(documentColumns)
        .from(products)
        .where(lt(products.tagsVersion, TAGS_VERSION))
        .orderBy(products.id)
        .limit(WRITE_CHUNK);
      if (stale.length === 0) return;
      await this.db.transaction(async (tx) => {
        for (const doc of prepareDocuments(stale.map(toDocument))) {
          await tx
            .update(products)
            .set({ audience: doc.audience, garments: doc.garments, colours: doc.colours, tagsVersion: TAGS_VERSION })
            .where(eq(products.id, doc.id));
        }
      });
    }
  }

  async upsert(docs: readonly ProductDocument[]): Promise<void> {
    this.written();
    for (const chunk of chunked(prepareDocuments(docs), WRITE_CHUNK)) {
      this.touch(chunk.map((doc) => doc.id));
      await this.db.transaction(async (tx) => {
        await tx
          .insert(products)
          .values(chunk.map(toRow))
          .onConflictDoUpdate({
            target: products.id,
            set: REPLACE_DOCUMENT_COLUMNS,
          });
        for (const statement of addWordsOf(chunk.map((doc) => doc.id))) await tx.execute(statement);
      });
    }
    this.written();
  }

  /** Before and after every write: what searches remembered may be out of date. */
  private written(): void {
    this.typos.outdated();
    this.counts.outdated();
    this.searches.outdated();
  }

  async remove(ids: readonly string[]): Promise<void> {
    this.written();
    try {
      for (const chunk of chunked([...new Set(ids)], WRITE_CHUNK)) {
        this.touch(chunk);
        await this.db.delete(products).where(inArray(products.id, chunk));
      }
    } finally {
      this.written();
    }
  }

  private touch(ids: readonly string[]): void {
    for (const load of this.loads) for (const id of ids) load.touched.add(id);
  }

  /**
   * Streams the snapshot into `search.product_staging`, then in one short
   * transaction deletes the products and inserts the staged ones (and
   * rebuilds the typo vocabulary): readers see the old index until the
   * commit and the new one after, never an empty or half-loaded one, and
   * never wait for the stream. Products written by upsert or remove while it
   * loads keep what those calls wrote.
   */
  async replaceAll(batches: AsyncIterable<readonly ProductDocument[]>): Promise<{ indexed: number }> {
    const loadId = randomUUID();
    const load: Load = { touched: new Set() };
    this.written();
    this.loads.add(load);
    try {
      await this.db.delete(productStaging).where(lt(productStaging.stagedAt, new Date(Date.now() - ABANDONED_LOAD_MS)));
      for await (const batch of batches) {
        for (const chunk of chunked(prepareDocuments(batch), WRITE_CHUNK)) {
          await this.db
            .insert(productStaging)
            .values(chunk.map((doc) => ({ ...toRow(doc), loadId })))
            .onConflictDoUpdate({
              target: [productStaging.loadId, productStaging.id],
              set: REPLACE_DOCUMENT_COLUMNS,
            });
        }
      }
      return await this.db.transaction(async (tx) => {
        const kept = [...load.touched];
        await tx.delete(products).where(notInArray(products.id, kept));
        await tx.execute(sql`
          insert into search.products (id, name, brand, description, price, currency, price_text, gender, category, image_url, source_url, retailer, colour, updated_at, audience, garments, colours, tags_version, price_drop, price_drop_since, available)
          select id, name, brand, description, price, currency, price_text, gender, category, image_url, source_url, retailer, colour, updated_at, audience, garments, colours, tags_version, price_drop, price_drop_since, available
          from search.product_staging
          where load_id = ${loadId} and ${notInArray(productStaging.id, kept)}
          on conflict (id) do nothing`);
        await tx.delete(productLexemes);
        await tx.delete(productNameWords);
        for (const statement of addWordsOf('all')) await tx.execute(statement);
        const [count] = await tx.select({ indexed: sql<number>`count(*)`.mapWith(Number) }).from(products);
        return { indexed: count?.indexed ?? 0 };
      });
    } finally {
      this.written();
      this.loads.delete(load);
      await this.db.delete(productStaging).where(eq(productStaging.loadId, loadId));
    }
  }

  async search(input: ProductSearchQuery): Promise<ProductSearchResult> {
    const query = resolveSearchQuery(input);
    // The answer depends on the search asked and on the index's contents, which stay the same until it is next
    // written; on `saleSince` only within the window its counts hold in.
    const mark = this.searches.mark();
    const key = JSON.stringify({ ...query, saleSince: query.saleSince !== null });
    const remembered = this.searches.get(key);
    if (remembered && holdsAt(remembered, query.saleSince)) {
      return { items: await this.documents(remembered.ids), ...remembered.counts };
    }
    const answer = await this.answer(query);
    if (answer.window) this.searches.remember(key, { ...answer.window, counts: { total: answer.result.total, facets: answer.result.facets }, ids: answer.result.items.map((doc) => doc.id) }, mark);
    return answer.result;
  }

  /** The search run on the database, and the `saleSince` window it holds in (none: not to be remembered). */
  private async answer(query: ResolvedSearchQuery): Promise<{ result: ProductSearchResult; window: Pick<CountedInWindow, 'after' | 'upTo'> | undefined }> {
    let text: { match: SQL | undefined; order: SQL[] } | undefined;
    if (query.understood) {
      const compiled = await this.compileUnderstood(query.understood);
      if (!compiled) return { result: EMPTY_RESULT(), window: UNBOUNDED };
      text = compiled;
    } else if (query.terms.length > 0) {
      const compiled = await this.compileTerms(query.terms);
      if (!compiled) return { result: EMPTY_RESULT(), window: UNBOUNDED };
      text = {
        match: this.termsMatch(compiled.terms),
        order: [
          desc(sql`ts_rank(${RANK_WEIGHTS}, ${products.searchVector}, ${compiled.exact}::tsquery)`),
          desc(sql`ts_rank(${RANK_WEIGHTS}, ${products.nameBrandVector}, ${compiled.typos}::tsquery)`),
          // Shorter names first, as BM25 favours shorter fields.
          sql`length(${products.nameWords})`,
        ],
      };
    }
    const filters = groupFilters(query);
    const conditions = [text?.match, filters.brands, filters.genders, filters.priceBands, filters.colours, filters.onSale].filter((condition) => condition !== undefined);
    const where = conditions.length > 0 ? and(...conditions) : undefined;

    const counted = this.rememberedCounts(text?.match, query);
    if (query.keptFrom > 0) {
      // A tier the caller discards below `keptFrom`: counting that far (no further) decides whether it needs its page and facets.
      const found = counted.known?.counts.total ?? (await this.countUpTo(where, query.keptFrom));
      if (found < query.keptFrom) {
        // The count is exact (below the limit), and depends on `saleSince` only through the "on sale" filter.
        const window = counted.known ?? (query.onSale ? undefined : UNBOUNDED);
        return { result: { ...EMPTY_RESULT(), total: found }, window: window && { after: window.after, upTo: window.upTo } };
      }
    }
    const limit = pageLimit(query);
    const order = [...(text?.order ?? []), sql`${products.id} collate "C"`];
    const [rows, counts] = await Promise.all([
      limit === 0 ? Promise.resolve([]) : this.page(where, order, limit, query.offset),
      counted.known ??
        this.countAndFacets(text?.match, filters, query.saleSince).then((fresh) => {
          this.counts.remember(counted.key, fresh, counted.mark);
          return fresh;
        }),
    ]);
    return { result: { items: rows, ...counts.counts }, window: { after: counts.after, upTo: counts.upTo } };
  }

  /**
   * The totals and facets of this match and these filters if remembered
   * (for this `saleSince`'s window), and where to remember them: keyed by
   * the match's statement and the filters.
   */
  private rememberedCounts(match: SQL | undefined, query: ResolvedSearchQuery): { known: CountedInWindow | undefined; key: string; mark: number } {
    const mark = this.counts.mark();
    const statement = DIALECT.sqlToQuery(match ?? sql`true`);
    const key = JSON.stringify([statement.sql, statement.params, query.brands, query.gender, query.priceBands, query.colours, query.onSale, query.saleSince !== null]);
    const remembered = this.counts.get(key);
    return { known: remembered && holdsAt(remembered, query.saleSince) ? remembered : undefined, key, mark };
  }

  /**
   * One page of matches in order. The order is ranked over the ids only, and
   * the documents of the page's ids read after (ordered again, among them
   * alone): sorting thousands of whole rows, descriptions and all, to keep
   * 25 was most of a page's cost. The order ends with the id, so both
   * sorts agree.
   */
  private async page(where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<ProductDocument[]> {
    const pageIds = this.db.select({ id: products.id }).from(products).where(where).orderBy(...order).limit(limit).offset(offset);
    const rows = await this.db.select({ doc: DOCUMENT_JSON }).from(products).where(inArray(products.id, pageIds)).orderBy(...order);
    return rows.map(({ doc }) => ({ ...doc, updatedAt: utcInstant(doc.updatedAt) }));
  }

  /** The documents of these ids, in this order (those still indexed). */
  private async documents(ids: readonly string[]): Promise<ProductDocument[]> {
    if (ids.length === 0) return [];
    const rows = await this.documentsOfIds.execute({ ids });
    const byId = new Map(rows.map(({ doc }) => [doc.id, { ...doc, updatedAt: utcInstant(doc.updatedAt) }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** How many products match, counted no further than `atMost`. */
  private async countUpTo(where: SQL | undefined, atMost: number): Promise<number> {
    const found = this.db.select({ one: sql`1` }).from(products).where(where).limit(atMost).as('found');
    const [row] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(found);
    return row?.n ?? 0;
  }

  /** Terms ORed; a term matches with every word spelled right anywhere, or with typos in name and brand. */
  private termsMatch(terms: ReadonlyArray<{ exact: string; typos: string }>): SQL {
    return or(
      ...terms.map((term) =>
        term.typos === term.exact
          ? sql`${products.searchVector} @@ ${term.exact}::tsquery`
          : sql`(${products.searchVector} @@ ${term.exact}::tsquery or ${products.nameBrandVector} @@ ${term.typos}::tsquery)`,
      ),
    ) as SQL;
  }

  /**
   * An understood query (see `UnderstoodSearch`) as a condition and an
   * order: constraints as array overlaps and IN lists; the words as `match`
   * says (with `typos`: also within a typo in name and brand, the last word
   * also as a prefix of a name word); ranked by the words as a phrase in the
   * name, then the words by field weight, then the gender asked for above
   * Unisex, then the garment and colour words in the name, then typo
   * matches, then shorter names. Null
   * when words must match and none can (stop words only).
   */
  private async compileUnderstood(understood: UnderstoodSearch): Promise<{ match: SQL | undefined; order: SQL[] } | null> {
    const conditions: SQL[] = [];
    if (understood.genders.length > 0) conditions.push(inArray(products.audience, understood.genders));
    const order: SQL[] = [];
    if (understood.garments.length > 0) {
      const typed = sql`${products.garments} && ${textArray(understood.garments)}`;
      if (understood.untypedIn.length === 0) conditions.push(typed);
      else {
        conditions.push(sql`(${typed} or (cardinality(${products.garments}) = 0 and ${inArray(products.category, understood.untypedIn)}))`);
        // Every tagged match above every untyped one.
        order.push(desc(typed));
      }
    }
    if (understood.categories.length > 0) conditions.push(inArray(products.category, understood.categories));
    if (understood.colours.length > 0) conditions.push(sql`${products.colours} && ${textArray(understood.colours)}`);

    const words = understood.words;
    const phrase = words.length > 1 ? words.join(' ') : undefined;
    // Every compilation below plans the same words: stemmed in one query (the phrase with them).
    const planner = await this.termPlanner([...words, ...understood.boostWords], phrase);
    if (phrase !== undefined) order.push(desc(planner.inName(phrase)));
    const ranked = words.length > 0 ? await this.compileTerms(words, { planner, typos: false }) : null;
    if (ranked) order.push(desc(sql`ts_rank(${RANK_WEIGHTS}, ${products.searchVector}, ${ranked.exact}::tsquery)`));
    if (understood.preferGender !== null) order.push(desc(sql`(${products.audience} = ${understood.preferGender})`));
    // The garment and colour words in the name or brand: below the other words and the gender, which are what set items apart within the constraints.
    const boosted = understood.boostWords.length > 0 ? await this.compileTerms(understood.boostWords, { planner, typos: false }) : null;
    if (boosted) order.push(desc(sql`ts_rank(${RANK_WEIGHTS}, ${products.nameBrandVector}, ${boosted.exact}::tsquery)`));

    if (words.length > 0 && understood.match !== 'rank') {
      const typed = understood.match === 'all' ? [words.join(' ')] : words;
      const compiled = await this.compileTerms(typed, { planner, typos: understood.typos });
      const matches: SQL[] = [];
      if (compiled) {
        matches.push(this.termsMatch(compiled.terms));
        if (understood.typos) order.push(desc(sql`ts_rank(${RANK_WEIGHTS}, ${products.nameBrandVector}, ${compiled.typos}::tsquery)`));
      }
      const last = words.at(-1);
      if (understood.typos && understood.lastWordIsPrefix && last !== undefined) {
        const prefixes = queryWords(last).map((word) => `${quoteLexeme(word)}:*`);
        if (prefixes.length > 0) {
          const startsAWord = sql`${products.nameWords} @@ ${prefixes.join(' & ')}::tsquery`;
          const rest = words.slice(0, -1);
          const restCompiled = understood.match === 'all' && rest.length > 0 ? await this.compileTerms([rest.join(' ')], { planner }) : null;
          matches.push(restCompiled ? sql`(${this.termsMatch(restCompiled.terms)} and ${startsAWord})` : startsAWord);
          order.push(desc(startsAWord));
        }
      }
      if (matches.length === 0) return null;
      conditions.push(sql`(${or(...matches)})`);
    }
    order.push(sql`length(${products.nameWords})`);
    return { match: conditions.length > 0 ? and(...conditions) : undefined, order };
  }

  /**
   * Stems every word of the texts in one query (and `phrase` whole, for
   * `inName`): planning a term of those words then asks the database nothing.
   */
  private async termPlanner(texts: readonly string[], phrase?: string): Promise<TermPlanner> {
    const words = [...new Set(texts.flatMap((text) => queryWords(text)))];
    const [stems, synonyms] = await Promise.all([this.stem(phrase === undefined ? words : [...words, phrase]), this.synonymIndex()]);
    const plan = (term: string) => planTerm(term, (word) => lexemesOf(stems.get(word) ?? ''), synonyms);
    return Object.assign(plan, {
      inName: (text: string): SQL => {
        // The phrase query with every lexeme weighted A: its words in this order in the name, where `name_brand_vector` keeps
        // the name's own positions (what `to_tsvector(name) @@ phraseto_tsquery(text)` finds, without parsing every name).
        const query = (stems.get(text) ?? '').replace(/'(?:[^'\\]|''|\\.)*'/g, '$&:A');
        return query === '' ? sql`false` : sql`(${products.nameBrandVector} @@ ${query}::tsquery)`;
      },
    });
  }

  /**
   * The terms as tsquery text, each `exact` (words and synonyms) and with
   * `typos` (also the indexed name and brand words within each word's typo
   * allowance; the same as `exact` when `typos` is off, and then the typo
   * vocabulary is not read), and all terms ORed for ranking. `planner`: one
   * made for several compilations of the same words, so they are stemmed
   * once. Null when no term has a word to match (stop words or punctuation only).
   */
  private async compileTerms(
    terms: readonly string[],
    { planner, typos: withTypos = true }: { planner?: TermPlanner; typos?: boolean } = {},
  ): Promise<{ terms: Array<{ exact: string; typos: string }>; exact: string; typos: string } | null> {
    const planOf = planner ?? (await this.termPlanner(terms));
    const plans: TermPlan[] = terms.map(planOf).filter((plan) => plan.length > 0);
    const exact = renderTsQuery(plans);
    if (exact === null) return null;
    const typos = withTypos ? await this.typoCandidates(productLexemes.lexeme, fuzzySources(plans)) : undefined;
    return {
      terms: plans.map((plan) => ({ exact: renderTsQuery([plan]) ?? exact, typos: renderTsQuery([plan], typos) ?? exact })),
      exact,
      typos: renderTsQuery(plans, typos) ?? exact,
    };
  }

  /**
   * Each text's `phraseto_tsquery` under the index's configuration (its
   * lexemes in order: `lexemesOf`). Remembered: a text stems the same until
   * the configuration changes, which only a migration (a restart) does.
   */
  private async stem(texts: readonly string[]): Promise<Map<string, string>> {
    const unknown = texts.filter((text) => !this.stems.has(text));
    if (unknown.length > 0) {
      const result = await this.db.execute(sql`
        select word, phraseto_tsquery(${TS_CONFIG}, word)::text as query
        from json_array_elements_text(${JSON.stringify(unknown)}::json) as word`);
      const read = new Map(rowsOf<{ word: string; query: string }>(result).map((row) => [row.word, row.query]));
      for (const [word, query] of read) this.stems.set(word, query);
      return new Map(texts.map((text) => [text, read.get(text) ?? this.stems.get(text) ?? '']));
    }
    return new Map(texts.map((text) => [text, this.stems.get(text) ?? '']));
  }

  /** The synonym list stemmed by this database, once per instance. */
  private synonymIndex(): Promise<SynonymIndex> {
    this.synonyms ??= (async () => {
      const expansions = synonymExpansions();
      const stems = await this.stem([...new Set(expansions.flatMap((expansion) => [expansion.source, ...expansion.alternatives].flat()))]);
      return buildSynonymIndex(expansions, (word) => lexemesOf(stems.get(word) ?? ''));
    })().catch((error: unknown) => {
      this.synonyms = undefined;
      throw error;
    });
    return this.synonyms;
  }

  /**
   * For each source word, the words of a typo vocabulary within its
   * allowance (`typoMatches`): the database narrows them to the same first
   * letter and a length within the allowed edits.
   */
  private async typoCandidates(vocabulary: typeof productLexemes.lexeme | typeof productNameWords.word, sources: readonly string[]): Promise<Map<string, string[]>> {
    const key = (source: string) => `${vocabulary.name} ${source}`;
    const found = new Map(sources.flatMap((source) => {
      const matches = this.typos.get(key(source));
      return matches ? [[source, matches] as const] : [];
    }));
    const unknown = sources.filter((source) => !found.has(source));
    if (unknown.length > 0) {
      const mark = this.typos.mark();
      for (const [source, matches] of await this.readTypoCandidates(vocabulary, unknown)) {
        this.typos.remember(key(source), matches, mark);
        found.set(source, matches);
      }
    }
    return found;
  }

  private async readTypoCandidates(vocabulary: typeof productLexemes.lexeme | typeof productNameWords.word, sources: readonly string[]): Promise<Map<string, string[]>> {
    const wanted = sources.map((word) => ({ word, edits: maxEditsFor(word) }));
    const result = await this.db.execute(sql`
      select q.word as source, v.${sql.identifier(vocabulary.name)} as candidate
      from json_to_recordset(${JSON.stringify(wanted)}::json) as q(word text, edits int)
      join ${vocabulary.table} v
        on left(v.${sql.identifier(vocabulary.name)}, 1) = left(q.word, 1)
       and char_length(v.${sql.identifier(vocabulary.name)}) between char_length(q.word) - q.edits and char_length(q.word) + q.edits`);
    const bySource = new Map<string, string[]>();
    for (const row of rowsOf<{ source: string; candidate: string }>(result)) {
      const list = bySource.get(row.source) ?? [];
      list.push(row.candidate);
      bySource.set(row.source, list);
    }
    return new Map(sources.map((source) => [source, typoMatches(source, bySource.get(source) ?? [])]));
  }

  /**
   * Total and the disjunctive facets (see `ProductSearchFacets`) in one
   * statement. The products matching the terms are counted once into cells
   * of brand, gender, price band, colours and sale, each cell marked with
   * whether it passes each filter group (one row per combination that
   * occurs, not one per product); the total then sums the cells passing
   * every group, and each facet the cells passing the other groups (the
   * colour facet by the colour families of each cell's colours), and the
   * sale window the counts hold in.
   */
  private async countAndFacets(match: SQL | undefined, filters: GroupFilters, saleSince: Date | null): Promise<CountedInWindow> {
    const passes = (condition: SQL | undefined): SQL => (condition ? sql`(${condition})` : sql`true`);
    const families = textArray(SEARCH_COLOURS_LIST);
    // The sale window these counts hold in (see `CountedInWindow`): the latest drop before `saleSince` and the first from it.
    const since = saleSince?.toISOString();
    const dropBefore = since ? sql`max(${products.priceDropSince}) filter (where ${products.priceDropSince} < ${since}::timestamptz)` : sql`null::timestamptz`;
    const dropFrom = since ? sql`min(${products.priceDropSince}) filter (where ${products.priceDropSince} >= ${since}::timestamptz)` : sql`null::timestamptz`;
    const result = await this.db.execute(sql`
      with cells as materialized (
        select ${products.brand} as brand, ${products.gender} as gender, ${BAND_OF_PRICE} as band, ${products.colours} as colours,
               ${passes(filters.brands)} as in_brands, ${passes(filters.genders)} as in_genders, ${passes(filters.priceBands)} as in_bands,
               ${passes(filters.colours)} as in_colours,
               ${onSaleSince(saleSince)} as on_sale, ${passes(filters.onSale)} as in_sale, count(*)::int as n,
               ${dropBefore} as drop_before, ${dropFrom} as drop_from
        from ${products}
        ${match ? sql`where ${match}` : sql``}
        group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
      )
      select kind, value, n from (
        select 0 as kind, ''::text as value, coalesce(sum(n), 0)::int as n from cells where in_brands and in_genders and in_bands and in_colours and in_sale
        union all
        (select 1, brand, sum(n)::int from cells where in_genders and in_bands and in_colours and in_sale
         group by brand order by sum(n) desc, brand collate "C" limit ${BRAND_FACET_SIZE})
        union all
        select 2, gender, sum(n)::int from cells where in_brands and in_bands and in_colours and in_sale group by gender
        union all
        select 3, band, sum(n)::int from cells where in_brands and in_genders and in_colours and in_sale and band is not null group by band
        union all
        select 4, family, sum(n)::int from cells, unnest(colours) as family where family = any(${families}) and in_brands and in_genders and in_bands and in_sale group by family
        union all
        select 5, 'sale', coalesce(sum(n), 0)::int from cells where on_sale and in_brands and in_genders and in_bands and in_colours
        union all
        select 6, (extract(epoch from max(drop_before)) * 1000)::text, 0 from cells
        union all
        select 7, (extract(epoch from min(drop_from)) * 1000)::text, 0 from cells
      ) as facets
      order by kind, n desc, value collate "C"`);

    const facets: ProductSearchFacets = { brands: [], genders: [], priceBands: [], colours: [] };
    let total = 0;
    const window: Omit<CountedInWindow, 'counts'> = { after: null, upTo: null };
    const bandCounts = new Map<string, number>();
    // Rows come by kind (0 total, 1 brands, 2 genders, 3 bands, 4 colours, 5 sale, 6 and 7 the sale window), then count descending, then value.
    for (const row of rowsOf<{ kind: number; value: string; n: number }>(result)) {
      if (row.kind === 0) total = row.n;
      else if (row.kind === 1) facets.brands.push({ value: row.value, count: row.n });
      else if (row.kind === 2) facets.genders.push({ value: row.value as ProductGender, count: row.n });
      else if (row.kind === 4) facets.colours.push({ value: row.value as SearchColourId, count: row.n });
      else if (row.kind === 5) {
        if (row.n > 0) facets.onSale = row.n;
      } else if (row.kind === 6) window.after = row.value === null ? null : Number(row.value);
      else if (row.kind === 7) window.upTo = row.value === null ? null : Number(row.value);
      else bandCounts.set(row.value, row.n);
    }
    facets.colours.sort(byCountThenColourOrder);
    facets.priceBands = PRICE_BANDS.flatMap((band) => {
      const count = bandCounts.get(band.id) ?? 0;
      return count > 0 ? [{ value: band.id, count }] : [];
    });
    return { counts: { total, facets }, ...window };
  }

  /**
   * Three tiers, as in the OpenSearch twin, over the unstemmed name words
   * (`name_words`, GIN): the name starts with the prefix; every word of the
   * prefix starts a name word (`'jac':*`); every word starts a name word or,
   * from 4 letters, is within a typo of one (`product_name_words`,
   * FUZZINESS). One product per name; ties by name, then id.
   */
  async suggest(prefix: string, limit?: number): Promise<ProductSuggestion[]> {
    const text = prefix.trim();
    if (text.length === 0) return [];
    const startsWith = sql`lower(${products.name}) like lower(${`${likeLiteral(text)}%`})`;
    const words = queryWords(text);
    let matches = startsWith;
    let tier = sql`case when ${startsWith} then 0 else 2 end`;
    if (words.length > 0) {
      const typos = await this.typoCandidates(
        productNameWords.word,
        words.filter((word) => maxEditsFor(word) > 0),
      );
      const wordStarts = (word: string) => `${quoteLexeme(word)}:*`;
      const everyWordStarts = words.map(wordStarts).join(' & ');
      const everyWordStartsOrIsClose = words.map((word) => `(${[wordStarts(word), ...(typos.get(word) ?? []).map(quoteLexeme)].join(' | ')})`).join(' & ');
      // A name that starts with the prefix has a word starting with each of its words: the last tier holds the others.
      matches = sql`${products.nameWords} @@ ${everyWordStartsOrIsClose}::tsquery`;
      tier = sql`case when ${startsWith} then 0 when ${products.nameWords} @@ ${everyWordStarts}::tsquery then 1 else 2 end`;
    }
    const ranked = this.db
      .select({
        id: products.id,
        name: products.name,
        tier: sql<number>`${tier}`.as('tier'),
        nth: sql<number>`row_number() over (partition by lower(${products.name}) order by ${tier}, ${products.id} collate "C")`.as('nth'),
      })
      .from(products)
      .where(matches)
      .as('ranked');
    return this.db
      .select({ id: ranked.id, name: ranked.name })
      .from(ranked)
      .where(sql`${ranked.nth} = 1`)
      .orderBy(ranked.tier, sql`lower(${ranked.name}) collate "C"`, sql`${ranked.id} collate "C"`)
      .limit(resolveSuggestionLimit(limit));
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
