import { productIdFor } from '@closetly/catalogue-rules';
import { buildEnvelope, EventInbox, PermanentEventError } from '@closetly/server';
import { capture, deadLetterRecorder, fakeInboxDatabase, mockOf } from '@closetly/testing';
import { AccountDataService } from './account-data/account-data.service';
import { CatalogueConsumer } from './catalogue.consumer';
import { cataloguePlatformTables } from './db/schema';
import { POPULAR_LISTS } from './lists/lists-cache';
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
  accountData.isErasedForAccountChange.mockResolvedValue(false);
  accountData.erasedAmong.mockResolvedValue(new Set());
  // What each change moved, as the services answer it (see their own specs).
  products.recordCaptures.mockResolvedValue(['category:tops', 'brand:toteme']);
  products.proveAccount.mockResolvedValue(['category:shoes']);
  products.recordPageRead.mockResolvedValue(['brand:zara']);
  products.eraseAccount.mockResolvedValue(['brand:cos']);
  products.expire.mockResolvedValue(['popular:all', 'category:tops']);
  /** What the inbox had committed each time the lists were invalidated. */
  const committedAtInvalidation: string[][] = [];
  /** The list families each invalidation named, in order. */
  const invalidated: string[][] = [];
  lists.invalidate.mockImplementation(async (families) => {
    committedAtInvalidation.push(database.claims.map((claim) => claim.eventId));
    invalidated.push([...families]);
  });
  const consumer = new CatalogueConsumer(new EventInbox('catalogue', database.db, cataloguePlatformTables, transport), products, lists, accountData);
  return { ...database, consumer, products, lists, accountData, deadLetters, committedAtInvalidation, invalidated };
}

