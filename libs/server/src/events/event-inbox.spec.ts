import { deadLetterRecorder, fakeInboxDatabase } from '@closetly/testing';
import { platformTables } from '../db/platform-tables';
import { PermanentEventError } from '../errors/domain-error';
import { EventInbox } from './event-inbox';
import { buildEnvelope } from './outbox';
import { pgSchema } from 'drizzle-orm/pg-core';

const tables = platformTables(pgSchema('probe'));
const removed = () => buildEnvelope('wardrobe.item-removed.v1', 'p1', { userId: 'u1', productId: '3f1e7a52-93c4-4b52-9d3a-8d5b2f0a1c11', removedAt: '2026-03-01T10:00:00.000Z' });

describe('EventInbox wakes the outbox relay after an effect commits', () => {
  function setup() {
    const database = fakeInboxDatabase();
    const kicks: string[] = [];
    const inbox = new EventInbox('probe', database.db, tables, deadLetterRecorder().transport, () => kicks.push('kick'));
    return { inbox, kicks };
  }

  it('once per processed event: what the effect wrote goes out now, not at the next poll', async () => {
    const { inbox, kicks } = setup();
    await expect(inbox.consume('wardrobe.item-removed.v1', removed(), async () => undefined)).resolves.toBe('processed');
    expect(kicks).toEqual(['kick']);
  });

  it('not for a duplicate, a dead-lettered event or an effect that failed (nothing committed)', async () => {
    const { inbox, kicks } = setup();
    const event = removed();
    await inbox.consume('wardrobe.item-removed.v1', event, async () => undefined);
    await expect(inbox.consume('wardrobe.item-removed.v1', event, async () => undefined)).resolves.toBe('duplicate');
    await inbox.consume('wardrobe.item-removed.v1', removed(), async () => {
      throw new PermanentEventError('cannot apply');
    });
    await expect(inbox.consume('wardrobe.item-removed.v1', removed(), async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(kicks).toEqual(['kick']);
  });
});
