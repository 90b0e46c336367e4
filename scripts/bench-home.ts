import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { type EmbeddedProduct, startEmbeddedProduct } from '@closetly/all-in-one/testing';
import { BETA_TOKEN_STORAGE_KEY } from '@closetly/contracts';
import { pollUntil } from '@closetly/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium } from 'playwright-core';

/**
 * The home page in Lighthouse (mobile, its default form factor) next to a static page with the same
 * visible content and no JavaScript, served by a bare Fastify in the same run: what the app's
 * JavaScript costs on a phone. Plus the initial JavaScript of the home page, gzipped, read from
 * the build: the entry script and the chunks index.html preloads with it.
 */
const ROOT = join(__dirname, '..');
const WEB_DIST = join(ROOT, 'apps', 'web', 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Where each run's full Lighthouse report goes, when set (BENCH_LIGHTHOUSE_REPORTS=test-output/lighthouse). */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Lighthouse's mobile screen (Moto G Power), so the snapshot is the DOM a phone gets. */
const MOBILE = { width: 412, height: 823 };

export const TARGET_SCORE = 95;
/** Bytes, gzipped (1 KB = 1,000 bytes). */
export const TARGET_INITIAL_JS = 150_000;

interface Run {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  lcpElement: string | null;
  scripts: Array<{ url: string; transferSize: number; resourceSize: number }>;
  warnings: string[];
}
interface LighthouseOutput {
  lighthouse: string;
  chromium: string;
  pages: Array<{ name: string; runs: Run[] }>;
}

export interface InitialScript {
  path: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

/** The scripts the browser fetches before the app runs: index.html's module script and its modulepreloads. */
export function initialScripts(dist: string = WEB_DIST): InitialScript[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const paths = tags
    .filter((tag) => /^<script\b/.test(tag) || /\brel="modulepreload"/.test(tag))
    .map((tag) => /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1])
    .filter((path): path is string => path !== undefined);
  return paths.map((path) => {
    const content = readFileSync(join(dist, path));
    return {
      path,
      bytes: content.length,
      gzip: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length,
    };
  });
}

/**
 * The home page as a visitor with a beta token sees it on a phone once everything has loaded,
 * serialised, without its scripts: the reference page. Returns the HTML and the images it shows
 * (same-origin addresses; the reference serves the same bytes at the same addresses).
 */
async function snapshotHome(product: EmbeddedProduct, token: string): Promise<{ html: string; images: Map<string, { type: string; body: Buffer }> }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ viewport: MOBILE, serviceWorkers: 'block' });
    await context.addInitScript(`window.localStorage.setItem(${JSON.stringify(BETA_TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)})`);
    const page = await context.newPage();
    await page.goto(`${product.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Rows loaded (no placeholders left), then nothing more to fetch: the images on screen are in
    // (the others wait, loading="lazy", in both pages). Polled with evaluate: the page's CSP refuses
    // the eval that waitForFunction would use.
    await pollUntil(() => page.evaluate('document.querySelector("main [aria-roledescription=carousel]") !== null && !document.querySelector("main [aria-busy=true]")'), Boolean, {
      timeoutMs: 30_000,
      what: 'the home rows',
    });
    await page.waitForLoadState('networkidle');
    const html = (await page.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '')
      .replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
    const sources = new Set([...html.matchAll(/\bsrc="(\/api\/[^"]+)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&')));
    const images = new Map<string, { type: string; body: Buffer }>();
    for (const source of sources) {
      const response = await fetch(`${product.baseUrl}${source}`, { headers: { accept: 'image/avif,image/webp,*/*' } });
      if (!response.ok) throw new Error(`${source} answered ${response.status}`);
      images.set(source, { type: response.headers.get('content-type') ?? 'application/octet-stream', body: Buffer.from(await response.arrayBuffer()) });
    }
    return { html, images };
  } finally {
    await browser.close();
  }
}

/** The reference: a bare Fastify sending the snapshot, the build's stylesheet and icons (compressed as the gateway sends them) and the same images. */
async function serveReference(html: string, images: Map<string, { type: string; body: Buffer }>): Promise<FastifyInstance> {
  const server = Fastify();
  const page = { br: brotliCompressSync(html), gzip: gzipSync(html), identity: Buffer.from(html) };
  server.get('/', async (request, reply) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8').send(page[encoding]);
  });
  server.get('/api/*', async (request, reply) => {
    const image = images.get(request.url);
    if (!image) return reply.status(404).send();
    return reply.header('cache-control', 'public, max-age=86400, immutable').type(image.type).send(image.body);
  });
  await server.register(fastifyStatic, { root: WEB_DIST, prefix: '/', wildcard: false, index: false, preCompressed: true });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

function lighthouse(input: object): Promise<LighthouseOutput> {
  return new Promise((resolve, reject) => {
    // Not spawnSync: the product answering Lighthouse runs in this process.
    const child = spawn(process.execPath, [join(__dirname, 'bench-lighthouse.mjs'), JSON.stringify(input)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as LighthouseOutput) : reject(new Error(`bench-lighthouse.mjs exited with ${code}`))));
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Measured {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Every script the load fetched, as transferred (compressed), and how many. */
  scriptBytes: number;
  scriptCount: number;
  /** Of those, index.html's own (the initial scripts). */
  initialScriptBytes: number;
  lcpElement: string | null;
  scores: number[];
}

function measured(runs: Run[], initialPaths: string[]): Measured {
  const scriptBytes = (run: Run) => run.scripts.reduce((sum, script) => sum + script.transferSize, 0);
  const initialBytes = (run: Run) => run.scripts.filter((script) => initialPaths.includes(new URL(script.url).pathname)).reduce((sum, script) => sum + script.transferSize, 0);
  const lcpRun = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(runs.length / 2)];
  return {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    speedIndexMs: median(runs.map((run) => run.speedIndexMs)),
    scriptBytes: median(runs.map(scriptBytes)),
    scriptCount: median(runs.map((run) => run.scripts.length)),
    initialScriptBytes: median(runs.map(initialBytes)),
    lcpElement: lcpRun?.lcpElement ?? null,
    scores: runs.map((run) => run.score),
  };
}

/** Runs the home page benchmark, prints its section and returns its targets. */
export async function benchHome(): Promise<Array<[string, boolean]>> {
  const initial = initialScripts();
  const initialGzip = initial.reduce((sum, script) => sum + script.gzip, 0);
  const initialBrotli = initial.reduce((sum, script) => sum + script.brotli, 0);

  process.stdout.write('\nHome page: starting the embedded product with the sample demo catalogue...\n');
  const product = await startEmbeddedProduct({ SEED_DEMO_CATALOGUE: 'sample' });
  let reference: FastifyInstance | undefined;
  try {
    const token = await product.betaToken();
    const snapshot = await snapshotHome(product, token);
    reference = await serveReference(snapshot.html, snapshot.images);
    const address = reference.server.address();
    const referenceUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

    const output = await lighthouse({
      chromePath: CHROMIUM,
      runs: RUNS,
      ...(REPORT_DIR ? { reportDir: resolve(ROOT, REPORT_DIR) } : {}),
      pages: [
        { name: 'reference', url: referenceUrl },
        // /api/health loads no script: the seeding visit warms no cache.
        { name: 'home', url: `${product.baseUrl}/`, localStorage: { seedUrl: `${product.baseUrl}/api/health`, items: { [BETA_TOKEN_STORAGE_KEY]: token } } },
      ],
    });
    const paths = initial.map((script) => script.path);
    const runsOf = (name: string) => output.pages.find((page) => page.name === name)?.runs ?? [];
    const ref = measured(runsOf('reference'), paths);
    const home = measured(runsOf('home'), paths);
    const chromiumVersion = /Chrome\/([\d.]+)/.exec(output.chromium)?.[1] ?? output.chromium;

    process.stdout.write(`\nHome page in Lighthouse ${output.lighthouse} (mobile: simulated slow 4G and 4× CPU slowdown), Chromium ${chromiumVersion}, median of ${RUNS} cold loads\n`);
    process.stdout.write(`  ${''.padEnd(38)}${'score'.padStart(6)}${'LCP'.padStart(9)}${'FCP'.padStart(9)}${'TBT'.padStart(9)}${'CLS'.padStart(7)}   JS transferred: initial / all (requests)\n`);
    const row = (what: string, m: Measured) =>
      `  ${what.padEnd(38)}${String(m.score).padStart(6)}${seconds(m.lcpMs).padStart(9)}${seconds(m.fcpMs).padStart(9)}${`${Math.round(m.tbtMs)} ms`.padStart(9)}${m.cls.toFixed(3).padStart(7)}   ${kb(m.initialScriptBytes)} / ${kb(m.scriptBytes)} (${m.scriptCount})\n`;
    process.stdout.write(row('static page, no JS (reference)', ref));
    process.stdout.write(row('home page, embedded product', home));
    process.stdout.write(
      `  ratios home / reference: score ${(home.score / ref.score).toFixed(2)}, LCP ${(home.lcpMs / ref.lcpMs).toFixed(2)}, FCP ${(home.fcpMs / ref.fcpMs).toFixed(2)}; JavaScript +${kb(home.scriptBytes)} (the reference has none)\n`,
    );
    process.stdout.write(`  home scores per run: ${home.scores.join(', ')}; its LCP element: ${home.lcpElement ?? 'unknown'}\n`);
    process.stdout.write(`  initial JavaScript (index.html's script and modulepreloads): ${kb(initialGzip)} gzipped, ${kb(initialBrotli)} brotli (as the gateway sends it to Chromium), ${initial.length} files\n`);
    for (const script of initial) process.stdout.write(`    ${script.path.padEnd(40)} ${kb(script.bytes).padStart(10)} ${kb(script.gzip).padStart(10)} gzipped\n`);
    const warnings = [...new Set(output.pages.flatMap((page) => page.runs.flatMap((run) => run.warnings)))];
    for (const warning of warnings) process.stdout.write(`  Lighthouse warned: ${warning}\n`);

    return [
      [`home page Lighthouse performance score ≥ ${TARGET_SCORE} (mobile)`, home.score >= TARGET_SCORE],
      [`home page initial JavaScript ≤ ${TARGET_INITIAL_JS / 1000} KB gzipped`, initialGzip <= TARGET_INITIAL_JS],
    ];
  } finally {
    await reference?.close();
    await product.stop();
  }
}

// `node -r @swc-node/register scripts/bench-home.ts`: this part alone.
if (require.main === module) {
  benchHome().then(
    (targets) => {
      process.stdout.write('\nTargets\n');
      for (const [name, met] of targets) process.stdout.write(`  ${met ? 'met   ' : 'MISSED'} ${name}\n`);
      process.exit(targets.every(([, met]) => met) ? 0 : 1);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
