import { randomUUID } from 'node:crypto';
import { EVENT_TOPICS, type EventEnvelope, type EventPayload, type EventTopic } from '@closetly/contracts';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { PlatformTables } from '../db/platform-tables';
import { correlationId, currentContext } from '../logging/context';
import { SpanKind, startSpan, traceparentOf } from '../tracing/tracing';
import type { OutgoingEvent } from './event-transport';

/** Builds an envelope for a typed topic, validating the payload at the source. */
export function buildEnvelope<T extends EventTopic>(topic: T, key: string, payload: EventPayload<T>, causedBy: string = correlationId()): EventEnvelope<EventPayload<T>> {
  const version = Number(/\.v(\d+)$/.exec(topic)?.[1] ?? 1);
  const id = randomUUID();
  // The event's own span ("create", in the messaging conventions): a child of the work that wrote it,
  // or of its cause's span when a batch mixes causes. Consumers continue the trace from it.
  const context = currentContext();
  const span = startSpan(`${topic} create`, SpanKind.PRODUCER, context?.causes?.get(causedBy) ?? context?.traceparent, {
    'messaging.system': 'kafka',
    'messaging.operation.type': 'create',
    'messaging.destination.name': topic,
    'messaging.message.id': id,
    'closetly.correlation_id': causedBy,
  });
  const traceparent = traceparentOf(span);
  span.end();
  return {
    id,
    type: topic,
    version,
    occurredAt: new Date().toISOString(),
    correlationId: causedBy,
    ...(traceparent && { traceparent }),
    key,
    payload: EVENT_TOPICS[topic].parse(payload) as EventPayload<T>,
  };
}

/**
 * The transactions that wrote outbox rows and have not been asked about yet. Only their commit needs the
 * relay woken: a wake after a transaction that wrote nothing is an empty claim (five queries), and those
 * were a quarter of the embedded demo seed's queries.
 */
const wroteOutboxRows = new WeakSet<object>();

/** Whether `tx` wrote outbox rows (through OutboxWriter); asking forgets it, so the answer is one transaction's. */
export function takeOutboxWrites(tx: Db): boolean {
  return wroteOutboxRows.delete(tx);
}

/**
 * Writes events into the service's outbox table. Call it with the
 * transaction that makes the state change, so both commit or neither does.
 */
export class OutboxWriter {
  constructor(private readonly tables: PlatformTables) {}

  async add<T extends EventTopic>(tx: Db, topic: T, key: string, payload: EventPayload<T>): Promise<EventEnvelope<EventPayload<T>>> {
    const envelope = buildEnvelope(topic, key, payload);
    wroteOutboxRows.add(tx);
    await tx.insert(this.tables.outbox).values({ eventId: envelope.id, topic, key, envelope });
    return envelope;
  }

  /**
   * Many events of one topic in one insert (a batch job's events, a batch of consumed events' effects), in the
   * given order. `correlationId`: the event that caused this one, when a batch mixes several causes.
   */
  async addMany<T extends EventTopic>(tx: Db, topic: T, events: Array<{ key: string; payload: EventPayload<T>; correlationId?: string }>): Promise<Array<EventEnvelope<EventPayload<T>>>> {
    const envelopes = events.map(({ key, payload, correlationId: causedBy }) => buildEnvelope(topic, key, payload, causedBy));
    if (envelopes.length > 0) {
      wroteOutboxRows.add(tx);
      await tx.insert(this.tables.outbox).values(envelopes.map((envelope) => ({ eventId: envelope.id, topic, key: envelope.key, envelope })));
    }
    return envelopes;
  }
}

const CLAIM_SECONDS = 30;

/** Outbox queries for the relay: claim a batch, mark it published, note failures. */
export class OutboxStore {
  constructor(
    private readonly db: Db,
    private readonly tables: PlatformTables,
    private readonly lockKey: string,
  ) {}

  /**
   * Claims the oldest pending rows for a short lease. The advisory lock and
   * the "no live lease" check make one relay instance publish at a time per
   * service, so one aggregate's events leave in order; a crashed relay's
   * lease simply expires. Nothing is held open while publishing (PGlite has
   * one connection, and in-process consumers need it).
   */
  async claimBatch(limit: number): Promise<Array<OutgoingEvent & { id: number }>> {
    const { outbox } = this.tables;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${this.lockKey}))`);
      const live = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(isNull(outbox.publishedAt), sql`${outbox.claimedUntil} > now()`))
        .limit(1);
      if (live.length > 0) return [];
      const rows = await tx
        .select()
        .from(outbox)
        .where(and(isNull(outbox.publishedAt), or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`))))
        .orderBy(asc(outbox.id))
        .limit(limit);
      if (rows.length === 0) return [];
      await tx
        .update(outbox)
        .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, attempts: sql`${outbox.attempts} + 1` })
        .where(inArray(outbox.id, rows.map((row) => row.id)));
      return rows.map((row) => ({ id: row.id, topic: row.topic, key: row.key, envelope: row.envelope as EventEnvelope }));
    });
  }

  async markPublished(ids: number[]): Promise<void> {
    const { outbox } = this.tables;
    await this.db.update(outbox).set({ publishedAt: sql`now()`, claimedUntil: null, lastError: null }).where(inArray(outbox.id, ids));
  }

  /**
   * Deletes rows published more than `olderThanSeconds` ago. A published event's copy has done its job; kept for
   * ever it would hold what users asked us to erase (a capture, an e-mail address in a registration) long after.
   */
  async prunePublished(olderThanSeconds: number): Promise<number> {
    const { outbox } = this.tables;
    const rows = await this.db
      .delete(outbox)
      .where(sql`${outbox.publishedAt} < now() - make_interval(secs => ${olderThanSeconds})`)
      .returning({ id: outbox.id });
    return rows.length;
  }

  async release(ids: number[], error: string): Promise<void> {
    const { outbox } = this.tables;
    await this.db.update(outbox).set({ claimedUntil: null, lastError: error.slice(0, 2000) }).where(inArray(outbox.id, ids));
  }

  async pendingCount(): Promise<number> {
    const { outbox } = this.tables;
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(outbox).where(isNull(outbox.publishedAt));
    return row?.count ?? 0;
  }

  /**
   * What waits to be published: how many events, and how old the oldest is (0 when none), from the
   * partial index on pending rows. For metrics and the operator's view, read at scrape time.
   */
  async backlog(): Promise<{ pending: number; oldestAgeSeconds: number }> {
    const { outbox } = this.tables;
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*)::int`,
        oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8`,
      })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    return { pending: row?.pending ?? 0, oldestAgeSeconds: Math.max(0, Number(row?.oldestAgeSeconds ?? 0)) };
  }

  async findByEventId(eventId: string) {
    const { outbox } = this.tables;
    const [row] = await this.db.select().from(outbox).where(eq(outbox.eventId, eventId));
    return row;
  }
}
