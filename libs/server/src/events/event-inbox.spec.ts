import { deadLetterRecorder, fakeInboxDatabase } from '@closetly/testing';
import type { Db } from '../db/database';
import { platformTables } from '../db/platform-tables';
import { PermanentEventError } from '../errors/domain-error';
import { EventInbox } from './event-inbox';
import { buildEnvelope, OutboxWriter } from './outbox';
import { pgSchema } from 'drizzle-orm/pg-core';

const tables = platformTables(pgSchema('probe'));
const outbox = new OutboxWriter(tables);
/** An effect that writes one event, as a consumer deriving a fact does. */
const writesAnEvent = async (_payload: unknown, tx: Db) => {
  await outbox.add(tx, 'wardrobe.item-removed.v1', 'derived', { userId: 'u2', productId: '3f1e7a52-93c4-4b52-9d3a-8d5b2f0a1c11', removedAt: '2026-03-01T10:00:00.000Z' });
};
const removed = () => buildEnvelope('wardrobe.item-removed.v1', 'p1', { userId: 'u1', productId: '3f1e7a52-93c4-4b52-9d3a-8d5b2f0a1c11', removedAt: '2026-03-01T10:00:00.000Z' });

describe('EventInbox wakes the outbox relay after an effect commits', () => {
  function setup() {
    const database = fakeInboxDatabase();
    const kicks: string[] = [];
    const inbox = new EventInbox('probe', database.db, tables, deadLetterRecorder().transport, () => kicks.push('kick'));
    return { inbox, kicks };
  }

  it('once per processed event whose effect wrote events: they go out now, not at the next poll', async () => {
    const { inbox, kicks } = setup();
    await expect(inbox.consume('wardrobe.item-removed.v1', removed(), writesAnEvent)).resolves.toBe('processed');
    expect(kicks).toEqual(['kick']);
  });

  it('not after an effect that wrote no event: the relay would claim an empty batch', async () => {
    const { inbox, kicks } = setup();
    await expect(inbox.consume('wardrobe.item-removed.v1', removed(), async () => undefined)).resolves.toBe('processed');
    await expect(inbox.consumeBatchPerEvent('wardrobe.item-removed.v1', [removed(), removed()], async () => undefined)).resolves.toBe(2);
    expect(kicks).toEqual([]);
    await expect(inbox.consumeBatchPerEvent('wardrobe.item-removed.v1', [removed(), removed()], writesAnEvent)).resolves.toBe(2);
    expect(kicks).toEqual(['kick']);
  });

  it('not for a duplicate, a dead-lettered event or an effect that failed (nothing committed)', async () => {
    const { inbox, kicks } = setup();
    const event = removed();
    await inbox.consume('wardrobe.item-removed.v1', event, writesAnEvent);
    await expect(inbox.consume('wardrobe.item-removed.v1', event, writesAnEvent)).resolves.toBe('duplicate');
    await inbox.consume('wardrobe.item-removed.v1', removed(), async () => {
      throw new PermanentEventError('cannot apply');
    });
    await expect(inbox.consume('wardrobe.item-removed.v1', removed(), async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(kicks).toEqual(['kick']);
  });
});

describe('EventInbox batches', () => {
  const removedOf = (key: string, userId: string) => buildEnvelope('wardrobe.item-removed.v1', key, { userId, productId: '3f1e7a52-93c4-4b52-9d3a-8d5b2f0a1c11', removedAt: '2026-03-01T10:00:00.000Z' });
  function setup() {
    const database = fakeInboxDatabase();
    const recorder = deadLetterRecorder();
    const kicks: string[] = [];
    const inbox = new EventInbox('probe', database.db, tables, recorder.transport, () => kicks.push('kick'));
    return { inbox, kicks, claims: database.claims, deadLetters: recorder.deadLetters };
  }

  it('applies a batch per event in key order, one key’s events in their order, and wakes the relay once', async () => {
    const { inbox, kicks, claims } = setup();
    const events = [removedOf('b', 'first-b'), removedOf('a', 'only-a'), removedOf('b', 'second-b')];
    const applied: string[] = [];
    const effect = async (payload: { userId: string }, tx: Db) => {
      applied.push(payload.userId);
      await writesAnEvent(payload, tx);
    };
    await expect(inbox.consumeBatchPerEvent('wardrobe.item-removed.v1', events, effect)).resolves.toBe(3);
    expect(applied).toEqual(['only-a', 'first-b', 'second-b']);
    expect(claims.map((claim) => claim.eventId).sort()).toEqual(events.map((event) => event.id).sort());
    expect(kicks).toEqual(['kick']);
  });

  it('dead-letters what is no event, skips what it has seen, and rethrows a fault its events still hit one at a time', async () => {
    const { inbox, claims, deadLetters } = setup();
    const seen = removedOf('a', 'seen');
    await inbox.consumeBatch('wardrobe.item-removed.v1', [seen], async () => undefined);
    const malformed = { ...removedOf('a', 'bad'), payload: { userId: 'bad' } };
    const fresh = removedOf('a', 'fresh');
    const applied: string[][] = [];
    await expect(inbox.consumeBatch('wardrobe.item-removed.v1', [seen, malformed, fresh], async (events) => void applied.push(events.map((event) => event.payload.userId)))).resolves.toBe(1);
    expect(applied).toEqual([['fresh']]);
    expect(deadLetters.map((letter) => letter.original)).toEqual([malformed]);

    const later = removedOf('a', 'later');
    await expect(inbox.consumeBatch('wardrobe.item-removed.v1', [later], async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(claims.map((claim) => claim.eventId)).not.toContain(later.id);
  });
});
