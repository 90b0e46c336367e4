import type { API, Client, Types } from '@opensearch-project/opensearch';
import { openSearchSynonymRules } from './fashion-synonyms';
import { TAGS_VERSION } from '@closetly/catalogue-rules';
import { ENGLISH_STOP_WORDS, FUZZINESS, FUZZY_MAX_EXPANSIONS, FUZZY_PREFIX_LENGTH, queryWords } from './fashion-text';
import {
  BRAND_FACET_SIZE,
  chunked,
  byCountThenColourOrder,
  SEARCH_COLOURS_LIST,
  type SearchColourId,
  type TaggedDocument,
  type UnderstoodSearch,
  PRICE_BANDS,
  type PriceBandId,
  type ProductDocument,
  type ProductGender,
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

/** The OpenSearch client, loaded when first used: the embedded product (PostgreSQL search) never needs it. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously
const opensearch = () => require('@opensearch-project/opensearch') as typeof import('@opensearch-project/opensearch');

export interface OpenSearchProductIndexOptions {
  /** Engine address, e.g. the platform's OPENSEARCH_URL. */
  node: string;
  /**
   * The alias every read and write goes through (`products` in the service;
   * tests use a unique one). The documents live in a versioned physical index
   * behind it, `<alias>-v<n>`, which `replaceAll` and schema upgrades swap.
   */
  index: string;
  /**
   * Refresh after writes: `false` (default, the engine refreshes about every
   * second), `'wait_for'` (the write returns once searchable) or `true`
   * (force a refresh now: tests).
   */
  refresh?: boolean | 'wait_for';
  /** One shard keeps BM25 statistics, hence ranking and page order, identical across requests. */
  shards?: number;
  replicas?: number;
  requestTimeoutMs?: number;
  /** How long a schema upgrade may take to copy the documents (`_reindex`). */
  migrationTimeoutMs?: number;
}

const WRITE_CHUNK = 500;

/**
 * Version of the settings and mappings below, kept in the physical index's
 * `_meta`. Bump it with any change to them: `ensureReady` then copies the
 * documents into a new physical index built with the new ones and swaps the
 * alias (an index from before versioning counts as 1).
 */
export const INDEX_SCHEMA_VERSION = 4;

/** Longest word prefix (and whole-name prefix) the suggestion n-grams index; longer ones are cut to it at query time. */
const WORD_PREFIX_MAX = 20;
const NAME_PREFIX_MAX = 60;

/**
 * Analysis mirrors the PostgreSQL twin (`fashion-text.ts` holds the shared
 * rules): HTML tags stripped, possessives dropped, lower case, Lucene's English
 * stop words, the Snowball English stemmer (porter2, PostgreSQL's `english`
 * stemmer). Searches add the fashion synonyms after stemming, so the rules
 * are stemmed too and "trainer" and "trainers" are one word; a synonym graph
 * keeps multi-word synonyms ("hooded sweatshirt") phrases.
 */
const settings = (shards: number, replicas: number): Types.Indices_Common.IndexSettings => ({
  number_of_shards: shards,
  number_of_replicas: replicas,
  analysis: {
    filter: {
      product_english_stop: { type: 'stop', stopwords: [...ENGLISH_STOP_WORDS] },
      product_english_stemmer: { type: 'stemmer', language: 'porter2' },
      product_english_possessive: { type: 'stemmer', language: 'possessive_english' },
      product_synonyms: { type: 'synonym_graph', synonyms: openSearchSynonymRules() },
      product_word_prefixes: { type: 'edge_ngram', min_gram: 1, max_gram: WORD_PREFIX_MAX },
      product_word_prefix_cut: { type: 'truncate', length: WORD_PREFIX_MAX },
      product_name_prefixes: { type: 'edge_ngram', min_gram: 1, max_gram: NAME_PREFIX_MAX },
      product_name_prefix_cut: { type: 'truncate', length: NAME_PREFIX_MAX },
    },
    analyzer: {
      product_text: {
        type: 'custom',
        char_filter: ['html_strip'],
        tokenizer: 'standard',
        filter: ['product_english_possessive', 'lowercase', 'product_english_stop', 'product_english_stemmer'],
      },
      product_search: {
        type: 'custom',
        tokenizer: 'standard',
        filter: ['product_english_possessive', 'lowercase', 'product_english_stop', 'product_english_stemmer', 'product_synonyms'],
      },
      /** Unstemmed words for typo matching in suggestions. */
      product_words: { type: 'custom', char_filter: ['html_strip'], tokenizer: 'standard', filter: ['lowercase'] },
      /** Suggestions: every prefix of every word, and of the whole name. */
      product_word_prefixes: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'product_word_prefixes'] },
      product_word_prefix_query: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'product_word_prefix_cut'] },
      product_name_prefixes: { type: 'custom', tokenizer: 'keyword', filter: ['lowercase', 'product_name_prefixes'] },
      product_name_prefix_query: { type: 'custom', tokenizer: 'keyword', filter: ['lowercase', 'product_name_prefix_cut'] },
    },
    normalizer: { product_lowercase: { type: 'custom', filter: ['lowercase'] } },
  },
});

