import { randomBytes } from 'node:crypto';
import { RUNTIME_MODES } from '@closetly/all-in-one/testing';
import { productIdFor } from '@closetly/catalogue-rules';
import type { Product } from '@closetly/contracts';
import { OpenSearchProductIndex, type ProductSearchQuery, toProductDocument } from '@closetly/search';
import { engines } from '@closetly/testing';

/**
 * Search and suggestions through the gateway (distributed mode: gateway → TCP
 * → search service → OpenSearch) against the same query sent straight to
 * OpenSearch by the same adapter, on the same 20,000 products, in the same
 * run. Open-loop at a fixed rate, the two sides alternating request by request,
 * so both meet the same machine at the same moments.
 */
const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 20_000);
const RATE_PER_SECOND = Number(process.env.BENCH_SEARCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 20);

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

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

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

  const started = await distributed.start({ SEARCH_INDEX: alias, RATE_LIMIT_MULTIPLIER: '100000', LOG_LEVEL: 'error' });
  try {
    const token = await started.product.betaToken();
    const headers = { 'x-beta-token': token };
    const get = async (path: string) => {
      const response = await fetch(`${started.product.baseUrl}${path}`, { headers });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      await response.arrayBuffer();
    };
    const query = (n: number): ProductSearchQuery => ({ terms: [pick(QUERIES, n)], ...(n % 3 === 0 ? { gender: ['Women' as const] } : {}), pageSize: 25 });
    const viaGateway = (n: number) => get(`/api/search?q=${encodeURIComponent(pick(QUERIES, n))}${n % 3 === 0 ? '&gender=Women' : ''}`);
    const straight = async (n: number) => void (await direct.search(query(n)));
    const suggestViaGateway = (n: number) => get(`/api/search/suggestions?q=${encodeURIComponent(pick(PREFIXES, n))}`);
    const suggestStraight = async (n: number) => void (await direct.suggest(pick(PREFIXES, n), 5));

    // Warm both paths (JIT, connections, the engine's caches) before measuring.
    await alternating([viaGateway, straight, suggestViaGateway, suggestStraight], 400);
    const ticks = RATE_PER_SECOND * SECONDS;
    const [gateway, bare] = (await alternating([viaGateway, straight], ticks)).map(summary);
    const [suggestGateway, suggestBare] = (await alternating([suggestViaGateway, suggestStraight], ticks)).map(summary);
    if (!gateway || !bare || !suggestGateway || !suggestBare) throw new Error('no measurements');

    process.stdout.write(`\nSearch at ${RATE_PER_SECOND} requests/s for ${SECONDS} s, alternating, ${PRODUCTS} products, distributed mode\n`);
    process.stdout.write(`  straight to OpenSearch (reference)          ${bare.text}\n`);
    process.stdout.write(`  GET /api/search through the gateway         ${gateway.text}   p95 ratio ${(gateway.p95 / bare.p95).toFixed(2)}\n`);
    process.stdout.write(`  suggestions straight to OpenSearch          ${suggestBare.text}\n`);
    process.stdout.write(`  GET /api/search/suggestions via gateway     ${suggestGateway.text}   p95 ratio ${(suggestGateway.p95 / suggestBare.p95).toFixed(2)}\n`);
    // A side that dropped requests (timeouts under a rate the machine cannot keep) has no valid p95: its target is missed.
    const allAnswered = (...sides: Array<{ failures: number }>) => sides.every((side) => side.failures === 0);
    if (!allAnswered(gateway, bare, suggestGateway, suggestBare)) {
      process.stdout.write(`  some requests failed: this machine did not keep ${RATE_PER_SECOND} requests/s (BENCH_SEARCH_RATE sets the rate); the targets below count as missed\n`);
    }
    return [
      ['search p95 through the gateway ≤ 1.3 × straight to OpenSearch', allAnswered(gateway, bare) && gateway.p95 <= 1.3 * bare.p95],
      ['suggestions p95 through the gateway < 15 ms', allAnswered(suggestGateway) && suggestGateway.p95 < 15],
    ];
  } finally {
    await started.stop();
    await direct.close();
    await fetch(`${engines.openSearchUrl}/${alias}*?ignore_unavailable=true&allow_no_indices=true`, { method: 'DELETE' }).catch(() => undefined);
  }
}
