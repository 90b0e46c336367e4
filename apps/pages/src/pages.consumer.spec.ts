import { productIdFor } from '@closetly/catalogue-rules';
import { buildEnvelope, EventInbox } from '@closetly/server';
import { capture, deadLetterRecorder, fakeInboxDatabase, mockOf } from '@closetly/testing';
import { pagesPlatformTables } from './db/schema';
import { PagesConsumer } from './pages.consumer';
import { PagesService } from './pages.service';

const CAPTURED_AT = '2026-03-01T10:00:00.000Z';
const saved = capture({ sourceUrl: 'https://www.zara.com/us/en/coat-p0123.html', brand: 'Zara' });
const PRODUCT_ID = productIdFor(saved.productKey);
const itemSaved = () =>
  buildEnvelope('wardrobe.item-saved.v1', PRODUCT_ID, { userId: 'ada', productId: PRODUCT_ID, savedAt: CAPTURED_AT, capturedAt: CAPTURED_AT, capture: saved });

/** The consumer with a real EventInbox over a fake database; the service replaced. */
function setup() {
  const database = fakeInboxDatabase();
  const { transport, deadLetters } = deadLetterRecorder();
  const pages = mockOf(PagesService);
  const consumer = new PagesConsumer(new EventInbox('pages', database.db, pagesPlatformTables, transport), pages);
  return { ...database, consumer, pages, deadLetters };
}

describe('PagesConsumer', () => {
  it('hands a capture to page watch with when it was captured, in the inbox\'s transaction, once however often the event comes', async () => {
    const { consumer, pages, tx, claims } = setup();
    const event = itemSaved();
    await consumer.onItemsSaved([event]);
    await consumer.onItemsSaved([event]);

    expect(pages.capturesSaved).toHaveBeenCalledTimes(1);
    expect(pages.capturesSaved).toHaveBeenCalledWith([{ productId: PRODUCT_ID, userId: 'ada', capture: saved, capturedAt: new Date(CAPTURED_AT), savedAt: new Date(CAPTURED_AT) }], tx);
    expect(claims.map((claim) => claim.eventId)).toEqual([event.id]);
  });

  it('hands a removal and an account\'s deletion to page watch, in the inbox\'s transaction', async () => {
    const { consumer, pages, tx } = setup();
    await consumer.onItemsRemoved([buildEnvelope('wardrobe.item-removed.v1', PRODUCT_ID, { userId: 'ada', productId: PRODUCT_ID, removedAt: CAPTURED_AT })]);
    expect(pages.saveRemoved).toHaveBeenCalledWith(PRODUCT_ID, 'ada', new Date(CAPTURED_AT), tx);
    const userId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const deleted = buildEnvelope('identity.account-deleted.v1', userId, { userId });
    await consumer.onAccountDeleted(deleted);
    expect(pages.eraseAccount).toHaveBeenCalledWith(userId, new Date(deleted.occurredAt), tx);
  });

  it('dead-letters a save without a capture, changing nothing', async () => {
    const { consumer, pages, deadLetters, claims } = setup();
    const malformed = { ...itemSaved(), payload: { userId: 'ada', productId: PRODUCT_ID } };
    await consumer.onItemsSaved([malformed]);

    expect(pages.capturesSaved).not.toHaveBeenCalled();
    expect(deadLetters).toEqual([{ topic: 'wardrobe.item-saved.v1', original: malformed, reason: expect.stringMatching(/^pages: invalid payload/) }]);
    expect(claims).toEqual([]);
  });
});