const text = (extra: Omit<Types.Common_Mapping.TextProperty, 'type'> = {}): Types.Common_Mapping.TextProperty => ({
  type: 'text',
  analyzer: 'product_text',
  search_analyzer: 'product_search',
  ...extra,
});
const stored: Types.Common_Mapping.Property = { type: 'keyword', index: false, doc_values: false };

const mappings: Types.Common_Mapping.TypeMapping = {
  dynamic: 'strict',
  // tagsVersion: the vocabulary the garment and colour tags were read with; an older one is read again (see ensureReady).
  _meta: { schemaVersion: INDEX_SCHEMA_VERSION, tagsVersion: TAGS_VERSION },
  properties: {
    id: { type: 'keyword' },
    name: text({
      copy_to: ['allText', 'nameBrand'],
      fields: {
        words: { type: 'text', analyzer: 'product_words' },
        wordPrefixes: { type: 'text', analyzer: 'product_word_prefixes', search_analyzer: 'product_word_prefix_query' },
        namePrefixes: { type: 'text', analyzer: 'product_name_prefixes', search_analyzer: 'product_name_prefix_query' },
        lower: { type: 'keyword', normalizer: 'product_lowercase', ignore_above: 512 },
      },
    }),
    brand: { type: 'keyword', copy_to: ['allText', 'nameBrand'], fields: { text: text() } },
    description: text({ copy_to: ['allText'] }),
    /** Name, brand and description as one field: where every word of a term must be found (a brand word and a name word together). */
    allText: text(),
    /** Name and brand as one field: where typos may match. */
    nameBrand: text(),
    price: { type: 'double' },
    currency: { type: 'keyword' },
    priceText: stored,
    gender: { type: 'keyword' },
    category: { type: 'keyword' },
    imageUrl: stored,
    sourceUrl: stored,
    retailer: { type: 'keyword' },
    colour: stored,
    /** `productTags`: garment types with their wider kinds, colour shades and families. */
    audience: { type: 'keyword' },
    garments: { type: 'keyword' },
    colours: { type: 'keyword' },
    updatedAt: { type: 'date' },
    /** The catalogue's latest price drop, kept for the cards (not searched), and when it happened ("On sale"). */
    priceDrop: { type: 'object', enabled: false },
    priceDropSince: { type: 'date' },
    available: { type: 'boolean' },
  },
};

const FUZZY = {
  fuzziness: FUZZINESS,
  prefix_length: FUZZY_PREFIX_LENGTH,
  max_expansions: FUZZY_MAX_EXPANSIONS,
  fuzzy_transpositions: true,
} as const;

/**
 * One search term: every word must be found, spelled right anywhere (name,
 * brand, description together) or within its typo allowance in name and
 * brand. The score is exact words (and synonyms) by field (name 4, brand 2,
 * description 1), plus typo-tolerant name words (1), so exact matches come
 * before typo matches.
 */
