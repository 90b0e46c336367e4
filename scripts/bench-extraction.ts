import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { extractProduct, type ExtractedProduct } from '../libs/product-extraction/src';
import { parseHtml } from '../libs/product-extraction/src/html/parse-html';
import { fixtureCases, fixturePage } from '../libs/product-extraction/test/fixture-cases';

/**
 * Product extraction (issue 21): how many fields of the extraction fixtures
 * (libs/product-extraction/test/fixture-cases.ts) extractProduct gets right,
 * and how fast it reads the largest fixture page and a synthetic 3 MB listing
 * page, against a reference measured in the same run: htmlparser2's bare
 * tokenizer reading the same page with no tree built (what any reader of the
 * HTML pays at least). `BENCH_ONLY=extraction npm run bench` runs it alone
 * (no engines, no build).
 */
const SECONDS = Number(process.env.BENCH_EXTRACTION_SECONDS ?? 4);
/** The goal for fields right, and the most extraction may cost over a bare tokenizer pass. */
const MIN_FIELDS_RIGHT = 0.95;
const MAX_COST_OVER_TOKENIZER = 12;

type Field = keyof Omit<ExtractedProduct, 'confidence'>;

const noop = () => undefined;
const bareCallbacks: TokenizerCallbacks = {
  onattribdata: noop, onattribentity: noop, onattribend: noop, onattribname: noop, oncdata: noop, onclosetag: noop, oncomment: noop,
  ondeclaration: noop, onend: noop, onopentagend: noop, onopentagname: noop, onprocessinginstruction: noop, onselfclosingtag: noop,
  ontext: noop, ontextentity: noop,
};
function bareTokenize(html: string): void {
  const tokenizer = new Tokenizer({ decodeEntities: true, recognizeSelfClosing: true }, bareCallbacks);
  tokenizer.write(html);
  tokenizer.end();
}

/**
 * Runs per second of each function, taken in turns (one run of each per
 * round, after a warm-up) for about `seconds` seconds, so a garbage
 * collection or a busy moment of the machine falls on all of them alike.
 */
function perSecond(runs: ReadonlyArray<() => void>, seconds: number): number[] {
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) for (const run of runs) run();
  const spent = runs.map(() => 0);
  let rounds = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    runs.forEach((run, k) => {
      const before = performance.now();
      run();
      spent[k] = (spent[k] ?? 0) + (performance.now() - before);
    });
    rounds += 1;
  }
  return spent.map((ms) => rounds / (ms / 1000));
}

/** A shop's category page of product cards, about `bytes` long. */
function listingPage(bytes: number): string {
  const parts = ['<!doctype html><html><head><title>Shirts &ndash; Wildfern</title><meta property="og:site_name" content="Wildfern"></head><body><main><h1>Shirts</h1><ul class="grid product-grid">'];
  let size = parts[0]?.length ?? 0;
  for (let i = 0; size < bytes; i += 1) {
    const card = `<li class="grid__item"><div class="card"><img src="//www.wildfernshoes.com/cdn/shop/files/item-${i}.jpg?v=1&amp;width=533" alt="Linen Shirt ${i}" loading="lazy"><h3 class="card__heading"><a href="/products/linen-shirt-${i}">Linen Shirt &ndash; No. ${i}</a></h3><span class="price">&pound;${(40 + (i % 60)).toFixed(2)}</span></div></li>\n`;
    parts.push(card);
    size += card.length;
  }
  parts.push('</ul></main></body></html>');
  return parts.join('');
}

export async function benchExtraction(): Promise<Array<[string, boolean]>> {
  // Fields right: every field a fixture expects, and any field extracted that it does not.
  let right = 0;
  let total = 0;
  const misses: string[] = [];
  for (const { file, url, expected } of fixtureCases) {
    const { confidence: _confidence, ...found } = extractProduct(fixturePage(file), url);
    const fields = new Set([...Object.keys(expected), ...Object.keys(found)] as Field[]);
    for (const field of fields) {
      total += 1;
      if (JSON.stringify(found[field] ?? null) === JSON.stringify(expected[field] ?? null)) right += 1;
      else misses.push(`${file} ${field}: ${JSON.stringify(found[field] ?? null)} (expected ${JSON.stringify(expected[field] ?? null)})`);
    }
  }
  const share = total > 0 ? right / total : 0;
  process.stdout.write(`\nProduct extraction: ${fixtureCases.length} fixture pages\n`);
  process.stdout.write(`  fields right ${right}/${total} (${(share * 100).toFixed(1)}%)\n`);
  for (const miss of misses) process.stdout.write(`    missed ${miss}\n`);

  // Speed: the largest fixture, and a listing page of 3 MB, each against a bare tokenizer pass over the same page.
  const largest = fixtureCases.map((c) => ({ ...c, html: fixturePage(c.file) })).reduce((a, b) => (b.html.length > a.html.length ? b : a));
  const listing = listingPage(3 * 2 ** 20);
  const listingUrl = 'https://www.wildfernshoes.com/collections/shirts';
  const rows: Array<[string, number, number]> = [];
  for (const [label, html, url, seconds] of [
    [`largest fixture (${largest.file}, ${(largest.html.length / 1024).toFixed(1)} KB)`, largest.html, largest.url, SECONDS],
    [`listing page (${(listing.length / 2 ** 20).toFixed(1)} MB, ${listing.split('<li').length - 1} cards)`, listing, listingUrl, SECONDS * 2],
  ] as const) {
    const [reference = 0, parsed = 0, extracted = 0] = perSecond([() => bareTokenize(html), () => parseHtml(html), () => extractProduct(html, url)], seconds);
    process.stdout.write(`  ${label}\n`);
    process.stdout.write(`    bare tokenizer (reference)   ${reference.toFixed(reference < 100 ? 1 : 0).padStart(8)} pages/s   ratio 1.00\n`);
    process.stdout.write(`    parseHtml (tree)             ${parsed.toFixed(parsed < 100 ? 1 : 0).padStart(8)} pages/s   ratio ${(parsed / reference).toFixed(2)}\n`);
    process.stdout.write(`    extractProduct               ${extracted.toFixed(extracted < 100 ? 1 : 0).padStart(8)} pages/s   ratio ${(extracted / reference).toFixed(2)} (costs ${(reference / extracted).toFixed(1)}× a bare pass)\n`);
    rows.push([label, reference, extracted]);
  }

  return [
    [`extraction: fields right on the fixtures ${(share * 100).toFixed(1)}% ≥ ${MIN_FIELDS_RIGHT * 100}%`, share >= MIN_FIELDS_RIGHT],
    ...rows.map(([label, reference, extracted]): [string, boolean] => [
      `extraction: ${label.split(' (')[0]} costs ${(reference / extracted).toFixed(1)}× a bare tokenizer pass ≤ ${MAX_COST_OVER_TOKENIZER}×`,
      reference / extracted <= MAX_COST_OVER_TOKENIZER,
    ]),
  ];
}
