import { type Caller, type ItemInput, RPC_CALLS, SaveItemRequest } from '@closetly/contracts';
import { productIdFor } from '@closetly/catalogue-rules';
import { capture, product } from '@closetly/testing';
import { savesServiceFor } from '../../test/support/unit-doubles';
import { WardrobeError } from '../wardrobe.errors';
import { captureFrom } from './capture';
import { toWardrobeItem } from './saves.service';

const SAVED = 'wardrobe.item-saved.v1';
const REMOVED = 'wardrobe.item-removed.v1';
const NOT_IN_WARDROBE = { code: 'NOT_FOUND', message: 'Item not found in your wardrobe' };

const caller = (uid: string): Caller => ({ uid, sid: `session-of-${uid}`, roles: [] });
const SHOPPER = caller('shopper-1');
const OTHER = caller('shopper-2');

/** A save as the gateway hands it over. */
function item(overrides: Partial<ItemInput> = {}): ItemInput {
  return { name: 'Cable Knit Jumper', brand: 'COS', price: '$89.00', imageUrl: 'https://images.example/cable-knit.jpg', sourceUrl: 'https://boutique.example/p/cable-knit', ...overrides };
}

const productIdOf = (input: ItemInput) => productIdFor(captureFrom(input).productKey);

describe('SavesService', () => {
  describe('save', () => {
    it('keeps the first save and tells the catalogue, with the capture, in the same transaction', async () => {
      const { service, saves, payloads, recorded, tx, clock } = savesServiceFor();
      const answer = await service.save(SHOPPER, item());

      const productId = productIdOf(item());
      expect(saves.get(`${SHOPPER.uid}/${productId}`)?.capture).toEqual(captureFrom(item()));
      expect(payloads(SAVED)).toEqual([
        { userId: SHOPPER.uid, productId, savedAt: clock.now.toISOString(), capturedAt: clock.now.toISOString(), capture: captureFrom(item()) },
      ]);
      expect(recorded[0]?.tx).toBe(tx);
      expect(recorded[0]?.envelope.key).toBe(productId);
      expect(answer).toEqual({
        id: productId,
        name: 'Cable Knit Jumper',
        brand: 'COS',
        price: 89,
        currency: 'USD',
        priceText: '$89.00',
        imageUrl: 'https://images.example/cable-knit.jpg',
        description: '',
        sourceUrl: 'https://boutique.example/p/cable-knit',
        retailer: 'boutique.example',
        gender: 'Unisex',
        category: 'tops',
        colour: null,
        updatedAt: clock.now.toISOString(),
        addedDate: clock.now.toISOString(),
        priceDrop: null,
        available: true,
      });
    });

    it('keeps the colour the shopper stated on the item and in the capture it publishes', async () => {
      const { service, payloads } = savesServiceFor();
      const answer = await service.save(SHOPPER, item({ colour: 'Navy' }));

      expect(answer.colour).toBe('Navy');
      expect(payloads(SAVED)[0]?.capture.colour).toBe('Navy');
    });

    it('changes and publishes nothing when saved again with the same capture, and answers the item as stored', async () => {
      const { service, repository, payloads, clock } = savesServiceFor();
      const first = await service.save(SHOPPER, item());
      clock.now = new Date('2026-03-02T10:00:00.000Z');
      const again = await service.save(SHOPPER, item());

      expect(again).toEqual(first);
      expect(repository.updateCapture).not.toHaveBeenCalled();
      expect(payloads(SAVED)).toHaveLength(1);
    });

    it('replaces a changed capture and publishes it, keeping the date first saved', async () => {
      const { service, saves, payloads, clock } = savesServiceFor();
      const firstSavedAt = clock.now;
      await service.save(SHOPPER, item());
      clock.now = new Date('2026-03-05T10:00:00.000Z');
      const answer = await service.save(SHOPPER, item({ price: '$69.00' }));

      const productId = productIdOf(item());
      expect(saves.get(`${SHOPPER.uid}/${productId}`)?.capture.price).toBe(69);
      expect(payloads(SAVED)[1]).toEqual({ userId: SHOPPER.uid, productId, savedAt: firstSavedAt.toISOString(), capturedAt: clock.now.toISOString(), capture: captureFrom(item({ price: '$69.00' })) });
      expect(answer).toMatchObject({ price: 69, priceText: '$69.00', addedDate: firstSavedAt.toISOString(), updatedAt: clock.now.toISOString() });
    });

    it('dates the save and its event when the in-process caller gives a time (the demo seeder)', async () => {
      const { service, payloads } = savesServiceFor();
      const at = new Date('2026-02-10T08:30:00.000Z');
      const answer = await service.save(SHOPPER, item(), at);

      expect(payloads(SAVED)[0]).toMatchObject({ savedAt: at.toISOString(), capturedAt: at.toISOString() });
      expect(answer).toMatchObject({ addedDate: at.toISOString(), updatedAt: at.toISOString() });
    });

    it('has no date a client could set: the save call’s request drops one', () => {
      const request = RPC_CALLS['wardrobe.save'].request.parse({ caller: SHOPPER, item: item(), at: '2020-01-01T00:00:00.000Z', savedAt: '2020-01-01T00:00:00.000Z' });
      expect(Object.keys(request).sort()).toEqual(['caller', 'item']);
      expect(Object.keys(SaveItemRequest.shape)).toEqual(['data']);
      expect(() => SaveItemRequest.parse({ data: item(), savedAt: '2020-01-01T00:00:00.000Z' })).toThrow();
    });

    it('keeps each user’s own capture of one product', async () => {
      const { service, payloads } = savesServiceFor();
      const mine = await service.save(SHOPPER, item());
      const theirs = await service.save(OTHER, item({ name: 'Cable Knit Sweater' }));

      expect(theirs.id).toBe(mine.id);
      expect([mine.name, theirs.name]).toEqual(['Cable Knit Jumper', 'Cable Knit Sweater']);
      expect(payloads(SAVED).map(({ userId }) => userId)).toEqual([SHOPPER.uid, OTHER.uid]);
    });

    it('answers with the catalogue’s gender and category once it published them', async () => {
      const { service, classifications } = savesServiceFor();
      classifications.set(productIdOf(item()), { gender: 'Men', category: 'outerwear' });

      await expect(service.save(SHOPPER, item({ gender: 'Women' }))).resolves.toMatchObject({ gender: 'Men', category: 'outerwear' });
    });

    it('answers with the capture’s gender and category before that, Unisex when the page named none', async () => {
      const { service } = savesServiceFor();
      await expect(service.save(SHOPPER, item({ gender: 'Women', name: 'Leather Ankle Boots' }))).resolves.toMatchObject({ gender: 'Women', category: 'shoes' });
      await expect(service.save(OTHER, item())).resolves.toMatchObject({ gender: 'Unisex', category: 'tops' });
    });

    it('answers NOT_FOUND and publishes nothing when the save vanished between its insert and its lock', async () => {
      const { service, repository, payloads } = savesServiceFor();
      repository.insert.mockResolvedValueOnce(undefined);

      await expect(service.save(SHOPPER, item())).rejects.toMatchObject(NOT_IN_WARDROBE);
      expect(payloads(SAVED)).toEqual([]);
    });
  });

  describe('list', () => {
    it('shows only the caller’s items, newest first, each with the catalogue’s classification when known', async () => {
      const { service, classifications, clock } = savesServiceFor();
      const older = await service.save(SHOPPER, item({ gender: 'Women' }));
      clock.now = new Date('2026-03-02T10:00:00.000Z');
      const newer = await service.save(SHOPPER, item({ name: 'Wool Coat', sourceUrl: 'https://boutique.example/p/coat' }));
      await service.save(OTHER, item({ name: 'Silk Scarf', sourceUrl: 'https://boutique.example/p/scarf' }));
      classifications.set(newer.id, { gender: 'Men', category: 'outerwear' });

      const items = await service.list(SHOPPER);
      expect(items.map(({ id, gender, category }) => ({ id, gender, category }))).toEqual([
        { id: newer.id, gender: 'Men', category: 'outerwear' },
        { id: older.id, gender: 'Women', category: 'tops' },
      ]);
      expect(items[1]).toEqual(older);
    });
  });

  describe('toWardrobeItem', () => {
    const savedAt = new Date('2026-03-01T10:00:00.000Z');
    const stored = (overrides: Parameters<typeof capture>[0]) => ({ userId: SHOPPER.uid, productId: productIdOf(item()), capture: capture(overrides), savedAt, capturedAt: savedAt });

    it('sends a capture stored before links were cleaned with safe links only: https for a supported retailer, no credentials', () => {
      const shown = toWardrobeItem(stored({ sourceUrl: 'http://user:secret@www.zara.com/us/knit-p1.html', imageUrl: 'https://user:secret@images.example/knit.jpg' }), null);
      expect(shown).toMatchObject({ sourceUrl: 'https://www.zara.com/us/knit-p1.html', imageUrl: 'https://images.example/knit.jpg', retailer: 'zara.com' });
    });

    it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example/p'])('sends no link for a stored %p', (sourceUrl) => {
      expect(toWardrobeItem(stored({ sourceUrl, imageUrl: sourceUrl }), null)).toMatchObject({ sourceUrl: '#', imageUrl: null, retailer: null });
    });
  });

  describe('find', () => {
    it('answers the caller’s own item, or null for one they did not save', async () => {
      const { service } = savesServiceFor();
      const saved = await service.save(SHOPPER, item());

      await expect(service.find(SHOPPER, saved.id)).resolves.toEqual(saved);
      await expect(service.find(OTHER, saved.id)).resolves.toBeNull();
    });
  });

  describe('remove', () => {
    it('removes the caller’s save and publishes the removal', async () => {
      const { service, saves, payloads, recorded, tx } = savesServiceFor();
      const saved = await service.save(SHOPPER, item());
      await service.remove(SHOPPER, saved.id);

      expect(saves.size).toBe(0);
      expect(payloads(REMOVED)).toEqual([{ userId: SHOPPER.uid, productId: saved.id, removedAt: expect.any(String) }]);
      expect(recorded.at(-1)?.tx).toBe(tx);
    });

    it('refuses an unknown item or another user’s with NOT_FOUND, changing nothing and publishing nothing', async () => {
      const { service, saves, payloads } = savesServiceFor();
      const saved = await service.save(SHOPPER, item());

      const unknown = service.remove(SHOPPER, productIdFor('url:https://nowhere.example/p'));
      await expect(unknown).rejects.toBeInstanceOf(WardrobeError);
      await expect(unknown).rejects.toMatchObject(NOT_IN_WARDROBE);
      await expect(service.remove(OTHER, saved.id)).rejects.toMatchObject(NOT_IN_WARDROBE);
      expect(saves.size).toBe(1);
      expect(payloads(REMOVED)).toEqual([]);
    });
  });

  describe('recommendations', () => {
    it('a new save or a removal, once committed, has the recommender built afresh; a save again or a refused removal does not', async () => {
      const { service, uow, recommenderChanged } = savesServiceFor();
      recommenderChanged.mockImplementation(() => expect(uow.run).toHaveBeenCalled());
      const saved = await service.save(SHOPPER, item());
      await service.save(SHOPPER, item());
      await service.save(SHOPPER, item({ price: '$79.00' }));
      expect(recommenderChanged).toHaveBeenCalledTimes(1);

      await expect(service.remove(OTHER, saved.id)).rejects.toMatchObject(NOT_IN_WARDROBE);
      await service.remove(SHOPPER, saved.id);
      expect(recommenderChanged).toHaveBeenCalledTimes(2);
    });
  });

  describe('catalogue events', () => {
    it('productUpserted keeps the product’s gender and category, in the given transaction', async () => {
      const { service, repository, tx } = savesServiceFor();
      const saved = await service.save(SHOPPER, item());
      const published = product({ id: saved.id, gender: 'Women', category: 'outerwear' });
      await service.productUpserted(published, tx);

      expect(repository.upsertClassification).toHaveBeenCalledWith(saved.id, { gender: 'Women', category: 'outerwear', priceDrop: null, available: true }, tx);
      await expect(service.find(SHOPPER, saved.id)).resolves.toMatchObject({ gender: 'Women', category: 'outerwear' });
    });

    it('shows the product’s price drop on the saver’s item while it is within 7 days, and whether its page is gone', async () => {
      const { service, tx } = savesServiceFor();
      const saved = await service.save(SHOPPER, item());
      const recent = { percent: 15, from: 100, to: 85, since: new Date(Date.now() - 2 * 24 * 3_600_000).toISOString() };
      await service.productUpserted(product({ id: saved.id, priceDrop: recent, available: false }), tx);
      await expect(service.list(SHOPPER)).resolves.toEqual([expect.objectContaining({ id: saved.id, priceDrop: recent, available: false })]);

      const old = { ...recent, since: new Date(Date.now() - 8 * 24 * 3_600_000).toISOString() };
      await service.productUpserted(product({ id: saved.id, priceDrop: old }), tx);
      await expect(service.find(SHOPPER, saved.id)).resolves.toMatchObject({ priceDrop: null, available: true });
    });

    it('productRemoved forgets the product’s classification but keeps every shopper’s save (one made while the sweep ran must not be lost)', async () => {
      const { service, repository, saves, classifications, tx } = savesServiceFor();
      const saved = await service.save(SHOPPER, item());
      await service.save(OTHER, item());
      await service.productUpserted(product({ id: saved.id, gender: 'Women', category: 'outerwear' }), tx);
      await service.productRemoved(saved.id, tx);

      expect(repository.deleteClassification).toHaveBeenCalledWith(saved.id, tx);
      expect(classifications.has(saved.id)).toBe(false);
      expect([...saves.values()].filter(({ productId }) => productId === saved.id)).toHaveLength(2);
    });
  });
});
