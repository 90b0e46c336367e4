import { type API, Client, errors, type Types } from '@opensearch-project/opensearch';
import {
  BRAND_FACET_SIZE,
  chunked,
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
  resolveSearchQuery,
  resolveSuggestionLimit,
} from './product-search-index';

export interface OpenSearchProductIndexOptions {
  /** Engine address, e.g. the platform's OPENSEARCH_URL. */
  node: string;
  /** Index name: `products` in the service; tests use a unique one. */
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
}

const WRITE_CHUNK = 500;

/**
 * Analysis mirrors the PostgreSQL twin's `english` text search configuration:
 * HTML tags stripped (PostgreSQL's parser skips them too), lower case, English
 * stop words and the Snowball English stemmer (porter2).
 */
const settings = (shards: number, replicas: number): Types.Indices_Common.IndexSettings => ({
  number_of_shards: shards,
  number_of_replicas: replicas,
  analysis: {
    filter: {
      product_english_stop: { type: 'stop', stopwords: ['_english_'] },
      product_english_stemmer: { type: 'stemmer', language: 'porter2' },
      product_english_possessive: { type: 'stemmer', language: 'possessive_english' },
    },
    analyzer: {
      product_text: {
        type: 'custom',
        char_filter: ['html_strip'],
        tokenizer: 'standard',
        filter: ['product_english_possessive', 'lowercase', 'product_english_stop', 'product_english_stemmer'],
      },
      /** Unstemmed words for prefix and typo matching in suggestions. */
      product_words: { type: 'custom', char_filter: ['html_strip'], tokenizer: 'standard', filter: ['lowercase'] },
    },
    normalizer: { product_lowercase: { type: 'custom', filter: ['lowercase'] } },
  },
});

const mappings = {
  dynamic: 'strict',
  properties: {
    id: { type: 'keyword' },
    name: {
      type: 'text',
      analyzer: 'product_text',
      fields: {
        words: { type: 'text', analyzer: 'product_words' },
        lower: { type: 'keyword', normalizer: 'product_lowercase', ignore_above: 512 },
      },
    },
    brand: { type: 'keyword', fields: { text: { type: 'text', analyzer: 'product_text' } } },
    description: { type: 'text', analyzer: 'product_text' },
    price: { type: 'double' },
    currency: { type: 'keyword' },
    gender: { type: 'keyword' },
    category: { type: 'keyword' },
    imageUrl: { type: 'keyword', index: false, doc_values: false },
    sourceUrl: { type: 'keyword', index: false, doc_values: false },
    retailer: { type: 'keyword' },
    updatedAt: { type: 'date' },
  },
} as const;

/** Field boosts: a name match ranks above a brand match, above a description match. */
const TEXT_FIELDS = ['name^4', 'brand.text^2', 'description'];

interface TermsBucket {
  key: string;
  doc_count: number;
}
interface FacetAggregations {
  brands: { buckets: TermsBucket[] };
  genders: { buckets: TermsBucket[] };
  priceBands: { buckets: TermsBucket[] };
}

/**
 * A terms aggregation ordered by count, then value. (The client's generated
 * types omit `field`, which every terms aggregation needs.)
 */
const termsOn = (field: string, size: number) =>
  ({ field, size, order: [{ _count: 'desc' }, { _key: 'asc' }] }) as Types.Common_Aggregations.TermsAggregationFields;

const isResponseError = (error: unknown, type: string): boolean =>
  error instanceof errors.ResponseError && (error.body as { error?: { type?: string } } | undefined)?.error?.type === type;

/**
 * The distributed mode's search engine: one OpenSearch index with explicit
 * mappings. Facets are aggregations over the matching documents (see
 * `ProductSearchFacets` for the semantics both engines share).
 */
export class OpenSearchProductIndex implements ProductSearchIndex {
  private readonly client: Client;
  private readonly index: string;
  private readonly refresh: boolean | 'wait_for';

  constructor(private readonly options: OpenSearchProductIndexOptions) {
    this.client = new Client({ node: options.node, requestTimeout: options.requestTimeoutMs ?? 10_000 });
    this.index = options.index;
    this.refresh = options.refresh ?? false;
  }

  async ensureReady(): Promise<void> {
    const { body: exists } = await this.client.indices.exists({ index: this.index });
    if (exists) {
      // Additive mapping changes apply in place; a conflicting change fails here, loudly.
      await this.client.indices.putMapping({ index: this.index, body: mappings });
      return;
    }
    try {
      await this.client.indices.create({
        index: this.index,
        body: { settings: settings(this.options.shards ?? 1, this.options.replicas ?? 0), mappings },
      });
    } catch (error) {
      // Another instance created it between our check and our create.
      if (!isResponseError(error, 'resource_already_exists_exception')) throw error;
    }
  }

  async upsert(docs: readonly ProductDocument[]): Promise<void> {
    for (const chunk of chunked(prepareDocuments(docs), WRITE_CHUNK)) {
      await this.bulk(chunk.flatMap((doc) => [{ index: { _index: this.index, _id: doc.id } }, doc]));
    }
  }

