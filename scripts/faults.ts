/**
 * `npm run faults`: the distributed product with two of every process, under a bounded load of saves,
 * removals and searches, broken one fault at a time. Prints one table: per fault, what the clients were
 * told (acknowledged saves, answers by status), what each stage holds once it has converged (lost and
 * doubled in the wardrobe, the catalogue, search and retention), how long that took, and what health said.
 *
 * Engines: Kafka and OpenSearch are started if they are not running (and stopped again at the end);
 * PostgreSQL and Redis are the machine's, reached through relays this script can cut, so an outage of
 * either is real for the product and harmless to anyone else. `FAULTS=name,name` runs some only.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DistributedProduct, startDistributedProduct } from '@closetly/local-deploy';
import { DEMO_BETA_CODE } from '@closetly/identity';
import { randomSecret } from '@closetly/server';
import {
  confirmEmailByLink,
  createTestDatabase,
  engines,
  freePortBlock,
  newKafkaNamespace,
  removeCacheKeys,
  removeKafkaNamespace,
  removeSearchIndices,
  type SmtpCapture,
  startSmtpCapture,
  startTcpOutageProxy,
  subjectOf,
  type TcpOutageProxy,
  uniqueName,
} from '@closetly/testing';
import { Kafka, logLevel } from 'kafkajs';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ROOT = join(__dirname, '..');
const PASSWORD = 'Faults!Passw0rd';
const ADMIN_EMAIL = `faults-admin-${Date.now()}@example.com`;
const CLIENTS = 4;
const SAVES_PER_CLIENT = 20;
/** The fault starts once this many saves have been answered, so it lands mid-load. */
const FAULT_AFTER = 16;
const CONVERGE_WITHIN_MS = 90_000;

interface World {
  product: DistributedProduct;
  postgres: TcpOutageProxy;
  redis: TcpOutageProxy;
  cachePrefix: string;
  topicPrefix: string;
}

