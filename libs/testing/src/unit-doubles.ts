import type { EventEnvelope, EventPayload, EventTopic } from '@closetly/contracts';
import { buildEnvelope, type Db, ErasedAccounts, type EventTransport, OutboxWriter, UnitOfWork } from '@closetly/server';
import { PgDatabase } from 'drizzle-orm/pg-core';

/**
 * Doubles for services' unit specs (STYLE.md "Tests": rules in services, with
 * repositories replaced). Only for code running under Jest.
 */

/**
 * A stand-in for a class whose every method is a `jest.fn()` (resolving nothing until a test says
 * otherwise). It is built on the class's prototype, so it passes wherever the class is expected.
 */
export function mockOf<T extends object>(type: abstract new (...args: never[]) => T): jest.Mocked<T> {
  const prototype: object = type.prototype;
  const mock: Record<string, unknown> = Object.create(prototype);
  for (let level: object | null = prototype; level && level !== Object.prototype; level = Object.getPrototypeOf(level)) {
    for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(level))) {
      if (name !== 'constructor' && typeof descriptor.value === 'function' && !Object.hasOwn(mock, name)) mock[name] = jest.fn();
    }
  }
  return mock as jest.Mocked<T>;
}

/** A unit of work that runs the work at once with a stand-in transaction, so a test can see what ran inside it. */
export function fakeUnitOfWork(): { uow: jest.Mocked<UnitOfWork>; tx: Db } {
  const tx = mockOf<Db>(PgDatabase);
  const uow = mockOf(UnitOfWork);
  uow.run.mockImplementation((work) => work(tx));
  return { uow, tx };
}

export interface RecordedEvent {
  /** The transaction the service wrote the event in. */
  tx: Db;
  envelope: EventEnvelope;
}

/**
 * An OutboxWriter that keeps every event a service adds instead of writing a
 * row. Envelopes are built by the real `buildEnvelope`, so a payload that
 * breaks its topic's schema fails the test as it would fail the service.
 */
export function recordingOutbox() {
  const recorded: RecordedEvent[] = [];
  const outbox = mockOf(OutboxWriter);
  outbox.add.mockImplementation(async (tx, topic, key, payload) => {
    const envelope = buildEnvelope(topic, key, payload);
    recorded.push({ tx, envelope });
    return envelope;
  });
  outbox.addMany.mockImplementation(async (tx, topic, events) =>
    events.map(({ key, payload, correlationId }) => {
      const envelope = buildEnvelope(topic, key, payload, correlationId);
      recorded.push({ tx, envelope });
      return envelope;
    }),
  );
  /** The payloads added on one topic, oldest first. */
  const payloads = <T extends EventTopic>(topic: T): Array<EventPayload<T>> =>
    recorded.filter(({ envelope }) => envelope.type === topic).map(({ envelope }) => envelope.payload as EventPayload<T>);
  return { outbox, recorded, payloads };
}

interface InboxClaim {
  eventId: string;
  consumer: string;
  topic: string;
}

/**
 * The database as EventInbox uses it, for a consumer's unit spec: a
 * transaction that commits when its work resolves and rolls back when it
 * throws, and the inbox insert that claims an event id once per consumer
 * (a row the first time, none for a duplicate). `tx` is what effects receive.
 */
export function fakeInboxDatabase() {
  const claims: InboxClaim[] = [];
  let pending: InboxClaim[] = [];
  const claimed = (claim: InboxClaim) => [...claims, ...pending].some((row) => row.eventId === claim.eventId && row.consumer === claim.consumer);
  // Only the chain EventInbox calls: insert(inbox).values(row or rows).onConflictDoNothing().returning(columns).
  const tx = {
    insert: (_table: unknown) => ({
      values: (rows: InboxClaim | InboxClaim[]) => ({
        onConflictDoNothing: () => ({
          returning: async (_columns: unknown) =>
            (Array.isArray(rows) ? rows : [rows]).flatMap((row) => {
              if (claimed(row)) return [];
              pending.push({ ...row });
              return [{ eventId: row.eventId }];
            }),
        }),
      }),
    }),
  } as unknown as Db;
  const db = {
    transaction: async <T>(work: (tx: Db) => Promise<T>): Promise<T> => {
      pending = [];
      try {
        const result = await work(tx);
        claims.push(...pending);
        return result;
      } finally {
        pending = [];
      }
    },
  } as unknown as Db;
  return { db, tx, claims };
}

/** An event transport that only keeps what consumers dead-letter. */
export function deadLetterRecorder() {
  const deadLetters: Array<{ topic: string; original: unknown; reason: string }> = [];
  const transport: EventTransport = {
    kind: 'in-process',
    prepare: async () => undefined,
    publish: async () => undefined,
    publishDeadLetter: async (topic, original, reason) => {
      deadLetters.push({ topic, original, reason });
    },
    isReady: async () => true,
    consumerStatus: async () => ({ lag: null, deadLetters: [] }),
    close: async () => undefined,
  };
  return { transport, deadLetters };
}

/** ErasedAccounts over a set: `erased` holds the ids marked so far. */
export function inMemoryErasedAccounts() {
  const erased = new Set<string>();
  const accounts = mockOf(ErasedAccounts);
  accounts.isErased.mockImplementation(async (userId) => erased.has(userId));
  accounts.erasedAmong.mockImplementation(async (userIds) => new Set(userIds.filter((userId) => erased.has(userId))));
  accounts.markErased.mockImplementation(async (userId) => void erased.add(userId));
  // The real method, over the in-memory isErased above.
  accounts.unlessErased.mockImplementation(ErasedAccounts.prototype.unlessErased);
  return { accounts, erased };
}
