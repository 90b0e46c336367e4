import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, engines, newKafkaNamespace, pollUntil, removeKafkaNamespace, uniqueName } from '@closetly/testing';
import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { type ProbeHarness, startProbeHarness } from './support/probe-harness';

const ROOT = join(__dirname, '..', '..', '..');
const TOPIC = 'platform.probe-recorded.v1';

function startProbeConsumer(env: Record<string, string>): { child: ChildProcess; exited: Promise<NodeJS.Signals | number | null> } {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'support', 'run-probe-consumer.ts')], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  return { child, exited };
}

async function countsIn(databaseUrl: string, eventId: string): Promise<{ effects: number; deliveries: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const effects = await client.query<{ n: number }>('select count(*)::int as n from probe.effects where event_id = $1', [eventId]);
    const deliveries = await client.query<{ n: number }>('select count(*)::int as n from probe.deliveries where event_id = $1', [eventId]);
    return { effects: effects.rows[0]?.n ?? 0, deliveries: deliveries.rows[0]?.n ?? 0 };
  } catch {
    return { effects: 0, deliveries: 0 }; // schema not migrated yet
  } finally {
    await client.end();
  }
}

async function waitUntilPublished(databaseUrl: string, eventId: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await pollUntil(
      async () => (await client.query<{ published: boolean }>('select published_at is not null as published from probe.outbox where event_id = $1', [eventId])).rows[0]?.published,
      (published) => published === true,
      { timeoutMs: 90_000, intervalMs: 200, what: `outbox row ${eventId} to be published` },
    );
  } finally {
    await client.end();
  }
}

/** Reads a topic from the start with a fresh group until a message with this event id shows up. */
async function findOnTopic(brokers: string[], eventId: string): Promise<boolean> {
  const kafka = new Kafka({ clientId: 'plumbing-reader', brokers, logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: uniqueName('reader') });
  await consumer.connect();
  await consumer.subscribe({ topic: TOPIC, fromBeginning: true });
  try {
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 30_000);
      void consumer.run({
        eachMessage: async ({ message }) => {
          if (message.value?.toString().includes(eventId)) {
            clearTimeout(timer);
            resolve(true);
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
}

/**
 * Proof of the event plumbing over real Kafka and PostgreSQL, with the
 * failures that matter: a consumer that dies after its effect but before its
 * offset commit, and a broker that is down when the producer publishes.
 */
describe('event plumbing over real Kafka', () => {
  it('applies an effect once when the consumer crashes after the effect and before the offset commit', async () => {
    const producerDb = await createTestDatabase('closetly_producer');
    const consumerDb = await createTestDatabase('closetly_consumer');
    const group = uniqueName('probe-crash');
    // Its own topics: the consumer's new group reads from the beginning, which on a shared topic is every earlier run's events.
    const kafka = newKafkaNamespace();
    const producer = await startProbeHarness('distributed', { databaseUrl: producerDb.url, consume: false, kafka });
    const consumerEnv = { DATABASE_URL: consumerDb.url, KAFKA_BROKERS: engines.kafkaBrokers.join(','), KAFKA_TOPIC_PREFIX: kafka.topicPrefix, PROBE_GROUP: group };
    let second: ReturnType<typeof startProbeConsumer> | undefined;
    try {
      const probeId = `crash-${Date.now()}`;
      const first = startProbeConsumer({ ...consumerEnv, PROBE_CRASH_AFTER_EFFECT_OF: probeId });
      const envelope = await producer.probes.send(probeId);
      const exit = await Promise.race([first.exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 90_000))]);
      expect(exit).toBe('SIGKILL');
      expect(await countsIn(consumerDb.url, envelope.id)).toEqual({ effects: 1, deliveries: 1 });

      second = startProbeConsumer(consumerEnv);
      const counts = await pollUntil(() => countsIn(consumerDb.url, envelope.id), (c) => c.deliveries >= 2, { timeoutMs: 90_000, intervalMs: 250, what: 'the redelivery after the crash' });
      expect(counts).toEqual({ effects: 1, deliveries: 2 });
    } finally {
      second?.child.kill('SIGTERM');
      await second?.exited;
      await producer.close();
      await producerDb.drop();
      await consumerDb.drop();
      await removeKafkaNamespace(kafka);
    }
  });

  it('keeps events in the outbox while Kafka is down and delivers them when it returns', async () => {
    // A private broker on its own port and folder, so stopping it disturbs nobody else.
    const runDir = mkdtempSync(join(tmpdir(), 'closetly-kafka-'));
    const port = 19_092 + Math.floor(Math.random() * 500) * 2;
    const brokers = [`127.0.0.1:${port}`];
    const infra = (command: 'up' | 'down') => {
      const result = spawnSync(process.execPath, [join(ROOT, 'deploy', 'local', 'infra.mjs'), command, 'kafka'], {
        env: { ...process.env, KAFKA_BROKERS: brokers[0], CLOSETLY_INFRA_RUN_DIR: runDir },
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`infra ${command} failed: ${result.stderr}`);
    };
    const database = await createTestDatabase('closetly_outage');
    let harness: ProbeHarness | undefined;
    try {
      infra('up');
      harness = await startProbeHarness('distributed', { databaseUrl: database.url, kafkaBrokers: brokers, consume: false });
      // Topics exist and the producer is connected before the outage.
      const before = await harness.probes.send(`before-${Date.now()}`);
      await waitUntilPublished(database.url, before.id);
      expect(await findOnTopic(brokers, before.id)).toBe(true);

      infra('down');
      const during = await harness.probes.send(`during-${Date.now()}`);
      const client = new Client({ connectionString: database.url });
      await client.connect();
      const held = await pollUntil(
        async () => (await client.query<{ attempts: number; published: boolean; last_error: string | null }>('select attempts, published_at is not null as published, last_error from probe.outbox where event_id = $1', [during.id])).rows[0],
        (row) => row !== undefined && row.attempts >= 2,
        { timeoutMs: 60_000, intervalMs: 200, what: 'failed publish attempts' },
      );
      expect(held?.published).toBe(false);
      expect(held?.last_error).toBeTruthy();

      await client.end();

      infra('up');
      await waitUntilPublished(database.url, during.id);
      expect(await findOnTopic(brokers, during.id)).toBe(true);
    } finally {
      await harness?.close();
      infra('down');
      await database.drop();
      rmSync(runDir, { recursive: true, force: true });
    }
    // Two broker starts and an outage: each start alone can take 20 s when parallel suites load the machine.
  }, 180_000);
});
