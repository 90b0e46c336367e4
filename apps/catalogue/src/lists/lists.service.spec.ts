import { randomUUID } from 'node:crypto';
import { MAX_LIST_ITEMS, MAX_NEW_ARRIVALS, RPC_CALLS } from '@closetly/contracts';
import { type Cache, MemoryCache, ProcessMetrics } from '@closetly/server';
import { mockOf } from '@closetly/testing';
import type { ProductRow } from '../products/products.repository';
import { generationKey, ListsCache, listsShowing, POPULAR_LISTS } from './lists-cache';
import { type ListFilter, type ListPage, ListsRepository } from './lists.repository';
import { MAX_PAGES_READ, POPULARITY_HALF_LIFE_DAYS, ListsService } from './lists.service';

const HALF_LIFE_SECONDS = POPULARITY_HALF_LIFE_DAYS * 24 * 60 * 60;
const ALL: ListFilter = { category: null, excludeGender: null, brand: null };

let sequence = 0;
/** A public product row; names differ unless given. */
function row(overrides: Partial<ProductRow> = {}): ProductRow {
  sequence += 1;
  return {
    id: randomUUID(),
    productKey: `url:https://www.nordstrom.com/s/item/${sequence}`,
    name: `Item ${sequence}`,
    brand: 'Toteme',
    price: 120,
    currency: 'USD',
    priceText: '$120.00',
    imageUrl: 'https://images.example/item.jpg',
    description: 'A product.',
    sourceUrl: `https://www.nordstrom.com/s/item/${sequence}`,
    retailer: 'nordstrom.com',
    gender: 'Unisex',
    genderSource: 'captures',
    category: 'tops',
    colour: null,
    listed: true,
    hidden: false,
    corrections: {},
    verified: false,
    contested: [],
    contestSettledAt: null,
    available: true,
    priceDrop: null,
    createdAt: new Date('2026-03-01T00:00:00.000Z'),
    updatedAt: new Date('2026-03-01T00:00:00.000Z'),
    ...overrides,
  };
}

/** A repository whose queries answer pages of the given rows, in the given order (the ranking is the query's; see lists-repository.int-spec.ts). */
function repositoryOver(ranked: ProductRow[]) {
  const repository = mockOf(ListsRepository);
  const page = ({ offset, limit }: ListPage) => ranked.slice(offset, offset + limit);
  repository.popular.mockImplementation(async (_filter, _halfLife, wanted) => page(wanted).map((product, index) => ({ product, score: ranked.length - index })));
  repository.newest.mockImplementation(async (_filter, wanted) => page(wanted));
  return repository;
}

function setup(ranked: ProductRow[] = [], cache: Cache = new MemoryCache()) {
  const repository = repositoryOver(ranked);
  const service = new ListsService(repository, new ListsCache(cache, new ProcessMetrics()));
  return { repository, service, cache };
}

const ids = (products: Array<{ id: string }>) => products.map((product) => product.id);

