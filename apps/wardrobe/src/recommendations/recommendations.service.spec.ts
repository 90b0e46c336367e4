import { randomUUID } from 'node:crypto';
import type { Caller, Product, ProductGender } from '@closetly/contracts';
import { recommend } from '@closetly/recommendation';
import { capture, product } from '@closetly/testing';
import { recommendationsServiceFor } from '../../test/support/unit-doubles';
import { recommendationProfileOf } from './recommendations.service';
import { RECOMMENDER_MAX_AGE_MS, RECOMMENDER_MIN_AGE_MS } from './recommender-cache';

const caller = (uid: string): Caller => ({ uid, sid: `session-of-${uid}`, roles: [] });
const ME = caller('me');
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-03-01T10:00:00.000Z').getTime();

/**
 * The service over in-memory saves and read models. `item(key, …)` publishes
 * a listed product named after its key; `save(user, key, daysAgo)` saves it.
 */
function setup() {
  const context = recommendationsServiceFor();
  const ids = new Map<string, string>();
  const idOf = (key: string): string => {
    if (!ids.has(key)) ids.set(key, randomUUID());
    return ids.get(key) as string;
  };
  const keyOf = (id: string): string => [...ids].find(([, value]) => value === id)?.[0] ?? id;
  const item = (key: string, overrides: Partial<Product> = {}): Product => {
    const published = product({ id: idOf(key), name: `${key} piece`, brand: 'Brand', gender: 'Unisex', category: 'tops', price: 50, listed: true, ...overrides });
    context.products.set(published.id, published);
    return published;
  };
  const save = (userId: string, key: string, daysAgo = 1) => {
    const at = new Date(NOW - daysAgo * DAY);
    const known = context.products.get(idOf(key));
    context.saves.set(`${userId}/${idOf(key)}`, {
      userId,
      productId: idOf(key),
      capture: capture({ name: known?.name ?? `${key} piece`, brand: known?.brand ?? 'Brand' }),
      savedAt: at,
      capturedAt: at,
    });
  };
  /** The caller's recommendations, as product keys. */
  const keys = async (who: Caller = ME, k = 10) => (await context.service.recommend(who, k)).map((view) => keyOf(view.id));
  return { ...context, item, save, idOf, keys };
}

/** Users who all save the same items. */
function coSavers(save: (userId: string, key: string, daysAgo?: number) => void, prefix: string, count: number, keys: string[]) {
  for (let n = 0; n < count; n += 1) for (const key of keys) save(`${prefix}${n}`, key);
}

