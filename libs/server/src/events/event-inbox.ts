import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EVENT_TOPICS, EventEnvelope, type EventPayload, type EventTopic } from '@closetly/contracts';
import type { Db } from '../db/database';
import type { PlatformTables } from '../db/platform-tables';
import { inKeyOrder } from '../db/key-order';
import { PermanentEventError } from '../errors/domain-error';
import { runWithContext } from '../logging/context';
import { endSpan, isTraceparent, SpanKind, startSpan, traceparentOf } from '../tracing/tracing';
import type { EventTransport } from './event-transport';
import { takeOutboxWrites } from './outbox';

export type EventEffect<T extends EventTopic> = (
  payload: EventPayload<T>,
  tx: Db,
  envelope: EventEnvelope<EventPayload<T>>,
) => Promise<void>;

export interface BatchPerEventOptions<T extends EventTopic> {
  /**
   * Runs once in the batch's transaction before its events: work the events share, such as the shared
   * locks of their accounts and which are erased (ErasedAccounts.erasedAmong), asked once rather than per event.
   */
  first?: (events: Array<EventEnvelope<EventPayload<T>>>, tx: Db) => Promise<unknown>;
}

/** A batch consumer's effect: the batch's new events (duplicates left out), in delivery order, in one transaction. */
export type EventBatchEffect<T extends EventTopic> = (events: Array<EventEnvelope<EventPayload<T>>>, tx: Db) => Promise<void>;

export type ConsumeOutcome = 'processed' | 'duplicate' | 'dead-lettered';

/** What an inbox tells about its work: the process's metrics (see inboxMetrics), or nobody. */
export interface InboxObserver {
  /** A call to consume an event or a batch ended: `ok`, or `failed` (rethrown for redelivery). */
  processed(topic: string, events: number, seconds: number, outcome: 'ok' | 'failed'): void;
  deadLettered(topic: string): void;
}

const UNOBSERVED: InboxObserver = { processed: () => undefined, deadLettered: () => undefined };

/** A message as an event of its topic (the envelope, then the topic's payload schema), or why it is not one. */
export function parseEvent<T extends EventTopic>(topic: T, message: unknown): { event: EventEnvelope<EventPayload<T>> } | { invalid: string } {
  const envelope = EventEnvelope.safeParse(message);
  if (!envelope.success) return { invalid: `invalid envelope: ${envelope.error.message}` };
  const payload = EVENT_TOPICS[topic].safeParse(envelope.data.payload);
  if (!payload.success) return { invalid: `invalid payload: ${payload.error.message}` };
  return { event: { ...envelope.data, payload: payload.data } as EventEnvelope<EventPayload<T>> };
}

/**
 * Runs a consumer's effect at most once per event id: the inbox row and the
 * effect commit in one transaction, so a redelivered event changes nothing.
 * A message that can never be processed (bad envelope, bad payload, or a
 * PermanentEventError) goes to the dead-letter topic and the partition moves
 * on; any other error is rethrown so the transport redelivers it.
 */
export class EventInbox {
  private readonly log: Logger;

  constructor(
    private readonly consumer: string,
    private readonly db: Db,
    private readonly tables: PlatformTables,
    private readonly transport: EventTransport,
    /**
     * Called once an effect that wrote events (OutboxWriter) has committed: the outbox relay's kick, so
     * what it wrote (a derived product, a re-indexed one) goes out now rather than at the relay's next
     * poll. Without it each hop of save → catalogue → search waited up to OUTBOX_POLL_MS (500 ms).
     */
    private readonly afterCommit: () => void = () => undefined,
    private readonly observer: InboxObserver = UNOBSERVED,
  ) {
    this.log = new Logger(`EventInbox:${consumer}`);
  }

  consume<T extends EventTopic>(topic: T, message: unknown, effect: EventEffect<T>): Promise<ConsumeOutcome> {
    return this.measured(topic, 1, () => this.consumeOne(topic, message, effect));
  }

