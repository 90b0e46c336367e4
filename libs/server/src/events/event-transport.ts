import type { DeadLetterCount, EventEnvelope, PartitionLag } from '@closetly/contracts';

export interface OutgoingEvent {
  topic: string;
  key: string;
  envelope: EventEnvelope;
}

/**
 * How the outbox relay puts events on the bus and how consumers park
 * messages they can never process. Kafka in distributed mode, an in-process
 * dispatcher in embedded mode; both pass the same contract suite.
 */
export interface EventTransport {
  readonly kind: 'kafka' | 'in-process';
  /** Called before consumers start: makes sure the topics exist. */
  prepare(): Promise<void>;
  publish(events: OutgoingEvent[]): Promise<void>;
  publishDeadLetter(topic: string, original: unknown, reason: string): Promise<void>;
  isReady(): Promise<boolean>;
  /**
   * For the admin System panel: how far a consumer group is behind on each partition it reads (null when
   * delivery is in-process and has no lag), and the dead letters parked for the topics it reads.
   */
  consumerStatus(group: string): Promise<{ lag: PartitionLag[] | null; deadLetters: DeadLetterCount[] }>;
  close(): Promise<void>;
}

/**
 * How long the broker keeps an event topic's messages (and its dead letters): Kafka's own default, seven
 * days, set on each topic the product creates so the figure the inbox's keep time is derived from
 * (INBOX_KEEP_SECONDS) is written down rather than a broker setting. Compacted topics keep each key's
 * latest message beyond it.
 */
export const EVENT_TOPIC_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');
