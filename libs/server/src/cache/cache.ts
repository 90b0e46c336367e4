import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * The hot-list cache. Values are JSON. Redis in distributed mode, an
 * in-memory LRU in embedded mode; one contract suite for both. (Rate limits
 * count with rate-limiter-flexible on the same Redis connection.)
 */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export const CACHE = Symbol('CACHE');

/**
 * lru-cache options that bound a cache to `entries` entries without allocating its storage for all of them
 * when it is built, as `max` does (arrays of `max` slots: about 44 bytes each with a ttl, so several MB and
 * tens of milliseconds at start for the gateway's 100,000-entry caches). Counted one per entry through
 * `maxSize`, the storage grows with the entries; eviction is the same, least recently used first.
 */
export function boundedToEntries(entries: number): { maxSize: number; sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: () => 1 };
}

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly lru = new LRUCache<string, { json: string }>({ max: 10_000 });

  get<T>(key: string): Promise<T | undefined> {
    const hit = this.lru.get(key);
    return Promise.resolve(hit ? (JSON.parse(hit.json) as T) : undefined);
  }

  set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    this.lru.set(key, { json: JSON.stringify(value) }, { ttl: ttlSeconds * 1000 });
    return Promise.resolve();
  }

  delete(key: string): Promise<void> {
    this.lru.delete(key);
    return Promise.resolve();
  }

  isReady(): Promise<boolean> {
    return Promise.resolve(true);
  }

  close(): Promise<void> {
    this.lru.clear();
    return Promise.resolve();
  }
}

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  /** The connection, for other Redis clients of this process (the gateway's rate limiter) to share. */
  readonly redis: Redis;

  /** `prefix` keeps deployments (and test runs) sharing one Redis apart; whoever shares the connection keeps it too. */
  constructor(
    url: string,
    readonly prefix = 'closetly:',
  ) {
    // commandTimeout: a command waits at most 1 s, so an outage fails calls fast (they fall back) instead of hanging.
    // ioredis loads here, when a Redis cache is made: the embedded product never needs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously
    this.redis = new (require('ioredis') as typeof import('ioredis')).Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 3_000, commandTimeout: 1_000 });
    // Errors surface on the calls that hit them; a reconnecting client must not crash the process.
    this.redis.on('error', () => undefined);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const json = await this.redis.get(this.prefix + key);
    return json === null ? undefined : (JSON.parse(json) as T);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(value), 'EX', ttlSeconds);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async isReady(): Promise<boolean> {
    try {
      // The connection opens lazily, and a command's 1 s timeout counts from when it is queued, connecting included:
      // open it first (bounded by connectTimeout), so the first check after start does not fail on a busy machine.
      if (this.redis.status === 'wait') await this.redis.connect();
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
