import { randomBytes } from 'node:crypto';
import { RUNTIME_MODES } from '@closetly/all-in-one/testing';
import { engines, subjectOf } from '@closetly/testing';
import { Kafka, logLevel } from 'kafkajs';
import { benchCatalogueConsumer } from './bench-catalogue-consumer';
import { percentile } from './bench-search';

/**
 * How fast the distributed product converges after a save (issue 23), beside the same pipeline's bare
 * parts measured in the same run:
 *   - save → searchable at 20 saves a second (p50, p95), against a bare kafkajs produce → consume hop
 *     plus an OpenSearch index-then-search (the least any save → event → index → search path costs);
 *   - a burst of 1,000 saves from 8 clients: how long after the last acknowledgement the catalogue
 *     holds all of them and search finds all of them;
 *   - the catalogue consumer's own rate: 1,000 saves made while it is stopped, then drained once it is back;
 *   - the catalogue consumer alone, in this process on PostgreSQL, batched against one event per transaction
 *     (bench-catalogue-consumer.ts): the drain above shares two cores with every other process.
 * Targets: p95 under 250 ms; catch-up within 3 s; the catalogue at least 500 events a second.
 */
const PACED_SAVES = Number(process.env.BENCH_PACED_SAVES ?? 100);
const BURST_SAVES = Number(process.env.BENCH_BURST_SAVES ?? 1000);
const PASSWORD = 'Bench!Passw0rd';

/** The p-th percentile of unsorted values. */
const percentileOf = (values: readonly number[], p: number) => percentile([...values].sort((a, b) => a - b), p);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reference: one message through a bare kafkajs producer and consumer, then a document indexed (refresh) and found. */
async function referenceLatencies(count: number): Promise<number[]> {
  const topic = `bench-convergence-${randomBytes(4).toString('hex')}`;
  const index = `bench_convergence_${randomBytes(4).toString('hex')}`;
  const kafka = new Kafka({ clientId: 'bench-convergence', brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
  const producer = kafka.producer();
  const consumer = kafka.consumer({ groupId: topic, maxWaitTimeInMs: 1_000 });
  await Promise.all([producer.connect(), consumer.connect()]);
  await consumer.subscribe({ topic, fromBeginning: true });
  const arrived = new Map<string, () => void>();
  await consumer.run({
    eachMessage: async ({ message }) => {
      const word = message.value?.toString() ?? '';
      await fetch(`${engines.openSearchUrl}/${index}/_doc/${word}?refresh=true`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: word }) });
      arrived.get(word)?.();
    },
  });
  await sleep(3_000); // the group's first join
  const latencies: number[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const word = `w${randomBytes(6).toString('hex')}`;
      const started = performance.now();
      const indexed = new Promise<void>((resolve) => arrived.set(word, resolve));
      await producer.send({ topic, acks: -1, messages: [{ key: word, value: word }] });
      await indexed;
      for (;;) {
        const found = (await (await fetch(`${engines.openSearchUrl}/${index}/_search?q=name:${word}`)).json()) as { hits: { total: { value: number } } };
        if (found.hits.total.value > 0) break;
        await sleep(5);
      }
      latencies.push(performance.now() - started);
      await sleep(50); // 20 a second
    }
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
    await fetch(`${engines.openSearchUrl}/${index}`, { method: 'DELETE' }).catch(() => undefined);
  }
  return latencies;
}

