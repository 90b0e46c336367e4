import { describe, expect, it } from '@jest/globals';
import type { Category, ProductGender } from '@closetly/contracts';
import { ALL_ACCESSORIES, MEN_PAGE, POPULAR_ACCESSORIES, WOMEN_PAGE, accessoriesWardrobe, genderPageLists, genderWardrobe } from './catalogue-lists';

describe('catalogue page sections', () => {
  it('caches each women\'s list under the spec\'s keys, in the page\'s order, asking for Women', () => {
    expect(genderPageLists(WOMEN_PAGE).map(({ title, cacheKey, source }) => [title, cacheKey, source])).toEqual([
      ["Popular Women's Items", 'popularItems_women', { kind: 'popular', category: 'all', gender: 'Women' }],
      ["Women's Tops", 'women_tops', { kind: 'category', category: 'tops', gender: 'Women' }],
      ["Women's Bottoms", 'women_bottoms', { kind: 'category', category: 'bottoms', gender: 'Women' }],
      ["Women's Shoes", 'women_shoes', { kind: 'category', category: 'shoes', gender: 'Women' }],
      ["Women's Outerwear", 'women_outerwear', { kind: 'category', category: 'outerwear', gender: 'Women' }],
    ]);
  });

  it('gives the men\'s page the same sections under men_ keys, hiding empty ones and keeping stale lists on failure', () => {
    const lists = genderPageLists(MEN_PAGE);
    expect(lists.map((list) => list.cacheKey)).toEqual(['popularItems_men', 'men_tops', 'men_bottoms', 'men_shoes', 'men_outerwear']);
    expect(lists.map((list) => list.title)).toEqual(["Popular Men's Items", "Men's Tops", "Men's Bottoms", "Men's Shoes", "Men's Outerwear"]);
    expect(lists.every((list) => list.keepStaleOnError && list.source.gender === 'Men')).toBe(true);
    expect(MEN_PAGE.hideEmptySections).toBe(true);
    expect(genderPageLists(WOMEN_PAGE).some((list) => list.keepStaleOnError)).toBe(false);
    expect(WOMEN_PAGE.hideEmptySections).toBe(false);
  });

  it('asks for accessories of every gender under their own keys', () => {
    expect([POPULAR_ACCESSORIES, ALL_ACCESSORIES].map(({ cacheKey, source }) => [cacheKey, source])).toEqual([
      ['popularItems_accessories', { kind: 'popular', category: 'accessories' }],
      ['accessories_accessories', { kind: 'category', category: 'accessories' }],
    ]);
  });
});

describe('wardrobe sections', () => {
  const saved = (gender: ProductGender, category: Category) => ({ id: `${gender}-${category}`, gender, category });
  const items = [
    saved('Women', 'tops'),
    saved('Men', 'shoes'),
    saved('Unisex', 'outerwear'),
    saved('Women', 'accessories'),
    saved('Unisex', 'accessories'),
    saved('Women', 'home'),
  ];

  it('shows the saved clothing of the page\'s gender plus Unisex', () => {
    expect(genderWardrobe(items, 'Women').map((item) => item.id)).toEqual(['Women-tops', 'Unisex-outerwear']);
    expect(genderWardrobe(items, 'Men').map((item) => item.id)).toEqual(['Men-shoes', 'Unisex-outerwear']);
  });

  it('shows every saved accessory on the accessories page', () => {
    expect(accessoriesWardrobe(items).map((item) => item.id)).toEqual(['Women-accessories', 'Unisex-accessories']);
  });
});
