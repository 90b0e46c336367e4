import { Logger } from '@nestjs/common';
import { BaseRpcContext, type CustomTransportStrategy, type MessageHandler, Server, Transport } from '@nestjs/microservices';
import { deadLetterTopic, CORRELATION_ID_HEADER, type DeadLetterCount } from '@closetly/contracts';
import { isObservable, lastValueFrom } from 'rxjs';
import { takesBatches } from '../rpc/rpc-handlers';
import type { EventTransport, OutgoingEvent } from './event-transport';

/** What an in-process handler sees as its context: the same headers Kafka would carry. */
export class InProcessEventContext extends BaseRpcContext<[Record<string, string>, string]> {
  getHeaders(): Record<string, string> {
    return this.args[0];
  }
  getTopic(): string {
    return this.args[1];
  }
}

/**
 * The longest run of one topic's events a batch handler gets in-process. Embedded, every service shares
 * one PGlite connection, and a batch's transaction holds it: a run of 200 saves (MAX_EVENT_BATCH, as from
 * Kafka) kept a sign-up waiting past its RPC deadline while the demo catalogue was seeded. Short runs
 * keep requests interleaved and still save most of the per-event commits.
 */
export const IN_PROCESS_EVENT_BATCH = 20;

/**
 * The embedded twin of Kafka: a Nest transport strategy that collects every
 * `@EventPattern(topic, Transport.KAFKA)` handler of the process and an
 * EventTransport that delivers published events to them. Publishing waits
 * until the server listens, so no event is dropped while the app boots.
 * A handler that throws fails the publish, and the outbox retries it later
 * (consumers are idempotent through their inbox).
 */
export class InProcessEventBus extends Server implements CustomTransportStrategy, EventTransport {
  readonly kind = 'in-process' as const;
  override readonly transportId = Transport.KAFKA;
  private listening!: () => void;
  private readonly ready = new Promise<void>((resolve) => (this.listening = resolve));
  /** Messages parked as dead letters; kept for operators (and tests) to inspect. */
  readonly deadLetters: Array<{ topic: string; original: unknown; reason: string; at: string }> = [];
  private readonly log = new Logger('InProcessEventBus');
  private readonly subscribers = new Map<string, MessageHandler[]>();
  /** Events handed to publish() and not yet delivered to every handler of their topic: the embedded twin of consumer lag. */
  private readonly undelivered = new Map<string, number>();

  listen(callback: () => void): void {
    this.listening();
    callback();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  on(): never {
    throw new Error('InProcessEventBus does not emit server events');
  }

  unwrap<T>(): T {
    return this as unknown as T;
  }

  prepare(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * Every service's handler of a topic, kept side by side. Nest would chain a second handler of a
   * pattern behind the first and call both with the first's arguments, but one may take batches
   * (EventBatchHandler) and another single events.
   */
  override addHandler(pattern: unknown, callback: MessageHandler, isEventHandler = false, extras: Record<string, unknown> = {}): void {
    const topic = this.normalizePattern(pattern as string);
    callback.isEventHandler = isEventHandler;
    callback.extras = extras;
    this.subscribers.set(topic, [...(this.subscribers.get(topic) ?? []), callback]);
  }

  /**
   * Delivers in order, a run of one topic's events at a time: to each handler of the topic, a batch
   * handler (EventBatchHandler) the run at once, as a Kafka fetch would, any other one event at a time.
   */
  async publish(events: OutgoingEvent[]): Promise<void> {
    for (const event of events) this.undelivered.set(event.topic, (this.undelivered.get(event.topic) ?? 0) + 1);
    let delivered = 0;
    try {
      await this.ready;
      for (let start = 0; start < events.length; ) {
        const first = events[start] as OutgoingEvent;
        let end = start + 1;
        while (end < events.length && end - start < IN_PROCESS_EVENT_BATCH && events[end]?.topic === first.topic) end += 1;
        const run = events.slice(start, end);
        start = end;
        // No handler: like a Kafka topic nobody subscribes to.
        for (const handler of this.subscribers.get(first.topic) ?? []) {
          const context = new InProcessEventContext([{ [CORRELATION_ID_HEADER]: first.envelope.correlationId }, first.topic]);
          // JSON round trip: consumers get plain data, exactly as from Kafka.
          const data: unknown[] = run.map((event) => JSON.parse(JSON.stringify(event.envelope)));
          if (takesBatches(handler)) await settle(handler(data, context));
          else for (const one of data) await settle(handler(one, context));
        }
        this.undelivered.set(first.topic, (this.undelivered.get(first.topic) ?? 0) - run.length);
        delivered = end;
      }
    } finally {
      // A failed publish leaves its rest in the outbox, which counts it there.
      for (const event of events.slice(delivered)) this.undelivered.set(event.topic, (this.undelivered.get(event.topic) ?? 0) - 1);
    }
  }

  /** Per topic, the events being delivered now (handed to publish, not yet through every handler). */
  undeliveredByTopic(): Array<{ topic: string; events: number }> {
    return [...this.undelivered].map(([topic, events]) => ({ topic, events }));
  }

  async publishDeadLetter(topic: string, original: unknown, reason: string): Promise<void> {
    this.log.error({ topic: deadLetterTopic(topic), reason }, 'event dead-lettered');
    this.deadLetters.push({ topic: deadLetterTopic(topic), original, reason, at: new Date().toISOString() });
    if (this.deadLetters.length > 1000) this.deadLetters.shift();
  }

  isReady(): Promise<boolean> {
    return Promise.resolve(true);
  }

  /** Delivery is a call, so no lag; the dead letters are every topic's still in memory (one bus serves every service). */
  consumerStatus(): Promise<{ lag: null; deadLetters: DeadLetterCount[] }> {
    const counts = new Map<string, number>();
    for (const { topic } of this.deadLetters) counts.set(topic, (counts.get(topic) ?? 0) + 1);
    return Promise.resolve({ lag: null, deadLetters: [...counts].map(([topic, count]) => ({ topic, count })).sort((a, b) => a.topic.localeCompare(b.topic)) });
  }
}

/** Waits for what a Nest handler answers: a promise, or an observable (to its end). */
async function settle(result: unknown): Promise<void> {
  const value: unknown = await result;
  if (isObservable(value)) await lastValueFrom(value, { defaultValue: undefined });
}
