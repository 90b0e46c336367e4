import { ProductList, type ProductView } from '@closetly/contracts';
import { z } from 'zod';

/** Spec §9: the catalogue pages' local-storage cache lasts 1 hour. */
export const LIST_CACHE_TTL_MS = 60 * 60 * 1000;

/** What each of the spec's keys holds (spec §3 "Local storage keys"): the items and when they were fetched. */
const CachedList = z.object({ items: ProductList, timestamp: z.number() });
export type CachedList = z.infer<typeof CachedList>;

type ListStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or null where the browser blocks it (the lists then live in memory only). */
function browserStorage(): ListStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The list cached under `key`, whatever its age, or null when there is none or it is unreadable. */
export function readListCache(key: string, storage: ListStorage | null = browserStorage()): CachedList | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = CachedList.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Caches a list fetched at `now`; false (and a warning) when storage refused it. */
export function writeListCache(key: string, items: readonly ProductView[], now: number = Date.now(), storage: ListStorage | null = browserStorage()): boolean {
  const value: CachedList = { items: [...items], timestamp: now };
  try {
    if (!storage) return false;
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    console.warn(`Could not cache ${key}`, error);
    return false;
  }
}

/** Younger than 1 hour: used as it is, without asking the server. A time in the future (the clock moved back) is not fresh. */
export function isListCacheFresh(cache: CachedList, now: number = Date.now()): boolean {
  const age = now - cache.timestamp;
  return age >= 0 && age < LIST_CACHE_TTL_MS;
}
