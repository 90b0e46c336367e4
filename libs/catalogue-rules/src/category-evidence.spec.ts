import { captureCategory, categoryFromEvidence, categoryWithEvidence, phraseCategory } from './category-evidence';
import { inferCategory } from './infer-category';

describe('phraseCategory', () => {
  it.each<[string, string | null]>([
    ['Jackets', 'outerwear'],
    ["Women's Jackets & Coats", 'outerwear'],
    ['Shoes/Sneakers', 'shoes'],
    ['Accessories > Bags', 'accessories'],
    ['Clothing > Women > Jackets', 'outerwear'],
    ['Home > Women > Shoes > Sneakers', 'shoes'],
    ['Tops & T-Shirts', 'tops'],
    ['Hoodies & Sweatshirts', 'tops'],
    ['Dresses', 'tops'],
    ['Jeans', 'bottoms'],
    ['Leggings', 'bottoms'],
    ['Knitwear', 'tops'],
    ['Footwear', 'shoes'],
    ['Jewellery', 'accessories'],
    ['Home & Living > Cushions', 'home'],
    ['/en/womens-shoes/dayzy-123', 'shoes'],
    ['/collections/mens-outerwear/products/gdc-zoe', 'outerwear'],
    ['Apparel & Accessories > Clothing > Outerwear > Coats & Jackets', 'outerwear'],
    ['Apparel & Accessories > Shoes', 'shoes'],
    ['Apparel & Accessories > Clothing Accessories > Belts', 'accessories'],
  ])('%p → %p', (phrase, expected) => {
    expect(phraseCategory(phrase)).toBe(expected);
  });

  it('reads the deepest segment that names a kind of item', () => {
    expect(phraseCategory('Clothing > Tops > Jackets')).toBe('outerwear');
    // An overshirt is a shirt unless its name says jacket (issue 21).
    expect(phraseCategory('Clothing > Shirts > Overshirts')).toBe('tops');
    expect(phraseCategory('Shoes > Dayzy')).toBe('shoes');
  });

  it('needs a primary keyword with a clear winner: materials, fits and mixed segments say nothing', () => {
    expect(phraseCategory('Denim')).toBeNull();
    expect(phraseCategory('Leather Goods')).toBeNull();
    expect(phraseCategory('Dresses & Skirts')).toBeNull();
    expect(phraseCategory('Women > New In > Sale')).toBeNull();
    expect(phraseCategory('')).toBeNull();
  });

  it('does not read "top" as a garment in shop navigation', () => {
    expect(phraseCategory('Top Sellers')).toBeNull();
    expect(phraseCategory('Women > Top Picks')).toBeNull();
    expect(phraseCategory('Top Picks > Jackets')).toBe('outerwear');
    expect(phraseCategory('Crop Tops')).toBe('tops');
  });

  it('ignores what is not text', () => {
    expect(phraseCategory(42 as unknown as string)).toBeNull();
  });
});

describe('categoryFromEvidence', () => {
  it('takes the category the phrases agree on, with their votes', () => {
    expect(categoryFromEvidence(['Clothing > Women > Jackets', 'Home > Women > Coats & Jackets'])).toEqual({
      category: 'outerwear',
      votes: { home: 0, shoes: 0, bottoms: 0, tops: 0, outerwear: 2, accessories: 0 },
    });
  });

  it('needs a clear winner: 2 to 1 wins, 1 to 1 is no evidence', () => {
    expect(categoryFromEvidence(['Shoes', 'Sneakers', 'Bags'])?.category).toBe('shoes');
    expect(categoryFromEvidence(['Shoes', 'Bags'])).toBeNull();
  });

  it('is null without evidence', () => {
    expect(categoryFromEvidence([])).toBeNull();
    expect(categoryFromEvidence(['Women', 'New Arrivals'])).toBeNull();
  });
});

