import { RedisCache } from '@closetly/server';
import { engines, uniqueName } from '@closetly/testing';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { RATE_LIMITS } from '../src/rate-limit/rate-limit.interceptor';
import { createRateLimiters } from '../src/rate-limit/rate-limiters';

const POLICIES = { save: RATE_LIMITS.save, 'sign-in': RATE_LIMITS['sign-in'], search: RATE_LIMITS.search };

/** The distributed mode's limiters on the real Redis, each gateway replica with its own cache connection. */
describe('rate limiters on Redis', () => {
  const caches: RedisCache[] = [];
  /** A replica once its cache is connected (as a gateway is by the time its readiness check passes). */
  const replica = async (prefix: string) => {
    const cache = new RedisCache(engines.redisUrl, prefix);
    caches.push(cache);
    expect(await cache.isReady()).toBe(true);
    return createRateLimiters(POLICIES, cache);
  };

  afterAll(async () => {
    await Promise.all(caches.map((cache) => cache.close()));
  });

  it('shares the counts between replicas, so the limit holds across them, and refuses with the time left in the window', async () => {
    const prefix = `${uniqueName('rate')}:`;
    const [first, second] = [await replica(prefix), await replica(prefix)];
    const max = RATE_LIMITS.save.user.max;
    for (let i = 0; i < max; i += 1) await (i % 2 === 0 ? first : second).save.user?.consume('ada');
    const refusal: unknown = await second.save.user?.consume('ada').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimiterRes);
    expect((refusal as RateLimiterRes).msBeforeNext).toBeGreaterThan(0);
    expect((refusal as RateLimiterRes).msBeforeNext).toBeLessThanOrEqual(RATE_LIMITS.save.user.seconds * 1000);
    expect(await first.save.user?.consume('bob')).toMatchObject({ consumedPoints: 1 });
  });

  it('counts a per-replica policy (search) in each replica on its own, without Redis', async () => {
    const prefix = `${uniqueName('rate')}:`;
    const [first, second] = [await replica(prefix), await replica(prefix)];
    const max = RATE_LIMITS.search.client.max;
    for (let i = 0; i < max; i += 1) await first.search.client?.consume('203.0.113.9');
    await expect(first.search.client?.consume('203.0.113.9')).rejects.toBeInstanceOf(RateLimiterRes);
    expect(await second.search.client?.consume('203.0.113.9')).toMatchObject({ consumedPoints: 1 });
    expect(await caches[0]?.redis.keys(`${prefix}rate:search:*`)).toEqual([]);
  });

  it('keeps products that share one Redis apart by the cache prefix', async () => {
    const [one, other] = [await replica(`${uniqueName('rate')}:`), await replica(`${uniqueName('rate')}:`)];
    for (let i = 0; i < RATE_LIMITS.save.user.max; i += 1) await one.save.user?.consume('ada');
    await expect(one.save.user?.consume('ada')).rejects.toBeInstanceOf(RateLimiterRes);
    expect(await other.save.user?.consume('ada')).toMatchObject({ consumedPoints: 1 });
  });

  it('stores the counts under the cache prefix, in the policy’s window', async () => {
    const prefix = `${uniqueName('rate')}:`;
    const limiters = await replica(prefix);
    await limiters.save.client?.consume('192.0.2.1');
    const cache = caches[caches.length - 1] as RedisCache;
    expect(await cache.redis.get(`${prefix}rate:save:client:192.0.2.1`)).toBe('1');
    const ttl = await cache.redis.ttl(`${prefix}rate:save:client:192.0.2.1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(RATE_LIMITS.save.client.seconds);
  });

  it('counts in one increment, so attempts arriving at once on two replicas pass no spent limit, and gives a count back (how sign-in counts only failed attempts)', async () => {
    const prefix = `${uniqueName('rate')}:`;
    const [first, second] = [await replica(prefix), await replica(prefix)];
    const max = RATE_LIMITS['sign-in'].client.max;
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? first : second)['sign-in'].client?.consume('203.0.113.5')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(max);
    await first['sign-in'].client?.reward('203.0.113.6');
    await first['sign-in'].client?.consume('203.0.113.7');
    await second['sign-in'].client?.reward('203.0.113.7');
    expect(await first['sign-in'].client?.get('203.0.113.7')).toMatchObject({ consumedPoints: 0 });
  });

  it('keeps limiting in the replica’s memory while Redis cannot be reached', async () => {
    // Nothing listens on port 1: every Redis call fails (after the cache's own retries, so a small limit keeps this quick).
    const unreachable = new RedisCache('redis://127.0.0.1:1', 'unreachable:');
    try {
      const offline = createRateLimiters({ tiny: { client: { max: 2, seconds: 60 } } }, unreachable);
      await offline.tiny.client?.consume('192.0.2.1');
      await offline.tiny.client?.consume('192.0.2.1');
      await expect(offline.tiny.client?.consume('192.0.2.1')).rejects.toBeInstanceOf(RateLimiterRes);
    } finally {
      unreachable.redis.disconnect();
    }
  });
});
