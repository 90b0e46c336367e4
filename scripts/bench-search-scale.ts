import { writeFile } from 'node:fs/promises';
import { Agent, get as httpGet } from 'node:http';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { startEmbeddedApp } from '@closetly/all-in-one';
import { COLOURS, GARMENTS, type Fit, randomFrom } from '@closetly/all-in-one/demo';
import { productAt } from '@closetly/all-in-one/testing';
import { productIdFor, retailerFromUrl } from '@closetly/catalogue-rules';
import { PRICE_DROP_WINDOW_DAYS, type Product, SEARCH_PAGE_SIZE } from '@closetly/contracts';
import { PostgresProductIndex, PRODUCT_SEARCH_INDEX, type ProductSearchIndex, searchAsUnderstood, toProductDocument } from '@closetly/search';
import { drizzleFor, migrateService, openConnection } from '@closetly/server';
import { engines } from '@closetly/testing';
import { BRANDS, type Brand, type Garment, SHOPS } from '../apps/all-in-one/src/demo/catalogue-data';
import { percentile } from './bench-search';

/**
 * Search at scale in embedded mode (issue 28): `GET /api/search` through the
 * embedded product (gateway → in-process RPC → search service → PostgreSQL
 * full-text on PGlite) against the reference, the same engine requests run
 * straight on another in-process PGlite by the same adapter
 * (`searchAsUnderstood` with the filters the service passes), on the same
 * 20,000 generated products. Both are seeded in bulk through the index's own
 * upsert (not 20,000 saves). Two measurements, each printed with the
 * reference's:
 * - closed loop, BENCH_SEARCH_SCALE_CONCURRENCY in flight (searches a second,
 *   and the ratio product / reference);
 * - open loop at BENCH_SEARCH_SCALE_RATE searches a second (p50 and p95).
 * One side at a time, so neither's load queues the other's requests.
 * The queries are a shopper's mix: one to three words, brands, colours,
 * typos, filters and later pages, 320 distinct searches asked in turn (the
 * index remembers answers, totals and facets until it is next written, so
 * searches asked again cost less on both sides, both warmed alike; two more
 * lines, measured last, show each side with nothing remembered: an empty
 * write before each search).
 */
const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 20_000);
const RATE_PER_SECOND = Number(process.env.BENCH_SEARCH_SCALE_RATE ?? 20);
const OPEN_SECONDS = Number(process.env.BENCH_SEARCH_SCALE_SECONDS ?? 20);
const CLOSED_REQUESTS = Number(process.env.BENCH_SEARCH_SCALE_REQUESTS ?? 1500);
/** Searches of each closed loop with nothing remembered (each some 30 ms). */
const COLD_REQUESTS = Number(process.env.BENCH_SEARCH_SCALE_COLD_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_SEARCH_SCALE_CONCURRENCY ?? 8);
const WARM_UP = Number(process.env.BENCH_SEARCH_SCALE_WARM_UP ?? 300);
/** BENCH_CPU_PROFILE_DIR=dir: a V8 CPU profile of each closed loop (this process runs both sides) is written there. */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE_DIR;
/** The targets (issue 28). */
const MAX_P95_MS = 50;
const MIN_PER_SECOND = 100;

const GENDER_OF: Readonly<Record<Fit, Product['gender']>> = { W: 'Women', M: 'Men', U: 'Unisex' };
const NOW = new Date();
const DAY_MS = 24 * 60 * 60 * 1000;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** A brand weighted by how many products it has in the demo catalogue: a few big shops, a long tail. */
function pickBrand(random: Random): Brand {
  const total = BRANDS.reduce((sum, brand) => sum + brand.count, 0);
  let left = random() * total;
  for (const brand of BRANDS) {
    left -= brand.count;
    if (left < 0) return brand;
  }
  return BRANDS.at(-1) as Brand;
}

/**
 * The n-th product of a catalogue built from the demo catalogue's tables:
 * a brand, one of its garments, a cut made for the fit, a colour of the cut;
 * the colour in the name, after it, or only in the description and the
 * stated colour, as shops write it; one in ten on sale.
 */
