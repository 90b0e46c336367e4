import { Logger } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
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

  private async deadLetter(topic: string, message: unknown, reason: string): Promise<ConsumeOutcome> {
    await this.transport.publishDeadLetter(topic, message, `${this.consumer}: ${reason}`);
    return 'dead-lettered';
  }
}