describe('RecommendationsService', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  describe('recommend', () => {
    it('recommends what the caller’s co-savers save, among listed, not hidden products only', async () => {
      const { item, save, keys } = setup();
      for (const key of ['SEED', 'NEXT', 'ALSO']) item(key);
      item('UNLISTED', { listed: false });
      item('HIDDEN', { hidden: true });
      coSavers(save, 'co', 3, ['SEED', 'NEXT', 'ALSO', 'UNLISTED', 'HIDDEN', 'NOT_IN_CATALOGUE']);
      save('me', 'SEED');

      const answer = await keys();
      expect(answer.slice(0, 2).sort()).toEqual(['ALSO', 'NEXT']);
      expect(answer).not.toEqual(expect.arrayContaining(['UNLISTED']));
      expect(answer).not.toEqual(expect.arrayContaining(['HIDDEN']));
      expect(answer).not.toEqual(expect.arrayContaining(['NOT_IN_CATALOGUE']));
    });

    it('answers products in the recommender’s rank order, as ProductViews from the read model (no moderation flags), at most k', async () => {
      const { item, save, service, products, saves, idOf, repository } = setup();
      const genders: ProductGender[] = ['Women', 'Men', 'Unisex'];
      for (let n = 0; n < 12; n += 1) item(`P${n}`, { gender: genders[n % 3] as ProductGender, brand: `Brand ${n % 4}`, category: n % 2 ? 'shoes' : 'tops' });
      for (let n = 0; n < 12; n += 1) for (let user = 0; user <= n % 5; user += 1) save(`u${user}`, `P${n}`, n);
      save('me', 'P0');
      save('me', 'P4');
      const profile = { userId: 'me', gender: 'female' as const, favoriteBrands: ['Brand 2'], sizedCategories: ['shoes' as const] };
      await repository.upsertProfile(profile, undefined as never);

      const answer = await service.recommend(ME, 5);
      const expected = recommend({
        saves: [...saves.values()].map((row) => ({ userId: row.userId, itemId: row.productId, at: row.savedAt })),
        userId: 'me',
        k: 5,
        items: new Map([...products.values()].map((entry) => [entry.id, entry])),
        profile: recommendationProfileOf(profile),
      });
      expect(answer.map((view) => view.id)).toEqual(expected);
      expect(answer).toHaveLength(5);
      const { listed: _listed, hidden: _hidden, ...view } = products.get(expected[0] as string) as Product;
      expect(answer[0]).toEqual(view);
      expect(answer.map((entry) => entry.id)).not.toEqual(expect.arrayContaining([idOf('P0')]));
    });

    it('never answers what the caller saved: those the recommender learnt from, one saved since it was built, one named like a saved one', async () => {
      const { item, save, keys } = setup();
      for (const key of ['SEED', 'LATER', 'OTHER', 'QUIET']) item(key);
      item('SEED_COPY', { name: 'SEED piece', brand: ' brand ' });
      coSavers(save, 'co', 3, ['SEED', 'LATER', 'OTHER', 'SEED_COPY']);
      save('me', 'SEED');
      expect(await keys()).toEqual(expect.arrayContaining(['LATER', 'OTHER']));

      // The recommender is kept for a while; the save just made counts at once all the same.
      save('me', 'LATER', 0);
      const answer = await keys();
      expect(answer).toEqual(expect.arrayContaining(['OTHER', 'QUIET']));
      for (const key of ['SEED', 'LATER', 'SEED_COPY']) expect(answer).not.toContain(key);
    });

    it('a caller with no saves gets the popular items of their profile’s gender (and Unisex), recent saves weighing more', async () => {
      const { item, save, keys, service, repository } = setup();
      item('MEN_HIT', { gender: 'Men' });
      item('WOMEN_NEW', { gender: 'Women' });
      item('WOMEN_OLD', { gender: 'Women' });
      item('UNISEX', { gender: 'Unisex' });
      coSavers(save, 'm', 6, ['MEN_HIT']);
      for (let n = 0; n < 3; n += 1) save(`w${n}`, 'WOMEN_NEW', 1);
      for (let n = 0; n < 3; n += 1) save(`o${n}`, 'WOMEN_OLD', 10);
      save('x', 'UNISEX', 1);

      const newcomer = caller(randomUUID());
      await service.profileUpdated({ userId: newcomer.uid, gender: 'female', favoriteBrands: [], completion: 50, complete: false }, undefined as never);
      expect(repository.upsertProfile).toHaveBeenLastCalledWith({ userId: newcomer.uid, gender: 'female', favoriteBrands: [], sizedCategories: [] }, undefined);

      expect(await keys(newcomer)).toEqual(['WOMEN_NEW', 'WOMEN_OLD', 'UNISEX']);
      // Before any profile event: the popular items of every gender.
      expect((await keys(caller(randomUUID()))).slice(0, 2)).toEqual(['MEN_HIT', 'WOMEN_NEW']);
    });

    it('cleans the list as every list is (spec §5): no product without a price, one per name and brand (the better ranked)', async () => {
      const { item, save, keys } = setup();
      item('PRICED');
      item('UNPRICED', { price: null });
      item('TWIN_A', { name: 'Twin', brand: 'Same' });
      item('TWIN_B', { name: ' twin ', brand: 'SAME' });
      coSavers(save, 'a', 3, ['PRICED', 'UNPRICED', 'TWIN_A']);
      coSavers(save, 'b', 1, ['PRICED', 'TWIN_B']);

      expect(await keys()).toEqual(['PRICED', 'TWIN_A']);
    });

    it('drops a product hidden or removed since the recommender was built, and ranks with a new one once the change has committed', async () => {
      const { item, save, keys, service, products, idOf } = setup();
      for (const key of ['A', 'B', 'C']) item(key);
      coSavers(save, 'co', 2, ['A', 'B', 'C']);
      expect((await keys()).sort()).toEqual(['A', 'B', 'C']);

      products.set(idOf('A'), { ...(products.get(idOf('A')) as Product), hidden: true });
      products.delete(idOf('B'));
      item('D');
      expect(await keys()).toEqual(['C']);

      service.dataChanged();
      jest.advanceTimersByTime(RECOMMENDER_MIN_AGE_MS);
      expect(await keys()).toEqual(['C', 'D']);
    });
  });

  describe('the built recommender', () => {
    it('is built once for many answers, again after a committed change (at most every few seconds) or when it is old', async () => {
      const { item, save, keys, service, repository } = setup();
      item('A');
      save('co', 'A');
      await Promise.all([keys(), keys(), keys()]);
      expect(repository.newestSaves).toHaveBeenCalledTimes(1);
      expect(repository.newestSaves).toHaveBeenCalledWith(200_000);

      service.dataChanged();
      await keys();
      expect(repository.newestSaves).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(RECOMMENDER_MIN_AGE_MS);
      await keys();
      await keys();
      expect(repository.newestSaves).toHaveBeenCalledTimes(2);

      jest.advanceTimersByTime(RECOMMENDER_MAX_AGE_MS - 1);
      await keys();
      expect(repository.newestSaves).toHaveBeenCalledTimes(2);
      jest.advanceTimersByTime(1);
      await keys();
      expect(repository.newestSaves).toHaveBeenCalledTimes(3);
    });

    it('is built again after a failed build', async () => {
      const { item, keys, repository } = setup();
      item('A');
      repository.publicProducts.mockRejectedValueOnce(new Error('connection reset'));
      await expect(keys()).rejects.toThrow('connection reset');
      expect(await keys()).toEqual(['A']);
    });
  });

  describe('recommendationProfileOf', () => {
    it('hands the recommender the profile’s gender, favourite brands and sized categories; nothing before the first event', () => {
      expect(recommendationProfileOf({ userId: 'me', gender: 'male', favoriteBrands: ['Arket'], sizedCategories: ['bottoms', 'outerwear'] })).toEqual({
        gender: 'male',
        favoriteBrands: ['Arket'],
        sizedCategories: ['bottoms', 'outerwear'],
      });
      expect(recommendationProfileOf(undefined)).toBeNull();
    });
  });
});