interface Fault {
  name: string;
  /** Breaks something; resolves once it is broken. Returns how to mend it (or nothing: it heals by itself). */
  inject(world: World): Promise<(() => Promise<void>) | void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** kill -9 of one process the product runs; the supervisor starts it again with backoff. */
const killProcess = (name: string): Fault => ({
  name: `kill -9 ${name}`,
  async inject({ product }) {
    product.processes.get(name)?.kill('SIGKILL');
  },
});

/** The engines' script (plain ESM), run as its command line: `up <engine>` starts one again. */
const INFRA = join(ROOT, 'deploy', 'local', 'infra.mjs');
const INFRA_RUN_DIR = process.env.CLOSETLY_INFRA_RUN_DIR ?? join(ROOT, 'deploy', 'local', '.run');

/** kill -9 of an engine deploy/local/infra.mjs started (Kafka, OpenSearch), started again after `downMs`. */
const killEngine = (engine: 'kafka' | 'opensearch', downMs: number): Fault => ({
  name: `kill -9 ${engine === 'kafka' ? 'the broker' : 'OpenSearch'}`,
  async inject() {
    const pid = Number(readFileSync(join(INFRA_RUN_DIR, `${engine}.pid`), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) throw new Error(`${engine} was not started by deploy/local/infra.mjs: not killing it`);
    process.kill(-pid, 'SIGKILL');
    return async () => {
      await sleep(downMs);
      const started = spawnSync(process.execPath, [INFRA, 'up', engine], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      if (started.status !== 0) throw new Error(`${engine} did not start again`);
    };
  },
});

/** An engine of the machine's made unreachable by cutting the relay in front of it, restored after `downMs`. */
const cutRelay = (engine: string, relay: 'postgres' | 'redis', downMs: number): Fault => ({
  name: `${engine} unreachable ${downMs / 1000} s`,
  async inject(world) {
    await world[relay].cut();
    return async () => {
      await sleep(downMs);
      await world[relay].restore();
    };
  },
});

const FAULTS: Fault[] = [
  killEngine('kafka', 5_000),
  ...['identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention', 'pages'].map(killProcess),
  killProcess('gateway-2'),
  {
    name: 'SIGTERM wardrobe-2',
    async inject({ product }) {
      product.processes.get('wardrobe-2')?.kill('SIGTERM');
    },
  },
  cutRelay('PostgreSQL', 'postgres', 10_000),
  {
    name: 'Redis flushed',
    async inject({ cachePrefix }) {
      await removeCacheKeys(cachePrefix);
    },
  },
  cutRelay('Redis', 'redis', 10_000),
  killEngine('opensearch', 3_000),
  {
    name: 'poison message',
    async inject({ topicPrefix }) {
      const kafka = new Kafka({ clientId: 'closetly-faults', brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING });
      const producer = kafka.producer();
      await producer.connect();
      try {
        await producer.send({ topic: `${topicPrefix}wardrobe.item-saved.v1`, messages: [{ key: 'poison', value: '{"not":"an envelope"' }, { key: 'poison', value: JSON.stringify({ id: 'x', type: 'wardrobe.item-saved.v1', data: { payload: { nonsense: true } } }) }] });
      } finally {
        await producer.disconnect();
      }
    },
  },
];

/** One fault's outcome, a row of the table. */
interface Row {
  fault: string;
  acknowledged: number;
  removed: number;
  statuses: Record<string, number>;
  stages: Record<'wardrobe' | 'catalogue' | 'search' | 'retention', { lost: number; doubled: number }>;
  convergedSeconds: number | null;
  health: string;
}

/** A client of both gateways: takes turns, and a request whose connection failed goes once to the other (a balancer's retry). */
function gatewayClient(urls: readonly string[]) {
  let turn = 0;
  let betaToken = '';
  const call = async (method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<{ status: number | 'network'; body: unknown }> => {
    const first = turn++ % urls.length;
    for (const index of [first, (first + 1) % urls.length]) {
      try {
        const response = await fetch(`${urls[index]}${path}`, {
          method,
          headers: { 'content-type': 'application/json', 'x-beta-token': betaToken, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
      } catch {
        // The gateway is gone (killed) or the answer never came: the other one, once.
      }
    }
    return { status: 'network', body: undefined };
  };
  return {
    call,
    betaToken: () => betaToken,
    async init() {
      const answer = await call('POST', '/api/verify-beta', { body: { code: DEMO_BETA_CODE } });
      betaToken = (answer.body as { betaToken?: string } | undefined)?.betaToken ?? '';
      if (!betaToken) throw new Error(`verify-beta answered ${answer.status}`);
    },
  };
}

type Client = ReturnType<typeof gatewayClient>;

async function signUpConfirmed(client: Client, smtp: SmtpCapture, baseUrl: string, email: string): Promise<{ token: string; userId: string }> {
  const answer = await client.call('POST', '/api/auth/signup', { body: { firstName: 'Fay', lastName: 'Ults', email, password: PASSWORD } });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  await confirmEmailByLink({ baseUrl, betaToken: client.betaToken(), smtp, email });
  // A fresh token: the confirmed address counts from the next sign-in.
  const signIn = await client.call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
  const token = (signIn.body as { accessToken: string }).accessToken;
  return { token, userId: subjectOf(token) };
}

async function runFault(fault: Fault, world: World, client: Client, admin: string, smtp: SmtpCapture): Promise<Row> {
  const word = uniqueName('Fz').replace(/[^A-Za-z]/g, '').slice(0, 12);
  const shopper = await signUpConfirmed(client, smtp, world.product.baseUrl, `faults-${word.toLowerCase()}@example.com`);
  const statuses: Record<string, number> = {};
  const acked = new Set<string>();
  const removed = new Set<string>();
  const healthSeen: string[] = [];
  let answered = 0;
  let mend: (() => Promise<void>) | undefined;
  let injected: Promise<void> | undefined;
  let notInjected: string | undefined;
  const count = (status: number | 'network') => (statuses[String(status)] = (statuses[String(status)] ?? 0) + 1);

  let watching = true;
  const healthWatch = (async () => {
    while (watching) {
      const answer = await client.call('GET', '/api/health');
      const said = String(answer.status);
      if (healthSeen.at(-1) !== said) healthSeen.push(said);
      await sleep(500);
    }
  })();

  const worker = async (id: number) => {
    for (let index = 0; index < SAVES_PER_CLIENT; index += 1) {
      const answer = await client.call('POST', '/api/save', {
        token: shopper.token,
        body: { data: { name: `${word} Tee ${id}-${index}`, brand: 'Arket', price: 25 + index, gender: 'Women', sourceUrl: `https://www.nordstrom.com/s/item/${word.toLowerCase()}-${id}-${index}` } },
      });
      count(answer.status);
      const savedId = (answer.body as { id?: string } | undefined)?.id;
      if (typeof answer.status === 'number' && answer.status < 300 && savedId) acked.add(savedId);
      answered += 1;
      if (answered === FAULT_AFTER && !injected) {
        injected = fault.inject(world).then(
          (how) => void (mend = how ?? undefined),
          (error: unknown) => void (notInjected = error instanceof Error ? error.message : String(error)),
        );
      }
      if (index % 5 === 4 && savedId) {
        const removal = await client.call('DELETE', `/api/remove-from-wardrobe/${savedId}`, { token: shopper.token });
        count(removal.status);
        if (typeof removal.status === 'number' && removal.status < 300) removed.add(savedId);
      }
      if (index % 4 === 0) count((await client.call('GET', `/api/search?q=${word}`)).status);
    }
  };
  await Promise.all([...Array(CLIENTS).keys()].map(worker));
  await injected;
  const mending = mend as (() => Promise<void>) | undefined;
  if (mending) await mending();

  // Converged when the wardrobe lists exactly the acknowledged saves not removed, and the catalogue, search and
  // retention each know every save acknowledged (a removal keeps the catalogue's and retention's record of the
  // save, dated, and the shared product stays listed and searchable), none twice.
  const started = Date.now();
  const kept = [...acked].filter((id) => !removed.has(id));
  let stages: Row['stages'] = { wardrobe: { lost: 0, doubled: 0 }, catalogue: { lost: 0, doubled: 0 }, search: { lost: 0, doubled: 0 }, retention: { lost: 0, doubled: 0 } };
  let converged: number | null = null;
  while (Date.now() - started < CONVERGE_WITHIN_MS) {
    stages = await measureStages(client, shopper, admin, word, kept, [...acked], removed.size).catch(() => stages);
    if (Object.values(stages).every((stage) => stage.lost === 0 && stage.doubled === 0)) {
      converged = (Date.now() - started) / 1000;
      break;
    }
    await sleep(1_000);
  }
  // Health once everything is back.
  for (let waited = 0; waited < 60_000; waited += 1_000) {
    if ((await client.call('GET', '/api/health')).status === 200) break;
    await sleep(1_000);
  }
  watching = false;
  await healthWatch;
  return { fault: notInjected ? `${fault.name} (not injected: ${notInjected})` : fault.name, acknowledged: acked.size, removed: removed.size, statuses, stages, convergedSeconds: converged, health: healthSeen.join('→') };
}

async function measureStages(
  client: Client,
  shopper: { token: string; userId: string },
  admin: string,
  word: string,
  kept: readonly string[],
  acked: readonly string[],
  removedCount: number,
): Promise<Row['stages']> {
  const wardrobe = await client.call('GET', '/api/get-wardrobe', { token: shopper.token });
  if (wardrobe.status !== 200) throw new Error('wardrobe not answering');
  const listed = (wardrobe.body as Array<{ id: string }>).map((item) => item.id);
  const held = await client.call('GET', `/api/admin/users/${shopper.userId}/data-held`, { token: admin });
  if (held.status !== 200) throw new Error('data-held not answering');
  const services = (held.body as { services: Record<string, Record<string, number>> }).services;
  const found: string[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const answer = await client.call('GET', `/api/search?q=${word}&page=${page}`);
    if (answer.status !== 200) throw new Error('search not answering');
    const body = answer.body as { products: Array<{ id: string }>; pageCount: number };
    found.push(...body.products.map((product) => product.id));
    if (page >= body.pageCount) break;
  }
  // Every save stored, acknowledged or not (a 503 may come after the commit): what the wardrobe lists plus what was removed.
  const stored = new Set(listed).size + removedCount;
  const missing = (want: readonly string[], have: readonly string[]) => want.filter((id) => !have.includes(id)).length;
  const twice = (have: readonly string[]) => have.length - new Set(have).size;
  const counted = (count: number | undefined) => ({ lost: Math.max(0, acked.length - (count ?? 0)), doubled: Math.max(0, (count ?? 0) - stored) });
  return {
    wardrobe: { lost: missing(kept, listed), doubled: twice(listed) },
    catalogue: counted(services.catalogue?.active_saves),
    search: { lost: missing(acked, found), doubled: twice(found) },
    retention: counted(services.retention?.product_saves),
  };
}

function table(rows: readonly Row[]): string {
  const header = '| fault | saves acknowledged / removed | answers by status | wardrobe lost/doubled | catalogue | search | retention | converged in | health said |';
  const lines = rows.map((row) => {
    const statuses = Object.entries(row.statuses)
      .sort()
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    const stage = (name: keyof Row['stages']) => `${row.stages[name].lost}/${row.stages[name].doubled}`;
    return `| ${row.fault} | ${row.acknowledged} / ${row.removed} | ${statuses} | ${stage('wardrobe')} | ${stage('catalogue')} | ${stage('search')} | ${stage('retention')} | ${row.convergedSeconds === null ? 'not within 90 s' : `${row.convergedSeconds.toFixed(1)} s`} | ${row.health} |`;
  });
  return [header, '|---|---:|---|---:|---:|---:|---:|---:|---|', ...lines].join('\n');
}

async function main(): Promise<void> {
  const only = process.env.FAULTS?.split(',').map((name) => name.trim().toLowerCase());
  const faults = only ? FAULTS.filter((fault) => only.some((name) => fault.name.toLowerCase().includes(name))) : FAULTS;
  const database = await createTestDatabase('closetly_faults');
  const smtp = await startSmtpCapture();
  const pg = new URL(database.url);
  const postgres = await startTcpOutageProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
  const redisUrl = new URL(engines.redisUrl);
  const redis = await startTcpOutageProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  const cachePrefix = `${uniqueName('faults')}:`;
  const kafka = newKafkaNamespace();
  const searchIndex = uniqueName('products').toLowerCase();
  const base = await freePortBlock([40, 41, ...[1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i, 10 + i, 50 + i, 60 + i])]);
  const logDir = mkdtempSync(join(tmpdir(), 'closetly-faults-'));
  const viaRelay = new URL(database.url);
  viaRelay.host = postgres.address;
  process.stderr.write(`[faults] starting the distributed product, two of everything (logs in ${logDir})\n`);
  const product = await startDistributedProduct({
    root: ROOT,
    env: {
      DATABASE_URL: viaRelay.toString(),
      KAFKA_BROKERS: engines.kafkaBrokers.join(','),
      KAFKA_CLIENT_ID: uniqueName('closetly'),
      KAFKA_TOPIC_PREFIX: kafka.topicPrefix,
      KAFKA_CONSUMER_GROUP_PREFIX: kafka.groupPrefix,
      CACHE_PREFIX: cachePrefix,
      REDIS_URL: `redis://${redis.address}`,
      OPENSEARCH_URL: engines.openSearchUrl,
      SEARCH_INDEX: searchIndex,
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      RATE_LIMIT_MULTIPLIER: '100',
      PAGE_WATCH: 'off',
      LOG_LEVEL: 'warn',
      AUTH_JWT_SECRET: randomSecret(),
      BETA_TOKEN_SECRET: randomSecret(),
    },
    gatewayPort: base + 40,
    rpcPortBase: base,
    httpPortBase: base + 10,
    output: { dir: logDir },
    replicas: 2,
    supervise: { log: (line) => process.stderr.write(`${line}\n`) },
  });
  const rows: Row[] = [];
  try {
    const client = gatewayClient(product.gatewayUrls);
    await client.init();
    const admin = (await signUpConfirmed(client, smtp, product.baseUrl, ADMIN_EMAIL)).token;
    const world: World = { product, postgres, redis, cachePrefix, topicPrefix: kafka.topicPrefix };
    for (const fault of faults) {
      process.stderr.write(`[faults] ${fault.name}\n`);
      const row = await runFault(fault, world, client, admin, smtp);
      rows.push(row);
      process.stderr.write(`${table([row]).split('\n').at(-1)}\n`);
    }
  } finally {
    await product.stop();
    await postgres.close();
    await redis.close();
    await database.drop().catch(() => undefined);
    await removeKafkaNamespace(kafka).catch(() => undefined);
    await removeSearchIndices(searchIndex);
    await smtp.close();
  }
  process.stdout.write(`\n${table(rows)}\n`);
  const failed = rows.filter((row) => row.convergedSeconds === null || Object.keys(row.statuses).some((status) => status === 'network' || (Number(status) >= 500 && status !== '503')));
  if (failed.length > 0) {
    process.stdout.write(`\n${failed.length} fault(s) lost, doubled or answered a 5xx other than 503: ${failed.map((row) => row.fault).join(', ')}\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
