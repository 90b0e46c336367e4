import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_BETA_CODE } from '@closetly/identity';
import { freePortBlock } from '@closetly/testing';
import { cpuSeconds, rssMb, type StartedProcess, startAndWait, stop, untilQuiet } from './bench-processes';
import { embeddedStartCommand } from './embedded-start-command';

/**
 * The gateway's hot paths against a bare Fastify serving the very same bytes
 * from memory (scripts/bench-bare-server.mjs), each in its own process, the
 * load from this one: 16 keep-alive connections, closed loop, the two sides
 * alternating round by round so a busy machine slows both alike. The product
 * is the embedded default (`npm start`'s entry) with the sample catalogue and
 * the rate limits scaled up (RATE_LIMIT_MULTIPLIER=1000), so what is measured
 * is what a request costs, the limiter's own work included.
 *
 * Besides the rate and p50, each side's CPU per request (from /proc) says
 * where the floor is: a ratio under target with the product's CPU per call
 * near the bare side's is the machine, not the product.
 */
const ROOT = join(__dirname, '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/**
 * Each side's round must last long enough that one garbage collection or JIT tier-up in it does not decide
 * the ratio: 3,000 requests lasted 0.1 to 0.3 s on a faster machine, where the lists' ratio then moved
 * between 0.46 and 0.76 from run to run; 8,000 last about half a second a side there.
 */
const REQUESTS_PER_ROUND = Number(process.env.BENCH_HOT_REQUESTS ?? 8000);
const ROUNDS = Number(process.env.BENCH_HOT_ROUNDS ?? 3);
const HEALTH_TARGET_PER_SECOND = 5000;


interface Round {
  perSecond: number;
  p50: number;
  p95: number;
  cpuMsPerRequest: number;
}

/** One GET on a keep-alive agent; resolves with the status once the body is read. */
function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent, headers }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** A closed loop of `requests` GETs over CONNECTIONS keep-alive connections; the server's CPU is read around it. */
async function round(url: URL, headers: Record<string, string>, serverPid: number, requests: number): Promise<Round> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    for (let i = 0; i < CONNECTIONS * 4; i += 1) await get(agent, url, headers); // warm the connections and the server's caches
    const latencies: number[] = [];
    let next = 0;
    const cpuBefore = cpuSeconds(serverPid) * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < requests) {
          next += 1;
          const sent = performance.now();
          const status = await get(agent, url, headers);
          if (status !== 200) throw new Error(`${url.pathname} answered ${status}`);
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(serverPid) * 1000 - cpuBefore;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return { perSecond: requests / seconds, p50: at(0.5), p95: at(0.95), cpuMsPerRequest: cpu / requests };
  } finally {
    agent.destroy();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const medianRound = (rounds: Round[]): Round => ({
  perSecond: median(rounds.map((r) => r.perSecond)),
  p50: median(rounds.map((r) => r.p50)),
  p95: median(rounds.map((r) => r.p95)),
  cpuMsPerRequest: median(rounds.map((r) => r.cpuMsPerRequest)),
});

export async function benchHotPaths(): Promise<Array<[string, boolean]>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'closetly-bench-hot-'));
  const productPort = await freePortBlock();
  const base = `http://127.0.0.1:${productPort}`;
  const { command, args, env: startEnv } = embeddedStartCommand();
  const productEnv = {
    ...process.env,
    ...startEnv,
    CLOSETLY_MODE: 'embedded',
    NODE_ENV: 'development',
    PORT: String(productPort),
    DATA_DIR: dataDir,
    SEED_DEMO_CATALOGUE: 'sample',
    RATE_LIMIT_MULTIPLIER: '1000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  // BENCH_CPU_PROFILE_DIR=dir: the product writes its V8 CPU profile there when it stops (where each request's time goes).
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  const product = (await startAndWait(command, [...profile, ...args], productEnv, `${base}/api/health`)).child;
  let bare: StartedProcess['child'] | undefined;
  try {
    // The start-up work (the sample seed's events travelling on) done first.
    await untilQuiet(product.pid!);
    const verified = (await (
      await fetch(`${base}/api/verify-beta`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: DEMO_BETA_CODE }) })
    ).json()) as { betaToken?: string };
    if (!verified.betaToken) throw new Error('the demo beta code was refused');
    const beta = { 'x-beta-token': verified.betaToken };
    const popularPath = '/api/popular-items?category=all';
    const popular = Buffer.from(await (await fetch(`${base}${popularPath}`, { headers: { ...beta, 'accept-encoding': 'identity' } })).arrayBuffer());
    const cssPath = /href="(\/assets\/[^"]+\.css)"/.exec(readFileSync(join(ROOT, 'apps', 'web', 'dist', 'index.html'), 'utf8'))?.[1];
    if (!cssPath) throw new Error('build the SPA first (npm run build:web)');
    const css = readFileSync(join(ROOT, 'apps', 'web', 'dist', cssPath));
    const products = (JSON.parse(popular.toString()) as unknown[]).length;

    // The bare side: the same bytes, from memory, at the same paths.
    const routesFile = join(dataDir, 'bare-routes.json');
    writeFileSync(
      routesFile,
      JSON.stringify([
        { path: '/api/popular-items', type: 'application/json; charset=utf-8', body: popular.toString('base64') },
        { path: cssPath, type: 'text/css; charset=utf-8', body: css.toString('base64') },
        { path: '/api/health', type: 'application/json; charset=utf-8', body: Buffer.from('{"status":"ok"}').toString('base64') },
      ]),
    );
    const barePort = await freePortBlock();
    bare = (await startAndWait(process.execPath, [join(ROOT, 'scripts', 'bench-bare-server.mjs'), routesFile, String(barePort)], process.env, `http://127.0.0.1:${barePort}/api/health`)).child;

    const paths = [
      { name: `cached GET /api/popular-items (${(popular.length / 1000).toFixed(0)} KB, ${products} products)`, path: popularPath, headers: beta, target: 0.5, key: 'lists' },
      { name: `a hashed static asset (${cssPath.split('/').pop()}, ${(css.length / 1000).toFixed(0)} KB)`, path: cssPath, headers: {}, target: 0.8, key: 'static' },
      { name: 'GET /api/health (no beta token)', path: '/api/health', headers: {}, target: null, key: 'health' },
    ] as const;
    const targets: Array<[string, boolean]> = [];
    process.stdout.write(
      `\nHot paths, embedded product vs a bare Fastify serving the same bytes from memory (${CONNECTIONS} keep-alive connections, closed loop, median of ${ROUNDS} alternating rounds of ${REQUESTS_PER_ROUND})\n`,
    );
    process.stdout.write(`  ${'path'.padEnd(58)} ${'Closetly'.padStart(24)}   ${'bare Fastify'.padStart(24)}   ratio   target\n`);
    // BENCH_HOT_PATHS=health,static (or lists): only those (to profile one path).
    const only = process.env.BENCH_HOT_PATHS?.split(',');
    for (const { name, path, headers, target, key } of paths) {
      if (only && !only.includes(key)) continue;
      const productRounds: Round[] = [];
      const bareRounds: Round[] = [];
      for (let n = 0; n < ROUNDS; n += 1) {
        productRounds.push(await round(new URL(`${base}${path}`), headers, product.pid!, REQUESTS_PER_ROUND));
        bareRounds.push(await round(new URL(`http://127.0.0.1:${barePort}${path.split('?')[0]}`), {}, bare.pid!, REQUESTS_PER_ROUND));
      }
      const ours = medianRound(productRounds);
      const theirs = medianRound(bareRounds);
      const ratio = ours.perSecond / theirs.perSecond;
      const side = (r: Round) => `${r.perSecond.toFixed(0)}/s p50 ${r.p50.toFixed(1)} ms ${r.cpuMsPerRequest.toFixed(2)} ms CPU`;
      const goal = target === null ? `≥ ${HEALTH_TARGET_PER_SECOND}/s` : `≥ ${target.toFixed(2)}×`;
      process.stdout.write(`  ${name.padEnd(58)} ${side(ours).padStart(24)}   ${side(theirs).padStart(24)}   ${ratio.toFixed(2)}×   ${goal}\n`);
      targets.push(
        target === null
          ? [`GET /api/health ≥ ${HEALTH_TARGET_PER_SECOND} req/s (answered from the background readiness state)`, ours.perSecond >= HEALTH_TARGET_PER_SECOND]
          : [`${name.split(' (')[0]} ≥ ${target.toFixed(2)} × bare Fastify serving the same bytes`, ratio >= target],
      );
    }
    process.stdout.write(`  the product's resident set after the load: ${rssMb(product.pid!).toFixed(0)} MiB\n`);
    return targets;
  } finally {
    if (bare) await stop(bare);
    await stop(product);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchHotPaths()
    .then((targets) => {
      for (const [name, met] of targets) process.stdout.write(`  ${met ? 'met   ' : 'MISSED'} ${name}\n`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
