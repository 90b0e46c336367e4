import { type HistoryObservation, priceHistoryOf } from './price-history';

const NOW = new Date('2026-06-01T12:00:00Z');
const PRODUCT_ID = '6f1c1f7e-0d6a-4f55-9a39-5d8a3f0c2b11';
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60_000);
const page = (amount: number, days: number, currency = 'USD'): HistoryObservation => ({ userId: null, source: 'page', amount, currency, observedAt: daysAgo(days) });
const saver = (userId: string, amount: number, days: number, source: 'capture' | 'shopper' = 'capture'): HistoryObservation => ({ userId, source, amount, currency: 'USD', observedAt: daysAgo(days) });
const PROVED = new Set(['ada']);

describe('priceHistoryOf', () => {
  it('answers the observations of the last 90 days, oldest first, with their low, high and count, and never whose they were', () => {
    const history = priceHistoryOf({ id: PRODUCT_ID, price: 80, currency: 'USD' }, [page(80, 1), saver('ada', 120, 50, 'shopper'), page(100, 95), page(110, 60)], PROVED, NOW);
    expect(history).toEqual({
      productId: PRODUCT_ID,
      currency: 'USD',
      points: [
        { at: daysAgo(60).toISOString(), amount: 110, source: 'page' },
        { at: daysAgo(50).toISOString(), amount: 120, source: 'shopper' },
        { at: daysAgo(1).toISOString(), amount: 80, source: 'page' },
      ],
      low: 80,
      high: 120,
      lowestIn30Days: false,
      observations: 3,
    });
    expect(JSON.stringify(history)).not.toContain('ada');
  });

  it('leaves out unproved savers\' prices and other currencies', () => {
    const history = priceHistoryOf({ id: PRODUCT_ID, price: 80, currency: 'USD' }, [page(80, 1), saver('throwaway', 1, 2), page(70, 3, 'EUR')], PROVED, NOW);
    expect(history.points.map((point) => point.amount)).toEqual([80]);
    expect(history).toMatchObject({ low: 80, high: 80, observations: 1 });
  });

  it('says "lowest in 30 days" only with two observations in 30 days and the shown price at their lowest', () => {
    expect(priceHistoryOf({ id: PRODUCT_ID, price: 80, currency: 'USD' }, [page(80, 1)], PROVED, NOW).lowestIn30Days).toBe(false);
    expect(priceHistoryOf({ id: PRODUCT_ID, price: 80, currency: 'USD' }, [page(90, 10), page(80, 1)], PROVED, NOW).lowestIn30Days).toBe(true);
    expect(priceHistoryOf({ id: PRODUCT_ID, price: 80, currency: 'USD' }, [page(70, 10), page(80, 1)], PROVED, NOW).lowestIn30Days).toBe(false);
    // A lower price 40 days ago is outside the 30 days.
    expect(priceHistoryOf({ id: PRODUCT_ID, price: 80, currency: 'USD' }, [page(50, 40), page(90, 10), page(80, 1)], PROVED, NOW).lowestIn30Days).toBe(true);
  });

  it('answers an empty history with nulls', () => {
    expect(priceHistoryOf({ id: PRODUCT_ID, price: null, currency: null }, [], PROVED, NOW)).toEqual({ productId: PRODUCT_ID, currency: null, points: [], low: null, high: null, lowestIn30Days: false, observations: 0 });
  });
});
