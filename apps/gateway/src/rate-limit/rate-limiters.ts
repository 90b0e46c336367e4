import { Logger } from '@nestjs/common';
import { type Cache, RedisCache } from '@closetly/server';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/** Whose requests one window counts. */
export type RateLimitScope = 'client' | 'account' | 'user';

export interface RateLimitWindow {
  max: number;
  seconds: number;
}

/** One limiter per policy and scope, keyed by the caller's address, account or user id. */
export type RateLimiters<Name extends string> = Record<Name, Partial<Record<RateLimitScope, RateLimiterAbstract>>>;

export const RATE_LIMITERS = Symbol('RATE_LIMITERS');

/** A policy's windows, and where it counts. */
export interface RateLimitWindows {
  /** Per client address (`request.ip`: the socket's peer, or what a trusted proxy says it is). */
  client?: RateLimitWindow;
  /** Per account the body names (its e-mail). */
  account?: RateLimitWindow;
  /** Per signed-in user (the route's guard has verified the caller). */
  user?: RateLimitWindow;
  /**
   * Counted in this gateway's memory even in distributed mode: for public reads that come with every
   * keystroke or page (search, suggestions, lists), where the Redis round trip was a third of the
   * gateway's own work. With several gateway replicas a client's allowance is per replica, which still bounds what
   * one client costs the engines in proportion to the capacity serving it.
   */
  perReplica?: boolean;
}

/**
 * Builds the limiters on the platform's own store: Redis in distributed mode
 * (replicas share the counts; the connection and key prefix are the cache's),
 * memory in embedded mode and for per-replica policies. The same config that
 * picks the cache picks this.
 */
export function createRateLimiters<Name extends string>(
  policies: Record<Name, RateLimitWindows>,
  cache: Cache,
  multiplier = 1,
): RateLimiters<Name> {
  const limiters = {} as RateLimiters<Name>;
  // The cache connects lazily; limiters skip a connection that is not ready, so open it now.
  if (cache instanceof RedisCache && cache.redis.status === 'wait') cache.redis.connect().catch(() => undefined);
  if (cache instanceof RedisCache) logFallbacks(cache);
  for (const name of Object.keys(policies) as Name[]) {
    limiters[name] = {};
    for (const scope of ['client', 'account', 'user'] as const) {
      const window = policies[name][scope];
      if (!window) continue;
      const options = { points: Math.max(1, Math.floor(window.max * multiplier)), duration: window.seconds };
      limiters[name][scope] =
        cache instanceof RedisCache && !policies[name].perReplica
          ? new RateLimiterRedis({
              ...options,
              storeClient: cache.redis,
              keyPrefix: `${cache.prefix}rate:${name}:${scope}`,
              // While Redis is unreachable each replica counts on its own, at once, rather than
              // letting everything through, failing every call or waiting for reconnects.
              rejectIfRedisNotReady: true,
              insuranceLimiter: new RateLimiterMemory(options),
            })
          : new RateLimiterMemory({ ...options, keyPrefix: `rate:${name}:${scope}` });
    }
  }
  return limiters;
}

/**
 * Says in the log when the shared counts are unreachable and each replica counts in its own memory
 * (the limiters' insurance), and when they are shared again: an operator must know that for a while
 * a client's allowance was per replica.
 */
function logFallbacks(cache: RedisCache): void {
  const log = new Logger('RateLimits');
  let shared = true;
  cache.redis.on('close', () => {
    if (!shared) return;
    shared = false;
    log.warn('Redis unreachable: rate limits are counted per replica, in memory, until it returns');
  });
  cache.redis.on('ready', () => {
    if (shared) return;
    shared = true;
    log.log('Redis reachable again: rate limits are shared again');
  });
}
