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
    const consumer = kafka.consumer({ groupId: uniqueName('dlt-reader') });
    const seen: Array<{ reason: string; original: unknown }> = [];
    await consumer.connect();
    await consumer.subscribe({ topic: deadLetterTopic(topic), fromBeginning: true });
    const admin = kafka.admin();
    await admin.connect();
    const end = await admin.fetchTopicOffsets(deadLetterTopic(topic));
    await admin.disconnect();
    const remaining = new Map(end.map((p) => [p.partition, Number(p.high)]));
    await new Promise<void>((resolve) => {
      const check = () => [...remaining.values()].every((high) => high <= 0) && resolve();
      check();
      void consumer.run({
        eachMessage: async ({ partition, message }) => {
          seen.push(JSON.parse(message.value?.toString() ?? '{}') as { reason: string; original: unknown });
          if (Number(message.offset) + 1 >= (remaining.get(partition) ?? 0)) remaining.set(partition, 0);
          check();
        },
      });
    });
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
