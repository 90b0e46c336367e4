import { MIN_BADGE_DROP_PERCENT } from '@closetly/contracts';
import { currentPriceDrop, priceDropOf, type ShownPrice } from './price-drop';

const AT = new Date('2026-03-10T12:00:00Z');
const daysBefore = (days: number) => new Date(AT.getTime() - days * 24 * 60 * 60_000);
const usd = (amount: number | null, since: Date): ShownPrice => ({ amount, currency: 'USD', since });

describe('priceDropOf', () => {
  it('measures a drop against the highest price shown in the last 7 days, rounded down', () => {
    const shown = [usd(100, daysBefore(3)), usd(120, daysBefore(2)), usd(110, daysBefore(1))];
    expect(priceDropOf(shown, { amount: 90, currency: 'USD' }, AT)).toEqual({ percent: 25, from: 120, to: 90, since: AT.toISOString() });
    expect(priceDropOf([usd(100, daysBefore(1))], { amount: 85.5, currency: 'USD' }, AT)).toMatchObject({ percent: 14, from: 100 });
  });

  it('counts the price that showed when the window began, however long before, but not older ones', () => {
    const shown = [usd(200, daysBefore(30)), usd(100, daysBefore(10)), usd(95, daysBefore(2))];
    expect(priceDropOf(shown, { amount: 80, currency: 'USD' }, AT)).toMatchObject({ percent: 20, from: 100 });
  });

  it(`earns no badge for a drop under ${MIN_BADGE_DROP_PERCENT}%, a rise, no price, or another currency`, () => {
    const shown = [usd(100, daysBefore(1))];
    expect(priceDropOf(shown, { amount: 96, currency: 'USD' }, AT)).toBeNull();
    expect(priceDropOf(shown, { amount: 95, currency: 'USD' }, AT)).toMatchObject({ percent: 5 });
    expect(priceDropOf(shown, { amount: 130, currency: 'USD' }, AT)).toBeNull();
    expect(priceDropOf(shown, { amount: null, currency: null }, AT)).toBeNull();
    expect(priceDropOf(shown, { amount: 50, currency: 'EUR' }, AT)).toBeNull();
    expect(priceDropOf([], { amount: 50, currency: 'USD' }, AT)).toBeNull();
  });
});

describe('currentPriceDrop', () => {
  it('shows a drop only while it is within the window', () => {
    const drop = { percent: 20, from: 100, to: 80, since: daysBefore(6).toISOString() };
    expect(currentPriceDrop(drop, AT)).toBe(drop);
    expect(currentPriceDrop({ ...drop, since: daysBefore(8).toISOString() }, AT)).toBeNull();
    expect(currentPriceDrop(null, AT)).toBeNull();
  });
});
