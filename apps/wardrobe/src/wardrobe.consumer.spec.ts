import { randomUUID } from 'node:crypto';
import type { ItemInput, ProfileUpdated } from '@closetly/contracts';
import { buildEnvelope, EventInbox } from '@closetly/server';
import { deadLetterRecorder, fakeInboxDatabase, product } from '@closetly/testing';
import { privacyServiceFor, recommendationsServiceFor, savesServiceFor } from '../test/support/unit-doubles';
import { wardrobePlatformTables } from './db/schema';
import { RecommenderCache } from './recommendations/recommender-cache';
import { WardrobeConsumer } from './wardrobe.consumer';

const SHOPPER = { uid: 'shopper-1', sid: 'session-1', roles: [] };
const item = (overrides: Partial<ItemInput> = {}): ItemInput => ({ name: 'Cable Knit Jumper', brand: 'COS', price: 89, sourceUrl: 'https://boutique.example/p/cable-knit', ...overrides });

/**
 * The consumer as the module wires it: a real EventInbox over a fake
 * database, the real SavesService, RecommendationsService and PrivacyService
 * over one set of in-memory saves and read models, one recommender cache for all.
 */
function setup() {
  const cache = new RecommenderCache();
  const saves = savesServiceFor(cache);
  const recommendations = recommendationsServiceFor(saves.saves, cache);
  const privacy = privacyServiceFor(saves, recommendations);
  const database = fakeInboxDatabase();
  const { transport, deadLetters } = deadLetterRecorder();
  const consumer = new WardrobeConsumer(new EventInbox('wardrobe', database.db, wardrobePlatformTables, transport), saves.service, recommendations.service, privacy.service);
  return { ...saves, ...database, recommendations, consumer, deadLetters };
}

const upserted = (published: ReturnType<typeof product>) => buildEnvelope('catalogue.product-upserted.v1', published.id, { product: published });