const termQuery = (term: string): Types.Common_QueryDsl.QueryContainer => ({
  bool: {
    filter: [
      {
        bool: {
          should: [{ match: { allText: { query: term, operator: 'and' } } }, { match: { nameBrand: { query: term, operator: 'and', ...FUZZY } } }],
          minimum_should_match: 1,
        },
      },
    ],
    should: [
      { match: { name: { query: term, boost: 4 } } },
      { match: { 'brand.text': { query: term, boost: 2 } } },
      { match: { description: { query: term, boost: 1 } } },
      { match: { name: { query: term, ...FUZZY, boost: 1 } } },
    ],
  },
});

/**
 * An understood query (see `UnderstoodSearch`): the constraints filter, the
 * words select as `match` says, and everything scores: the words as a phrase
 * in the name (6), the words in the name (4), brand (2) and description (1),
 * the garment and colour words in the name (0.5: they only order items the
 * other words leave tied), the gender asked for (2),
 * typo and prefix matches in the name (0.5).
 */
function understoodQuery(understood: UnderstoodSearch): Types.Common_QueryDsl.QueryContainer {
  const filter: Types.Common_QueryDsl.QueryContainer[] = [];
  if (understood.genders.length > 0) filter.push({ terms: { audience: understood.genders } });
  const should: Types.Common_QueryDsl.QueryContainer[] = [];
  if (understood.garments.length > 0) {
    const typed: Types.Common_QueryDsl.QueryContainer = { terms: { garments: understood.garments } };
    if (understood.untypedIn.length === 0) filter.push(typed);
    else {
      const untyped = { bool: { must_not: [{ exists: { field: 'garments' } }], filter: [{ terms: { category: understood.untypedIn } }] } };
      filter.push({ bool: { should: [typed, untyped], minimum_should_match: 1 } });
      // Every tagged match above every untyped one.
      should.push({ constant_score: { filter: typed, boost: 100 } });
    }
  }
  if (understood.categories.length > 0) filter.push({ terms: { category: understood.categories } });
  if (understood.colours.length > 0) filter.push({ terms: { colours: understood.colours } });

  const text = understood.words.join(' ');
  // The last word as the start of a name word, unstemmed, as the PostgreSQL twin's `name_words`.
  const last = understood.words.at(-1);
  const prefixOfLast: Types.Common_QueryDsl.QueryContainer | undefined =
    understood.typos && understood.lastWordIsPrefix && last !== undefined && queryWords(last).length > 0
      ? { bool: { filter: queryWords(last).map((word) => ({ prefix: { 'name.words': { value: word } } })) } }
      : undefined;
  if (understood.words.length > 0) {
    const operator = understood.match === 'any' ? 'or' : 'and';
    if (understood.match !== 'rank') {
      const ways: Types.Common_QueryDsl.QueryContainer[] = [{ match: { allText: { query: text, operator } } }];
      if (understood.typos) ways.push({ match: { nameBrand: { query: text, operator, ...FUZZY } } });
      if (prefixOfLast) {
        const rest = understood.words.slice(0, -1).join(' ');
        ways.push(
          understood.match === 'all' && rest.length > 0
            ? {
                bool: {
                  filter: [
                    prefixOfLast,
                    { bool: { should: [{ match: { allText: { query: rest, operator: 'and' } } }, { match: { nameBrand: { query: rest, operator: 'and', ...FUZZY } } }], minimum_should_match: 1 } },
                  ],
                },
              }
            : prefixOfLast,
        );
      }
      filter.push({ bool: { should: ways, minimum_should_match: 1 } });
    }
    if (understood.words.length > 1) should.push({ match_phrase: { name: { query: text, boost: 6 } } });
    should.push(
      { match: { name: { query: text, boost: 4 } } },
      { match: { 'brand.text': { query: text, boost: 2 } } },
      { match: { description: { query: text, boost: 1 } } },
    );
    if (understood.typos) should.push({ match: { name: { query: text, ...FUZZY, boost: 0.5 } } });
    if (prefixOfLast) should.push({ constant_score: { filter: prefixOfLast, boost: 0.5 } });
  }
  if (understood.boostWords.length > 0) should.push({ match: { name: { query: understood.boostWords.join(' '), boost: 0.5 } } });
  if (understood.preferGender !== null) should.push({ constant_score: { filter: { term: { audience: understood.preferGender } }, boost: 2 } });
  return { bool: { filter, should } };
}

