import { deadLetterTopic } from '@closetly/contracts';
import { engines, createTestDatabase, type KafkaNamespace, uniqueName } from '@closetly/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Kafka, logLevel } from 'kafkajs';
import {
  connectDistributedTransports,
  connectInProcessTransports,
  createHttpApp,
  createPlatform,
  type InProcessEventBus,
  PlatformEnv,
  type Platform,
  ServiceAddressEnv,
} from '../../src';
import { ProbeModule, ProbeService } from './probe/probe.module';

export type Mode = 'embedded' | 'distributed';

export interface ProbeHarness {
  mode: Mode;
  app: NestFastifyApplication;
  platform: Platform;
  probes: ProbeService;
  /** Dead letters parked for a topic, as `{ reason, original }`. */
  deadLetters(topic: string): Promise<Array<{ reason: string; original: unknown }>>;
  close(): Promise<void>;
}

/**
 * Boots the probe service in one mode: embedded = PGlite + in-process bus,
 * distributed = a fresh PostgreSQL database + real Kafka with its own group.
 */
export async function startProbeHarness(
  mode: Mode,
  options: { databaseUrl?: string; consumerGroup?: string; kafkaBrokers?: string[]; consume?: boolean; kafka?: KafkaNamespace } = {},
): Promise<ProbeHarness> {
  const testDatabase = mode === 'distributed' && !options.databaseUrl ? await createTestDatabase('closetly_probe') : undefined;
  const env = PlatformEnv.extend(ServiceAddressEnv.shape).parse({
    CLOSETLY_MODE: mode,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: ':memory:',
    DATABASE_URL: options.databaseUrl ?? testDatabase?.url,
    KAFKA_BROKERS: (options.kafkaBrokers ?? engines.kafkaBrokers).join(','),
    REDIS_URL: engines.redisUrl,
    OUTBOX_POLL_MS: '50',
    KAFKA_TOPIC_PREFIX: options.kafka?.topicPrefix,
    KAFKA_CONSUMER_GROUP_PREFIX: options.kafka?.groupPrefix,
  });
  const platform = await createPlatform({ env, addresses: env, processName: 'probe-test', needsDatabase: true, cachePrefix: `${uniqueName('t')}:` });
  const app = await createHttpApp(platform, [ProbeModule.register({ consumer: 'probe' })]);
  if (mode === 'embedded') connectInProcessTransports(app, platform);
  else await connectDistributedTransports(app, platform, { name: 'probe', rpcAddress: '127.0.0.1:0', consumesEvents: options.consume ?? true, consumerGroup: options.consumerGroup ?? `${options.kafka?.groupPrefix ?? ''}${uniqueName('probe')}` });
  await app.startAllMicroservices();
  await app.init();

  const kafkaDeadLetters = async (unprefixed: string) => {
    const topic = `${env.KAFKA_TOPIC_PREFIX}${unprefixed}`;
    const kafka = new Kafka({ clientId: 'probe-dlt-reader', brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    // Disconnected even when the read fails (a topic just created may not be served yet, and the caller polls again):
    // a connection left open kept the test process from exiting.
    const end = await admin.fetchTopicOffsets(deadLetterTopic(topic)).finally(() => admin.disconnect());
    const remaining = new Map(end.filter((p) => Number(p.high) > Number(p.low)).map((p) => [p.partition, Number(p.high)]));
    const seen: Array<{ reason: string; original: unknown }> = [];
    // Nothing parked yet: no consumer to start and stop.
    if (remaining.size === 0) return seen;
    const consumer = kafka.consumer({ groupId: uniqueName('dlt-reader') });
    await consumer.connect();
    await consumer.subscribe({ topic: deadLetterTopic(topic), fromBeginning: true });
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    // Awaited: a consumer disconnected before its run() had started kept fetching after the suite ended.
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        seen.push(JSON.parse(message.value?.toString() ?? '{}') as { reason: string; original: unknown });
        if (Number(message.offset) + 1 >= (remaining.get(partition) ?? 0)) remaining.delete(partition);
        if (remaining.size === 0) finish();
      },
    });
    await finished;
    await consumer.disconnect();
    return seen;
  };

  return {
    mode,
    app,
    platform,
    probes: app.get(ProbeService),
    deadLetters: (topic) =>
      mode === 'embedded'
        ? Promise.resolve((platform.events as InProcessEventBus).deadLetters.filter((d) => d.topic === deadLetterTopic(topic)))
        : kafkaDeadLetters(topic),
    async close() {
      await app.close();
      await testDatabase?.drop();
    },
  };
}
