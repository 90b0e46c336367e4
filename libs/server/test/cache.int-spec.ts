import { engines, pollUntil, uniqueName } from '@closetly/testing';
import { type Cache, MemoryCache, RedisCache } from '../src';

/** One contract for the hot-list and rate-limit cache: Redis and its in-memory twin. */
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

  it('counts hits in a window that starts with the first hit', async () => {
    const key = `hits-${Math.random()}`;
    const first = await cache.increment(key, 30);
    const second = await cache.increment(key, 30);
    const third = await cache.increment(key, 30);
    expect([first.count, second.count, third.count]).toEqual([1, 2, 3]);
    expect(third.resetInSeconds).toBeGreaterThan(0);
    expect(third.resetInSeconds).toBeLessThanOrEqual(30);
  });

  it('peeks at a window without counting', async () => {
    const key = `peek-${Math.random()}`;
    expect(await cache.peek(key)).toEqual({ count: 0, resetInSeconds: 0 });
    await cache.increment(key, 30);
    await cache.increment(key, 30);
    const seen = await cache.peek(key);
    expect(seen.count).toBe(2);
    expect(seen.resetInSeconds).toBeGreaterThan(0);
    expect((await cache.peek(key)).count).toBe(2);
  });

  it('starts a new window once the old one ends', async () => {
    const key = `window-${Math.random()}`;
    await cache.increment(key, 1);
    await cache.increment(key, 1);
    const fresh = await pollUntil(() => cache.increment(key, 1), (hit) => hit.count === 1, { timeoutMs: 5_000, intervalMs: 300, what: 'a new window' });
    expect(fresh.count).toBe(1);
  });
});
