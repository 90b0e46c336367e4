import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, get as httpGet } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { RUNTIME_MODES } from '@closetly/all-in-one/testing';
import { productIdFor } from '@closetly/catalogue-rules';
import type { Product } from '@closetly/contracts';
import { OpenSearchProductIndex, searchAsUnderstood, toProductDocument } from '@closetly/search';
import { engines } from '@closetly/testing';

/**
 * Search and suggestions through the gateway (distributed mode: gateway → TCP
 * → search service → OpenSearch) against the same query sent straight to
 * OpenSearch by the same adapter (understood and run tier by tier as the
 * product runs it: `searchAsUnderstood`), on the same 20,000 products, in the same
 * run. A third side is the floor: a bare two-process relay with the
 * product's shape and none of its work (scripts/bench-search-relay.ts), so
 * the report tells the cost of two hops on this machine from the cost of
 * ours. Open-loop at a fixed rate, the sides alternating request by request,
 * so all meet the same machine at the same moments.
 *
 * Like for like: every side is asked over keep-alive HTTP/1.1 by Node's own
 * HTTP client (the one the OpenSearch client uses) for uncompressed JSON, as
 * the engine answers. (`fetch` cost the bench 1.1 ms more CPU per gateway
 * answer than per engine answer, and compressing is a trade for slow networks,
 * not part of the path measured here.) The index is merged to one segment and
 * every path is warmed first, so no side meets the engine's merging and
 * JIT after the bulk load.
 */
const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 20_000);
const RATE_PER_SECOND = Number(process.env.BENCH_SEARCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 20);
/** Closed-loop rounds (a search and a suggestion by each path) before measuring. */
const WARM_UP_ROUNDS = Number(process.env.BENCH_SEARCH_WARM_UP ?? 2000);

const BRANDS = ['Zara', 'COS', 'Arket', 'Uniqlo', 'H&M', 'Mango', 'Everlane', 'Levi’s', 'Nike', 'Adidas', 'Reformation', 'Ganni', 'Toteme', 'Sézane', 'Madewell', 'J.Crew', 'Massimo Dutti', 'Aritzia', 'Patagonia', 'New Balance'];
const COLOURS = ['Black', 'White', 'Navy', 'Camel', 'Olive', 'Cream', 'Grey', 'Burgundy', 'Sage', 'Rust', 'Indigo', 'Ivory'];
const MATERIALS = ['Linen', 'Cotton', 'Wool', 'Cashmere', 'Denim', 'Leather', 'Silk', 'Corduroy', 'Merino', 'Poplin', 'Suede', 'Jersey'];
const GARMENTS: Array<[string, string]> = [
  ['Shirt', 'tops'], ['T-Shirt', 'tops'], ['Sweater', 'tops'], ['Cardigan', 'tops'], ['Blouse', 'tops'], ['Hoodie', 'tops'],
  ['Jeans', 'bottoms'], ['Trousers', 'bottoms'], ['Skirt', 'bottoms'], ['Shorts', 'bottoms'], ['Joggers', 'bottoms'],
  ['Sneakers', 'shoes'], ['Boots', 'shoes'], ['Loafers', 'shoes'], ['Sandals', 'shoes'],
  ['Jacket', 'outerwear'], ['Coat', 'outerwear'], ['Blazer', 'outerwear'], ['Parka', 'outerwear'],
  ['Tote', 'accessories'], ['Scarf', 'accessories'], ['Belt', 'accessories'], ['Cap', 'accessories'],
];
const FITS = ['Relaxed', 'Slim', 'Oversized', 'Cropped', 'Tailored', 'Straight', 'Wide-Leg', 'Boxy'];
const GENDERS = ['Women', 'Men', 'Unisex'] as const;
const QUERIES = ['linen shirt', 'denim jacket', 'wool sweater', 'black boots', 'sneakers', 'cashmere', 'relaxed jeans', 'trench coat', 'silk blouse', 'leather tote', 'merino cardigan', 'wide-leg trousers', 'jaket', 'trainers', 'jumper', 'tee'];
const PREFIXES = ['li', 'lin', 'line', 'den', 'deni', 'cas', 'cash', 'wo', 'wool', 'sne', 'snea', 'bla', 'blac', 'tr', 'tre', 'me'];

const pick = <T>(values: readonly T[], n: number): T => values[n % values.length] as T;

