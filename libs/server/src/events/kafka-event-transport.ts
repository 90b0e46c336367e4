import { Logger } from '@nestjs/common';
import { COMPACTED_TOPICS, CORRELATION_ID_HEADER, type DeadLetterCount, deadLetterTopic, type PartitionLag } from '@closetly/contracts';
import type { Admin, IHeaders, Kafka, KafkaConfig, logLevel, Producer, SASLOptions } from 'kafkajs';
import type { KafkaAuth } from '../config/env';
import { readPartitionLag } from './consumer-lag';
import { EVENT_TOPIC_RETENTION_MS, type EventTransport, type OutgoingEvent } from './event-transport';
import { stopKafkajsIdleLoop } from './kafkajs-idle-loop';

/**
 * kafkajs, loaded when first used: only the distributed mode talks to Kafka, and the embedded product
 * should not pay for loading it at every start (it and the other engines' clients were a good part of
 * the bundle's load time).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously
export const kafkajs = () => require('kafkajs') as typeof import('kafkajs');

export interface KafkaTransportOptions {
  brokers: string[];
  clientId: string;
  /** Topics to create up front (and their dead-letter twins). */
  topics: string[];
  partitions?: number;
  /** KAFKA_TOPIC_PREFIX: put before every topic's name on the broker. */
  topicPrefix?: string;
  /** TLS and SASL (kafkaAuthOf), where the broker asks for them. */
  auth?: KafkaAuth;
}

/** kafkajs logs through Nest's logger at warn and above. */
/**
 * kafkajs warns when an idempotent producer limits its retries. We do on
 * purpose: the outbox relay retries with its own back-off, and consumers
 * dedupe by event id, so a rare duplicate after a failed send is harmless.
 */
const EXPECTED_WARNINGS = [/Limiting retries for the idempotent producer/];

export function kafkaLogCreator() {
  const log = new Logger('kafkajs');
  const levels = kafkajs().logLevel;
  return () =>
    ({ level, log: entry }: { level: logLevel; log: { message: string } & Record<string, unknown> }) => {
      const { message, ...rest } = entry;
      if (EXPECTED_WARNINGS.some((pattern) => pattern.test(message))) return;
      if (level <= levels.ERROR) log.error(rest, message);
      else if (level === levels.WARN) log.warn(rest, message);
    };
}

/** How many times a round of topic work is tried before giving up (about 7 s in all). */
const KAFKA_ROUND_ATTEMPTS = 8;

/**
 * Runs one round of topic work (creating topics, subscribing to them), again (after 250 ms, 500 ms, ...)
 * while it fails in a way worth another try: a topic another process has just created can be unknown to
 * the broker's metadata for a moment (UNKNOWN_TOPIC_OR_PARTITION), and kafkajs's own metadata refresh
 * retries only LEADER_NOT_AVAILABLE.
 */