export function generatedProduct(n: number, random: Random): Product {
  const brand = pickBrand(random);
  // The brand's typical garments more often than the rest.
  const garmentKey = brand.garments[Math.floor(random() ** 1.6 * brand.garments.length)] ?? 'tee';
  const garment: Garment = GARMENTS[garmentKey];
  const fits = garment.fits.filter((fit) => brand.fits.includes(fit));
  const fit = pick(random, fits.length > 0 ? fits : garment.fits);
  const cuts = garment.cuts.filter((cut) => (cut[2]?.fits ?? garment.fits).includes(fit));
  const [cut, opening, narrows] = pick(random, cuts.length > 0 ? cuts : garment.cuts);
  const colour = COLOURS[pick(random, narrows?.colours ?? garment.colours)].name;
  const style = random();
  const plain = `${cut} ${garment.noun}`;
  const name = style < 0.35 ? `${colour} ${plain}` : style < 0.6 ? `${plain} in ${colour}` : plain;
  const [low, high] = garment.price;
  const amount = Math.max(5, Math.floor((low + (high - low) * random()) * brand.tier)) + (brand.cents === 0 ? 0 : brand.cents / 100);
  const origin = new URL(SHOPS[brand.shop].replace(/\{\w+?\}/g, 'x')).origin;
  const sourceUrl = `${origin}/p/${n}`;
  const onSale = random() < 0.1;
  const description = [`${opening}.`, `Shown in ${colour.toLowerCase()}.`, random() < 0.4 ? brand.voice : undefined, garment.care].filter(Boolean).join(' ');
  return {
    id: productIdFor(`bench-scale:${n}`),
    name,
    brand: brand.name,
    price: amount,
    currency: 'USD',
    priceText: null,
    colour: style >= 0.6 && random() < 0.5 ? colour : null,
    imageUrl: `https://images.example.com/bench-scale/${n}.jpg`,
    description,
    sourceUrl,
    retailer: retailerFromUrl(sourceUrl),
    gender: GENDER_OF[fit],
    category: garment.category,
    listed: true,
    hidden: false,
    updatedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    priceDrop: onSale
      ? { percent: 20, from: Math.round(amount * 1.25 * 100) / 100, to: amount, since: new Date(NOW.getTime() - Math.floor(random() * 10) * DAY_MS).toISOString() }
      : null,
  };
}

export function generatedCatalogue(count: number): Product[] {
  const random = randomFrom('bench-search-scale');
  return Array.from({ length: count }, (_, n) => generatedProduct(n, random));
}

/** One shopper's search: the query string of `GET /api/search`, and the same as the service's filters. */
interface ShopperSearch {
  q: string;
  gender?: 'Women' | 'Men';
  brand?: string;
  price?: 'under-50' | '50-100' | '100-200' | 'over-200';
  colour?: 'black' | 'blue' | 'beige' | 'green';
  sale?: boolean;
  page?: number;
}

/** Shoppers' queries: garments, cuts, colours, brands, genders in words, typos, prefixes typed fast, with filters and later pages. */
const QUERY_MIX: readonly ShopperSearch[] = [
  { q: 'jeans' },
  { q: 'linen shirt' },
  { q: 'black boots' },
  { q: 'sneakers', gender: 'Men' },
  { q: 'wool coat' },
  { q: 'zara' },
  { q: 'nike sneakers' },
  { q: 'navy blazer' },
  { q: 'women jeans', page: 2 },
  { q: 'cashmere sweater' },
  { q: 'jaket' },
  { q: 'sweeter' },
  { q: 'trench coat', price: '100-200' },
  { q: 'dress', colour: 'black' },
  { q: 'mens chinos' },
  { q: 'leather bag' },
  { q: 'cos' },
  { q: 'white tee', sale: true },
  { q: 'hoodie', page: 3 },
  { q: 'levis 501' },
  { q: 'cable knit' },
  { q: 'puffer', gender: 'Women' },
  { q: 'oxford shirt', brand: 'J.Crew' },
  { q: 'sandals', price: 'under-50' },
  { q: 'camel coat women' },
  { q: 'trousers', colour: 'beige' },
  { q: 'patagonia fleece' },
  { q: 'loafers' },
  { q: 'striped breton' },
  { q: 'denim' },
  { q: 'snekers' },
  { q: 'olive' },
  { q: 'relaxed' },
  { q: 'tote', sale: true },
  { q: 'cardigan', page: 2 },
  { q: 'the north face' },
  { q: 'silk blouse' },
  { q: 'ganni dress' },
  { q: 'beanie' },
  { q: 'green' },
];

const pathOf = (search: ShopperSearch): string => {
  const params = new URLSearchParams({ q: search.q });
  if (search.gender) params.set('gender', search.gender);
  if (search.brand) params.set('brand', search.brand);
  if (search.price) params.set('price', search.price);
  if (search.colour) params.set('colour', search.colour);
  if (search.sale) params.set('sale', '1');
  if (search.page) params.set('page', String(search.page));
  return `/api/search?${params.toString()}`;
};

