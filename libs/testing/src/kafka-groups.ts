import { EVENT_TOPICS, SERVICE_NAMES } from '@closetly/contracts';
import { stopKafkajsIdleLoop } from '@closetly/server';
import { Kafka, logLevel } from 'kafkajs';
import { engines } from './engines';
import { pollUntil } from './poll-until';

// The test process's own Kafka clients (here and in suites that read topics) without kafkajs's idle timer loop.
stopKafkajsIdleLoop();

/** The partitions every event topic has (the Kafka transport creates them with 3). */
const PARTITIONS = 3;

/**
 * Gives a test product's consumer groups (`<prefix><service>`) committed
 * offsets at the current end of every event topic, before the product starts:
 * it consumes exactly the events published from now on, whenever its
 * consumers finish joining, and never the history other runs left in the
 * topics. Returns the groups, for {@link deleteConsumerGroups}.
 */
export async function consumerGroupsFromNow(prefix: string): Promise<string[]> {
  const kafka = new Kafka({ clientId: `${prefix}admin`, brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = Object.keys(EVENT_TOPICS);
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic));
    if (missing.length > 0) await admin.createTopics({ waitForLeaders: true, topics: missing.map((topic) => ({ topic, numPartitions: PARTITIONS })) });
    // Right after topics are created (a fresh broker, or a parallel suite creating them) a broker can
    // answer "not the leader" until leadership settles: ask again instead of failing the suite.
    const ends = await pollUntil(
      () => Promise.all(topics.map(async (topic) => ({ topic, partitions: (await admin.fetchTopicOffsets(topic)).map(({ partition, high }) => ({ partition, offset: high })) }))),
      () => true,
      { timeoutMs: 30_000, intervalMs: 500, what: 'the end offsets of every event topic' },
    );
    const groups = SERVICE_NAMES.map((service) => `${prefix}${service}`);
    // admin.setOffsets joins the group once per topic (seconds each): one short-lived member per group commits them all.
    await Promise.all(groups.map((groupId) => commitAt(kafka, groupId, ends)));
    return groups;
  } finally {
    await admin.disconnect();
  }
}

/**
 * Commits `ends` for every topic as `groupId`. Joining can fail while parallel
 * suites create topics or rebalance other groups (the consumer then crashes and
 * drops its group), so a failed attempt starts again with a new member.
 */
async function commitAt(kafka: Kafka, groupId: string, ends: TopicEnds): Promise<void> {
  const attempts = 5;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await commitOnce(kafka, groupId, ends);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

type TopicEnds = Array<{ topic: string; partitions: Array<{ partition: number; offset: string }> }>;

/** Joins `groupId` once, commits `ends` for every topic, and leaves; rejects if the member crashes first. */
async function commitOnce(kafka: Kafka, groupId: string, ends: TopicEnds): Promise<void> {
  // No restart on failure: commitAt retries with a fresh member instead. A short fetch wait, because
  // disconnecting waits for the fetch in flight (5 s by default) and this member never reads anything.
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: 10_000,
    rebalanceTimeout: 10_000,
    maxWaitTimeInMs: 100,
    retry: { retries: 3, restartOnFailure: async () => false },
  });
  await consumer.connect();
  try {
    const joined = new Promise<void>((resolve, reject) => {
      consumer.on(consumer.events.GROUP_JOIN, () => resolve());
      consumer.on(consumer.events.CRASH, ({ payload }) => reject(payload.error));
    });
    joined.catch(() => undefined); // awaited below; this only keeps an early crash from being reported as unhandled
    await consumer.subscribe({ topics: ends.map((end) => end.topic), fromBeginning: false });
    // Nothing is consumed (no auto-commit, nothing resolved): the member only holds the partitions while it commits.
    await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: async () => undefined });
    await joined;
    await consumer.commitOffsets(ends.flatMap((end) => end.partitions.map(({ partition, offset }) => ({ topic: end.topic, partition, offset }))));
  } finally {
    await consumer.disconnect();
  }
}

/** Removes a stopped test product's consumer groups (best effort: a group with members left is kept). */
export async function deleteConsumerGroups(groups: readonly string[]): Promise<void> {
  const kafka = new Kafka({ clientId: 'closetly-test-admin', brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.deleteGroups([...groups]).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
}
