import { productIdFor } from '@closetly/catalogue-rules';
import { buildEnvelope, EventInbox } from '@closetly/server';
import { capture, deadLetterRecorder, fakeInboxDatabase, mockOf, product } from '@closetly/testing';
import { AccountDataService } from './account-data/account-data.service';
import { CatalogueConsumer } from './catalogue.consumer';
import { cataloguePlatformTables } from './db/schema';
import { ListsService } from './lists/lists.service';
import { ProductsService } from './products/products.service';

const saved = capture();
const productId = productIdFor(saved.productKey);
const itemSaved = () => buildEnvelope('wardrobe.item-saved.v1', productId, { userId: 'ada', productId, savedAt: '2026-03-01T10:00:00.000Z', capturedAt: '2026-03-01T10:00:00.000Z', capture: saved });
const itemRemoved = () => buildEnvelope('wardrobe.item-removed.v1', productId, { userId: 'ada', productId, removedAt: '2026-03-02T10:00:00.000Z' });
const ADA_ID = '0d2b7c1e-5a4f-4c3e-9b8a-7f6e5d4c3b2a';
const accountDeleted = () => buildEnvelope('identity.account-deleted.v1', ADA_ID, { userId: ADA_ID });

/** The consumer with a real EventInbox over a fake database; the services replaced. */
function setup() {
  const database = fakeInboxDatabase();
  const { transport, deadLetters } = deadLetterRecorder();
  const products = mockOf(ProductsService);
  const lists = mockOf(ListsService);
  const accountData = mockOf(AccountDataService);
  accountData.isErased.mockResolvedValue(false);
  /** What the inbox had committed each time the lists were invalidated. */
  const committedAtInvalidation: string[][] = [];
  lists.invalidate.mockImplementation(async () => {
    committedAtInvalidation.push(database.claims.map((claim) => claim.eventId));
  });
  const consumer = new CatalogueConsumer(new EventInbox('catalogue', database.db, cataloguePlatformTables, transport), products, lists, accountData);
  return { ...database, consumer, products, lists, accountData, deadLetters, committedAtInvalidation };
}

