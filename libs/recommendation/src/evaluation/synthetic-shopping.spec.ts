import { generateShoppingData } from './synthetic-shopping';

describe('generateShoppingData', () => {
  const small = { users: 120, items: 150, brands: 12 };

  it('is reproducible from its seed', () => {
    expect(generateShoppingData({ ...small, seed: 3 })).toEqual(generateShoppingData({ ...small, seed: 3 }));
    expect(generateShoppingData({ ...small, seed: 4 }).saves).not.toEqual(generateShoppingData({ ...small, seed: 3 }).saves);
  });

  it('makes a catalogue of both genders and unisex across the categories, and saves of catalogue items only, once per user', () => {
    const data = generateShoppingData({ ...small, seed: 5 });
    const items = Object.values(data.items);
    expect(items).toHaveLength(150);
    expect(new Set(items.map((item) => item.gender))).toEqual(new Set(['Women', 'Men', 'Unisex', null]));
    expect(new Set(items.map((item) => item.category))).toEqual(new Set(['tops', 'bottoms', 'shoes', 'outerwear', 'accessories', 'home']));
    const pairs = new Set<string>();
    for (const save of data.saves) {
      expect(data.items[save.itemId]).toBeDefined();
      expect(Number.isNaN(Date.parse(save.at as string))).toBe(false);
      pairs.add(`${save.userId} ${save.itemId}`);
    }
    expect(pairs.size).toBe(data.saves.length);
    expect(Object.keys(data.profiles)).toHaveLength(120);
  });

  it('skews popularity: the top tenth of items gets a large share of the saves', () => {
    const data = generateShoppingData({ ...small, seed: 6 });
    const counts = new Map<string, number>();
    for (const save of data.saves) counts.set(save.itemId, (counts.get(save.itemId) ?? 0) + 1);
    const sorted = [...counts.values()].sort((a, b) => b - a);
    const head = sorted.slice(0, 15).reduce((sum, count) => sum + count, 0);
    expect(head / data.saves.length).toBeGreaterThan(0.25);
  });
});