export async function benchConvergence(): Promise<Array<[string, boolean]>> {
  const distributed = RUNTIME_MODES.find((mode) => mode.name === 'distributed');
  if (!distributed) throw new Error('no distributed runtime mode');
  process.stdout.write('\nConvergence: the catalogue consumer alone, one event per transaction, then in batches...\n');
  const consumerAlone = await benchCatalogueConsumer();
  const adminEmail = `bench-admin-${Date.now()}@example.com`;
  const started = await distributed.start({ RATE_LIMIT_MULTIPLIER: '100000', ADMIN_EMAILS: adminEmail, PAGE_WATCH: 'off', LOG_LEVEL: 'error' });
  const { product } = started;
  try {
    const betaToken = await product.betaToken();
    const call = async (method: string, path: string, options: { body?: unknown; token?: string } = {}) => {
      const response = await fetch(`${product.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-beta-token': betaToken, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return { status: response.status, body: (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined };
    };
    const account = async (email: string) => {
      await call('POST', '/api/auth/signup', { body: { firstName: 'Ben', lastName: 'Ch', email, password: PASSWORD } });
      await product.confirmEmail(email);
      const token = String((await call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } })).body?.accessToken);
      return { token, userId: subjectOf(token) };
    };
    const admin = await account(adminEmail);
    const shopper = await account(`bench-shopper-${Date.now()}@example.com`);
    const save = (word: string) =>
      call('POST', '/api/save', { token: shopper.token, body: { data: { name: `${word} Tee`, brand: 'Arket', price: 25, gender: 'Women', sourceUrl: `https://www.nordstrom.com/s/item/${word}` } } });
    const searchable = async (word: string) => ((await call('GET', `/api/search?q=${word}`)).body?.total as number | undefined) ?? 0;

    process.stdout.write(`\nConvergence: ${PACED_SAVES} saves at 20 a second, each until searchable...\n`);
    const latencies: number[] = [];
    for (let i = 0; i < PACED_SAVES; i += 1) {
      const word = `zq${randomBytes(5).toString('hex')}`;
      const sent = performance.now();
      if ((await save(word)).status >= 300) throw new Error('a save failed');
      while ((await searchable(word)) === 0) await sleep(5);
      latencies.push(performance.now() - sent);
      await sleep(Math.max(0, 50 - (performance.now() - sent)));
    }
    const reference = await referenceLatencies(PACED_SAVES);

    /** `count` saves from 8 clients, each word `${prefix}x<n>`. */
    const burst = async (prefix: string, count: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < count) {
            const index = (next += 1);
            if ((await save(`${prefix}x${index}`)).status >= 300) throw new Error('a save failed');
          }
        }),
      );
    };

    process.stdout.write(`Convergence: a burst of ${BURST_SAVES} saves from 8 clients...\n`);
    const burstWord = `zb${randomBytes(4).toString('hex')}`;
    const heldBefore = await activeSaves(call, admin.token, shopper.userId);
    const burstStarted = performance.now();
    await burst(burstWord, BURST_SAVES);
    const lastAck = performance.now();
    let catalogueAt: number | undefined;
    let searchAt: number | undefined;
    while ((catalogueAt === undefined || searchAt === undefined) && performance.now() - lastAck < 120_000) {
      if (catalogueAt === undefined && (await activeSaves(call, admin.token, shopper.userId)) - heldBefore >= BURST_SAVES) catalogueAt = performance.now();
      if (searchAt === undefined && (await searchable(burstWord)) >= BURST_SAVES) searchAt = performance.now();
      await sleep(50);
    }
    const catalogueCatchUp = catalogueAt === undefined ? Infinity : (catalogueAt - lastAck) / 1000;
    const searchCatchUp = searchAt === undefined ? Infinity : (searchAt - lastAck) / 1000;
    const catalogueRate = catalogueAt === undefined ? 0 : BURST_SAVES / ((catalogueAt - burstStarted) / 1000);
    const saveRate = BURST_SAVES / ((lastAck - burstStarted) / 1000);

    // The consumer alone: the saves wait in Kafka while the catalogue is stopped, then it drains them. The burst
    // above cannot show more than the saves' own rate; this shows what the consumer does with a backlog.
    process.stdout.write(`Convergence: ${BURST_SAVES} saves queued while the catalogue is stopped, then drained...\n`);
    const processes = started.processes;
    if (!processes) throw new Error('the distributed product has no process control');
    const heldBeforeBacklog = await activeSaves(call, admin.token, shopper.userId);
    await processes.terminate('catalogue');
    await burst(`zd${randomBytes(4).toString('hex')}`, BURST_SAVES);
    await processes.restart('catalogue');
    const drainStarted = performance.now();
    let drainedAt: number | undefined;
    while (drainedAt === undefined && performance.now() - drainStarted < 300_000) {
      if ((await activeSaves(call, admin.token, shopper.userId)) - heldBeforeBacklog >= BURST_SAVES) drainedAt = performance.now();
      else await sleep(50);
    }
    const drainSeconds = drainedAt === undefined ? Infinity : (drainedAt - drainStarted) / 1000;
    const drainRate = drainedAt === undefined ? 0 : BURST_SAVES / drainSeconds;

    const p50 = percentileOf(latencies, 50);
    const p95 = percentileOf(latencies, 95);
    const rows: Array<[string, string, string]> = [
      ['bare kafkajs hop + OpenSearch index (refresh) and search, p50 / p95 (reference)', `${percentileOf(reference, 50).toFixed(0)} / ${percentileOf(reference, 95).toFixed(0)} ms`, '1.00'],
      ['save → searchable through the product at 20/s, p50 / p95', `${p50.toFixed(0)} / ${p95.toFixed(0)} ms`, (p95 / percentileOf(reference, 95)).toFixed(2)],
      [`burst: ${BURST_SAVES} saves acknowledged`, `${saveRate.toFixed(0)} saves/s`, ''],
      ['burst: catalogue holds all, after the last acknowledgement', `${catalogueCatchUp.toFixed(2)} s`, ''],
      ['burst: search finds all, after the last acknowledgement', `${searchCatchUp.toFixed(2)} s`, ''],
      ['burst: catalogue events per second (first save to all held; the saves\' own rate bounds it)', `${catalogueRate.toFixed(0)} events/s`, ''],
      [`backlog: ${BURST_SAVES} saves drained by the restarted catalogue (from ready to all held)`, `${drainSeconds.toFixed(2)} s, ${drainRate.toFixed(0)} events/s`, ''],
      ...consumerAlone.rows,
    ];
    process.stdout.write(`\n| measure | value | × reference |\n|---|---:|---:|\n${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}\n`);
    return [
      ['save → searchable p95 under 250 ms', p95 < 250],
      ['catch-up after the burst within 3 s (catalogue and search)', Math.max(catalogueCatchUp, searchCatchUp) <= 3],
      ['catalogue consumer at least 500 events a second (backlog drain)', drainRate >= 500],
      ['catalogue consumer alone at least 500 events a second (batched)', consumerAlone.batchedRate >= 500],
    ];
  } finally {
    await started.stop();
  }
}

async function activeSaves(call: (method: string, path: string, options?: { token?: string }) => Promise<{ body?: Record<string, unknown> }>, token: string, userId: string): Promise<number> {
  const held = (await call('GET', `/api/admin/users/${userId}/data-held`, { token })).body as { services?: Record<string, Record<string, number>> } | undefined;
  return held?.services?.catalogue?.active_saves ?? 0;
}