  private async consumeOne<T extends EventTopic>(topic: T, message: unknown, effect: EventEffect<T>): Promise<ConsumeOutcome> {
    const parsed = parseEvent(topic, message);
    if ('invalid' in parsed) return this.deadLetter(topic, message, parsed.invalid);
    const typed = parsed.event;
    let wroteEvents = false;

    return this.inSpans(topic, [typed], async () => {
      try {
        return await this.db.transaction(async (tx) => {
          const claimed = await tx
            .insert(this.tables.inbox)
            .values({ eventId: typed.id, consumer: this.consumer, topic })
            .onConflictDoNothing()
            .returning({ eventId: this.tables.inbox.eventId });
          if (claimed.length === 0) return 'duplicate' as const;
          await effect(typed.payload, tx, typed);
          wroteEvents = takeOutboxWrites(tx);
          return 'processed' as const;
        });
      } catch (error) {
        if (error instanceof PermanentEventError) return this.deadLetter(topic, message, error.message);
        throw error;
      }
    }).then((outcome) => {
      if (outcome === 'duplicate') this.log.debug({ eventId: typed.id, topic }, 'duplicate delivery ignored');
      if (outcome === 'processed' && wroteEvents) this.afterCommit();
      return outcome;
    });
  }

  /**
   * consume() for a batch (EventBatchHandler): one transaction claims every event id and runs the effect
   * on the events not seen before, set-based. Messages that are no event go to the dead-letter topic
   * first. If the batch fails, its events are applied again one at a time with the same effect: a poison
   * event is then dead-lettered on its own, and a passing fault (the database going away) is rethrown by
   * the first event it still hits, for redelivery from there. Answers how many events the effect applied.
   */
  consumeBatch<T extends EventTopic>(topic: T, messages: readonly unknown[], effect: EventBatchEffect<T>): Promise<number> {
    return this.measured(topic, messages.length, () => this.consumeMany(topic, messages, effect));
  }

  private async consumeMany<T extends EventTopic>(topic: T, messages: readonly unknown[], effect: EventBatchEffect<T>): Promise<number> {
    const events = await this.parseAll(topic, messages);
    const [first] = events;
    if (!first) return 0;
    try {
      const applied = await this.inSpans(topic, events.map(({ event }) => event), () =>
        this.db.transaction(async (tx) => {
          const claimed = await tx
            .insert(this.tables.inbox)
            .values(events.map(({ event }) => ({ eventId: event.id, consumer: this.consumer, topic })))
            .onConflictDoNothing()
            .returning({ eventId: this.tables.inbox.eventId });
          const claimedIds = new Set(claimed.map((row) => row.eventId));
          const fresh = firstDeliveries(events).filter((event) => claimedIds.has(event.id));
          if (fresh.length > 0) await effect(fresh, tx);
          return { applied: fresh.length, wroteEvents: takeOutboxWrites(tx) };
        }),
      );
      if (applied.wroteEvents) this.afterCommit();
      return applied.applied;
    } catch (error) {
      return this.oneAtATime(topic, events, error, (message) => this.consumeOne(topic, message, (_payload, tx, envelope) => effect([envelope], tx)));
    }
  }

  /**
   * consumeBatch() for an effect written one event at a time: the batch still shares one transaction
   * (one inbox insert, one commit instead of one per event), and the effect runs for each event in key
   * order (stable: one key's events keep their order), so two batches consumed side by side take the
   * row locks their events need in one order, rather than each other's reverse.
   */
  consumeBatchPerEvent<T extends EventTopic>(topic: T, messages: readonly unknown[], effect: EventEffect<T>, options: BatchPerEventOptions<T> = {}): Promise<number> {
    return this.consumeBatch(topic, messages, async (events, tx) => {
      await options.first?.(events, tx);
      for (const event of inKeyOrder(events, (event) => event.key)) await effect(event.payload, tx, event);
    });
  }

  /**
   * consumeIdempotent() for a batch: the effect runs once on the events whose ids are not recorded yet,
   * then their ids are recorded. A failed batch is applied again one event at a time, as consumeBatch does.
   */
  consumeIdempotentBatch<T extends EventTopic>(topic: T, messages: readonly unknown[], effect: (payloads: Array<EventPayload<T>>) => Promise<void>): Promise<number> {
    return this.measured(topic, messages.length, () => this.consumeIdempotentMany(topic, messages, effect));
  }

