import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { Product } from '@closetly/contracts';
import { type KafkaAuth, kafkaClientConfig, kafkajs, parseEvent } from '@closetly/server';
import type { Admin } from 'kafkajs';
import { SearchError } from '../search.errors';
import type { ProductSource } from './product-source';

/** Products a rebuild hands the index at a time. */
export const REBUILD_PAGE_SIZE = 500;
/** A read of the topics that has not reached their ends by then gives up (the rebuild answers 503). */
const READ_TIMEOUT_MS = 5 * 60_000;

const UPSERTED = 'catalogue.product-upserted.v1';
const REMOVED = 'catalogue.product-removed.v1';

export interface CompactedTopicsOptions {
  brokers: string[];
  clientId: string;
  /** KAFKA_TOPIC_PREFIX */
  topicPrefix: string;
  /** KAFKA_CONSUMER_GROUP_PREFIX: each read has a group of its own under it, deleted after. */
  groupPrefix: string;
  /** Kafka's TLS and SASL settings (kafkaAuthOf). */
  auth?: KafkaAuth;
}

/** Where a read stopped, per `topic:partition`: the next offset to read. */
export type TopicPositions = Map<string, bigint>;

/** What the topics say about one product: its latest event, and when it happened. */
interface Latest {
  occurredAt: number;
  product: Product | null;
}

/**
 * What the catalogue holds now, read from its compacted product topics
 * (`COMPACTED_TOPICS`): each topic from its beginning to the end it had when
 * the read began, keeping per product its latest event by `occurredAt` (an
 * upsert brings it, a removal takes it away; a removal wins a tie). The
 * catalogue is not asked, and no replica's memory is needed, so any search
 * replica can rebuild.
 *
 * Events after those ends reach the live consumers; `changedSince` reads
 * them too, for the rebuild to apply after its swap: with two search
 * replicas, the other replica's consumer may have written them into the old
 * index only.
 */
export class CompactedTopicsSource implements ProductSource {
  private readonly log = new Logger(CompactedTopicsSource.name);
  /** Where the last full read ended. */
  private lastEnds: TopicPositions = new Map();

  constructor(private readonly options: CompactedTopicsOptions) {}

  async *pages(): AsyncGenerator<Product[]> {
    const { latest, ends } = await this.read(new Map());
    this.lastEnds = ends;
    const products = [...latest.values()].flatMap((entry) => (entry.product ? [entry.product] : []));
    for (let start = 0; start < products.length; start += REBUILD_PAGE_SIZE) yield products.slice(start, start + REBUILD_PAGE_SIZE);
  }

  /** Each product an event changed after the last full read ended: the product, or null when removed. */
  async changedSince(): Promise<Map<string, Product | null>> {
    const { latest } = await this.read(this.lastEnds);
    return new Map([...latest].map(([productId, entry]) => [productId, entry.product]));
  }

  /**
   * Reads both topics to their current ends, keeping what lies at or after `from` (a partition not named:
   * all of it). The read starts at the beginning each time: the topics are compacted, so that is about one
   * message per product.
   */
  private async read(from: TopicPositions): Promise<{ latest: Map<string, Latest>; ends: TopicPositions }> {
    const { brokers, clientId, topicPrefix, groupPrefix, auth } = this.options;
    const kafka = new (kafkajs().Kafka)(kafkaClientConfig(brokers, `${clientId}-search-rebuild`, auth));
    const topics = [UPSERTED, REMOVED].map((topic) => `${topicPrefix}${topic}`);
    const admin = kafka.admin();
    const groupId = `${groupPrefix}search-rebuild-${randomUUID()}`;
    const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 250 });
    const latest = new Map<string, Latest>();
    await admin.connect();
    try {
      const ends = await this.endsOf(admin, topics);
      // Partitions with something left to read, and where to start each.
      const remaining = new Map<string, { start: bigint; end: bigint }>();
      for (const [position, end] of ends) {
        const start = from.get(position) ?? 0n;
        if (start < end) remaining.set(position, { start, end });
      }
      if (remaining.size === 0) return { latest, ends };

      let finish: () => void = () => undefined;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachMessage: async ({ topic, partition, message }) => {
          const position = `${topic}:${partition}`;
          const wanted = remaining.get(position);
          const offset = BigInt(message.offset);
          if (!wanted || offset < wanted.start) return;
          if (offset < wanted.end) this.keep(latest, topic === topics[0] ? UPSERTED : REMOVED, message.value);
          if (offset + 1n >= wanted.end) {
            remaining.delete(position);
            if (remaining.size === 0) finish();
          }
        },
      });
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), READ_TIMEOUT_MS)));
      const outcome = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') throw new SearchError('SERVICE_UNAVAILABLE', 'The search index could not be rebuilt now; try again later.');
      return { latest, ends };
    } finally {
      await consumer.disconnect().catch(() => undefined);
      await admin.deleteGroups([groupId]).catch(() => undefined);
      await admin.disconnect().catch(() => undefined);
    }
  }

  /** Each partition's current end (the offset the next event will get). */
  private async endsOf(admin: Admin, topics: readonly string[]): Promise<TopicPositions> {
    const ends: TopicPositions = new Map();
    for (const topic of topics) {
      for (const { partition, high } of await admin.fetchTopicOffsets(topic)) ends.set(`${topic}:${partition}`, BigInt(high));
    }
    return ends;
  }

  /** Keeps an event when it is the product's latest so far; one that cannot be read is skipped (it was dead-lettered when consumed). */
  private keep(latest: Map<string, Latest>, topic: typeof UPSERTED | typeof REMOVED, value: Buffer | null): void {
    if (!value) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value.toString('utf8'));
    } catch {
      this.log.warn({ topic }, 'skipped an event that is not JSON');
      return;
    }
    let productId: string;
    let product: Product | null;
    let occurredAt: number;
    if (topic === UPSERTED) {
      const upserted = parseEvent(UPSERTED, parsed);
      if ('invalid' in upserted) return;
      product = upserted.event.payload.product;
      productId = product.id;
      occurredAt = Date.parse(upserted.event.occurredAt);
    } else {
      const removed = parseEvent(REMOVED, parsed);
      if ('invalid' in removed) return;
      product = null;
      productId = removed.event.payload.productId;
      occurredAt = Date.parse(removed.event.occurredAt);
    }
    const known = latest.get(productId);
    // A removal wins a tie: nothing re-creates a product within the millisecond it was removed.
    if (known && (known.occurredAt > occurredAt || (known.occurredAt === occurredAt && known.product === null))) return;
    latest.set(productId, { occurredAt, product });
  }
}
