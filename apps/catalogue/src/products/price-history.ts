import { LOWEST_PRICE_WINDOW_DAYS, PRICE_HISTORY_DAYS, type PriceHistory, type PriceObservationSource } from '@closetly/contracts';

const DAY_MS = 24 * 60 * 60_000;

/** One stored observation, as the history reads it (whose it was is only used to leave out unproved savers'). */
export interface HistoryObservation {
  userId: string | null;
  source: PriceObservationSource;
  amount: number;
  currency: string | null;
  observedAt: Date;
}

/** Where a history asked at `now` begins. */
export const historyStart = (now: Date): Date => new Date(now.getTime() - PRICE_HISTORY_DAYS * DAY_MS);

/**
 * A product's price history as its savers see it: only what was observed,
 * oldest first, never interpolated and never whose it was. It counts what
 * the trust rules let count: every read of the retailer's page, and the
 * captures and extension reads of savers who proved their address (an
 * unproved throwaway account's price 1 is no low). Only prices in the shown
 * currency (else the latest observation's). `lowestIn30Days` needs at least
 * two observations in LOWEST_PRICE_WINDOW_DAYS and the shown price at or below
 * their lowest.
 */
export function priceHistoryOf(
  product: { id: string; price: number | null; currency: string | null },
  observations: readonly HistoryObservation[],
  provedUserIds: ReadonlySet<string>,
  now: Date,
): PriceHistory {
  const start = historyStart(now);
  const trusted = observations
    .filter((observation) => observation.observedAt >= start && observation.observedAt <= now)
    .filter((observation) => observation.source === 'page' || (observation.userId !== null && provedUserIds.has(observation.userId)))
    .sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
  const currency = product.currency ?? trusted.at(-1)?.currency ?? null;
  const points = trusted.filter((observation) => observation.currency === currency);
  const amounts = points.map((point) => point.amount);
  const recentStart = now.getTime() - LOWEST_PRICE_WINDOW_DAYS * DAY_MS;
  const recent = points.filter((point) => point.observedAt.getTime() >= recentStart).map((point) => point.amount);
  return {
    productId: product.id,
    currency,
    points: points.map((point) => ({ at: point.observedAt.toISOString(), amount: point.amount, source: point.source })),
    low: amounts.length > 0 ? Math.min(...amounts) : null,
    high: amounts.length > 0 ? Math.max(...amounts) : null,
    lowestIn30Days: recent.length >= 2 && product.price !== null && product.currency === currency && product.price <= Math.min(...recent),
    observations: points.length,
  };
}