function generatedProduct(n: number): Product {
  const [garment, category] = pick(GARMENTS, n * 7 + 3);
  const name = `${pick(FITS, n * 3)} ${pick(COLOURS, n * 5 + 1)} ${pick(MATERIALS, n * 11 + 2)} ${garment} ${n}`;
  const brand = pick(BRANDS, n * 13 + 5);
  const price = 15 + ((n * 37) % 400) + 0.99;
  return {
    id: productIdFor(`bench:${n}`),
    name,
    brand,
    price,
    currency: 'USD',
    priceText: null,
    colour: null,
    imageUrl: `https://images.example.com/bench/${n}.jpg`,
    description: `A ${pick(FITS, n).toLowerCase()} ${garment.toLowerCase()} by ${brand} in ${pick(MATERIALS, n * 11 + 2).toLowerCase()}. Machine washable; imported.`,
    sourceUrl: `https://www.nordstrom.com/s/bench/${n}`,
    retailer: 'nordstrom.com',
    gender: pick(GENDERS, n * 17 + 1),
    category: category as Product['category'],
    listed: true,
    hidden: false,
    updatedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  };
}

interface Latencies {
  samples: number[];
  failures: number;
}

/** The p-th percentile of values sorted ascending. */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Fires `ticks` requests at a fixed rate, alternating between the sides; each side's latencies in ms. */
async function alternating(sides: Array<(tick: number) => Promise<void>>, ticks: number): Promise<Latencies[]> {
  const results: Latencies[] = sides.map(() => ({ samples: [], failures: 0 }));
  const interval = 1000 / RATE_PER_SECOND;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let tick = 0; tick < ticks; tick += 1) {
    const due = started + tick * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const side = tick % sides.length;
    const request = sides[side] as (tick: number) => Promise<void>;
    const result = results[side] as Latencies;
    const sent = performance.now();
    inFlight.push(
      request(Math.floor(tick / sides.length)).then(
        () => void result.samples.push(performance.now() - sent),
        () => void (result.failures += 1),
      ),
    );
  }
  await Promise.all(inFlight);
  return results;
}

