import { buildEnvelope, EventInbox } from '@closetly/server';
import { deadLetterRecorder, fakeInboxDatabase, mockOf } from '@closetly/testing';
import { retentionPlatformTables } from './db/schema';
import { RetentionConsumer } from './retention.consumer';
import { RetentionService } from './retention.service';

const ADA_ID = '0d2b7c1e-5a4f-4c3e-9b8a-7f6e5d4c3b2a';
const DELETED_AT = '2026-03-01T10:00:00.000Z';
/** The deletion as identity published it at DELETED_AT (the envelope's time, not arrival). */
const accountDeleted = () => ({ ...buildEnvelope('identity.account-deleted.v1', ADA_ID, { userId: ADA_ID }), occurredAt: DELETED_AT });

/** The consumer with a real EventInbox over a fake database; the service replaced. */
function setup() {
  const database = fakeInboxDatabase();
  const { transport, deadLetters } = deadLetterRecorder();
  const retention = mockOf(RetentionService);
  const consumer = new RetentionConsumer(new EventInbox('retention', database.db, retentionPlatformTables, transport), retention);
  return { ...database, consumer, retention, deadLetters };
}

describe('RetentionConsumer', () => {
  it('applies an account’s deletion at the time it happened, in the inbox’s transaction, once however often the event comes', async () => {
    const { consumer, retention, tx, claims } = setup();
    const event = accountDeleted();
    await consumer.onAccountDeleted(event);
    await consumer.onAccountDeleted(event);

    expect(retention.accountDeleted).toHaveBeenCalledTimes(1);
    expect(retention.accountDeleted).toHaveBeenCalledWith(ADA_ID, new Date(DELETED_AT), tx);
    expect(claims.map((claim) => claim.eventId)).toEqual([event.id]);
  });

  it('dead-letters a deletion without a user id, changing nothing', async () => {
    const { consumer, retention, deadLetters, claims } = setup();
    const malformed = { ...accountDeleted(), payload: {} };
    await consumer.onAccountDeleted(malformed);

    expect(retention.accountDeleted).not.toHaveBeenCalled();
    expect(deadLetters).toEqual([{ topic: 'identity.account-deleted.v1', original: malformed, reason: expect.stringMatching(/^retention: invalid payload/) }]);
    expect(claims).toEqual([]);
  });

  it('leaves the event unclaimed when the deletion fails, so it comes again', async () => {
    const { consumer, retention, claims } = setup();
    retention.accountDeleted.mockRejectedValueOnce(new Error('connection reset'));
    await expect(consumer.onAccountDeleted(accountDeleted())).rejects.toThrow('connection reset');
    expect(claims).toEqual([]);
  });
});
