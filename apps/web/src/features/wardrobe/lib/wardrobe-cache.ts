import { WardrobeItem } from '@closetly/contracts';
import { z } from 'zod';

/** Starts with 'closetly.wardrobe', so sign-out clears it with the other wardrobe caches (spec §4). */
export const WARDROBE_CACHE_KEY = 'closetly.wardrobe.v1';
/** Spec §9: the wardrobe cache lasts 1 hour. */
export const WARDROBE_CACHE_TTL_MS = 60 * 60 * 1000;
/** Spec §9: the wardrobe page refetches data older than 5 minutes. */
export const WARDROBE_PAGE_STALE_MS = 5 * 60 * 1000;

const CachedWardrobe = z.object({
  /** Whose wardrobe this is: another account's cache is never shown. */
  uid: z.string(),
  items: z.array(WardrobeItem),
  /** When the list was last fetched in full from the server (the 1-hour rule counts from here). */
  cacheTimestamp: z.number(),
  /** When the cache was last written (a fetch, an add or a removal). */
  lastSynced: z.number(),
});
export type CachedWardrobe = z.infer<typeof CachedWardrobe>;

/** The cached wardrobe of `uid`, or null when there is none, it is another user's, or it is unreadable. */
export function readWardrobeCache(uid: string): CachedWardrobe | null {
  try {
    const raw = window.localStorage.getItem(WARDROBE_CACHE_KEY);
    if (!raw) return null;
    const parsed = CachedWardrobe.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.uid === uid ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Writes the cache; false (and a warning) when storage refused it. */
export function writeWardrobeCache(uid: string, items: WardrobeItem[], cacheTimestamp: number, now: number = Date.now()): boolean {
  const value: CachedWardrobe = { uid, items, cacheTimestamp, lastSynced: now };
  try {
    window.localStorage.setItem(WARDROBE_CACHE_KEY, JSON.stringify(value));
    return true;
  } catch (error) {
    console.warn('Could not write the wardrobe cache', error);
    return false;
  }
}

/** A cache younger than 1 hour is used as is (spec §4). */
export function isCacheFresh(cache: CachedWardrobe, now: number = Date.now()): boolean {
  return now - cache.cacheTimestamp < WARDROBE_CACHE_TTL_MS;
}