describe('CatalogueConsumer', () => {
  it('records a save’s capture and its active save in the inbox’s transaction, then invalidates the lists once it committed', async () => {
    const { consumer, products, lists, tx, committedAtInvalidation } = setup();
    const event = itemSaved();
    await consumer.onItemSaved(event);

    expect(products.recordCapture).toHaveBeenCalledWith(event.payload, tx);
    expect(lists.recordSave).toHaveBeenCalledWith(event.payload, tx);
    expect(committedAtInvalidation).toEqual([[event.id]]);
  });

  it('records a removal in the inbox’s transaction, then invalidates the lists once it committed', async () => {
    const { consumer, lists, tx, committedAtInvalidation } = setup();
    const event = itemRemoved();
    await consumer.onItemRemoved(event);

    expect(lists.recordRemoval).toHaveBeenCalledWith(event.payload, tx);
    expect(committedAtInvalidation).toEqual([[event.id]]);
  });

  it('expires a product in the inbox’s transaction, once however often the event comes, then invalidates the lists', async () => {
    const { consumer, products, tx, committedAtInvalidation } = setup();
    const event = buildEnvelope('retention.product-expired.v1', productId, { productId, lastUnsavedAt: '2026-01-01T00:00:00.000Z' });
    await consumer.onProductExpired(event);
    await consumer.onProductExpired(event);

    expect(products.expire).toHaveBeenCalledTimes(1);
    expect(products.expire).toHaveBeenCalledWith(productId, tx);
    expect(committedAtInvalidation[0]).toEqual([event.id]);
  });

  it('records an event delivered again only once', async () => {
    const { consumer, lists } = setup();
    const saveEvent = itemSaved();
    const removeEvent = itemRemoved();
    for (let delivery = 0; delivery < 2; delivery += 1) {
      await consumer.onItemSaved(saveEvent);
      await consumer.onItemRemoved(removeEvent);
    }
    expect(lists.recordSave).toHaveBeenCalledTimes(1);
    expect(lists.recordRemoval).toHaveBeenCalledTimes(1);
  });

  it('leaves the lists alone when the effect fails (the event comes again), and dead-letters a malformed removal', async () => {
    const { consumer, lists, deadLetters, claims } = setup();
    lists.recordRemoval.mockRejectedValueOnce(new Error('connection reset'));
    await expect(consumer.onItemRemoved(itemRemoved())).rejects.toThrow('connection reset');
    expect(lists.invalidate).not.toHaveBeenCalled();

    const malformed = { ...itemRemoved(), payload: { userId: 'ada', productId: 'not-a-uuid' } };
    await consumer.onItemRemoved(malformed);
    expect(deadLetters).toEqual([{ topic: 'wardrobe.item-removed.v1', original: malformed, reason: expect.stringMatching(/^catalogue: invalid payload/) }]);
    expect(claims).toEqual([]);
  });

  it('invalidates the lists on the catalogue’s own product events (hidden, corrected, gendered, removed)', async () => {
    const { consumer, lists } = setup();
    const changed = product({ listed: true, hidden: true });
    await consumer.onProductUpserted(buildEnvelope('catalogue.product-upserted.v1', changed.id, { product: changed }));
    await consumer.onProductRemoved(buildEnvelope('catalogue.product-removed.v1', changed.id, { productId: changed.id }));
    expect(lists.invalidate).toHaveBeenCalledTimes(2);
  });

  describe('identity.account-deleted.v1', () => {
    it('marks the account erased first, then erases its products’ part and its saves, in the inbox’s transaction; then invalidates the lists', async () => {
      const { consumer, products, lists, accountData, tx, committedAtInvalidation } = setup();
      const order: string[] = [];
      accountData.markErased.mockImplementation(async () => void order.push('markErased'));
      products.eraseAccount.mockImplementation(async () => void order.push('products'));
      lists.eraseAccount.mockImplementation(async () => void order.push('lists'));
      const event = accountDeleted();
      await consumer.onAccountDeleted(event);

      expect(order).toEqual(['markErased', 'products', 'lists']);
      expect(accountData.markErased).toHaveBeenCalledWith(ADA_ID, new Date(event.occurredAt), tx);
      expect(products.eraseAccount).toHaveBeenCalledWith(ADA_ID, tx);
      expect(lists.eraseAccount).toHaveBeenCalledWith(ADA_ID, tx);
      expect(committedAtInvalidation).toEqual([[event.id]]);
    });

    it('erases once however often the event comes', async () => {
      const { consumer, products, lists, accountData } = setup();
      const event = accountDeleted();
      await consumer.onAccountDeleted(event);
      await consumer.onAccountDeleted(event);

      expect(accountData.markErased).toHaveBeenCalledTimes(1);
      expect(products.eraseAccount).toHaveBeenCalledTimes(1);
      expect(lists.eraseAccount).toHaveBeenCalledTimes(1);
    });

    it('dead-letters a deletion without a user id, erasing nothing', async () => {
      const { consumer, products, deadLetters } = setup();
      const malformed = { ...accountDeleted(), payload: { userId: 'not-a-uuid' } };
      await consumer.onAccountDeleted(malformed);

      expect(products.eraseAccount).not.toHaveBeenCalled();
      expect(deadLetters).toEqual([{ topic: 'identity.account-deleted.v1', original: malformed, reason: expect.stringMatching(/^catalogue: invalid payload/) }]);
    });

    it('drops a save or a removal of an erased account that arrives after the deletion (the event is still marked processed)', async () => {
      const { consumer, products, lists, accountData, tx, claims } = setup();
      accountData.isErased.mockResolvedValue(true);
      const save = itemSaved();
      const removal = itemRemoved();
      await consumer.onItemSaved(save);
      await consumer.onItemRemoved(removal);

      expect(accountData.isErased).toHaveBeenCalledWith('ada', tx);
      expect(products.recordCapture).not.toHaveBeenCalled();
      expect(lists.recordSave).not.toHaveBeenCalled();
      expect(lists.recordRemoval).not.toHaveBeenCalled();
      expect(claims.map((claim) => claim.eventId)).toEqual([save.id, removal.id]);
    });
  });

  it('proves an account in the inbox\'s transaction, once however often the event comes, unless it was erased', async () => {
    const { consumer, products, accountData, tx } = setup();
    const event = buildEnvelope('identity.email-confirmed.v1', ADA_ID, { userId: ADA_ID, how: 'link' });
    await consumer.onEmailConfirmed(event);
    await consumer.onEmailConfirmed(event);
    expect(products.proveAccount).toHaveBeenCalledTimes(1);
    expect(products.proveAccount).toHaveBeenCalledWith(ADA_ID, new Date(event.occurredAt), tx);

    accountData.isErased.mockResolvedValue(true);
    await consumer.onEmailConfirmed(buildEnvelope('identity.email-confirmed.v1', ADA_ID, { userId: ADA_ID, how: 'reset' }));
    expect(products.proveAccount).toHaveBeenCalledTimes(1);
  });

  it('records a page read that yielded a product, and ignores one that failed', async () => {
    const { consumer, products, tx } = setup();
    const page = { sourceUrl: 'https://www.zara.com/us/en/p1.html', name: 'Wool Coat', brand: 'Zara', price: 129, currency: 'USD', imageUrl: null, description: null };
    await consumer.onPageObserved(buildEnvelope('pages.product-observed.v1', productId, { productId, url: page.sourceUrl, fetchedAt: '2026-03-01T10:00:00.000Z', outcome: 'product', page }));
    expect(products.recordPageRead).toHaveBeenCalledWith(productId, { ...page, fetchedAt: new Date('2026-03-01T10:00:00.000Z') }, tx);

    await consumer.onPageObserved(buildEnvelope('pages.product-observed.v1', productId, { productId, url: page.sourceUrl, fetchedAt: '2026-03-02T10:00:00.000Z', outcome: 'unreadable', reason: 'bot wall' }));
    expect(products.recordPageRead).toHaveBeenCalledTimes(1);
  });
});