describe('ListsService', () => {
  describe('popular items', () => {
    it('ranks by active saves, each weighing 0.5^(age / 14 days), in the query’s order', async () => {
      const rows = [row(), row(), row()];
      const { service, repository } = setup(rows);
      expect(ids(await service.popular({ category: 'all', limit: 10 }))).toEqual(ids(rows));
      expect(repository.popular).toHaveBeenCalledWith(ALL, HALF_LIFE_SECONDS, { offset: 0, limit: 20 });
    });

    it.each([
      ['all', undefined, ALL],
      ['all', 'Men', { ...ALL, excludeGender: 'Women' }],
      ['all', 'Women', { ...ALL, excludeGender: 'Men' }],
      ['accessories', undefined, { ...ALL, category: 'accessories' }],
      ['accessories', 'Women', { ...ALL, category: 'accessories', excludeGender: 'Men' }],
    ] as const)('asks for category %s and gender %s as %o (Men: Men, Unisex and unspecified; Women: Women, Unisex and unspecified; none: all)', async (category, gender, filter) => {
      const { service, repository } = setup();
      await service.popular({ category, gender, limit: 4 });
      expect(repository.popular).toHaveBeenCalledWith(filter, HALF_LIFE_SECONDS, { offset: 0, limit: 8 });
    });

    it('applies the gender rule to what comes back too, with genders normalised', async () => {
      const [men, unisex, women, oddWomen, unknown] = [row({ gender: 'Men' }), row({ gender: 'Unisex' }), row({ gender: 'Women' }), row({ gender: "women's" }), row({ gender: 'kids' })];
      const { service } = setup([men, unisex, women, oddWomen, unknown]);
      expect(ids(await service.popular({ category: 'all', gender: 'Men', limit: 10 }))).toEqual(ids([men, unisex, unknown]));
      expect(ids(await service.popular({ category: 'all', gender: 'Women', limit: 10 }))).toEqual(ids([unisex, women, oddWomen, unknown]));
      expect(ids(await service.popular({ category: 'all', limit: 10 }))).toHaveLength(5);
    });
  });

  describe('cleaning (spec §5)', () => {
    it('drops products lacking a name, brand or price, and keeps the first of each name + brand, without case or extra spaces', async () => {
      const first = row({ name: 'Cable Knit Cardigan', brand: 'COS' });
      const again = row({ name: '  cable knit  CARDIGAN ', brand: 'cos' });
      const otherBrand = row({ name: 'Cable Knit Cardigan', brand: 'Arket' });
      const rows = [row({ price: null }), first, row({ name: '  ' }), again, row({ brand: '' }), otherBrand];
      const { service } = setup(rows);
      expect(ids(await service.categoryList({ category: 'tops', limit: 10 }))).toEqual(ids([first, otherBrand]));
    });

    it('answers product views: no moderation flags, safe links, placeholders left to the screens', async () => {
      const { service } = setup([row({ imageUrl: 'javascript:alert(1)', sourceUrl: 'http://www.nordstrom.com/s/item/9', gender: 'female' })]);
      const [view] = await service.popular({ category: 'all', limit: 1 });
      expect(view).toMatchObject({ imageUrl: null, sourceUrl: 'https://www.nordstrom.com/s/item/9', gender: 'Women' });
      expect(view).not.toHaveProperty('listed');
      expect(view).not.toHaveProperty('hidden');
    });

    it('reads further pages when cleaning thinned the first, and answers the first `limit` after cleaning', async () => {
      const twin = row();
      const rows = [twin, ...Array.from({ length: 5 }, () => ({ ...row(), name: twin.name, brand: twin.brand })), ...Array.from({ length: 6 }, () => row())];
      const { service, repository } = setup(rows);
      const answer = await service.popular({ category: 'all', limit: 3 });
      expect(ids(answer)).toEqual(ids([twin, rows[6] as ProductRow, rows[7] as ProductRow]));
      expect(repository.popular.mock.calls.map(([, , page]) => page)).toEqual([
        { offset: 0, limit: 6 },
        { offset: 6, limit: 6 },
      ]);
    });

    it('settles for fewer items than asked after reading MAX_PAGES_READ pages', async () => {
      const twin = row();
      const rows = Array.from({ length: 100 }, () => ({ ...row(), name: twin.name, brand: twin.brand }));
      const { service, repository } = setup(rows);
      expect(await service.popular({ category: 'all', limit: 2 })).toHaveLength(1);
      expect(repository.popular).toHaveBeenCalledTimes(MAX_PAGES_READ);
    });

    it('answers at most `limit` products, and the calls refuse more than their caps', async () => {
      const { service } = setup(Array.from({ length: 60 }, () => row()));
      expect(await service.popular({ category: 'all', limit: MAX_LIST_ITEMS })).toHaveLength(MAX_LIST_ITEMS);
      expect(RPC_CALLS['catalogue.popular'].request.safeParse({ category: 'all', limit: MAX_LIST_ITEMS + 1 }).success).toBe(false);
      expect(RPC_CALLS['catalogue.category-list'].request.safeParse({ category: 'tops', limit: MAX_LIST_ITEMS + 1 }).success).toBe(false);
    });
  });

  describe('category lists', () => {
    it('lists a category newest first, with the gender rule', async () => {
      const { service, repository } = setup([row(), row()]);
      await service.categoryList({ category: 'shoes', gender: 'Men', limit: 12 });
      await service.categoryList({ category: 'accessories', limit: 12 });
      expect(repository.newest.mock.calls.map(([filter]) => filter)).toEqual([
        { ...ALL, category: 'shoes', excludeGender: 'Women' },
        { ...ALL, category: 'accessories' },
      ]);
      expect(repository.popular).not.toHaveBeenCalled();
    });
  });

  describe('new arrivals', () => {
    it('lists a brand’s newest (the brand trimmed, matched without case by the query), at most 16', async () => {
      const rows = Array.from({ length: 20 }, () => row({ brand: 'Ganni' }));
      const { service, repository } = setup(rows);
      const answer = await service.newArrivals({ brand: '  GANNI ', limit: MAX_NEW_ARRIVALS });
      expect(ids(answer)).toEqual(ids(rows.slice(0, 16)));
      expect(repository.newest).toHaveBeenCalledWith({ ...ALL, brand: 'GANNI' }, { offset: 0, limit: 32 });
      expect(RPC_CALLS['catalogue.new-arrivals'].request.safeParse({ brand: 'Ganni', limit: MAX_NEW_ARRIVALS + 1 }).success).toBe(false);
    });
  });

  describe('cache', () => {
    it('answers a list again from the cache, each list and gender under its own key', async () => {
      const { service, repository } = setup([row({ gender: 'Men' }), row({ gender: 'Women' })]);
      const first = await service.popular({ category: 'all', gender: 'Men', limit: 8 });
      expect(await service.popular({ category: 'all', gender: 'Men', limit: 8 })).toEqual(first);
      await service.popular({ category: 'all', gender: 'Women', limit: 8 });
      await service.categoryList({ category: 'tops', gender: 'Men', limit: 8 });
      await service.newArrivals({ brand: 'Toteme', limit: 16 });
      await service.newArrivals({ brand: 'toteme ', limit: 16 });
      expect(repository.popular).toHaveBeenCalledTimes(2);
      expect(repository.newest).toHaveBeenCalledTimes(2);
    });

    it('computes afresh only the lists of the families invalidated (a save moves the popular lists)', async () => {
      const rows = [row(), row()];
      const { service, repository } = setup(rows);
      expect(ids(await service.popular({ category: 'all', limit: 8 }))).toEqual(ids(rows));
      await service.categoryList({ category: 'tops', limit: 8 });
      await service.newArrivals({ brand: 'Toteme', limit: 16 });

      rows.reverse();
      expect(ids(await service.popular({ category: 'all', limit: 8 }))).toEqual(ids([...rows].reverse()));
      await service.invalidate(POPULAR_LISTS);
      expect(ids(await service.popular({ category: 'all', limit: 8 }))).toEqual(ids(rows));
      await service.categoryList({ category: 'tops', limit: 8 });
      await service.newArrivals({ brand: 'Toteme', limit: 16 });
      expect(repository.popular).toHaveBeenCalledTimes(2);
      // The category list and the brand's new arrivals kept their cache.
      expect(repository.newest).toHaveBeenCalledTimes(2);
    });

    it('computes afresh every list a changed product was or is in, and no other', async () => {
      const { service, repository } = setup([row()]);
      const read = async () => {
        await service.popular({ category: 'all', limit: 8 });
        await service.popular({ category: 'accessories', limit: 8 });
        await service.categoryList({ category: 'tops', gender: 'Women', limit: 8 });
        await service.categoryList({ category: 'accessories', limit: 8 });
        await service.newArrivals({ brand: 'Toteme', limit: 16 });
        await service.newArrivals({ brand: 'Khaite', limit: 16 });
      };
      await read();
      repository.popular.mockClear();
      repository.newest.mockClear();
      // A Toteme top became a Khaite accessory (an administrator's correction).
      const before = row({ category: 'tops', brand: 'Toteme' });
      const after = { ...before, category: 'accessories', brand: ' KHAITE ' };
      await service.invalidate([...listsShowing(before), ...listsShowing(after)]);
      await read();
      expect(repository.popular).toHaveBeenCalledTimes(2);
      expect(repository.newest).toHaveBeenCalledTimes(4);
    });

    it('puts a product in no list family unless it is listed and not hidden', () => {
      expect(listsShowing(row({ category: 'shoes', brand: 'Toteme' }))).toEqual(['popular:all', 'category:shoes', 'brand:toteme']);
      expect(listsShowing(row({ category: 'accessories', brand: 'A.P.C.' }))).toEqual(['popular:all', 'popular:accessories', 'category:accessories', 'brand:a.p.c.']);
      expect(listsShowing(row({ listed: false }))).toEqual([]);
      expect(listsShowing(row({ hidden: true }))).toEqual([]);
      expect(listsShowing(null)).toEqual([]);
    });

    it('shares the cache and its invalidations between replicas (Redis in distributed mode)', async () => {
      const shared = new MemoryCache();
      const rows = [row(), row()];
      const one = setup(rows, shared);
      const other = setup(rows, shared);
      await one.service.popular({ category: 'all', limit: 8 });
      await other.service.popular({ category: 'all', limit: 8 });
      expect(other.repository.popular).not.toHaveBeenCalled();

      await one.service.invalidate(POPULAR_LISTS);
      await other.service.popular({ category: 'all', limit: 8 });
      expect(other.repository.popular).toHaveBeenCalledTimes(1);
    });

    it('starts a new generation when the cache lost it, never reviving lists computed before', async () => {
      const cache = new MemoryCache();
      const rows = [row(), row()];
      const { service, repository } = setup(rows, cache);
      await service.popular({ category: 'all', limit: 8 });
      await cache.delete(generationKey('popular:all'));
      await service.popular({ category: 'all', limit: 8 });
      expect(repository.popular).toHaveBeenCalledTimes(2);
    });

    it('folds invalidations made while one is on its way into one more, started after every caller’s change', async () => {
      const cache = new MemoryCache();
      const writes: string[] = [];
      let release: () => void = () => undefined;
      const set = cache.set.bind(cache);
      jest.spyOn(cache, 'set').mockImplementation(async (key, value, ttl) => {
        if (key === generationKey('popular:all')) {
          writes.push(String(value));
          // The first write hangs until released: the burst below arrives while it is on its way.
          if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
        }
        return set(key, value, ttl);
      });
      const { service } = setup([row()], cache);
      const first = service.invalidate(['popular:all']);
      const burst = Promise.all([1, 2, 3, 4].map(() => service.invalidate(['popular:all'])));
      expect(writes).toHaveLength(1);
      release();
      await Promise.all([first, burst]);
      // One write for the first caller, one shared by the four that came while it was on its way.
      expect(writes).toHaveLength(2);
      expect(await cache.get(generationKey('popular:all'))).toBe(writes[1]);
      await service.invalidate(['popular:all']);
      expect(writes).toHaveLength(3);
    });

    it('lets concurrent misses of one list share one query', async () => {
      const { service, repository } = setup([row()]);
      await Promise.all([1, 2, 3].map(() => service.popular({ category: 'all', limit: 8 })));
      expect(repository.popular).toHaveBeenCalledTimes(1);
    });

    it('computes lists from the database when the cache fails, and an invalidation never throws', async () => {
      const broken = mockOf(MemoryCache);
      broken.get.mockRejectedValue(new Error('connection refused'));
      broken.set.mockRejectedValue(new Error('connection refused'));
      const rows = [row()];
      const { service, repository } = setup(rows, broken);
      expect(ids(await service.popular({ category: 'all', limit: 8 }))).toEqual(ids(rows));
      expect(ids(await service.popular({ category: 'all', limit: 8 }))).toEqual(ids(rows));
      await expect(service.invalidate(POPULAR_LISTS)).resolves.toBeUndefined();
      expect(repository.popular).toHaveBeenCalledTimes(2);
    });
  });
});