  private async consumeIdempotentMany<T extends EventTopic>(topic: T, messages: readonly unknown[], effect: (payloads: Array<EventPayload<T>>) => Promise<void>): Promise<number> {
    const events = await this.parseAll(topic, messages);
    const [first] = events;
    if (!first) return 0;
    const unique = firstDeliveries(events);
    try {
      return await this.inSpans(topic, unique, async () => {
        const known = await this.db
          .select({ eventId: this.tables.inbox.eventId })
          .from(this.tables.inbox)
          .where(and(eq(this.tables.inbox.consumer, this.consumer), inArray(this.tables.inbox.eventId, unique.map((event) => event.id))));
        const knownIds = new Set(known.map((row) => row.eventId));
        const fresh = unique.filter((event) => !knownIds.has(event.id));
        if (fresh.length === 0) return 0;
        await effect(fresh.map((event) => event.payload));
        await this.db.insert(this.tables.inbox).values(fresh.map((event) => ({ eventId: event.id, consumer: this.consumer, topic }))).onConflictDoNothing();
        return fresh.length;
      });
    } catch (error) {
      return this.oneAtATime(topic, events, error, (message) => this.consumeIdempotentOne(topic, message, (payload) => effect([payload])));
    }
  }

  /**
   * Runs the work of consuming `events` in one span each ("process", child of the span that wrote the
   * event), with the work context naming them: the first as the current span, and each by its
   * correlation id, so an event the effect writes for one of them continues that one's trace.
   */
  private async inSpans<R>(topic: string, events: ReadonlyArray<EventEnvelope<unknown>>, work: () => Promise<R>): Promise<R> {
    const spans = events.map((event) =>
      startSpan(`${topic} process`, SpanKind.CONSUMER, isTraceparent(event.traceparent) ? event.traceparent : undefined, {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'process',
        'messaging.destination.name': topic,
        'messaging.consumer.group.name': this.consumer,
        'messaging.message.id': event.id,
        'closetly.correlation_id': event.correlationId,
      }),
    );
    const causes = new Map<string, string>();
    events.forEach((event, index) => {
      const traceparent = traceparentOf(spans[index]!);
      if (traceparent && !causes.has(event.correlationId)) causes.set(event.correlationId, traceparent);
    });
    const correlationId = events[0]?.correlationId ?? randomUUID();
    const traceparent = causes.get(correlationId);
    try {
      const result = await runWithContext({ correlationId, ...(traceparent && { traceparent }), causes }, work);
      for (const span of spans) endSpan(span);
      return result;
    } catch (error) {
      for (const span of spans) endSpan(span, error);
      throw error;
    }
  }

  /** A failed batch's fallback: each event on its own, so only a poison one is dead-lettered, and a fault that stays is rethrown. */
  private async oneAtATime(topic: string, events: ReadonlyArray<{ message: unknown }>, error: unknown, consumeOne: (message: unknown) => Promise<ConsumeOutcome>): Promise<number> {
    this.log.warn({ topic, events: events.length, err: error instanceof Error ? error.message : String(error) }, 'event batch failed; applying its events one at a time');
    let applied = 0;
    for (const { message } of events) if ((await consumeOne(message)) === 'processed') applied += 1;
    return applied;
  }

  /** The batch's events, each with its message; the messages that are none are dead-lettered. */
  private async parseAll<T extends EventTopic>(topic: T, messages: readonly unknown[]): Promise<Array<{ event: EventEnvelope<EventPayload<T>>; message: unknown }>> {
    const events: Array<{ event: EventEnvelope<EventPayload<T>>; message: unknown }> = [];
    for (const message of messages) {
      const parsed = parseEvent(topic, message);
      if ('invalid' in parsed) await this.deadLetter(topic, message, parsed.invalid);
      else events.push({ event: parsed.event, message });
    }
    return events;
  }

