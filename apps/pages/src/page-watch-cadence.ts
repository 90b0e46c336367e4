/**
 * Price watch's refresh cadence: how long after a read a saved product's page
 * is read again. Every page with at least one active save is refreshed (page
 * watch does not know whether the catalogue listed it, and a saver's own
 * wardrobe shows the price too); pages nobody saves any more are not read.
 */

const HOUR_MS = 60 * 60_000;

/** The default: once a day (PAGE_WATCH_REFRESH_MS sets another). */
export const REFRESH_MS = 24 * HOUR_MS;
/** Products this many savers follow are read more often ... */
export const POPULAR_SAVERS = 10;
/** ... this many times as often: every six hours by default. */
export const POPULAR_FACTOR = 4;
export const POPULAR_REFRESH_MS = REFRESH_MS / POPULAR_FACTOR;
/** After this many reads in a row that found nothing changed, a page is read less often ... */
export const QUIET_AFTER_READS = 3;
/** ... this many times as seldom (a day becomes three days); one change resets it. */
export const QUIET_FACTOR = 3;

/** A page answering 404 or 410 this many reads in a row is gone: the catalogue marks its product unavailable. */
export const GONE_AFTER_READS = 2;
/** A first 404 or 410 is confirmed by a read this much later, not a day later. */
export const GONE_CONFIRM_MS = HOUR_MS;

/** What decides a page's cadence. */
export interface CadenceInput {
  /** Active saves of the product. */
  savers: number;
  /** Reads in a row that found nothing changed. */
  unchangedReads: number;
}

/** How long after a read the page is read again (`refreshMs`: the default cadence); null when nobody saves it (it is not refreshed). */
export function refreshIntervalMs({ savers, unchangedReads }: CadenceInput, refreshMs = REFRESH_MS): number | null {
  if (savers <= 0) return null;
  const base = savers >= POPULAR_SAVERS ? refreshMs / POPULAR_FACTOR : refreshMs;
  return unchangedReads >= QUIET_AFTER_READS ? base * QUIET_FACTOR : base;
}

/** When a page read at `readAt` is due again (null: not scheduled). */
export function nextRefresh(readAt: Date, input: CadenceInput, refreshMs = REFRESH_MS): Date | null {
  const interval = refreshIntervalMs(input, refreshMs);
  return interval === null ? null : new Date(readAt.getTime() + interval);
}

/** Whether a read's HTTP status says the page is gone (not a passing failure). */
export const isGoneStatus = (status: number | undefined): boolean => status === 404 || status === 410;