interface TermsBucket {
  key: string;
  doc_count: number;
}
/** Each facet: a `filter` aggregation (the other groups' filters) around the `values` it counts. */
interface FacetAggregations {
  brands: { values: { buckets: TermsBucket[] } };
  genders: { values: { buckets: TermsBucket[] } };
  priceBands: { values: { buckets: TermsBucket[] } };
  colours: { values: { buckets: TermsBucket[] } };
  onSale: { doc_count: number };
}

const FACET_GROUPS = ['brands', 'genders', 'priceBands', 'colours', 'onSale'] as const;

/** "On sale": a price drop at or after `since` (none without a `since`). */
const onSaleSince = (since: Date | null): Types.Common_QueryDsl.QueryContainer =>
  since ? { range: { priceDropSince: { gte: since.toISOString() } } } : { bool: { must_not: [{ match_all: {} }] } };
type FacetGroup = (typeof FACET_GROUPS)[number];

/** Each filter group's query (an OR of its values), absent when the group filters nothing. */
function groupFilters(query: ResolvedSearchQuery): Record<FacetGroup, Types.Common_QueryDsl.QueryContainer | undefined> {
  const bands = PRICE_BANDS.filter((band) => query.priceBands.includes(band.id));
  return {
    brands: query.brands.length > 0 ? { terms: { brand: query.brands } } : undefined,
    colours: query.colours.length > 0 ? { terms: { colours: query.colours } } : undefined,
    genders: query.gender.length > 0 ? { terms: { gender: query.gender } } : undefined,
    onSale: query.onSale ? onSaleSince(query.saleSince) : undefined,
    priceBands:
      bands.length > 0
        ? {
            bool: {
              should: bands.map((band) => ({
                range: { price: { ...(band.min === null ? {} : { gte: band.min }), ...(band.max === null ? {} : { lt: band.max }) } },
              })),
              minimum_should_match: 1,
            },
          }
        : undefined,
  };
}

/**
 * A terms aggregation ordered by count, then value. (The client's generated
 * types omit `field`, which every terms aggregation needs.)
 */
const termsOn = (field: string, size: number) =>
  ({ field, size, order: [{ _count: 'desc' }, { _key: 'asc' }] }) as Types.Common_Aggregations.TermsAggregationFields;

const errorType = (error: unknown): string | undefined =>
  error instanceof opensearch().errors.ResponseError ? (error.body as { error?: { type?: string } } | undefined)?.error?.type : undefined;
const isNotFound = (error: unknown): boolean => error instanceof opensearch().errors.ResponseError && error.statusCode === 404;

/** A document as stored; one indexed before a field existed lacks it. */
const fromSource = (source: Partial<ProductDocument> & Pick<ProductDocument, 'id' | 'name' | 'brand'>): ProductDocument => ({
  id: source.id,
  name: source.name,
  brand: source.brand,
  price: source.price ?? null,
  currency: source.currency ?? null,
  priceText: source.priceText ?? null,
  imageUrl: source.imageUrl ?? null,
  description: source.description ?? '',
  sourceUrl: source.sourceUrl ?? '',
  retailer: source.retailer ?? null,
  gender: source.gender ?? 'Unisex',
  category: source.category ?? 'home',
  colour: source.colour ?? null,
  updatedAt: source.updatedAt ?? new Date(0).toISOString(),
  priceDrop: source.priceDrop ?? null,
  available: source.available ?? true,
});

/**
 * A physical index being loaded by `replaceAll`. Every write to it runs in
 * one queue, so the snapshot and the writes of upsert/remove never race: an
 * id written by upsert/remove is marked and later snapshot copies of it are
 * skipped; an earlier snapshot copy is overwritten.
 */