describe('categoryWithEvidence', () => {
  const dayzy = { name: 'Dayzy', description: 'Our best-selling sneaker, now in white.' };

  it('a model name falls to home by the spec scores alone', () => {
    expect(inferCategory(dayzy)).toMatchObject({ category: 'home', reason: 'weak' });
  });

  it('1. stated evidence comes first, even over the name', () => {
    expect(categoryWithEvidence({ ...dayzy, stated: ['Women > Shoes > Sneakers'] })).toEqual({ category: 'shoes', source: 'stated' });
    expect(categoryWithEvidence({ name: 'Denim Jacket', stated: ['Sale > Tops'] })).toEqual({ category: 'tops', source: 'stated' });
  });

  it('2. a URL decides when nothing is stated, and breaks a tie between stated phrases', () => {
    expect(categoryWithEvidence({ name: 'GDC Zoe', hinted: ['/en/womens-jackets/gdc-zoe-123'] })).toEqual({ category: 'outerwear', source: 'hinted' });
    expect(categoryWithEvidence({ name: 'GDC Zoe', stated: ['Jackets', 'Tops'], hinted: ['/jackets/gdc-zoe'] })).toEqual({ category: 'outerwear', source: 'hinted' });
  });

  it('3. otherwise the spec scoring of name and description decides', () => {
    expect(categoryWithEvidence({ name: 'Slim Fit Jeans', stated: ['Women'], hinted: ['/p/123'] })).toEqual({ category: 'bottoms', source: 'scores' });
  });

  it('4. a model name takes a clear category from its description', () => {
    expect(categoryWithEvidence(dayzy)).toEqual({ category: 'shoes', source: 'description' });
    expect(categoryWithEvidence({ name: 'Air Max Plus', description: 'Tuned Air cushioning and the iconic Air logo in the heel.' })).toEqual({
      category: 'shoes',
      source: 'description',
    });
  });

  it('5. home when nothing is clear: a mixed description, or a name that already said something', () => {
    expect(categoryWithEvidence({ name: 'The Riley', description: 'A soft tee to wear with your favourite jeans.' })).toEqual({ category: 'home', source: 'fallback' });
    expect(inferCategory({ name: 'Leather Classic', description: 'A soft jacket.' })).toMatchObject({ category: 'home', reason: 'ambiguous' });
    expect(categoryWithEvidence({ name: 'Leather Classic', description: 'A soft jacket.' })).toEqual({ category: 'home', source: 'fallback' });
    expect(categoryWithEvidence({ name: 'Riley' })).toEqual({ category: 'home', source: 'fallback' });
  });

  it('never changes the spec scores: without evidence it agrees with inferCategory whenever that finds a winner', () => {
    for (const input of [{ name: 'Jeans' }, { name: 'Linen Cushion Cover' }, { name: 'Quilted Puffer Jacket', description: 'Warm.' }]) {
      expect(categoryWithEvidence(input).category).toBe(inferCategory(input).category);
    }
  });
});

describe('captureCategory', () => {
  it('follows the spec’s scoring when the name says what the item is', () => {
    expect(captureCategory({ name: 'Slim Fit Jeans', description: '', sourceUrl: 'https://shop.example.com/p/123' })).toBe('bottoms');
  });

  it('reads a model name’s garment from the description', () => {
    expect(captureCategory({ name: 'Dayzy', description: 'A platform sneaker in soft leather with a padded collar.', sourceUrl: null })).toBe('shoes');
  });

  it('takes the address’s path as a hint when name and description say nothing clear', () => {
    expect(captureCategory({ name: 'GDC Zoe', description: '', sourceUrl: 'https://www.example.com/en-us/womens-jackets/gdc-zoe-123.html' })).toBe('outerwear');
    expect(captureCategory({ name: 'GDC Zoe', description: '', sourceUrl: 'https://www.example.com/en-us/p/gdc-zoe-123.html' })).toBe('home');
  });

  it('never lets the address overrule what the name says', () => {
    expect(captureCategory({ name: 'Ribbed Tank Top', description: '', sourceUrl: 'https://www.example.com/trousers/ribbed-tank-top' })).toBe('tops');
  });

  it('ignores addresses that are not web links, and broken percent-encoding', () => {
    expect(captureCategory({ name: 'GDC Zoe', description: '', sourceUrl: 'javascript:alert(1)//jackets' })).toBe('home');
    expect(captureCategory({ name: 'GDC Zoe', sourceUrl: 'https://www.example.com/%E0%A4%A/jackets/zoe' })).toBe('outerwear');
  });
});
