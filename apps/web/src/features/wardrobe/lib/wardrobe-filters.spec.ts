import { describe, expect, it } from '@jest/globals';
import type { WardrobeItem } from '@closetly/contracts';
import { filterWardrobe, hasWardrobeFilters, NO_FILTERS } from './wardrobe-filters';

const item = (name: string, change: Partial<WardrobeItem> = {}): WardrobeItem =>
  ({
    id: `00000000-0000-4000-8000-00000000000${name.length}`,
    name,
    brand: 'Zara',
    price: 40,
    gender: 'Women',
    ...change,
  }) as WardrobeItem;

describe('wardrobe filters', () => {
  const dropped = item('Dropped', { priceDrop: { percent: 20, from: 50, to: 40, since: '2026-11-25T00:00:00.000Z' } });
  const steady = item('Steady', { priceDrop: null });
  const older = item('Older');

  it('Sale keeps only the items whose price dropped, with the other filters', () => {
    expect(filterWardrobe([dropped, steady, older], { ...NO_FILTERS, sale: true })).toEqual([dropped]);
    expect(filterWardrobe([dropped, steady, older], { ...NO_FILTERS, sale: true, brand: 'Acme' })).toEqual([]);
    expect(filterWardrobe([dropped, steady, older], NO_FILTERS)).toEqual([dropped, steady, older]);
  });

  it('counts Sale as a filter to clear', () => {
    expect(hasWardrobeFilters(NO_FILTERS)).toBe(false);
    expect(hasWardrobeFilters({ ...NO_FILTERS, sale: true })).toBe(true);
    expect(hasWardrobeFilters({ ...NO_FILTERS, brand: 'Zara' })).toBe(true);
  });
});
