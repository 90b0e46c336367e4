import { randomUUID } from 'node:crypto';
import { type EventTopic, type Product } from '@closetly/contracts';
import { buildEnvelope, KafkaEventTransport } from '@closetly/server';
import { engines, newKafkaNamespace, product, removeKafkaNamespace, uniqueName } from '@closetly/testing';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { CompactedTopicsSource } from '../src/rebuild/compacted-topics.source';

const UPSERTED = 'catalogue.product-upserted.v1';
const REMOVED = 'catalogue.product-removed.v1';

/**
 * The search rebuild's source in the distributed mode, on the real broker: what the catalogue holds now,
 * read back from its compacted product topics alone.
 */
describe('CompactedTopicsSource (real Kafka)', () => {
  const namespace = newKafkaNamespace();
  let transport: KafkaEventTransport;
  let source: CompactedTopicsSource;

  beforeAll(async () => {
    transport = new KafkaEventTransport({ brokers: engines.kafkaBrokers, clientId: uniqueName('rebuild'), topics: [UPSERTED, REMOVED], topicPrefix: namespace.topicPrefix });
    await transport.prepare();
    source = new CompactedTopicsSource({ brokers: engines.kafkaBrokers, clientId: uniqueName('rebuild'), topicPrefix: namespace.topicPrefix, groupPrefix: namespace.groupPrefix });
  });

  afterAll(async () => {
    await transport?.close();
    await removeKafkaNamespace(namespace);
  });

  /** Publishes one catalogue event as the outbox relay would, dated `at`. */
  async function publish(topic: EventTopic, at: string, value: Product | string): Promise<void> {
    const envelope =
      topic === UPSERTED
        ? buildEnvelope(UPSERTED, (value as Product).id, { product: value as Product })
        : buildEnvelope(REMOVED, value as string, { productId: value as string });
    await transport.publish([{ topic, key: envelope.key, envelope: { ...envelope, occurredAt: at } }]);
  }

  /** A product of its own (the factory's products share one id). */
  const another = (overrides: Partial<Product>): Product => product({ id: randomUUID(), ...overrides });

  const read = async (): Promise<Product[]> => {
    const products: Product[] = [];
    for await (const page of source.pages()) products.push(...page);
    return products;
  };

  it('creates both product topics compacted', async () => {
    const admin = new Kafka({ clientId: uniqueName('rebuild-admin'), brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [UPSERTED, REMOVED].map((topic) => ({ type: ConfigResourceTypes.TOPIC, name: `${namespace.topicPrefix}${topic}`, configNames: ['cleanup.policy'] })),
      });
      expect(resources.map((resource) => resource.configEntries.find((entry) => entry.configName === 'cleanup.policy')?.configValue)).toEqual(['compact', 'compact']);
    } finally {
      await admin.disconnect();
    }
  });

  it('keeps each product’s latest event by when it happened, whatever order the topics hold them in', async () => {
    const renamed = another({ name: 'Wool Coat' });
    const expired = another({ name: 'Expired Scarf' });
    const recreated = another({ name: 'Saved Again' });
    const tied = another({ name: 'Removed In The Same Millisecond' });
    const unlisted = another({ name: 'Unlisted', listed: false });

    await publish(UPSERTED, '2026-03-01T10:00:00.000Z', { ...renamed, name: 'Old Name' });
    await publish(UPSERTED, '2026-03-02T10:00:00.000Z', renamed);
    // The removal is published first, the upsert after it, but the upsert happened earlier.
    await publish(REMOVED, '2026-03-05T10:00:00.000Z', expired.id);
    await publish(UPSERTED, '2026-03-01T10:00:00.000Z', expired);
    await publish(REMOVED, '2026-03-01T10:00:00.000Z', recreated.id);
    await publish(UPSERTED, '2026-03-09T10:00:00.000Z', recreated);
    await publish(UPSERTED, '2026-03-03T10:00:00.000Z', tied);
    await publish(REMOVED, '2026-03-03T10:00:00.000Z', tied.id);
    await publish(UPSERTED, '2026-03-03T10:00:00.000Z', unlisted);

    const products = await read();
    expect(products.map((found) => found.name).sort()).toEqual(['Saved Again', 'Unlisted', 'Wool Coat']);

    // After the read: only what changed since, for the rebuild to apply after its swap.
    const later = another({ name: 'Saved After The Read' });
    await publish(UPSERTED, '2026-03-10T10:00:00.000Z', later);
    await publish(REMOVED, '2026-03-10T10:00:00.000Z', renamed.id);
    const changed = await source.changedSince();
    expect([...changed].map(([id, found]) => [id, found?.name ?? null]).sort()).toEqual(
      [
        [later.id, 'Saved After The Read'],
        [renamed.id, null],
      ].sort(),
    );
  });
});
