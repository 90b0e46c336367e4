import { Logger } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EVENT_TOPICS, EventEnvelope, type EventPayload, type EventTopic } from '@closetly/contracts';
import type { Db } from '../db/database';
import type { PlatformTables } from '../db/platform-tables';
import { PermanentEventError } from '../errors/domain-error';
import { runWithContext } from '../logging/context';
import type { EventTransport } from './event-transport';

export type EventEffect<T extends EventTopic> = (
  payload: EventPayload<T>,
  tx: Db,
  envelope: EventEnvelope<EventPayload<T>>,
) => Promise<void>;

/** A batch consumer's effect: the batch's new events (duplicates left out), in delivery order, in one transaction. */
export type EventBatchEffect<T extends EventTopic> = (events: Array<EventEnvelope<EventPayload<T>>>, tx: Db) => Promise<void>;

export type ConsumeOutcome = 'processed' | 'duplicate' | 'dead-lettered';

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
     * Called once an event's effect has committed: the outbox relay's kick, so events the effect wrote
     * (a derived product, a re-indexed one) go out now rather than at the relay's next poll. Without it
     * each hop of save → catalogue → search waited up to OUTBOX_POLL_MS (500 ms).
     */
    private readonly afterCommit: () => void = () => undefined,
  ) {
    this.log = new Logger(`EventInbox:${consumer}`);
  }

  async consume<T extends EventTopic>(topic: T, message: unknown, effect: EventEffect<T>): Promise<ConsumeOutcome> {
    const parsed = parseEvent(topic, message);
    if ('invalid' in parsed) return this.deadLetter(topic, message, parsed.invalid);
    const typed = parsed.event;

    return runWithContext({ correlationId: typed.correlationId }, async () => {
      try {
        return await this.db.transaction(async (tx) => {
          const claimed = await tx
            .insert(this.tables.inbox)
            .values({ eventId: typed.id, consumer: this.consumer, topic })
            .onConflictDoNothing()
            .returning({ eventId: this.tables.inbox.eventId });
          if (claimed.length === 0) return 'duplicate' as const;
          await effect(typed.payload, tx, typed);
          return 'processed' as const;
        });
      } catch (error) {
        if (error instanceof PermanentEventError) return this.deadLetter(topic, message, error.message);
        throw error;
      }
    }).then((outcome) => {
      if (outcome === 'duplicate') this.log.debug({ eventId: typed.id, topic }, 'duplicate delivery ignored');
      if (outcome === 'processed') this.afterCommit();
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
  async consumeBatch<T extends EventTopic>(topic: T, messages: readonly unknown[], effect: EventBatchEffect<T>): Promise<number> {
    const events = await this.parseAll(topic, messages);
    const [first] = events;
    if (!first) return 0;
    try {
      const applied = await runWithContext({ correlationId: first.event.correlationId }, () =>
        this.db.transaction(async (tx) => {
          const claimed = await tx
            .insert(this.tables.inbox)
            .values(events.map(({ event }) => ({ eventId: event.id, consumer: this.consumer, topic })))
            .onConflictDoNothing()
            .returning({ eventId: this.tables.inbox.eventId });
          const claimedIds = new Set(claimed.map((row) => row.eventId));
          const fresh = firstDeliveries(events).filter((event) => claimedIds.has(event.id));
          if (fresh.length > 0) await effect(fresh, tx);
          return fresh.length;
        }),
      );
      if (applied > 0) this.afterCommit();
      return applied;
    } catch (error) {
      return this.oneAtATime(topic, events, error, (message) => this.consume(topic, message, (_payload, tx, envelope) => effect([envelope], tx)));
    }
  }

  /**
   * consumeBatch() for an effect written one event at a time: the batch still shares one transaction
   * (one inbox insert, one commit instead of one per event), and the effect runs for each event in key
   * order (stable: one key's events keep their order), so two batches consumed side by side take the
   * row locks their events need in one order, rather than each other's reverse.
   */
  consumeBatchPerEvent<T extends EventTopic>(topic: T, messages: readonly unknown[], effect: EventEffect<T>): Promise<number> {
    return this.consumeBatch(topic, messages, async (events, tx) => {
      const byKey = [...events].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      for (const event of byKey) await effect(event.payload, tx, event);
    });
  }

  /**
   * consumeIdempotent() for a batch: the effect runs once on the events whose ids are not recorded yet,
   * then their ids are recorded. A failed batch is applied again one event at a time, as consumeBatch does.
   */
  async consumeIdempotentBatch<T extends EventTopic>(topic: T, messages: readonly unknown[], effect: (payloads: Array<EventPayload<T>>) => Promise<void>): Promise<number> {
    const events = await this.parseAll(topic, messages);
    const [first] = events;
    if (!first) return 0;
    const unique = firstDeliveries(events);
    try {
      return await runWithContext({ correlationId: first.event.correlationId }, async () => {
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
      return this.oneAtATime(topic, events, error, (message) => this.consumeIdempotent(topic, message, (payload) => effect([payload])));
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
  async consumeIdempotent<T extends EventTopic>(topic: T, message: unknown, effect: (payload: EventPayload<T>) => Promise<void>): Promise<ConsumeOutcome> {
    const parsed = parseEvent(topic, message);
    if ('invalid' in parsed) return this.deadLetter(topic, message, parsed.invalid);
    const { id: eventId, correlationId, payload } = parsed.event;

    return runWithContext({ correlationId }, async () => {
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
    return 'dead-lettered';
  }
}

/** The batch's events, each id once (its first delivery: a re-sent event can share a batch with itself). */
function firstDeliveries<E extends { id: string }>(events: ReadonlyArray<{ event: E }>): E[] {
  const seen = new Set<string>();
  return events.map(({ event }) => event).filter((event) => !seen.has(event.id) && (seen.add(event.id), true));
}