describe('WardrobeConsumer', () => {
  describe('catalogue.product-upserted.v1', () => {
    it('keeps the product’s gender and category for the items that show it, and the product for recommendations, in one inbox transaction', async () => {
      const { consumer, service, repository, recommendations, recommenderChanged, tx, claims } = setup();
      const saved = await service.save(SHOPPER, item());
      recommenderChanged.mockClear();
      const published = product({ id: saved.id, gender: 'Women', category: 'outerwear', listed: true });
      const event = upserted(published);
      await consumer.onProductsUpserted([event]);

      await expect(service.find(SHOPPER, saved.id)).resolves.toMatchObject({ gender: 'Women', category: 'outerwear' });
      expect(repository.upsertClassification).toHaveBeenCalledWith(saved.id, { gender: 'Women', category: 'outerwear', priceDrop: null, available: true }, tx);
      expect(recommendations.repository.upsertProduct).toHaveBeenCalledWith(published, tx);
      expect(recommendations.products.get(saved.id)).toEqual(published);
      expect(claims).toEqual([{ eventId: event.id, consumer: 'wardrobe', topic: 'catalogue.product-upserted.v1' }]);
      // Committed: the recommender is built afresh for the next answer.
      expect(recommenderChanged).toHaveBeenCalledTimes(1);
    });

    it('replaces the product when the catalogue publishes it again (hidden now)', async () => {
      const { consumer, recommendations } = setup();
      const published = product({ id: randomUUID(), listed: true });
      await consumer.onProductsUpserted([upserted(published)]);
      await consumer.onProductsUpserted([upserted({ ...published, hidden: true })]);

      expect(recommendations.products.get(published.id)).toMatchObject({ listed: true, hidden: true });
    });

    it('has no second effect for an event id it already processed', async () => {
      const { consumer, service, repository, recommendations, recommenderChanged } = setup();
      const saved = await service.save(SHOPPER, item());
      recommenderChanged.mockClear();
      const event = upserted(product({ id: saved.id, gender: 'Women' }));
      await consumer.onProductsUpserted([event]);
      await consumer.onProductsUpserted([event]);
      await consumer.onProductsUpserted([{ ...event, payload: { product: product({ id: saved.id, gender: 'Men' }) } }]);

      expect(repository.upsertClassification).toHaveBeenCalledTimes(1);
      expect(recommendations.repository.upsertProduct).toHaveBeenCalledTimes(1);
      expect(recommenderChanged).toHaveBeenCalledTimes(1);
      await expect(service.find(SHOPPER, saved.id)).resolves.toMatchObject({ gender: 'Women' });
    });

    it('dead-letters a malformed payload or envelope instead of throwing, with no effect', async () => {
      const { consumer, repository, recommendations, recommenderChanged, deadLetters, claims } = setup();
      const badPayload = { ...upserted(product()), payload: { product: { id: 'not-a-uuid' } } };
      await expect(consumer.onProductsUpserted([badPayload])).resolves.toBeUndefined();
      await expect(consumer.onProductsUpserted(['not an envelope'])).resolves.toBeUndefined();

      expect(deadLetters).toEqual([
        { topic: 'catalogue.product-upserted.v1', original: badPayload, reason: expect.stringMatching(/^wardrobe: invalid payload/) },
        { topic: 'catalogue.product-upserted.v1', original: 'not an envelope', reason: expect.stringMatching(/^wardrobe: invalid envelope/) },
      ]);
      expect(repository.upsertClassification).not.toHaveBeenCalled();
      expect(recommendations.repository.upsertProduct).not.toHaveBeenCalled();
      expect(recommenderChanged).not.toHaveBeenCalled();
      expect(claims).toEqual([]);
    });

    it('rethrows a failure of its effect, so the event is delivered again and then applied', async () => {
      const { consumer, service, repository, deadLetters } = setup();
      const saved = await service.save(SHOPPER, item());
      const event = upserted(product({ id: saved.id, gender: 'Men' }));
      // The batch fails, and so does its event applied again on its own: thrown, for redelivery.
      repository.upsertClassification.mockRejectedValueOnce(new Error('connection reset')).mockRejectedValueOnce(new Error('connection reset'));

      await expect(consumer.onProductsUpserted([event])).rejects.toThrow('connection reset');
      await consumer.onProductsUpserted([event]);

      expect(deadLetters).toEqual([]);
      await expect(service.find(SHOPPER, saved.id)).resolves.toMatchObject({ gender: 'Men' });
    });

    it('rethrows a failure of the read model’s write too: the transaction records no event, and the redelivery applies both effects', async () => {
      const { consumer, recommendations, repository, claims } = setup();
      const published = product({ id: randomUUID(), listed: true });
      const event = upserted(published);
      recommendations.repository.upsertProduct.mockRejectedValueOnce(new Error('connection reset')).mockRejectedValueOnce(new Error('connection reset'));

      await expect(consumer.onProductsUpserted([event])).rejects.toThrow('connection reset');
      expect(claims).toEqual([]);
      await consumer.onProductsUpserted([event]);

      // Tried as a batch, then on its own (both rolled back), then applied on redelivery.
      expect(repository.upsertClassification).toHaveBeenCalledTimes(3);
      expect(recommendations.products.get(published.id)).toEqual(published);
      expect(claims).toHaveLength(1);
    });
  });

  describe('catalogue.product-removed.v1', () => {
    it('drops the product’s classification and recommendations, keeping the shoppers’ own saves, in one inbox transaction, once per event id', async () => {
      const { consumer, service, repository, recommendations, recommenderChanged, saves, tx } = setup();
      const saved = await service.save(SHOPPER, item());
      await consumer.onProductsUpserted([upserted(product({ id: saved.id, listed: true }))]);
      recommenderChanged.mockClear();
      const event = buildEnvelope('catalogue.product-removed.v1', saved.id, { productId: saved.id });
      await consumer.onProductRemoved(event);
      await consumer.onProductRemoved(event);

      expect(saves.size).toBe(1);
      expect(recommendations.products.size).toBe(0);
      expect(repository.deleteClassification).toHaveBeenCalledTimes(1);
      expect(repository.deleteClassification).toHaveBeenCalledWith(saved.id, tx);
      expect(recommendations.repository.deleteProduct).toHaveBeenCalledTimes(1);
      expect(recommendations.repository.deleteProduct).toHaveBeenCalledWith(saved.id, tx);
      expect(recommenderChanged).toHaveBeenCalledTimes(1);
    });

    it('dead-letters a removal without a product id', async () => {
      const { consumer, deadLetters, repository, recommendations } = setup();
      await consumer.onProductRemoved({ ...buildEnvelope('catalogue.product-removed.v1', 'k', { productId: product().id }), payload: {} });

      expect(deadLetters).toHaveLength(1);
      expect(repository.deleteClassification).not.toHaveBeenCalled();
      expect(recommendations.repository.deleteProduct).not.toHaveBeenCalled();
    });
  });

  describe('profile.updated.v1', () => {
    const facts = (overrides: Partial<ProfileUpdated> = {}): ProfileUpdated => ({
      userId: randomUUID(),
      gender: 'female',
      favoriteBrands: ['COS', 'Arket'],
      completion: 83,
      complete: true,
      sizedCategories: ['tops', 'shoes'],
      ...overrides,
    });
    const updated = (payload: ProfileUpdated) => buildEnvelope('profile.updated.v1', payload.userId, payload);

    it('keeps what the recommender personalises with (gender, favourite brands, sized categories), once per event id', async () => {
      const { consumer, recommendations, tx, claims } = setup();
      const first = facts();
      const event = updated(first);
      await consumer.onProfileUpdated(event);
      await consumer.onProfileUpdated(event);

      expect(recommendations.profiles.get(first.userId)).toEqual({ userId: first.userId, gender: 'female', favoriteBrands: ['COS', 'Arket'], sizedCategories: ['tops', 'shoes'] });
      expect(recommendations.repository.upsertProfile).toHaveBeenCalledTimes(1);
      expect(recommendations.repository.upsertProfile).toHaveBeenCalledWith(expect.objectContaining({ userId: first.userId }), tx);
      expect(claims).toEqual([{ eventId: event.id, consumer: 'wardrobe', topic: 'profile.updated.v1' }]);

      await consumer.onProfileUpdated(updated({ ...first, gender: 'male', favoriteBrands: [], sizedCategories: [] }));
      expect(recommendations.profiles.get(first.userId)).toMatchObject({ gender: 'male', favoriteBrands: [], sizedCategories: [] });
    });

    it('reads an event published before sizedCategories existed as naming none, and dead-letters a malformed one', async () => {
      const { consumer, recommendations, deadLetters } = setup();
      const { sizedCategories: _none, ...older } = facts();
      await consumer.onProfileUpdated(buildEnvelope('profile.updated.v1', older.userId, older as ProfileUpdated));
      await consumer.onProfileUpdated({ ...updated(facts()), payload: { userId: 'not-a-uuid' } });

      expect(recommendations.profiles.get(older.userId)).toMatchObject({ gender: 'female', sizedCategories: [] });
      expect(deadLetters).toEqual([{ topic: 'profile.updated.v1', original: expect.anything(), reason: expect.stringMatching(/^wardrobe: invalid payload/) }]);
      expect(recommendations.profiles.size).toBe(1);
    });
  });

  describe('identity.account-deleted.v1', () => {
    const DELETED = 'identity.account-deleted.v1';
    const deleted = (userId: string) => buildEnvelope(DELETED, userId, { userId });
    const GONE = { uid: randomUUID(), sid: 'session-2', roles: [] };

    it('deletes the user’s saves and their profile’s copy in one inbox transaction, publishes no removals, and has the recommender built afresh after the commit', async () => {
      const { consumer, service, saves, repository, recommendations, recommenderChanged, recorded, tx, claims } = setup();
      const kept = await service.save(SHOPPER, item());
      await service.save(GONE, item());
      await service.save(GONE, item({ name: 'Wool Coat', sourceUrl: 'https://boutique.example/p/coat' }));
      recommendations.profiles.set(GONE.uid, { userId: GONE.uid, gender: 'female', favoriteBrands: ['COS'], sizedCategories: ['tops'] });
      const eventsBefore = recorded.length;
      const event = deleted(GONE.uid);
      recommenderChanged.mockClear();
      // Only once the deletion has committed (the inbox's claim is kept on commit).
      recommenderChanged.mockImplementation(() => expect(claims.at(-1)?.eventId).toBe(event.id));
      await consumer.onAccountDeleted(event);

      expect([...saves.values()].map((row) => [row.userId, row.productId])).toEqual([[SHOPPER.uid, kept.id]]);
      expect(recommendations.profiles.has(GONE.uid)).toBe(false);
      expect(repository.deleteForUser).toHaveBeenCalledWith(GONE.uid, tx);
      expect(recommendations.repository.deleteProfile).toHaveBeenCalledWith(GONE.uid, tx);
      expect(claims.at(-1)).toEqual({ eventId: event.id, consumer: 'wardrobe', topic: DELETED });
      expect(recorded).toHaveLength(eventsBefore);
      expect(recommenderChanged).toHaveBeenCalledTimes(1);
    });

    it('has no second effect for an event id it already processed', async () => {
      const { consumer, repository, recommendations, recommenderChanged } = setup();
      const event = deleted(GONE.uid);
      await consumer.onAccountDeleted(event);
      await consumer.onAccountDeleted(event);

      expect(repository.deleteForUser).toHaveBeenCalledTimes(1);
      expect(recommendations.repository.deleteProfile).toHaveBeenCalledTimes(1);
      expect(recommenderChanged).toHaveBeenCalledTimes(1);
    });

    it('rethrows a failure of its effect with nothing claimed and the recommender untouched, so the redelivery deletes', async () => {
      const { consumer, service, saves, recommendations, recommenderChanged, claims } = setup();
      await service.save(GONE, item());
      recommenderChanged.mockClear();
      const event = deleted(GONE.uid);
      recommendations.repository.deleteProfile.mockRejectedValueOnce(new Error('connection reset'));

      await expect(consumer.onAccountDeleted(event)).rejects.toThrow('connection reset');
      expect(claims).toEqual([]);
      expect(recommenderChanged).not.toHaveBeenCalled();
      await consumer.onAccountDeleted(event);

      expect(saves.size).toBe(0);
      expect(recommenderChanged).toHaveBeenCalledTimes(1);
    });

    it('dead-letters a deletion without a valid user id, deleting nothing', async () => {
      const { consumer, repository, recommenderChanged, deadLetters, claims } = setup();
      const bad = { ...deleted(GONE.uid), payload: { userId: 'not-a-uuid' } };
      await expect(consumer.onAccountDeleted(bad)).resolves.toBeUndefined();

      expect(deadLetters).toEqual([{ topic: DELETED, original: bad, reason: expect.stringMatching(/^wardrobe: invalid payload/) }]);
      expect(repository.deleteForUser).not.toHaveBeenCalled();
      expect(recommenderChanged).not.toHaveBeenCalled();
      expect(claims).toEqual([]);
    });
  });
});
