import { join } from 'node:path';
import { captureCategory, normaliseGender, parsePrice, productIdFor, productKey, retailerFromUrl } from '@closetly/catalogue-rules';
import type { ItemInput, Product } from '@closetly/contracts';
import { drizzleFor, migrateService, openConnection } from '@closetly/server';
import { engines, uniqueName } from '@closetly/testing';
import { OpenSearchProductIndex, PostgresProductIndex, type ProductSearchIndex, toProductDocument } from '../../src';
import type { ProductSource } from '../../src/rebuild/product-source';
import { SearchService } from '../../src/search.service';
import { Bm25Index } from './bm25';
import type { JudgedCorpus, JudgedProduct } from './judged-attributes';
import { gainOf, judgedQueries, type JudgedQuery } from './judged-queries';
import { CUTOFF, type KindSummary, outcomeOf, type QueryOutcome, summarise } from './metrics';

/**
 * Runs the judged queries against the product's real search path: each
 * corpus becomes catalogue products (as the catalogue derives them from a
 * save), goes into a fresh index of the engine through `toProductDocument`,
 * and each query is asked of `SearchService.search` as the gateway asks it.
 */

const MIGRATIONS = join(__dirname, '..', '..', 'src', 'db', 'migrations');
const UPDATED_AT = '2026-01-01T00:00:00.000Z';

/** The catalogue's product for one save of an item: id from the product key, category by the catalogue's inference, gender normalised, the stated colour or none. */
export function catalogueProduct(item: ItemInput): Product {
  const sourceUrl = item.sourceUrl ?? '#';
  const description = item.description ?? '';
  const { amount, currency } = parsePrice(item.price);
  return {
    id: productIdFor(productKey({ sourceUrl, name: item.name, brand: item.brand })),
    name: item.name,
    brand: item.brand,
    price: amount,
    currency,
    priceText: typeof item.price === 'string' ? item.price : null,
    imageUrl: null,
    description,
    sourceUrl,
    retailer: retailerFromUrl(sourceUrl),
    gender: normaliseGender(item.gender),
    category: captureCategory({ name: item.name, description, sourceUrl }),
    colour: item.colour?.trim() ? item.colour.trim() : null,
    updatedAt: UPDATED_AT,
    listed: true,
    hidden: false,
  };
}

export interface OpenIndex {
  index: ProductSearchIndex;
  dispose(): Promise<void>;
}

export interface SearchEngineUnderTest {
  name: string;
  /** A fresh, empty index. */
  open(): Promise<OpenIndex>;
}

/** The embedded mode's engine (PostgreSQL full-text on PGlite) and the distributed mode's (OpenSearch). */
export const SEARCH_ENGINES: readonly SearchEngineUnderTest[] = [
  {
    name: 'PostgreSQL full-text (PGlite)',
    async open() {
      const connection = await openConnection({ mode: 'embedded', dataDir: ':memory:', databaseUrl: engines.postgresUrl, poolSize: 1 });
      const db = drizzleFor(connection);
      await migrateService(connection, db, 'search', MIGRATIONS);
      return { index: new PostgresProductIndex(db), dispose: () => connection.close() };
    },
  },
  {
    name: 'OpenSearch',
    async open() {
      // refresh: true, so every write is searchable when it returns.
      const index = new OpenSearchProductIndex({ node: engines.openSearchUrl, index: uniqueName('products_relevance'), refresh: true });
      return {
        index,
        async dispose() {
          await index.deleteIndex();
          await index.close();
        },
      };
    },
  },
];

/** Searching reads no products from a source (only a rebuild does); a read would be a bug in this harness. */
const sourceNotUsed: ProductSource = {
  // eslint-disable-next-line require-yield -- it only refuses
  async *pages() {
    throw new Error('search.search reads no product source');
  },
};

/** A corpus ready to judge: each product's catalogue id, and each query's gains by id. */
export interface PreparedCorpus {
  corpus: JudgedCorpus;
  products: ReadonlyArray<{ judged: JudgedProduct; product: Product }>;
  queries: ReadonlyArray<{ query: JudgedQuery; gains: ReadonlyMap<string, number> }>;
}

export function prepareCorpus(corpus: JudgedCorpus): PreparedCorpus {
  const products = corpus.products.map((judged) => ({ judged, product: catalogueProduct(judged.item) }));
  const ids = new Set(products.map(({ product }) => product.id));
  if (ids.size !== products.length) throw new Error(`${corpus.id}: two products share an id`);
  const queries = judgedQueries(corpus).map((query) => ({
    query,
    gains: new Map(products.map(({ judged, product }) => [product.id, gainOf(judged.attributes, query.intent)] as const).filter(([, gain]) => gain > 0)),
  }));
  return { corpus, products, queries };
}

/** One system's answers to every judged query. */
export interface SystemRun {
  system: string;
  outcomes: QueryOutcome[];
}

/** The goal for P@10 in every kind of query: the suite's assertion and the bench's target. */
export const MIN_PRECISION_AT_10 = 0.85;

const UPSERT_BATCH = 100;
const QUERIES_IN_FLIGHT = 4;

/** Maps with at most `width` calls running, answers in the items' order. */
async function inTurns<T, R>(items: readonly T[], width: number, call: (item: T) => Promise<R>): Promise<R[]> {
  const answers = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < items.length; at = next++) answers[at] = await call(items[at] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return answers;
}

