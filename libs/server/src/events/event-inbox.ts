import { Logger } from '@nestjs/common';
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
  ) {
    this.log = new Logger(`EventInbox:${consumer}`);
  }

  async consume<T extends EventTopic>(topic: T, message: unknown, effect: EventEffect<T>): Promise<ConsumeOutcome> {
    const envelope = EventEnvelope.safeParse(message);
    if (!envelope.success) return this.deadLetter(topic, message, `invalid envelope: ${envelope.error.message}`);
    const payload = EVENT_TOPICS[topic].safeParse(envelope.data.payload);
    if (!payload.success) return this.deadLetter(topic, message, `invalid payload: ${payload.error.message}`);
    const typed = { ...envelope.data, payload: payload.data } as EventEnvelope<EventPayload<T>>;

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
      return outcome;
    });
  }

  private async deadLetter(topic: string, message: unknown, reason: string): Promise<ConsumeOutcome> {
    await this.transport.publishDeadLetter(topic, message, `${this.consumer}: ${reason}`);
    return 'dead-lettered';
  }
}