export async function retryKafkaRound(round: () => Promise<void>, onRetry: (attempt: number, error: unknown) => void = () => undefined): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await round();
    } catch (error) {
      if (attempt >= KAFKA_ROUND_ATTEMPTS || !isRetriableKafkaError(error)) throw error;
      onRetry(attempt, error);
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** The headers an event travels with besides its envelope (the correlation id and the trace), for tools that read the bus. */
export function eventHeaders(envelope: unknown): IHeaders {
  const { correlationId, traceparent } = (typeof envelope === 'object' && envelope !== null ? envelope : {}) as { correlationId?: unknown; traceparent?: unknown };
  return {
    ...(typeof correlationId === 'string' && { [CORRELATION_ID_HEADER]: correlationId }),
    ...(typeof traceparent === 'string' && { traceparent }),
  };
}

/** kafkajs marks the errors worth another try (its own or the broker's), directly or on the error that ended its retries. */
export function isRetriableKafkaError(error: unknown): boolean {
  const { retriable, name, cause } = (error ?? {}) as { retriable?: boolean; name?: string; cause?: unknown };
  if (retriable === true || name === 'KafkaJSTimeout') return true;
  return cause !== undefined && isRetriableKafkaError(cause);
}

/** Every Kafka client of the product starts from this config, so this is where the idle-loop fix is applied. */
export function kafkaClientConfig(brokers: string[], clientId: string, auth?: KafkaAuth): KafkaConfig {
  stopKafkajsIdleLoop();
  return {
    clientId,
    brokers,
    ...(auth?.ssl && { ssl: true }),
    // kafkajs types SASL per mechanism; ours is one of the three its union lists.
    ...(auth?.sasl && { sasl: auth.sasl as SASLOptions }),
    logLevel: kafkajs().logLevel.WARN,
    logCreator: kafkaLogCreator(),
    connectionTimeout: 3_000,
    // Fail fast: the outbox relay owns retrying, with its own back-off.
    retry: { retries: 2, initialRetryTime: 200, maxRetryTime: 2_000 },
  };
}

/**
 * Publishes outbox rows to Kafka with an idempotent producer and acks from
 * all in-sync replicas. The message key is the aggregate id.
 */
export class KafkaEventTransport implements EventTransport {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Producer;
  private connected: Promise<void> | undefined;
  private readonly log = new Logger('KafkaEventTransport');

  constructor(private readonly options: KafkaTransportOptions) {
    this.kafka = new (kafkajs().Kafka)(kafkaClientConfig(options.brokers, `${options.clientId}-producer`, options.auth));
    this.producer = this.createProducer();
  }

  private createProducer(): Producer {
    return this.kafka.producer({ idempotent: true, maxInFlightRequests: 5, allowAutoTopicCreation: true, createPartitioner: kafkajs().Partitioners.DefaultPartitioner });
  }

  /** Connects once; a failed attempt is forgotten so the next publish tries again. */
  private connect(): Promise<void> {
    this.connected ??= (async () => {
      await this.ensureTopics();
      await this.producer.connect();
    })().catch(async (error: unknown) => {
      this.connected = undefined;
      await this.producer.disconnect().catch(() => undefined);
      this.producer = this.createProducer();
      throw error;
    });
    return this.connected;
  }

  /** A topic's name on the broker. */
  private onBroker(topic: string): string {
    return `${this.options.topicPrefix ?? ''}${topic}`;
  }

  /** Consumers subscribe only to topics that exist, so a consuming service creates them before it starts. */
  async prepare(): Promise<void> {
    await this.connect();
  }

  /**
   * Creates the topics that do not exist yet. Every consuming service does this as it starts, and in the
   * distributed mode they start together: a topic another process has just created can be unknown to the
   * broker's metadata for a moment (UNKNOWN_TOPIC_OR_PARTITION, which kafkajs's wait for leaders does not
   * retry). That made services exit during start; now the round ends only when every topic's metadata
   * answers, and is tried again, briefly, until it does.
   */
  private async ensureTopics(): Promise<void> {
    const admin: Admin = this.kafka.admin();
    await admin.connect();
    try {
      await retryKafkaRound(
        async () => {
          const existing = new Set(await admin.listTopics());
          const all = this.options.topics.flatMap((topic) => [this.onBroker(topic), this.onBroker(deadLetterTopic(topic))]);
          const wanted = all.filter((t) => !existing.has(t));
          // Compacted: the product topics themselves, not their dead-letter twins.
          const compacted = new Set(COMPACTED_TOPICS.map((topic) => this.onBroker(topic)));
          if (wanted.length > 0) await admin.createTopics({
            waitForLeaders: true,
            topics: wanted.map((topic) => ({
              topic,
              numPartitions: this.options.partitions ?? 3,
              configEntries: compacted.has(topic) ? [{ name: 'cleanup.policy', value: 'compact' }] : [{ name: 'retention.ms', value: String(EVENT_TOPIC_RETENTION_MS) }],
            })),
          });
          // Listed is not yet known: a topic another process is still creating is listed before the broker's
          // metadata has it, and a consumer subscribing then fails (a service once exited during start so).
          // Prepared means every topic's metadata answers.
          if (all.length > 0) await admin.fetchTopicMetadata({ topics: all });
        },
        (attempt, error) => this.log.warn({ attempt, err: error instanceof Error ? error.message : String(error) }, 'creating topics failed; trying again'),
      );
    } finally {
      await admin.disconnect();
    }
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.connect();
    const byTopic = new Map<string, OutgoingEvent[]>();
    for (const event of events) byTopic.set(event.topic, [...(byTopic.get(event.topic) ?? []), event]);
    try {
      await this.producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({
          topic: this.onBroker(topic),
          messages: list.map((event) => ({
            key: event.key,
            value: JSON.stringify(event.envelope),
            headers: eventHeaders(event.envelope),
          })),
        })),
      });
    } catch (error) {
      // A broken connection leaves the producer unusable; start afresh next time.
      this.connected = undefined;
      await this.producer.disconnect().catch(() => undefined);
      this.producer = this.createProducer();
      throw error;
    }
  }

  async publishDeadLetter(topic: string, original: unknown, reason: string): Promise<void> {
    await this.connect();
    this.log.error({ topic: deadLetterTopic(topic), reason }, 'event dead-lettered');
    await this.producer.send({
      topic: this.onBroker(deadLetterTopic(topic)),
      acks: -1,
      messages: [{ value: JSON.stringify({ reason, original, at: new Date().toISOString() }) }],
    });
  }

  async isReady(): Promise<boolean> {
    try {
      await this.connect();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * One admin connection, a few metadata requests: the group's committed offsets (for the topics it has
   * read), each of those topics' ends, and their dead-letter twins' sizes. Names come back without the
   * topic prefix. Kept bounded: no retries beyond one, for an admin page and not a request path.
   */
  async consumerStatus(group: string): Promise<{ lag: PartitionLag[]; deadLetters: DeadLetterCount[] }> {
    const admin = this.kafka.admin({ retry: { retries: 1, initialRetryTime: 200, maxRetryTime: 1_000 } });
    await admin.connect();
    try {
      const prefix = this.options.topicPrefix ?? '';
      const lag = await readPartitionLag(admin, group, prefix);
      const deadLetters: DeadLetterCount[] = [];
      const existing = new Set(await admin.listTopics());
      for (const topic of new Set(lag.map((partition) => partition.topic))) {
        const parked = `${prefix}${deadLetterTopic(topic)}`;
        if (existing.has(parked)) {
          const count = (await admin.fetchTopicOffsets(parked)).reduce((sum, { high, low }) => sum + Number(high) - Number(low), 0);
          deadLetters.push({ topic: deadLetterTopic(topic), count });
        }
      }
      return { lag, deadLetters };
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.producer.disconnect().catch(() => undefined);
  }
}