/** What SearchService.search hands the engine for this search (its filters), so both sides run the same SQL. */
const filtersOf = (search: ShopperSearch) => ({
  gender: search.gender ? [search.gender] : [],
  brands: search.brand ? [search.brand] : [],
  priceBands: search.price ? [search.price] : [],
  colours: search.colour ? [search.colour] : [],
  onSale: search.sale ?? false,
  saleSince: new Date(Date.now() - PRICE_DROP_WINDOW_DAYS * DAY_MS).toISOString(),
  page: search.page ?? 1,
  pageSize: SEARCH_PAGE_SIZE,
});

/** What shoppers add to a query: a later page, a gender, a price band, the sale, a colour, a brand. */
const REFINEMENTS: ReadonlyArray<Omit<ShopperSearch, 'q'>> = [{}, { page: 2 }, { gender: 'Women' }, { price: '50-100' }, { sale: true }, { gender: 'Men', price: 'under-50' }, { colour: 'black' }, { brand: 'Zara' }];
const DISTINCT_SEARCHES = QUERY_MIX.length * REFINEMENTS.length;

/** The n-th search: every query of the mix in turn, each round with the next refinement (320 distinct searches). */
const searchOf = (n: number): ShopperSearch => {
  const base = QUERY_MIX[n % QUERY_MIX.length] as ShopperSearch;
  return { ...REFINEMENTS[Math.floor(n / QUERY_MIX.length) % REFINEMENTS.length], ...base };
};

interface Latencies {
  samples: number[];
  failures: number;
}

/** Fires RATE_PER_SECOND requests a second for OPEN_SECONDS, whether or not earlier ones have answered; their latencies in ms. */
async function openLoop(request: (n: number) => Promise<void>): Promise<Latencies> {
  const result: Latencies = { samples: [], failures: 0 };
  const interval = 1000 / RATE_PER_SECOND;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < RATE_PER_SECOND * OPEN_SECONDS; n += 1) {
    const wait = started + n * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    inFlight.push(
      request(n).then(
        () => void result.samples.push(performance.now() - sent),
        () => void (result.failures += 1),
      ),
    );
  }
  await Promise.all(inFlight);
  return result;
}

/** Searches a second with CONCURRENCY in flight. */
async function closedLoop(request: (n: number) => Promise<void>, requests = CLOSED_REQUESTS): Promise<{ perSecond: number; failures: number }> {
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < requests) {
      const n = next;
      next += 1;
      await request(n).catch((error: unknown) => {
        if (failures === 0) process.stdout.write(`  a search failed: ${String(error)}\n`);
        failures += 1;
      });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { perSecond: requests / ((performance.now() - started) / 1000), failures };
}

/** Runs `run`, with this process's CPU profile written to PROFILE_DIR/<name>.cpuprofile when one is asked for. */
async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

