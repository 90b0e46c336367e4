import { describe, expect, it } from '@jest/globals';
import { isOnSale, isUnavailable, priceDropBadge, shownPrice } from './price-badges';

const drop = { percent: 15, from: 80, to: 68, since: '2026-11-20T08:00:00.000Z' };

describe('price badges', () => {
  it('reads "Price dropped X%" from the product\'s drop, and nothing without one', () => {
    expect(priceDropBadge({ priceDrop: drop })).toBe('Price dropped 15%');
    expect(priceDropBadge({ priceDrop: { ...drop, percent: 5 } })).toBe('Price dropped 5%');
    expect(priceDropBadge({ priceDrop: null })).toBeNull();
    expect(priceDropBadge({})).toBeNull();
  });

  it('counts a product as unavailable only when it says so', () => {
    expect(isUnavailable({ available: false })).toBe(true);
    expect(isUnavailable({ available: true })).toBe(false);
    expect(isUnavailable({})).toBe(false);
  });

  it('is on sale while it carries a drop', () => {
    expect(isOnSale({ priceDrop: drop })).toBe(true);
    expect(isOnSale({ priceDrop: null })).toBe(false);
    expect(isOnSale({})).toBe(false);
  });

  it('shows the price a product dropped to, even where its own price is what a saver captured before the drop', () => {
    expect(shownPrice({ price: 80, priceDrop: drop })).toBe(68);
    expect(shownPrice({ price: 80, priceDrop: null })).toBe(80);
    expect(shownPrice({ price: null })).toBeNull();
  });
});
