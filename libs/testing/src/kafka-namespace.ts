import { SERVICE_NAMES } from '@closetly/contracts';
import { stopKafkajsIdleLoop } from '@closetly/server';
import { Kafka, logLevel } from 'kafkajs';
import { engines, uniqueName } from './engines';

// The test process's own Kafka clients (here and in suites that read topics) without kafkajs's idle timer loop.
stopKafkajsIdleLoop();

/**
 * Where a test product keeps its events on the shared broker: topics of its own (KAFKA_TOPIC_PREFIX)
 * and consumer groups of its own (KAFKA_CONSUMER_GROUP_PREFIX). Products running side by side, and the
 * history earlier runs left, never meet: each consumes only its own events, from the beginning of its
 * own topics.
 */
export interface KafkaNamespace {
  topicPrefix: string;
  groupPrefix: string;
}

/** A namespace no other product, run or suite uses. */
export function newKafkaNamespace(): KafkaNamespace {
  return { topicPrefix: `${uniqueName('t')}.`, groupPrefix: `${uniqueName('test')}-` };
}

/** Removes a stopped test product's topics and consumer groups (best effort: a group with members left is kept). */
export async function removeKafkaNamespace({ topicPrefix, groupPrefix }: KafkaNamespace): Promise<void> {
  if (!topicPrefix) throw new Error('refusing to delete every topic: a test product has a topic prefix of its own');
  const kafka = new Kafka({ clientId: 'closetly-test-admin', brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.deleteGroups(SERVICE_NAMES.map((service) => `${groupPrefix}${service}`)).catch(() => undefined);
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 10_000 }).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
}