describe('CatalogueConsumer', () => {
  it('records a save’s capture and its active save in the inbox’s transaction, then invalidates the lists the save moved once it committed', async () => {
    const { consumer, products, lists, tx, committedAtInvalidation, invalidated } = setup();
    const event = itemSaved();
    await consumer.onItemsSaved([event]);

    expect(products.recordCaptures).toHaveBeenCalledWith([event], tx);
    expect(lists.recordSaves).toHaveBeenCalledWith([event.payload], tx);
    expect(committedAtInvalidation).toEqual([[event.id]]);
    expect(invalidated).toEqual([['category:tops', 'brand:toteme']]);
  });

  it('records a removal in the inbox’s transaction, then invalidates the popular lists once it committed', async () => {
    const { consumer, lists, tx, committedAtInvalidation, invalidated } = setup();
    const event = itemRemoved();
    await consumer.onItemsRemoved([event]);

    expect(lists.recordRemovals).toHaveBeenCalledWith([event.payload], tx);
    expect(committedAtInvalidation).toEqual([[event.id]]);
    expect(invalidated).toEqual([[...POPULAR_LISTS]]);
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

  it('applies a batch of saves in one transaction, leaving out events it has seen and the erased accounts’ saves', async () => {
    const { consumer, products, lists, accountData, tx, claims, invalidated } = setup();
    const seen = itemSaved();
    await consumer.onItemsSaved([seen]);
    const fresh = itemSaved();
    const erasedSave = buildEnvelope('wardrobe.item-saved.v1', productId, { ...fresh.payload, userId: 'gone' });
    accountData.erasedAmong.mockResolvedValue(new Set(['gone']));
    await consumer.onItemsSaved([seen, fresh, fresh, erasedSave]);

    expect(accountData.erasedAmong).toHaveBeenLastCalledWith(['ada', 'gone'], tx);
    expect(products.recordCaptures).toHaveBeenLastCalledWith([fresh], tx);
    expect(lists.recordSaves).toHaveBeenLastCalledWith([fresh.payload], tx);
    expect(claims.map((claim) => claim.eventId)).toEqual([seen.id, fresh.id, erasedSave.id]);
    expect(invalidated).toHaveLength(2);
  });

  it('applies a failed batch one event at a time: a poison event is dead-lettered alone and the others are applied', async () => {
    const { consumer, products, deadLetters, claims } = setup();
    const good = itemSaved();
    const poison = buildEnvelope('wardrobe.item-saved.v1', productId, { ...good.payload, userId: 'poisoner' });
    products.recordCaptures.mockImplementation(async (events) => {
      if (events.some((event) => event.payload.userId === 'poisoner')) throw new PermanentEventError('this capture can never be applied');
      return [];
    });
    await consumer.onItemsSaved([good, poison]);

    expect(claims.map((claim) => claim.eventId)).toEqual([good.id]);
    expect(deadLetters).toEqual([{ topic: 'wardrobe.item-saved.v1', original: poison, reason: 'catalogue: this capture can never be applied' }]);
  });

  it('records an event delivered again only once', async () => {
    const { consumer, lists } = setup();
    const saveEvent = itemSaved();
    const removeEvent = itemRemoved();
    for (let delivery = 0; delivery < 2; delivery += 1) {
      await consumer.onItemsSaved([saveEvent]);
      await consumer.onItemsRemoved([removeEvent]);
    }
    expect(lists.recordSaves).toHaveBeenCalledTimes(1);
    expect(lists.recordRemovals).toHaveBeenCalledTimes(1);
  });

  it('leaves the lists alone when the effect fails (the event comes again), and dead-letters a malformed removal', async () => {
    const { consumer, lists, deadLetters, claims } = setup();
    // The batch fails, and so does its event applied again on its own: thrown, for redelivery.
    lists.recordRemovals.mockRejectedValueOnce(new Error('connection reset')).mockRejectedValueOnce(new Error('connection reset'));
    await expect(consumer.onItemsRemoved([itemRemoved()])).rejects.toThrow('connection reset');
    expect(lists.invalidate).not.toHaveBeenCalled();

    const malformed = { ...itemRemoved(), payload: { userId: 'ada', productId: 'not-a-uuid' } };
    await consumer.onItemsRemoved([malformed]);
    expect(deadLetters).toEqual([{ topic: 'wardrobe.item-removed.v1', original: malformed, reason: expect.stringMatching(/^catalogue: invalid payload/) }]);
    expect(claims).toEqual([]);
  });

  it('invalidates no list for an event delivered again', async () => {
    const { consumer, invalidated } = setup();
    const removal = itemRemoved();
    const expiry = buildEnvelope('retention.product-expired.v1', productId, { productId, lastUnsavedAt: '2026-01-01T00:00:00.000Z' });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      await consumer.onItemsRemoved([removal]);
      await consumer.onProductExpired(expiry);
    }
    expect(invalidated.filter((families) => families.length > 0)).toEqual([[...POPULAR_LISTS], ['popular:all', 'category:tops']]);
  });

  describe('identity.account-deleted.v1', () => {
    it('marks the account erased first, then erases its products’ part and its saves, in the inbox’s transaction; then invalidates the lists', async () => {
      const { consumer, products, lists, accountData, tx, committedAtInvalidation, invalidated } = setup();
      const order: string[] = [];
      accountData.markErased.mockImplementation(async () => void order.push('markErased'));
      products.eraseAccount.mockImplementation(async () => {
        order.push('products');
        return ['brand:cos'];
      });
      lists.eraseAccount.mockImplementation(async () => void order.push('lists'));
      const event = accountDeleted();
      await consumer.onAccountDeleted(event);

      expect(order).toEqual(['markErased', 'products', 'lists']);
      expect(accountData.markErased).toHaveBeenCalledWith(ADA_ID, new Date(event.occurredAt), tx);
      expect(products.eraseAccount).toHaveBeenCalledWith(ADA_ID, tx);
      expect(lists.eraseAccount).toHaveBeenCalledWith(ADA_ID, tx);
      expect(committedAtInvalidation).toEqual([[event.id]]);
      // The user's saves no longer count (popular lists), and the products derived again moved theirs.
      expect(new Set(invalidated[0])).toEqual(new Set(['brand:cos', ...POPULAR_LISTS]));
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
      const { consumer, products, lists, accountData, tx, claims, invalidated } = setup();
      accountData.erasedAmong.mockResolvedValue(new Set(['ada']));
      const save = itemSaved();
      const removal = itemRemoved();
      await consumer.onItemsSaved([save]);
      await consumer.onItemsRemoved([removal]);

      expect(accountData.erasedAmong).toHaveBeenCalledWith(['ada'], tx);
      expect(products.recordCaptures).not.toHaveBeenCalled();
      expect(lists.recordSaves).not.toHaveBeenCalled();
      expect(lists.recordRemovals).not.toHaveBeenCalled();
      expect(claims.map((claim) => claim.eventId)).toEqual([save.id, removal.id]);
      expect(invalidated.flat()).toEqual([]);
    });
  });

  it('proves an account in the inbox\'s transaction, once however often the event comes, unless it was erased', async () => {
    const { consumer, products, accountData, tx, invalidated } = setup();
    const event = buildEnvelope('identity.email-confirmed.v1', ADA_ID, { userId: ADA_ID, how: 'link' });
    await consumer.onEmailConfirmed(event);
    await consumer.onEmailConfirmed(event);
    expect(products.proveAccount).toHaveBeenCalledTimes(1);
    expect(products.proveAccount).toHaveBeenCalledWith(ADA_ID, new Date(event.occurredAt), tx);
    expect(invalidated.flat()).toEqual(['category:shoes']);

    // The exclusive account lock, not the shared one: a save applied at the same moment must be seen by the proof.
    expect(accountData.isErasedForAccountChange).toHaveBeenCalledWith(ADA_ID, tx);
    expect(accountData.isErased).not.toHaveBeenCalled();
    accountData.isErasedForAccountChange.mockResolvedValue(true);
    await consumer.onEmailConfirmed(buildEnvelope('identity.email-confirmed.v1', ADA_ID, { userId: ADA_ID, how: 'reset' }));
    expect(products.proveAccount).toHaveBeenCalledTimes(1);
  });

  it('records a page read that yielded a product, and ignores one that failed', async () => {
    const { consumer, products, tx, invalidated } = setup();
    const page = { sourceUrl: 'https://www.zara.com/us/en/p1.html', name: 'Wool Coat', brand: 'Zara', price: 129, currency: 'USD', imageUrl: null, description: null };
    await consumer.onPageObserved(buildEnvelope('pages.product-observed.v1', productId, { productId, url: page.sourceUrl, fetchedAt: '2026-03-01T10:00:00.000Z', outcome: 'product', page }));
    expect(products.recordPageRead).toHaveBeenCalledWith(productId, { ...page, fetchedAt: new Date('2026-03-01T10:00:00.000Z') }, tx);

    await consumer.onPageObserved(buildEnvelope('pages.product-observed.v1', productId, { productId, url: page.sourceUrl, fetchedAt: '2026-03-02T10:00:00.000Z', outcome: 'unreadable', reason: 'bot wall' }));
    expect(products.recordPageRead).toHaveBeenCalledTimes(1);
    expect(products.recordPageGone).not.toHaveBeenCalled();
    expect(invalidated.flat()).toEqual(['brand:zara']);
  });

  it('marks a product whose page is gone unavailable', async () => {
    const { consumer, products, tx } = setup();
    products.recordPageGone.mockResolvedValue([]);
    await consumer.onPageObserved(buildEnvelope('pages.product-observed.v1', productId, { productId, url: 'https://www.zara.com/us/en/p1.html', fetchedAt: '2026-03-03T10:00:00.000Z', outcome: 'gone', status: 410 }));
    expect(products.recordPageGone).toHaveBeenCalledWith(productId, new Date('2026-03-03T10:00:00.000Z'), tx);
    expect(products.recordPageRead).not.toHaveBeenCalled();
  });
});