function summary(latencies: Latencies): { p50: number; p95: number; failures: number; text: string } {
  const sorted = [...latencies.samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  return { p50, p95, failures: latencies.failures, text: `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${sorted.length} ok, ${latencies.failures} failed)` };
}

async function seed(index: ProductSearchIndex, products: readonly Product[]): Promise<void> {
  const batch = 1000;
  for (let first = 0; first < products.length; first += batch) await index.upsert(products.slice(first, first + batch).map(toProductDocument));
}

export async function benchSearchScale(): Promise<Array<[string, boolean]>> {
  Logger.overrideLogger(false);
  const products = generatedCatalogue(PRODUCTS);
  process.stdout.write(`\nSearch at scale, embedded: seeding ${PRODUCTS} generated products into the product's index and the reference's...\n`);

  // The reference: the search service's schema on a PGlite of its own, asked by the same adapter in this process.
  const connection = await openConnection({ mode: 'embedded', dataDir: ':memory:', databaseUrl: engines.postgresUrl, poolSize: 1 });
  const db = drizzleFor(connection);
  await migrateService(connection, db, 'search', join(__dirname, '..', 'apps', 'search', 'src', 'db', 'migrations'));
  const reference = new PostgresProductIndex(db);
  await reference.ensureReady();
  const embedded = await startEmbeddedApp({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: ':memory:',
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO_CATALOGUE: 'false',
    // Limits scaled up: the bench measures what a search costs, the limiter's own work included.
    RATE_LIMIT_MULTIPLIER: '100000',
  });
  let agent = new Agent({ keepAlive: true });
  /** New connections before each of the product's runs: the server closes a connection idle through the reference's runs, and one reused at that moment is reset. */
  const freshConnections = () => {
    agent.destroy();
    agent = new Agent({ keepAlive: true });
  };
  try {
    const seeding = performance.now();
    await seed(reference, products);
    const productIndex = embedded.app.get<ProductSearchIndex>(PRODUCT_SEARCH_INDEX, { strict: false });
    await seed(productIndex, products);
    process.stdout.write(`  seeded both in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`);
    const token = await productAt(embedded.url, async () => undefined).betaToken();
    const get = (path: string) =>
      new Promise<void>((resolve, reject) => {
        httpGet(`${embedded.url}${path}`, { agent, headers: { 'x-beta-token': token, 'accept-encoding': 'identity' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            if (response.statusCode !== 200) return reject(new Error(`${path} answered ${response.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`));
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve();
          });
          response.on('error', reject);
        }).on('error', reject);
      });
    const sides = {
      product: (n: number) => get(pathOf(searchOf(n))),
      reference: async (n: number) => {
        const search = searchOf(n);
        await searchAsUnderstood(reference, search.q, filtersOf(search));
      },
      /** Each side with nothing remembered: an empty write first outdates what the index remembers (answers, totals, facets, typos). */
      referenceCold: async (n: number) => {
        const search = searchOf(n);
        await reference.upsert([]);
        await searchAsUnderstood(reference, search.q, filtersOf(search));
      },
      productCold: async (n: number) => {
        await productIndex.upsert([]);
        await get(pathOf(searchOf(n)));
      },
    };
    for (let n = 0; n < WARM_UP; n += 1) {
      await sides.product(n);
      await sides.reference(n);
    }
    const referenceClosed = await profiled('search-scale-reference', () => closedLoop(sides.reference));
    freshConnections();
    const productClosed = await profiled('search-scale-product', () => closedLoop(sides.product));
    const referenceOpen = summary(await openLoop(sides.reference));
    freshConnections();
    const productOpen = summary(await openLoop(sides.product));
    // Last: these empty what either side remembers.
    const referenceCold = await closedLoop(sides.referenceCold, COLD_REQUESTS);
    freshConnections();
    const productCold = await closedLoop(sides.productCold, COLD_REQUESTS);

    const ratio = (value: number, base: number) => (value / base).toFixed(2);
    process.stdout.write(`\nSearch at scale, embedded mode, ${PRODUCTS} products, ${DISTINCT_SEARCHES} distinct searches in turn (${QUERY_MIX.length} queries × ${REFINEMENTS.length} refinements; machine shared: compare within the run)\n`);
    process.stdout.write(`  closed loop, ${CONCURRENCY} in flight, ${CLOSED_REQUESTS} searches each\n`);
    process.stdout.write(`    straight on PGlite in-process (reference)   ${referenceClosed.perSecond.toFixed(0).padStart(5)} searches/s   (${referenceClosed.failures} failed)\n`);
    process.stdout.write(
      `    GET /api/search, embedded product           ${productClosed.perSecond.toFixed(0).padStart(5)} searches/s   ratio ${ratio(productClosed.perSecond, referenceClosed.perSecond)}   target ≥ ${MIN_PER_SECOND}/s   (${productClosed.failures} failed)\n`,
    );
    process.stdout.write(`  closed loop, nothing remembered (each search after an empty write: what a first search costs), ${CONCURRENCY} in flight, ${COLD_REQUESTS} searches each\n`);
    process.stdout.write(`    straight on PGlite in-process (reference)   ${referenceCold.perSecond.toFixed(0).padStart(5)} searches/s   (${referenceCold.failures} failed)\n`);
    process.stdout.write(`    GET /api/search, embedded product           ${productCold.perSecond.toFixed(0).padStart(5)} searches/s   ratio ${ratio(productCold.perSecond, referenceCold.perSecond)}   (${productCold.failures} failed)\n`);
    process.stdout.write(`  open loop, ${RATE_PER_SECOND} searches/s for ${OPEN_SECONDS} s, one side after the other\n`);
    process.stdout.write(`    straight on PGlite in-process (reference)   ${referenceOpen.text}\n`);
    process.stdout.write(`    GET /api/search, embedded product           ${productOpen.text}   p95 ratio ${ratio(productOpen.p95, referenceOpen.p95)}   target p95 < ${MAX_P95_MS} ms\n`);
    return [
      [
        `embedded search at ${PRODUCTS} products: p95 ${productOpen.p95.toFixed(1)} ms < ${MAX_P95_MS} ms at ${RATE_PER_SECOND}/s (reference ${referenceOpen.p95.toFixed(1)} ms)`,
        productOpen.failures === 0 && productOpen.p95 < MAX_P95_MS,
      ],
      [
        `embedded search at ${PRODUCTS} products: ${productClosed.perSecond.toFixed(0)} ≥ ${MIN_PER_SECOND} searches/s closed loop (reference ${referenceClosed.perSecond.toFixed(0)}/s, ratio ${ratio(productClosed.perSecond, referenceClosed.perSecond)})`,
        productClosed.failures === 0 && productClosed.perSecond >= MIN_PER_SECOND,
      ],
    ];
  } finally {
    agent.destroy();
    await embedded.close();
    await connection.close();
  }
}
