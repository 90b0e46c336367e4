import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CACHE, CACHE_LOOKUPS, type Cache, METRICS, type ProcessMetrics } from '@closetly/server';

/** How long a computed list is kept. Changes replace the generation sooner; this bounds how stale a list gets if a replacement is lost (the cache was unreachable) and how far the popularity decay drifts. */
export const LIST_CACHE_TTL_SECONDS = 5 * 60;
/** A generation outlives every list computed under it; when it is gone, a new one starts (orphaning, never reviving, older lists). */
const GENERATION_TTL_SECONDS = 24 * 60 * 60;
const PREFIX = 'catalogue:lists:';

/**
 * A family of lists that change together, each with its own generation:
 * `popular:all` and `popular:accessories` (ranked by saves), `category:<category>`
 * (newest first), `brand:<brand without case>` (a brand's new arrivals).
 */
export type ListFamily = string;

/** The popular lists: every save and removal can move them. */
export const POPULAR_LISTS: readonly ListFamily[] = ['popular:all', 'popular:accessories'];

export const categoryLists = (category: string): ListFamily => `category:${category}`;
export const brandLists = (brand: string): ListFamily => `brand:${encodeURIComponent(brand.trim().toLowerCase())}`;
export const generationKey = (family: ListFamily): string => `${PREFIX}generation:${family}`;

/** The list families a product as stored shows in: none unless it is listed and not hidden. */
export function listsShowing(product: { listed: boolean; hidden: boolean; category: string | null; brand: string | null } | null | undefined): ListFamily[] {
  if (!product?.listed || product.hidden) return [];
  const families = ['popular:all'];
  if (product.category === 'accessories') families.push('popular:accessories');
  if (product.category) families.push(categoryLists(product.category));
  if (product.brand?.trim()) families.push(brandLists(product.brand));
  return families;
}

/**
 * The hot lists in the platform cache (Redis in distributed mode, so every
 * catalogue replica shares them; memory in embedded mode). Every key carries
 * its family's current generation, a random token that `invalidate()`
 * replaces after a change that can move a list of that family (a save moves
 * the popular lists; a product change the lists it was and is in): the next
 * read of those lists misses and computes them afresh, on every replica at
 * once, with no list of keys to find and delete, and the other families keep
 * theirs. A random token rather than a counter: the cache has no atomic
 * increment, and two replacements at once still each leave a token no list
 * was computed under.
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
  /** Generations this process is starting: concurrent first reads of a family start one, not one each. */
  private readonly starting = new Map<ListFamily, Promise<string>>();
  /** Per family, the generation replacement on its way and the one queued behind it (see invalidate). */
  private readonly replacing = new Map<ListFamily, Promise<void>>();
  private readonly replaceAgain = new Map<ListFamily, Promise<void>>();

  private readonly lookups;

  constructor(
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(METRICS) metrics: ProcessMetrics,
  ) {
    this.lookups = metrics.counter(CACHE_LOOKUPS);
  }

  async getOrCompute<T>(family: ListFamily, key: string, compute: () => Promise<T>): Promise<T> {
    const generation = await this.generation(family);
    if (generation === null) return compute();
    const fullKey = `${PREFIX}${family}:${generation}:${key}`;
    const hit = await this.cache.get<T>(fullKey).catch((error: unknown) => this.failed('read', error));
    this.lookups.inc({ cache: 'catalogue-lists', result: hit === undefined ? 'miss' : 'hit' });
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

  /**
   * The lists of these families are stale: the next read of each computes it again. Never throws (a lost
   * replacement leaves lists at most LIST_CACHE_TTL_SECONDS stale). Calls made while a family's replacement
   * is on its way share the one replacement that follows it: a burst of events costs two writes, not one
   * each, and every caller still gets a generation started after its own change committed.
   */
  async invalidate(families: Iterable<ListFamily>): Promise<void> {
    await Promise.all([...new Set(families)].map((family) => this.replace(family)));
  }

  private replace(family: ListFamily): Promise<void> {
    const current = this.replacing.get(family);
    if (current) {
      let again = this.replaceAgain.get(family);
      if (!again) {
        again = current.then(() => {
          this.replaceAgain.delete(family);
          return this.replace(family);
        });
        this.replaceAgain.set(family, again);
      }
      return again;
    }
    const replacing = this.cache
      .set(generationKey(family), randomUUID(), GENERATION_TTL_SECONDS)
      .catch((error: unknown) => this.failed('invalidate', error))
      .then(() => void this.replacing.delete(family));
    this.replacing.set(family, replacing);
    return replacing;
  }

  /** A family's current generation, starting one when there is none; null when the cache cannot be reached. */
  private async generation(family: ListFamily): Promise<string | null> {
    try {
      const current = await this.cache.get<string>(generationKey(family));
      if (current) return current;
      let starting = this.starting.get(family);
      if (!starting) {
        starting = this.start(family).finally(() => this.starting.delete(family));
        this.starting.set(family, starting);
      }
      return await starting;
    } catch (error) {
      this.failed('read', error);
      return null;
    }
  }

  private async start(family: ListFamily): Promise<string> {
    const fresh = randomUUID();
    await this.cache.set(generationKey(family), fresh, GENERATION_TTL_SECONDS);
    return fresh;
  }

  private failed(what: string, error: unknown): undefined {
    this.log.warn({ err: error instanceof Error ? error.message : String(error) }, `list cache ${what} failed`);
    return undefined;
  }
}
