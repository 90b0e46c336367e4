import { MIN_BADGE_DROP_PERCENT, PRICE_DROP_WINDOW_DAYS, type PriceDrop } from '@closetly/contracts';

export { currentPriceDrop } from '@closetly/contracts';

const DAY_MS = 24 * 60 * 60_000;

/** One shown price and from when it showed (a shown_prices row). */
export interface ShownPrice {
  amount: number | null;
  currency: string | null;
  since: Date;
}

/** Where the window of shown prices a change at `at` is compared with begins. */
export const dropWindowStart = (at: Date): Date => new Date(at.getTime() - PRICE_DROP_WINDOW_DAYS * DAY_MS);

/**
 * The badge a change of the shown price to `next` at `at` earns: the shown
 * price fell at least MIN_BADGE_DROP_PERCENT (rounded down) below the highest
 * price shown, in the same currency, at any time in the PRICE_DROP_WINDOW_DAYS
 * before. `shown`: the prices shown in that window (those that began in it,
 * and the one showing when it began), the one just replaced among them. Null
 * without such a drop: a rise, a wobble, no price, another currency.
 */
export function priceDropOf(shown: readonly ShownPrice[], next: { amount: number | null; currency: string | null }, at: Date): PriceDrop | null {
  if (next.amount === null || next.amount <= 0) return null;
  const windowStart = dropWindowStart(at);
  // The price that showed when the window began counts, however long before it began.
  const startedBefore = shown.filter((price) => price.since <= windowStart).sort((a, b) => b.since.getTime() - a.since.getTime())[0];
  const inWindow = shown.filter((price) => price.since > windowStart && price.since <= at);
  const candidates = [...(startedBefore ? [startedBefore] : []), ...inWindow].filter((price) => price.currency === next.currency && price.amount !== null);
  const highest = Math.max(...candidates.map((price) => price.amount as number));
  if (!Number.isFinite(highest) || highest <= next.amount) return null;
  const percent = Math.floor(((highest - next.amount) / highest) * 100 + 1e-9);
  if (percent < MIN_BADGE_DROP_PERCENT) return null;
  return { percent: Math.min(percent, 99), from: highest, to: next.amount, since: at.toISOString() };
}