class IndexLoad {
  readonly touched = new Set<string>();
  failed = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly index: string) {}

  run<T>(step: () => Promise<T>): Promise<T> {
    const result = this.queue.then(step);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/**
 * The distributed mode's search engine: OpenSearch, read and written through
 * an alias over a versioned physical index with explicit mappings. Facets are
 * aggregations over the documents matching the terms, each within the other
 * filter groups (see `ProductSearchFacets` for the semantics both engines
 * share).
 *
 * Index lifecycle: `ensureReady` creates `<alias>-v1` and the alias on a
 * fresh engine; finds an older schema behind the alias, or a concrete index
 * named like the alias (from before aliases), and copies its documents into a
 * new physical index with the current schema, then swaps; `replaceAll` builds
 * the next version from a snapshot and swaps. A swap is one atomic alias
 * update that also deletes the old physical index. Writes that reach the old
 * index during a copy by `_reindex` (a schema upgrade) are lost; run the
 * reindex command after an upgrade, or upgrade while nothing writes.
 */
export class OpenSearchProductIndex implements ProductSearchIndex {
  private readonly client: Client;
  private readonly alias: string;
  private readonly refresh: boolean | 'wait_for';
  private readonly loads = new Set<IndexLoad>();

  constructor(private readonly options: OpenSearchProductIndexOptions) {
    this.client = new (opensearch().Client)({ node: options.node, requestTimeout: options.requestTimeoutMs ?? 10_000 });
    this.alias = options.index;
    this.refresh = options.refresh ?? false;
  }

  async ensureReady(): Promise<void> {
    const targets = await this.aliasTargets();
    if (targets.length > 1) throw new Error(`The alias ${this.alias} points at several indices (${targets.join(', ')}); point it at one.`);
    const [current] = targets;
    if (current !== undefined) {
      const version = await this.schemaVersionOf(current);
      if (version < INDEX_SCHEMA_VERSION) await this.migrate(current);
      // Same version: additive mapping changes apply in place; a conflicting one fails here, loudly. A newer one is left alone.
      else if (version === INDEX_SCHEMA_VERSION) await this.client.indices.putMapping({ index: current, body: mappings });
      return;
    }
    const { body: concrete } = await this.client.indices.exists({ index: this.alias });
    if (concrete) {
      await this.migrate(this.alias);
      return;
    }
    try {
      await this.createIndex(await this.nextIndexName(), { alias: true });
    } catch (error) {
      // Another instance created it between our check and our create.
      if (errorType(error) !== 'resource_already_exists_exception' || (await this.aliasTargets()).length === 0) throw error;
    }
  }

  /** The physical indices behind the alias (none before `ensureReady`). */
  async aliasTargets(): Promise<string[]> {
    try {
      const { body } = await this.client.indices.getAlias({ name: this.alias });
      return Object.keys(body).sort();
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }

  /** The schema version of a physical index; one whose tags an older vocabulary read counts as older. */
  private async schemaVersionOf(index: string): Promise<number> {
    const { body } = await this.client.indices.getMapping({ index });
    const meta = (body[index]?.mappings as { _meta?: { schemaVersion?: unknown; tagsVersion?: unknown } } | undefined)?._meta;
    const version = typeof meta?.schemaVersion === 'number' ? meta.schemaVersion : 1;
    const tagsVersion = typeof meta?.tagsVersion === 'number' ? meta.tagsVersion : 0;
    return version === INDEX_SCHEMA_VERSION && tagsVersion < TAGS_VERSION ? version - 1 : version;
  }

  /** `<alias>-v<n+1>`, n the highest version that exists (0 on a fresh engine). */
  private async nextIndexName(): Promise<string> {
    const versions = (await this.versionedIndices()).map((name) => Number(name.slice(this.alias.length + 2)));
    return `${this.alias}-v${Math.max(0, ...versions) + 1}`;
  }

  private async versionedIndices(): Promise<string[]> {
    const { body } = await this.client.cat.indices({ index: [`${this.alias}-v*`], format: 'json', h: ['index'], expand_wildcards: 'all' });
    const pattern = new RegExp(`^${this.alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-v(\\d+)$`);
    return (body as Array<{ index: string }>).map((row) => row.index).filter((name) => pattern.test(name));
  }

  private async createIndex(name: string, options: { alias?: boolean } = {}): Promise<void> {
    await this.client.indices.create({
      index: name,
      body: {
        settings: settings(this.options.shards ?? 1, this.options.replicas ?? 0),
        mappings,
        ...(options.alias ? { aliases: { [this.alias]: {} } } : {}),
      },
    });
  }

  /** Points the alias at `target` and deletes `previous`, in one atomic step: readers see one or the other. */
  private async swap(target: string, previous: readonly string[]): Promise<void> {
    await this.client.indices.updateAliases({
      body: { actions: [...previous.map((index) => ({ remove_index: { index } })), { add: { index: target, alias: this.alias } }] },
    });
  }

  /**
   * Copies `source` (an older schema, or tags read by an older vocabulary)
   * into a new physical index with the current schema, reading each
   * document's tags again, then swaps.
   */
  private async migrate(source: string): Promise<void> {
    const target = await this.nextIndexName();
    await this.createIndex(target);
    try {
      await this.copyRetagged(source, target);
      await this.client.indices.refresh({ index: target });
      await this.swap(target, [source]);
    } catch (error) {
      await this.client.indices.delete({ index: target, ignore_unavailable: true }).catch(() => undefined);
      throw error;
    }
  }

  private async copyRetagged(source: string, target: string): Promise<void> {
    const timeout = this.options.migrationTimeoutMs ?? 600_000;
    let page = await this.client.search({ index: source, scroll: '2m', size: WRITE_CHUNK, body: { query: { match_all: {} }, sort: ['_doc'] } }, { requestTimeout: timeout });
    try {
      while (page.body.hits.hits.length > 0) {
        const docs = page.body.hits.hits.map((hit) => fromSource(hit._source as ProductDocument));
        await this.writeDocuments(target, prepareDocuments(docs), false);
        const scrollId = page.body._scroll_id;
        if (scrollId === undefined) break;
        page = await this.client.scroll({ body: { scroll_id: scrollId, scroll: '2m' } }, { requestTimeout: timeout });
      }
    } finally {
      const scrollId = page.body._scroll_id;
      if (scrollId !== undefined) await this.client.clearScroll({ body: { scroll_id: scrollId } }).catch(() => undefined);
    }
  }

  async upsert(docs: readonly ProductDocument[]): Promise<void> {
    const before = [...this.loads];
    const prepared = prepareDocuments(docs);
    await this.writeDocuments(this.alias, prepared, this.refresh);
    for (const load of this.loadsSince(before)) {
      await load.run(async () => {
        if (load.failed) return;
        for (const doc of prepared) load.touched.add(doc.id);
        await this.writeDocuments(load.index, prepared, false);
      });
    }
  }

  async remove(ids: readonly string[]): Promise<void> {
    const before = [...this.loads];
    const unique = [...new Set(ids)];
    await this.deleteDocuments(this.alias, unique, this.refresh);
    for (const load of this.loadsSince(before)) {
      await load.run(async () => {
        if (load.failed) return;
        for (const id of unique) load.touched.add(id);
        await this.deleteDocuments(load.index, unique, false);
      });
    }
  }

  /**
   * The loads a write must also reach: those running before it wrote through
   * the alias (one may have swapped meanwhile, so the write reached the old
   * index) and those running after (one may have started meanwhile).
   */
  private loadsSince(before: readonly IndexLoad[]): Set<IndexLoad> {
    return new Set([...before, ...this.loads]);
  }

  private async writeDocuments(index: string, docs: readonly TaggedDocument[], refresh: boolean | 'wait_for'): Promise<void> {
    for (const chunk of chunked(docs, WRITE_CHUNK)) {
      await this.bulk(
        chunk.flatMap((doc) => [{ index: { _index: index, _id: doc.id } }, { ...doc, priceDropSince: doc.priceDrop?.since ?? null }]),
        refresh,
      );
    }
  }

  private async deleteDocuments(index: string, ids: readonly string[], refresh: boolean | 'wait_for'): Promise<void> {
    for (const chunk of chunked(ids, WRITE_CHUNK)) {
      await this.bulk(
        chunk.map((id) => ({ delete: { _index: index, _id: id } })),
        refresh,
      );
    }
  }

  private async bulk(operations: Record<string, unknown>[], refresh: boolean | 'wait_for'): Promise<void> {
    const { body } = await this.client.bulk({ body: operations, refresh });
    if (!body.errors) return;
    const failures = body.items.flatMap((item) => Object.values(item)).filter((result) => result?.error);
    if (failures.length === 0) return;
    const first = failures[0]?.error;
    throw new Error(`OpenSearch rejected ${failures.length} of ${body.items.length} operations: ${first?.type ?? 'error'}: ${first?.reason ?? ''}`);
  }

  /**
   * Builds the next physical index (current schema), loads the snapshot into it, refreshes it, then swaps the alias
   * and deletes the old index in one atomic step. Searches read the old
   * index until the swap. Upsert/remove on this instance write to both while
   * it loads (see `IndexLoad`); another instance's writes during the load
   * reach only the old index, so run one reindex where the events are consumed.
   */
  async replaceAll(batches: AsyncIterable<readonly ProductDocument[]>): Promise<{ indexed: number }> {
    await this.ensureReady();
    const load = new IndexLoad(await this.nextIndexName());
    await this.createIndex(load.index);
    this.loads.add(load);
    try {
      for await (const batch of batches) {
        await load.run(() =>
          this.writeDocuments(
            load.index,
            prepareDocuments(batch).filter((doc) => !load.touched.has(doc.id)),
            false,
          ),
        );
      }
      await load.run(async () => {
        await this.client.indices.refresh({ index: load.index });
        await this.swap(load.index, await this.aliasTargets());
      });
    } catch (error) {
      load.failed = true;
      this.loads.delete(load);
      await this.client.indices.delete({ index: load.index, ignore_unavailable: true }).catch(() => undefined);
      throw error;
    }
    this.loads.delete(load);
    const { body } = await this.client.count({ index: this.alias });
    return { indexed: body.count };
  }

  /**
   * One request: the terms are the query; the filters are a `post_filter`, so
   * they narrow the hits (and total) but not the aggregations; each facet is
   * a `filter` aggregation holding the other groups' filters around its
   * terms or range aggregation (disjunctive facets, see `ProductSearchFacets`).
   */
  async search(input: ProductSearchQuery): Promise<ProductSearchResult> {
    const query = resolveSearchQuery(input);
    const must: Types.Common_QueryDsl.QueryContainer[] = query.understood
      ? [understoodQuery(query.understood)]
      : query.terms.length > 0
        ? [{ bool: { should: query.terms.map(termQuery), minimum_should_match: 1 } }]
        : [{ match_all: {} }];
    const filters = groupFilters(query);
    const filtersOf = (groups: readonly FacetGroup[]): Types.Common_QueryDsl.QueryContainer[] =>
      groups.flatMap((group) => {
        const filter = filters[group];
        return filter === undefined ? [] : [filter];
      });
    const allFilters = filtersOf(FACET_GROUPS);
    /** Every group's filter but the given group's: what that group's facet counts within (an empty bool matches all). */
    const othersThan = (group: FacetGroup): Types.Common_QueryDsl.QueryContainer => ({
      bool: { filter: filtersOf(FACET_GROUPS.filter((other) => other !== group)) },
    });

    const size = pageLimit(query);
    const request: API.Search_Request = {
      index: this.alias,
      body: {
        from: size === 0 ? 0 : query.offset,
        size,
        track_total_hits: true,
        query: { bool: { must } },
        ...(allFilters.length > 0 ? { post_filter: { bool: { filter: allFilters } } } : {}),
        sort: [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }],
        aggs: {
          brands: { filter: othersThan('brands'), aggs: { values: { terms: termsOn('brand', BRAND_FACET_SIZE) } } },
          genders: { filter: othersThan('genders'), aggs: { values: { terms: termsOn('gender', 10) } } },
          onSale: { filter: { bool: { filter: [...filtersOf(FACET_GROUPS.filter((other) => other !== 'onSale')), onSaleSince(query.saleSince)] } } },
          colours: {
            filter: othersThan('colours'),
            aggs: { values: { terms: { ...termsOn('colours', SEARCH_COLOURS_LIST.length), include: [...SEARCH_COLOURS_LIST] } as Types.Common_Aggregations.TermsAggregationFields } },
          },
          priceBands: {
            filter: othersThan('priceBands'),
            aggs: {
              values: {
                range: {
                  field: 'price',
                  ranges: PRICE_BANDS.map((band) => ({
                    key: band.id,
                    ...(band.min === null ? {} : { from: band.min }),
                    ...(band.max === null ? {} : { to: band.max }),
                  })),
                },
              },
            },
          },
        },
      },
    };
    const { body } = await this.client.search(request);

    const total = typeof body.hits.total === 'number' ? body.hits.total : (body.hits.total?.value ?? 0);
    const aggregations = body.aggregations as unknown as FacetAggregations;
    return {
      items: body.hits.hits.map((hit) => fromSource(hit._source as ProductDocument)),
      total,
      facets: {
        brands: aggregations.brands.values.buckets.map((bucket) => ({ value: bucket.key, count: bucket.doc_count })),
        genders: aggregations.genders.values.buckets.map((bucket) => ({ value: bucket.key as ProductGender, count: bucket.doc_count })),
        colours: aggregations.colours.values.buckets
          .map((bucket) => ({ value: bucket.key as SearchColourId, count: bucket.doc_count }))
          .sort(byCountThenColourOrder),
        priceBands: aggregations.priceBands.values.buckets
          .filter((bucket) => bucket.doc_count > 0)
          .map((bucket) => ({ value: bucket.key as PriceBandId, count: bucket.doc_count })),
        ...(aggregations.onSale.doc_count > 0 ? { onSale: aggregations.onSale.doc_count } : {}),
      },
    };
  }

  /**
   * Three tiers, as in the PostgreSQL twin, each term lookups in edge
   * n-grams or fuzzy terms: the name starts with the prefix (whole-name
   * prefixes); every word of the prefix starts a name word (word prefixes);
   * every word starts a name word or is within a typo of one (FUZZINESS). A
   * name scores its best tier only (dis_max); ties by name, then id; one
   * product per name.
   */
  async suggest(prefix: string, limit?: number): Promise<ProductSuggestion[]> {
    const value = prefix.trim();
    if (value.length === 0) return [];
    const wordStarts = (word: string) => ({ match: { 'name.wordPrefixes': { query: word } } });
    const words = queryWords(value);
    const tier = (boost: number, filter: Types.Common_QueryDsl.QueryContainer) => ({ constant_score: { filter, boost } });
    const { body } = await this.client.search({
      index: this.alias,
      body: {
        size: resolveSuggestionLimit(limit),
        _source: ['id', 'name'],
        query: {
          dis_max: {
            queries: [
              tier(3, { match: { 'name.namePrefixes': { query: value } } }),
              ...(words.length > 0
                ? [
                    tier(2, { bool: { must: words.map(wordStarts) } }),
                    tier(1, {
                      bool: {
                        must: words.map((word) => ({
                          bool: { should: [wordStarts(word), { match: { 'name.words': { query: word, ...FUZZY } } }], minimum_should_match: 1 },
                        })),
                      },
                    }),
                  ]
                : []),
            ],
          },
        },
        sort: [{ _score: { order: 'desc' } }, { 'name.lower': { order: 'asc' } }, { id: { order: 'asc' } }],
        // One product per name (case aside): the first in the order above.
        collapse: { field: 'name.lower' },
      },
    });
    return body.hits.hits.map((hit) => {
      const source = hit._source as Pick<ProductDocument, 'id' | 'name'>;
      return { id: source.id, name: source.name };
    });
  }

  async isReady(): Promise<boolean> {
    try {
      const { body } = await this.client.indices.exists({ index: this.alias }, { requestTimeout: 2_000 });
      return body === true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Tests: drop the alias and every physical index of it. */
  async deleteIndex(): Promise<void> {
    const targets = await this.aliasTargets();
    const names = new Set([...targets, ...(await this.versionedIndices())]);
    if (targets.length === 0 && (await this.client.indices.exists({ index: this.alias })).body) names.add(this.alias);
    for (const index of names) await this.client.indices.delete({ index, ignore_unavailable: true });
  }
}
