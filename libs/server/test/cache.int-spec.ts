import { engines, pollUntil, uniqueName } from '@closetly/testing';
import { type Cache, MemoryCache, RedisCache } from '../src';

/** One contract for the hot-list cache: Redis and its in-memory twin. */
describe.each<[string, () => Cache]>([
  ['memory', () => new MemoryCache()],
  ['redis', () => new RedisCache(engines.redisUrl, `${uniqueName('cache-test')}:`)],
])('cache contract (%s)', (_kind, make) => {
  let cache: Cache;

  beforeAll(() => {
    cache = make();
  });
  afterAll(() => cache.close());

  it('is ready', async () => {
    expect(await cache.isReady()).toBe(true);
  });

  it('stores JSON values and returns copies', async () => {
    const value = { items: [{ id: 'p1', price: 19.5 }], at: 'now' };
    await cache.set('list', value, 60);
    const read = await cache.get<typeof value>('list');
    expect(read).toEqual(value);
    expect(read).not.toBe(value);
  });

  it('misses unknown keys and deleted keys', async () => {
    expect(await cache.get('never-set')).toBeUndefined();
    await cache.set('gone', 1, 60);
    await cache.delete('gone');
    expect(await cache.get('gone')).toBeUndefined();
  });

  it('expires values after their time to live', async () => {
    await cache.set('short', 'x', 1);
    expect(await cache.get('short')).toBe('x');
    await pollUntil(() => cache.get('short'), (value) => value === undefined, { timeoutMs: 5_000, what: 'expiry' });
  });
});