function summary(latencies: Latencies): { p50: number; p95: number; failures: number; text: string } {
  const sorted = [...latencies.samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  return { p50, p95, failures: latencies.failures, text: `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${sorted.length} ok, ${latencies.failures} failed)` };
}

export async function benchSearch(): Promise<Array<[string, boolean]>> {
  const alias = `bench_products_${randomBytes(4).toString('hex')}`;
  const direct = new OpenSearchProductIndex({ node: engines.openSearchUrl, index: alias });
  const distributed = RUNTIME_MODES.find((mode) => mode.name === 'distributed');
  if (!distributed) throw new Error('no distributed runtime mode');
  process.stdout.write(`\nSearch: indexing ${PRODUCTS} generated products into OpenSearch (${alias})...\n`);
  await direct.ensureReady();
  const batch = 1000;
  for (let first = 0; first < PRODUCTS; first += batch) {
    await direct.upsert(Array.from({ length: Math.min(batch, PRODUCTS - first) }, (_, offset) => toProductDocument(generatedProduct(first + offset))));
  }
  await fetch(`${engines.openSearchUrl}/${alias}/_refresh`, { method: 'POST' });
  await fetch(`${engines.openSearchUrl}/${alias}/_forcemerge?max_num_segments=1`, { method: 'POST' });

  const started = await distributed.start({ SEARCH_INDEX: alias, RATE_LIMIT_MULTIPLIER: '100000', LOG_LEVEL: 'error' });
  const agent = new Agent({ keepAlive: true });
  let relay: Relay | undefined;
  try {
    relay = await startRelay(alias);
    const relayUrl = relay.baseUrl;
    const token = await started.product.betaToken();
    /** GET over keep-alive HTTP/1.1, read as the engine side's client reads its answers. */
    const get = (base: string, path: string) =>
      new Promise<void>((resolve, reject) => {
        httpGet(`${base}${path}`, { agent, headers: { 'x-beta-token': token, 'accept-encoding': 'identity' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            if (response.statusCode !== 200) return reject(new Error(`${path} answered ${response.statusCode}`));
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve();
          });
          response.on('error', reject);
        }).on('error', reject);
      });
    // The engine requests the product makes for a query: understood, tier by tier (issue 20).
    const filtersOf = (n: number) => ({ ...(n % 3 === 0 ? { gender: ['Women' as const] } : {}), pageSize: 25 });
    const searchPath = (n: number) => `/api/search?q=${encodeURIComponent(pick(QUERIES, n))}${n % 3 === 0 ? '&gender=Women' : ''}`;
    const suggestionPath = (n: number) => `/api/search/suggestions?q=${encodeURIComponent(pick(PREFIXES, n))}`;
    const search = {
      gateway: (n: number) => get(started.product.baseUrl, searchPath(n)),
      straight: async (n: number) => void (await searchAsUnderstood(direct, pick(QUERIES, n), filtersOf(n))),
      relay: (n: number) => get(relayUrl, searchPath(n)),
    };
    const suggest = {
      gateway: (n: number) => get(started.product.baseUrl, suggestionPath(n)),
      straight: async (n: number) => void (await direct.suggest(pick(PREFIXES, n), 5)),
      relay: (n: number) => get(relayUrl, suggestionPath(n)),
    };

    // Warm every path before measuring: a fresh engine's JIT took its CPU per search from 14 ms to
    // under 3 ms over its first ~5,000 queries, and the services' JIT and connections warm too.
    const everyPath = [...Object.values(search), ...Object.values(suggest)];
    for (let n = 0; n < WARM_UP_ROUNDS; n += 1) for (const request of everyPath) await request(n);
    const ticks = RATE_PER_SECOND * SECONDS;
    const [gateway, bare, relayed] = (await alternating([search.gateway, search.straight, search.relay], ticks)).map(summary);
    const [suggestGateway, suggestBare, suggestRelayed] = (await alternating([suggest.gateway, suggest.straight, suggest.relay], ticks)).map(summary);
    if (!gateway || !bare || !relayed || !suggestGateway || !suggestBare || !suggestRelayed) throw new Error('no measurements');

    const ratio = (side: { p95: number }, reference: { p95: number }) => `p95 ratio ${(side.p95 / reference.p95).toFixed(2)}`;
    process.stdout.write(`\nSearch at ${RATE_PER_SECOND} requests/s for ${SECONDS} s, three sides alternating, ${PRODUCTS} products, distributed mode\n`);
    process.stdout.write(`  straight to OpenSearch (reference)          ${bare.text}\n`);
    process.stdout.write(`  bare two-process relay (the floor)          ${relayed.text}   ${ratio(relayed, bare)}\n`);
    process.stdout.write(`  GET /api/search through the gateway         ${gateway.text}   ${ratio(gateway, bare)}, ${ratio(gateway, relayed)} to the relay\n`);
    process.stdout.write(`  suggestions straight to OpenSearch          ${suggestBare.text}\n`);
    process.stdout.write(`  suggestions through the bare relay          ${suggestRelayed.text}   ${ratio(suggestRelayed, suggestBare)}\n`);
    process.stdout.write(`  GET /api/search/suggestions via gateway     ${suggestGateway.text}   ${ratio(suggestGateway, suggestBare)}\n`);
    // A side that dropped requests (timeouts under a rate the machine cannot keep) has no valid p95: its target is missed.
    const allAnswered = (...sides: Array<{ failures: number }>) => sides.every((side) => side.failures === 0);
    if (!allAnswered(gateway, bare, relayed, suggestGateway, suggestBare, suggestRelayed)) {
      process.stdout.write(`  some requests failed: this machine did not keep ${RATE_PER_SECOND} requests/s (BENCH_SEARCH_RATE sets the rate); the targets below count as missed\n`);
    }
    return [
      ['search p95 through the gateway ≤ 1.3 × straight to OpenSearch', allAnswered(gateway, bare) && gateway.p95 <= 1.3 * bare.p95],
      ['search p95 through the gateway ≤ 1.3 × the bare relay (issue 20)', allAnswered(gateway, relayed) && gateway.p95 <= 1.3 * relayed.p95],
      ['suggestions p95 through the gateway < 15 ms', allAnswered(suggestGateway) && suggestGateway.p95 < 15],
    ];
  } finally {
    agent.destroy();
    relay?.stop();
    await started.stop();
    await direct.close();
    await fetch(`${engines.openSearchUrl}/${alias}*?ignore_unavailable=true&allow_no_indices=true`, { method: 'DELETE' }).catch(() => undefined);
  }
}

interface Relay {
  baseUrl: string;
  stop: () => void;
}

/** Starts the bare relay's two processes (scripts/bench-search-relay.ts) on the bench's index. */
async function startRelay(alias: string): Promise<Relay> {
  const children: ChildProcess[] = [];
  const stop = () => children.forEach((child) => child.kill());
  const launch = async (...args: string[]): Promise<number> => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'bench-search-relay.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    // Its first line names its port; a process that exits first failed to start.
    const [line] = (await Promise.race([
      once(createInterface({ input: child.stdout as Readable }), 'line'),
      once(child, 'exit').then(([code]) => Promise.reject(new Error(`the relay's ${args[0]} exited with ${String(code)}`))),
    ])) as [string];
    const port = Number(/^port (\d+)$/.exec(line)?.[1]);
    if (!port) throw new Error(`the relay said ${line}`);
    return port;
  };
  try {
    const servicePort = await launch('service', engines.openSearchUrl, alias);
    const frontPort = await launch('front', String(servicePort));
    return { baseUrl: `http://127.0.0.1:${frontPort}`, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