export async function runEngine(engine: SearchEngineUnderTest, corpora: readonly PreparedCorpus[]): Promise<SystemRun> {
  const outcomes: QueryOutcome[] = [];
  for (const prepared of corpora) {
    const { index, dispose } = await engine.open();
    try {
      await index.ensureReady();
      const documents = prepared.products.map(({ product }) => toProductDocument(product));
      for (let start = 0; start < documents.length; start += UPSERT_BATCH) await index.upsert(documents.slice(start, start + UPSERT_BATCH));
      const service = new SearchService(index, { events: sourceNotUsed, catalogue: sourceNotUsed });
      // A few queries in flight at once, as shoppers send them; the outcomes keep the queries' order.
      const answers = await inTurns(prepared.queries, QUERIES_IN_FLIGHT, ({ query }) =>
        service.search({ q: query.q, multi: false, page: 1, price: [], gender: [], brand: [], colour: [] }),
      );
      prepared.queries.forEach(({ query, gains }, at) => {
        const results = answers[at];
        if (results) outcomes.push(outcomeOf(query, results.products.map((product) => product.id).slice(0, CUTOFF), results.total, gains));
      });
    } finally {
      await dispose();
    }
  }
  return { system: engine.name, outcomes };
}

export function runBm25(corpora: readonly PreparedCorpus[]): SystemRun {
  const outcomes: QueryOutcome[] = [];
  for (const prepared of corpora) {
    const bm25 = new Bm25Index(prepared.products.map(({ product }) => ({ id: product.id, text: `${product.name} ${product.brand} ${product.description}` })));
    for (const { query, gains } of prepared.queries) {
      const ranked = bm25.search(query.q);
      outcomes.push(outcomeOf(query, ranked.slice(0, CUTOFF), ranked.length, gains));
    }
  }
  return { system: 'BM25 reference', outcomes };
}

const fixed = (value: number): string => value.toFixed(2);

/**
 * A Markdown table a README can quote: per kind, then overall and overall per
 * corpus, the engine's P@10, NDCG@10 and zero-result queries beside BM25's
 * from the same run.
 */
export function relevanceTable(engine: SystemRun, bm25: SystemRun): string {
  const corpora = [...new Set(engine.outcomes.map((outcome) => outcome.query.corpus))];
  const rows: Array<[string, KindSummary, KindSummary]> = [];
  const ours = summarise(engine.outcomes);
  const theirs = summarise(bm25.outcomes);
  for (const row of ours) rows.push([row.kind, row, theirs.find((other) => other.kind === row.kind) as KindSummary]);
  for (const corpus of corpora) {
    const mine = summarise(engine.outcomes.filter((outcome) => outcome.query.corpus === corpus)).at(-1) as KindSummary;
    const reference = summarise(bm25.outcomes.filter((outcome) => outcome.query.corpus === corpus)).at(-1) as KindSummary;
    rows.push([`overall, ${corpus}`, mine, reference]);
  }
  const lines = [
    `| kind | queries | P@10 | NDCG@10 | zero-result | BM25 P@10 | BM25 NDCG@10 | BM25 zero-result |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|`,
    ...rows.map(([label, mine, reference]) => `| ${label} | ${mine.queries} | ${fixed(mine.precision)} | ${fixed(mine.ndcg)} | ${mine.zeroResults} | ${fixed(reference.precision)} | ${fixed(reference.ndcg)} | ${reference.zeroResults} |`),
  ];
  return lines.join('\n');
}

/** The worst queries of a run (lowest P@10, then NDCG@10): what came back and what was wanted, for the engine's author. */
export function worstQueries(run: SystemRun, corpora: readonly PreparedCorpus[], count: number): string {
  const names = new Map<string, string>();
  for (const prepared of corpora) for (const { product } of prepared.products) names.set(product.id, product.name);
  const gainsOf = new Map<string, ReadonlyMap<string, number>>();
  for (const prepared of corpora) for (const { query, gains } of prepared.queries) gainsOf.set(`${query.corpus}|${query.q}`, gains);
  const worst = [...run.outcomes].sort((a, b) => a.precision - b.precision || a.ndcg - b.ndcg || a.query.q.localeCompare(b.query.q)).slice(0, count);
  return worst
    .map((outcome) => {
      const gains = gainsOf.get(`${outcome.query.corpus}|${outcome.query.q}`) ?? new Map<string, number>();
      const shown = outcome.top.map((id) => `${(gains.get(id) ?? 0) > 0 ? '+' : '-'} ${names.get(id) ?? id}`);
      const missed = [...gains.keys()].filter((id) => !outcome.top.includes(id)).slice(0, 3).map((id) => names.get(id) ?? id);
      return [
        `"${outcome.query.q}" (${outcome.query.kind}, ${outcome.query.corpus}): P@10 ${fixed(outcome.precision)}, NDCG@10 ${fixed(outcome.ndcg)}, ${outcome.total} results, ${outcome.relevant} relevant`,
        ...(shown.length > 0 ? shown.map((line) => `    ${line}`) : ['    (nothing)']),
        ...(missed.length > 0 ? [`    relevant not shown, e.g.: ${missed.join(' | ')}`] : []),
      ].join('\n');
    })
    .join('\n');
}
