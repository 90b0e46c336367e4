import { COMPACTED_TOPICS, EVENT_TOPICS, deadLetterTopic } from '@closetly/contracts';
import { EVENT_TOPIC_RETENTION_MS } from '../src/events/event-transport';
import { KafkaEventTransport } from '../src/events/kafka-event-transport';
import { engines, newKafkaNamespace, removeKafkaNamespace, uniqueName } from '@closetly/testing';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';

/**
 * Topic creation on the real broker. Every consuming service creates the topics it needs before its
 * consumer subscribes, and in the distributed mode they all start together: the same fresh topics are
 * created by several processes at once. One of them used to meet a topic another had just created and
 * the broker's metadata did not know yet (UNKNOWN_TOPIC_OR_PARTITION), and exited during start.
 */
describe('Kafka topics (real broker)', () => {
  const namespace = newKafkaNamespace();
  const topics = Object.keys(EVENT_TOPICS);
  const transports: KafkaEventTransport[] = [];

  afterAll(async () => {
    await Promise.all(transports.map((transport) => transport.close()));
    await removeKafkaNamespace(namespace);
  });

  it('lets services starting together create the same fresh topics, each ready when its prepare() returns', async () => {
    for (let service = 0; service < 6; service += 1) {
      transports.push(new KafkaEventTransport({ brokers: engines.kafkaBrokers, clientId: uniqueName('topics'), topics, topicPrefix: namespace.topicPrefix }));
    }
    await Promise.all(transports.map((transport) => transport.prepare()));
    const wanted = topics.flatMap((topic) => [topic, deadLetterTopic(topic)]).map((topic) => `${namespace.topicPrefix}${topic}`);

    const admin = new Kafka({ clientId: uniqueName('topics-admin'), brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const { topics: metadata } = await admin.fetchTopicMetadata({ topics: wanted });
      expect(metadata.map((topic) => [topic.name, topic.partitions.length]).sort()).toEqual(wanted.map((topic) => [topic, 3]).sort());

      // The retention the inbox's keep time is derived from (INBOX_KEEP_SECONDS) is the topics' own; compacted topics keep each key's latest.
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: wanted.map((name) => ({ type: ConfigResourceTypes.TOPIC, name, configNames: ['retention.ms', 'cleanup.policy'] })),
      });
      expect(resources).toHaveLength(wanted.length);
      const compacted = new Set(COMPACTED_TOPICS.map((topic) => `${namespace.topicPrefix}${topic}`));
      for (const resource of resources) {
        const config = Object.fromEntries(resource.configEntries.map((entry) => [entry.configName, entry.configValue]));
        if (compacted.has(resource.resourceName)) expect(config['cleanup.policy']).toBe('compact');
        else expect(config).toEqual({ 'retention.ms': String(EVENT_TOPIC_RETENTION_MS), 'cleanup.policy': 'delete' });
      }
    } finally {
      await admin.disconnect();
    }
  });

  it('is ready when its prepare() returns, though another process began creating the topics a moment before', async () => {
    // Listed is not known: a service that found the topics listed once subscribed before the broker's
    // metadata had them, and kafkajs does not retry an unknown topic there (UNKNOWN_TOPIC_OR_PARTITION).
    const unknownAtReady: string[][] = [];
    for (let round = 0; round < 3; round += 1) {
      const fresh = newKafkaNamespace();
      const wanted = topics.flatMap((topic) => [topic, deadLetterTopic(topic)]).map((topic) => `${fresh.topicPrefix}${topic}`);
      const kafka = new Kafka({ clientId: uniqueName('topics-other'), brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING });
      const other = kafka.admin();
      const probe = kafka.admin({ retry: { retries: 0 } });
      const transport = new KafkaEventTransport({ brokers: engines.kafkaBrokers, clientId: uniqueName('topics'), topics, topicPrefix: fresh.topicPrefix });
      await Promise.all([other.connect(), probe.connect()]);
      try {
        await other.createTopics({ waitForLeaders: false, topics: wanted.map((topic) => ({ topic, numPartitions: 3 })) });
        await transport.prepare();
        const known = await probe.fetchTopicMetadata({ topics: wanted }).then(
          ({ topics: metadata }) => metadata.filter((topic) => topic.partitions.length === 3).map((topic) => topic.name),
          (): string[] => [],
        );
        unknownAtReady.push(wanted.filter((topic) => !known.includes(topic)));
      } finally {
        await Promise.all([other.disconnect(), probe.disconnect(), transport.close()]);
        await removeKafkaNamespace(fresh);
      }
    }
    expect(unknownAtReady).toEqual([[], [], []]);
  });
});
