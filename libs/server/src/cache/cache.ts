import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * The hot-list and rate-limit cache. Values are JSON. Redis in distributed
 * mode, an in-memory LRU in embedded mode; one contract suite for both.
 */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds 1 and returns the new count; the window starts with the first hit. */
  increment(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /** The count of a window without adding to it (0 when no window is open). */
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export const CACHE = Symbol('CACHE');

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly lru = new LRUCache<string, { json: string }>({ max: 10_000 });
  private readonly counters = new LRUCache<string, { count: number; resetAt: number }>({ max: 100_000 });

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
    this.counters.delete(key);
    return Promise.resolve();
  }

  increment(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    const now = Date.now();
    const current = this.counters.get(key);
    const entry = current && current.resetAt > now ? { ...current, count: current.count + 1 } : { count: 1, resetAt: now + windowSeconds * 1000 };
    this.counters.set(key, entry, { ttl: entry.resetAt - now });
    return Promise.resolve({ count: entry.count, resetInSeconds: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) });
  }

  peek(key: string): Promise<{ count: number; resetInSeconds: number }> {
    const now = Date.now();
    const current = this.counters.get(key);
    if (!current || current.resetAt <= now) return Promise.resolve({ count: 0, resetInSeconds: 0 });
    return Promise.resolve({ count: current.count, resetInSeconds: Math.max(1, Math.ceil((current.resetAt - now) / 1000)) });
  }

  isReady(): Promise<boolean> {
    return Promise.resolve(true);
  }

  close(): Promise<void> {
    this.lru.clear();
    this.counters.clear();
    return Promise.resolve();
  }
}

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  /** `prefix` keeps deployments (and test runs) sharing one Redis apart. */
  constructor(url: string, private readonly prefix = 'closetly:') {
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 3_000 });
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

  async increment(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    const fullKey = this.prefix + key;
    // INCR and EXPIRE NX in one round trip: the window starts with the first hit.
    const results = await this.redis.multi().incr(fullKey).expire(fullKey, windowSeconds, 'NX').ttl(fullKey).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
    return { count, resetInSeconds: Math.max(1, ttl) };
  }

  async peek(key: string): Promise<{ count: number; resetInSeconds: number }> {
    const fullKey = this.prefix + key;
    const results = await this.redis.multi().get(fullKey).ttl(fullKey).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[1]?.[1] ?? 0);
    return count > 0 && ttl > 0 ? { count, resetInSeconds: ttl } : { count: 0, resetInSeconds: 0 };
  }

  async isReady(): Promise<boolean> {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
