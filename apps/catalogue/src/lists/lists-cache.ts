import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CACHE, type Cache } from '@closetly/server';

/** How long a computed list is kept. Changes replace the generation sooner; this bounds how stale a list gets if a replacement is lost (the cache was unreachable) and how far the popularity decay drifts. */
export const LIST_CACHE_TTL_SECONDS = 5 * 60;
/** The generation outlives every list computed under it; when it is gone, a new one starts (orphaning, never reviving, older lists). */
const GENERATION_TTL_SECONDS = 24 * 60 * 60;
const PREFIX = 'catalogue:lists:';
export const LIST_GENERATION_KEY = `${PREFIX}generation`;

/**
 * The hot lists in the platform cache (Redis in distributed mode, so every
 * catalogue replica shares them; memory in embedded mode). Every key carries
 * the current generation, a random token that `invalidate()` replaces after
 * each change that can move a list (a save, a removal, a product changed):
 * the next read of any list misses and computes it afresh, on every replica
 * at once, with no list of keys to find and delete. A random token rather
 * than a counter: the cache has no atomic increment, and two replacements at
 * once still each leave a token no list was computed under.
 *
 * Invalidate only after the change has committed: a list computed from the
 * database before the commit is then stored under the old generation, which
 * nobody reads any more. The cache is an optimisation: when it fails, lists
 * are computed from the database and the failure is logged.
 */
@Injectable()
export class ListsCache {
  private readonly log = new Logger(ListsCache.name);
  /** Lists being computed in this process: concurrent misses of one key share one query. */
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** A generation this process is starting: concurrent first reads start one, not one each. */
  private starting: Promise<string> | null = null;

  constructor(@Inject(CACHE) private readonly cache: Cache) {}

  async getOrCompute<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const generation = await this.generation();
    if (generation === null) return compute();
    const fullKey = `${PREFIX}${generation}:${key}`;
    const hit = await this.cache.get<T>(fullKey).catch((error: unknown) => this.failed('read', error));
    if (hit !== undefined) return hit;

    const pending = this.inFlight.get(fullKey) as Promise<T> | undefined;
    if (pending) return pending;
    const computing = (async () => {
      const value = await compute();
      await this.cache.set(fullKey, value, LIST_CACHE_TTL_SECONDS).catch((error: unknown) => this.failed('write', error));
      return value;
    })();
    this.inFlight.set(fullKey, computing);
    try {
      return await computing;
    } finally {
      this.inFlight.delete(fullKey);
    }
  }

  /** Every list computed so far is stale: the next read of each computes it again. Never throws (a lost replacement leaves lists at most LIST_CACHE_TTL_SECONDS stale). */
  async invalidate(): Promise<void> {
    await this.cache.set(LIST_GENERATION_KEY, randomUUID(), GENERATION_TTL_SECONDS).catch((error: unknown) => this.failed('invalidate', error));
  }

  /** The current generation, starting one when there is none; null when the cache cannot be reached. */
  private async generation(): Promise<string | null> {
    try {
      const current = await this.cache.get<string>(LIST_GENERATION_KEY);
      if (current) return current;
      this.starting ??= this.start().finally(() => (this.starting = null));
      return await this.starting;
    } catch (error) {
      this.failed('read', error);
      return null;
    }
  }

  private async start(): Promise<string> {
    const fresh = randomUUID();
    await this.cache.set(LIST_GENERATION_KEY, fresh, GENERATION_TTL_SECONDS);
    return fresh;
  }

  private failed(what: string, error: unknown): undefined {
    this.log.warn({ err: error instanceof Error ? error.message : String(error) }, `list cache ${what} failed`);
    return undefined;
  }
}