  /**
   * For an effect on an engine outside the service's database (a search
   * index): it cannot join the inbox's transaction, and must not run while one
   * is open (PGlite has one connection). The effect runs first and must be
   * idempotent; the event id is recorded after it succeeds, so a crash in
   * between only repeats the effect. A known event id is skipped.
   */
  consumeIdempotent<T extends EventTopic>(topic: T, message: unknown, effect: (payload: EventPayload<T>) => Promise<void>): Promise<ConsumeOutcome> {
    return this.measured(topic, 1, () => this.consumeIdempotentOne(topic, message, effect));
  }

  private async consumeIdempotentOne<T extends EventTopic>(topic: T, message: unknown, effect: (payload: EventPayload<T>) => Promise<void>): Promise<ConsumeOutcome> {
    const parsed = parseEvent(topic, message);
    if ('invalid' in parsed) return this.deadLetter(topic, message, parsed.invalid);
    const { id: eventId, payload } = parsed.event;

    return this.inSpans(topic, [parsed.event], async () => {
      const [known] = await this.db
        .select({ eventId: this.tables.inbox.eventId })
        .from(this.tables.inbox)
        .where(and(eq(this.tables.inbox.eventId, eventId), eq(this.tables.inbox.consumer, this.consumer)));
      if (known) {
        this.log.debug({ eventId, topic }, 'duplicate delivery ignored');
        return 'duplicate' as const;
      }
      try {
        await effect(payload);
      } catch (error) {
        if (error instanceof PermanentEventError) return this.deadLetter(topic, message, error.message);
        throw error;
      }
      await this.db.insert(this.tables.inbox).values({ eventId, consumer: this.consumer, topic }).onConflictDoNothing();
      return 'processed' as const;
    });
  }

  /**
   * Forgets this consumer's event ids processed more than `olderThanSeconds` ago (INBOX_KEEP_SECONDS), a
   * bounded batch at a time so no delete holds the table long. Answers how many were forgotten.
   */
  async pruneProcessed(olderThanSeconds: number, batchSize = 5_000): Promise<number> {
    const { inbox } = this.tables;
    let pruned = 0;
    for (;;) {
      const old = this.db
        .select({ eventId: inbox.eventId })
        .from(inbox)
        .where(and(eq(inbox.consumer, this.consumer), sql`${inbox.processedAt} < now() - make_interval(secs => ${olderThanSeconds})`))
        .limit(batchSize);
      const rows = await this.db
        .delete(inbox)
        .where(and(eq(inbox.consumer, this.consumer), inArray(inbox.eventId, old)))
        .returning({ eventId: inbox.eventId });
      pruned += rows.length;
      if (rows.length < batchSize) return pruned;
    }
  }

  private async deadLetter(topic: string, message: unknown, reason: string): Promise<ConsumeOutcome> {
    await this.transport.publishDeadLetter(topic, message, `${this.consumer}: ${reason}`);
    this.observer.deadLettered(topic);
    return 'dead-lettered';
  }

  /** Times one public consume call (its fallbacks inside are part of it, not calls of their own). */
  private async measured<R>(topic: string, events: number, work: () => Promise<R>): Promise<R> {
    const startedAt = process.hrtime.bigint();
    try {
      const result = await work();
      this.observer.processed(topic, events, Number(process.hrtime.bigint() - startedAt) / 1e9, 'ok');
      return result;
    } catch (error) {
      this.observer.processed(topic, events, Number(process.hrtime.bigint() - startedAt) / 1e9, 'failed');
      throw error;
    }
  }
}

/** The accounts a batch of user events is about (for ErasedAccounts.erasedAmong). */
export function usersOf(events: ReadonlyArray<EventEnvelope<{ userId: string }>>): string[] {
  return events.map((event) => event.payload.userId);
}

/** The batch's events, each id once (its first delivery: a re-sent event can share a batch with itself). */
function firstDeliveries<E extends { id: string }>(events: ReadonlyArray<{ event: E }>): E[] {
  const seen = new Set<string>();
  return events.map(({ event }) => event).filter((event) => !seen.has(event.id) && (seen.add(event.id), true));
}