  async remove(ids: readonly string[]): Promise<void> {
    for (const chunk of chunked([...new Set(ids)], WRITE_CHUNK)) {
      await this.bulk(chunk.map((id) => ({ delete: { _index: this.index, _id: id } })));
    }
  }

  private async bulk(operations: Record<string, unknown>[]): Promise<void> {
    const { body } = await this.client.bulk({ body: operations, refresh: this.refresh });
    if (!body.errors) return;
    const failures = body.items.flatMap((item) => Object.values(item)).filter((result) => result?.error);
    if (failures.length === 0) return;
    const first = failures[0]?.error;
    throw new Error(`OpenSearch rejected ${failures.length} of ${body.items.length} operations: ${first?.type ?? 'error'}: ${first?.reason ?? ''}`);
  }

  async search(input: ProductSearchQuery): Promise<ProductSearchResult> {
    const query = resolveSearchQuery(input);
    const must: Types.Common_QueryDsl.QueryContainer[] =
      query.terms.length > 0
        ? [
            {
              bool: {
                should: query.terms.map((term) => ({
                  multi_match: { query: term, type: 'cross_fields' as const, fields: TEXT_FIELDS, operator: 'and' as const },
                })),
                minimum_should_match: 1,
              },
            },
          ]
        : [{ match_all: {} }];
    const filter: Types.Common_QueryDsl.QueryContainer[] = [];
    if (query.gender.length > 0) filter.push({ terms: { gender: query.gender } });
    if (query.brands.length > 0) filter.push({ terms: { brand: query.brands } });
    if (query.priceBands.length > 0) {
      const bands = PRICE_BANDS.filter((band) => query.priceBands.includes(band.id));
      filter.push({
        bool: {
          should: bands.map((band) => ({
            range: { price: { ...(band.min === null ? {} : { gte: band.min }), ...(band.max === null ? {} : { lt: band.max }) } },
          })),
          minimum_should_match: 1,
        },
      });
    }

    const size = pageLimit(query);
    const request: API.Search_Request = {
      index: this.index,
      body: {
        from: size === 0 ? 0 : query.offset,
        size,
        track_total_hits: true,
        query: { bool: { must, filter } },
        sort: [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }],
        aggs: {
          brands: { terms: termsOn('brand', BRAND_FACET_SIZE) },
          genders: { terms: termsOn('gender', 10) },
          priceBands: {
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
    };
    const { body } = await this.client.search(request);

    const total = typeof body.hits.total === 'number' ? body.hits.total : (body.hits.total?.value ?? 0);
    const aggregations = body.aggregations as unknown as FacetAggregations;
    return {
      items: body.hits.hits.map((hit) => hit._source as ProductDocument),
      total,
      facets: {
        brands: aggregations.brands.buckets.map((bucket) => ({ value: bucket.key, count: bucket.doc_count })),
        genders: aggregations.genders.buckets.map((bucket) => ({ value: bucket.key as ProductGender, count: bucket.doc_count })),
        priceBands: aggregations.priceBands.buckets
          .filter((bucket) => bucket.doc_count > 0)
          .map((bucket) => ({ value: bucket.key as PriceBandId, count: bucket.doc_count })),
      },
    };
  }

  /**
   * Three tiers, as in the PostgreSQL twin: the name starts with the prefix,
   * then a name word starts with it (every word of the prefix must match, the
   * last as a prefix), then a name word is within a typo of it (AUTO
   * fuzziness: one edit for 3 to 5 letters, two beyond). Ties by name, then id.
   */
  async suggest(prefix: string, limit?: number): Promise<ProductSuggestion[]> {
    const text = prefix.trim();
    if (text.length === 0) return [];
    const { body } = await this.client.search({
      index: this.index,
      body: {
        size: resolveSuggestionLimit(limit),
        _source: ['id', 'name'],
        query: {
          bool: {
            should: [
              { constant_score: { filter: { prefix: { 'name.lower': { value: text.toLowerCase() } } }, boost: 4 } },
              { constant_score: { filter: { match_bool_prefix: { 'name.words': { query: text, operator: 'and' } } }, boost: 2 } },
              { constant_score: { filter: { match: { 'name.words': { query: text, operator: 'and', fuzziness: 'AUTO' } } }, boost: 1 } },
            ],
            minimum_should_match: 1,
          },
        },
        sort: [{ _score: { order: 'desc' } }, { 'name.lower': { order: 'asc' } }, { id: { order: 'asc' } }],
      },
    });
    return body.hits.hits.map((hit) => {
      const source = hit._source as Pick<ProductDocument, 'id' | 'name'>;
      return { id: source.id, name: source.name };
    });
  }

  async isReady(): Promise<boolean> {
    try {
      const { body } = await this.client.indices.exists({ index: this.index }, { requestTimeout: 2_000 });
      return body === true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Tests: drop the index. */
  async deleteIndex(): Promise<void> {
    await this.client.indices.delete({ index: this.index, ignore_unavailable: true });
  }
}
