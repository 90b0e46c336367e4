import type { PageCapture } from './capture-page';
import { itemFromCapture, observationFromCapture } from './item';

const capture = (overrides: Partial<PageCapture> = {}): PageCapture => ({
  name: 'Relaxed Linen Overshirt',
  brand: 'Arket',
  price: 89,
  currency: 'USD',
  imageUrl: 'https://images.arket.com/overshirt.jpg',
  description: 'A relaxed overshirt in washed linen.',
  sourceUrl: 'https://www.arket.com/en/product/linen-overshirt',
  gender: 'Men',
  category: 'tops',
  colour: null,
  confidence: 0.9,
  pageUrl: 'https://www.arket.com/en/product/linen-overshirt?utm_source=x',
  ...overrides,
});

describe('itemFromCapture', () => {
  it('sends what the page says, with its canonical address', () => {
    expect(itemFromCapture(capture())).toEqual({
      name: 'Relaxed Linen Overshirt',
      brand: 'Arket',
      price: 89,
      imageUrl: 'https://images.arket.com/overshirt.jpg',
      description: 'A relaxed overshirt in washed linen.',
      sourceUrl: 'https://www.arket.com/en/product/linen-overshirt',
      gender: 'Men',
      category: 'tops',
    });
  });

  it('keeps a non-dollar amount’s currency, and reads a typed price as written', () => {
    expect(itemFromCapture(capture({ price: 49.95, currency: 'EUR' }))?.price).toBe('49.95 EUR');
    expect(itemFromCapture(capture({ price: 49.95, currency: 'EUR' }), { price: '49.95' })?.price).toBe('49.95 EUR');
    expect(itemFromCapture(capture({ price: 49.95, currency: 'EUR' }), { price: '£39' })?.price).toBe('£39');
  });

  it('applies the user’s corrections and an image chosen from the context menu', () => {
    const item = itemFromCapture(capture(), { name: '  Linen Overshirt ', brand: 'ARKET', gender: 'Unisex', imageUrl: 'https://images.arket.com/back.jpg' });
    expect(item).toMatchObject({ name: 'Linen Overshirt', brand: 'ARKET', gender: 'Unisex', imageUrl: 'https://images.arket.com/back.jpg' });
  });

  it('sends the colour the page states, or the one the user typed, trimmed', () => {
    expect(itemFromCapture(capture({ colour: 'Ecru' }))?.colour).toBe('Ecru');
    expect(itemFromCapture(capture(), { colour: '  Navy ' })?.colour).toBe('Navy');
    expect(itemFromCapture(capture({ colour: 'Ecru' }), { colour: 'Washed Black' })?.colour).toBe('Washed Black');
  });

  it('sends no colour when none is stated or the user cleared it', () => {
    expect(itemFromCapture(capture())).not.toHaveProperty('colour');
    expect(itemFromCapture(capture({ colour: 'Ecru' }), { colour: '   ' })).not.toHaveProperty('colour');
  });

  it('uses the tab’s address when the page names no canonical one', () => {
    expect(itemFromCapture(capture({ sourceUrl: '' }))?.sourceUrl).toBe('https://www.arket.com/en/product/linen-overshirt?utm_source=x');
  });

  it.each([
    ['no name', capture({ name: null }), {}],
    ['a blank name', capture(), { name: '  ' }],
    ['no brand', capture({ brand: null }), {}],
    ['no price', capture({ price: null }), {}],
    ['a cleared price', capture(), { price: ' ' }],
  ])('is null with %s, so the popup asks for it', (_case, page, edits) => {
    expect(itemFromCapture(page, edits)).toBeNull();
  });
});

describe('observationFromCapture (issue 25: the price a saved page shows)', () => {
  const productId = '7f1c3e0e-2b1a-4c8e-9d1e-0a1b2c3d4e5f';

  it('sends the page price for the saved product, with its currency when it is not dollars', () => {
    expect(observationFromCapture(productId, capture())).toEqual({ productId, price: 89 });
    expect(observationFromCapture(productId, capture({ price: 49.95, currency: 'EUR' }))).toEqual({ productId, price: '49.95 EUR' });
    expect(observationFromCapture(productId, capture({ currency: null }))).toEqual({ productId, price: 89 });
  });

  it('sends nothing when the page shows no price', () => {
    expect(observationFromCapture(productId, capture({ price: null }))).toBeNull();
  });
});
