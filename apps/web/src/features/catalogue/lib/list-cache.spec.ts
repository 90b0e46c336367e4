import { describe, expect, it, jest } from '@jest/globals';
import type { ProductView } from '@closetly/contracts';
import { LIST_CACHE_TTL_MS, isListCacheFresh, readListCache, writeListCache } from './list-cache';

const item: ProductView = {
  id: '7f1c3e0e-2b1a-4c8e-9d1e-0a1b2c3d4e5f',
  name: 'Wool Scarf',
  brand: 'Acme',
  price: 35,
  currency: 'USD',
  priceText: null,
  colour: null,
  imageUrl: null,
  displayImageUrl: '/api/proxy-image?url=x&sig=k.h',
  description: '',
  sourceUrl: '#',
  retailer: null,
  gender: 'Unisex',
  category: 'accessories',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('catalogue list cache', () => {
  it('keeps the items and their fetch time under the given key, and reads them back', () => {
    const storage = memoryStorage();
    expect(writeListCache('popularItems_accessories', [item], 1_000, storage)).toBe(true);
    expect(JSON.parse(storage.values.get('popularItems_accessories') ?? '')).toEqual({ items: [item], timestamp: 1_000 });
    expect(readListCache('popularItems_accessories', storage)).toEqual({ items: [item], timestamp: 1_000 });
    expect(readListCache('men_tops', storage)).toBeNull();
  });

  it('reads nothing from an unreadable or malformed entry, or without storage', () => {
    const storage = memoryStorage({ women_tops: '{not json', men_tops: JSON.stringify({ items: [{ id: 1 }], timestamp: 1 }), men_shoes: JSON.stringify([item]) });
    expect(readListCache('women_tops', storage)).toBeNull();
    expect(readListCache('men_tops', storage)).toBeNull();
    expect(readListCache('men_shoes', storage)).toBeNull();
    expect(readListCache('men_shoes', null)).toBeNull();
  });

  it('reports a refused write instead of throwing', () => {
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(writeListCache('women_shoes', [item], 1, full)).toBe(false);
    expect(writeListCache('women_shoes', [item], 1, null)).toBe(false);
    warn.mockRestore();
  });

  it('is fresh for 1 hour from the fetch, and never when fetched in the future', () => {
    const cache = { items: [item], timestamp: 10_000 };
    expect(isListCacheFresh(cache, 10_000)).toBe(true);
    expect(isListCacheFresh(cache, 10_000 + LIST_CACHE_TTL_MS - 1)).toBe(true);
    expect(isListCacheFresh(cache, 10_000 + LIST_CACHE_TTL_MS)).toBe(false);
    expect(isListCacheFresh(cache, 9_000)).toBe(false);
  });
});
