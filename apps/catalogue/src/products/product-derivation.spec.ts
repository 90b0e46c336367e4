import type { Capture } from '@closetly/contracts';
import { capture } from '@closetly/testing';
import { type DerivationInput, deriveProduct, type LatestObservation, mostAgreed, type PageRead, robustPrice, type SaverCapture } from './product-derivation';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 0, 1);
/** A page of a shop that is not a supported retailer: listing there is earned by agreement only. */
const BOUTIQUE_KEY = 'url:https://boutique.example/p/cable-knit';

/** A saver's latest capture; `day` orders savers (the smaller saved first). */
function saver(userId: string, day: number, overrides: Partial<Capture> = {}): SaverCapture {
  return { userId, firstSavedAt: new Date(START + day * DAY_MS), capture: capture(overrides) };
}

function observation(userId: string, amount: number, overrides: Partial<LatestObservation> = {}): LatestObservation {
  return { userId, amount, currency: 'USD', priceText: `$${amount}`, ...overrides };
}

/** Every saver proved unless the test names who is: the rules of agreement are about proved savers. */
function derive(input: Partial<DerivationInput> & Pick<DerivationInput, 'captures'>) {
  return deriveProduct({
    productKey: BOUTIQUE_KEY,
    observations: [],
    corrections: {},
    adminGender: null,
    provedUserIds: new Set(input.captures.map((each) => each.userId)),
    page: null,
    contestSettledAt: null,
    ...input,
  });
}

const vote = (key: string) => ({ key, value: key.toUpperCase() });

describe('mostAgreed', () => {
  it('is null without votes', () => {
    expect(mostAgreed([])).toBeNull();
  });

  it('answers the value most voters chose, with how many chose it', () => {
    expect(mostAgreed([vote('a'), vote('b'), vote('b')])).toEqual({ value: 'B', voters: 2 });
  });

  it('breaks a tie for the group whose first voter came first', () => {
    expect(mostAgreed([vote('a'), vote('b'), vote('b'), vote('a')])).toEqual({ value: 'A', voters: 2 });
    expect(mostAgreed([vote('b'), vote('a')])).toEqual({ value: 'B', voters: 1 });
  });

  it('keeps the first voter’s value for a group', () => {
    expect(mostAgreed([{ key: 'k', value: 'first' }, { key: 'k', value: 'second' }])).toEqual({ value: 'first', voters: 2 });
  });
});

describe('robustPrice', () => {
  it('has no price, currency or text without observations', () => {
    expect(robustPrice([], ['u1'])).toEqual({ price: null, currency: null, priceText: null });
  });

  it('is the median of an odd count, with that observation’s currency and text', () => {
    const observations = [observation('u1', 10), observation('u2', 500, { priceText: 'Now $500' }), observation('u3', 12, { priceText: '$12.00' })];
    expect(robustPrice(observations, ['u1', 'u2', 'u3'])).toEqual({ price: 12, currency: 'USD', priceText: '$12.00' });
  });

  it('with two savers keeps the first saver’s price, whichever way the second lies', () => {
    expect(robustPrice([observation('honest', 50), observation('liar', 1)], ['honest', 'liar']).price).toBe(50);
    expect(robustPrice([observation('liar', 5000), observation('honest', 50)], ['honest', 'liar']).price).toBe(50);
  });

  it('lets two honest savers outvote a liar who saved first', () => {
    const observations = [observation('liar', 1), observation('honest-1', 50), observation('honest-2', 50)];
    expect(robustPrice(observations, ['liar', 'honest-1', 'honest-2']).price).toBe(50);
  });

  it('on an even count takes, of the two middle amounts, the one of the saver who saved first', () => {
    const observations = [observation('u1', 40), observation('u2', 10), observation('u3', 30), observation('u4', 20)];
    // Middle amounts: 20 (u4) and 30 (u3).
    expect(robustPrice(observations, ['u3', 'u1', 'u2', 'u4']).price).toBe(30);
    expect(robustPrice(observations, ['u4', 'u1', 'u2', 'u3']).price).toBe(20);
  });

  it('prices in the currency most savers used, from their amounts only', () => {
    const observations = [observation('u1', 100), observation('u2', 45, { currency: 'EUR', priceText: '€45' }), observation('u3', 47, { currency: 'EUR', priceText: '€47' })];
    // EUR: 45 (u2) and 47 (u3); u2 saved first.
    expect(robustPrice(observations, ['u1', 'u2', 'u3'])).toEqual({ price: 45, currency: 'EUR', priceText: '€45' });
  });

  it('on a currency tie uses the first saver’s currency', () => {
    const observations = [observation('u2', 45, { currency: 'EUR' }), observation('u1', 100, { currency: 'GBP' })];
    expect(robustPrice(observations, ['u1', 'u2'])).toMatchObject({ price: 100, currency: 'GBP' });
  });

  it('counts a price without a currency as its own currency', () => {
    const observations = [observation('u1', 100), observation('u2', 60, { currency: null }), observation('u3', 70, { currency: null })];
    expect(robustPrice(observations, ['u1', 'u2', 'u3'])).toMatchObject({ price: 60, currency: null });
  });
});

describe('deriveProduct', () => {
  it('needs at least one capture', () => {
    expect(() => derive({ captures: [] })).toThrow();
  });

  it('is the one saver’s capture when only one saved it', () => {
    const product = derive({
      captures: [saver('u1', 0, { name: 'Wool Coat', brand: 'Arket', imageUrl: 'https://images.example/coat.jpg', description: 'Long wool coat.' })],
      observations: [observation('u1', 250, { priceText: '$250.00' })],
    });
    expect(product).toMatchObject({
      name: 'Wool Coat',
      brand: 'Arket',
      price: 250,
      currency: 'USD',
      priceText: '$250.00',
      imageUrl: 'https://images.example/coat.jpg',
      description: 'Long wool coat.',
      category: 'outerwear',
      listed: false,
    });
  });

  describe('one lying saver', () => {
    const honest = { name: 'Cable Knit Jumper', brand: 'COS', imageUrl: 'https://images.example/real.jpg', description: 'Soft wool.' };
    const lie = { name: 'Free iPhone', brand: 'Scam', imageUrl: 'https://images.example/spam.jpg', description: 'Click here.' };

    it('of two: the first saver’s name, brand, image, description and price stand', () => {
      const product = derive({
        captures: [saver('liar', 1, lie), saver('honest', 0, honest)],
        observations: [observation('liar', 1), observation('honest', 89)],
      });
      expect(product).toMatchObject({ ...honest, price: 89 });
    });

    it('of three, even when the liar saved first: the two honest savers win', () => {
      const product = derive({
        captures: [saver('liar', 0, lie), saver('honest-1', 1, honest), saver('honest-2', 2, honest)],
        observations: [observation('liar', 1), observation('honest-1', 89), observation('honest-2', 89)],
      });
      expect(product).toMatchObject({ ...honest, price: 89 });
    });
  });

  it('breaks ties by who saved first, whatever order the captures come in', () => {
    const product = derive({
      captures: [saver('later', 5, { name: 'Later Name', imageUrl: 'https://images.example/later.jpg' }), saver('earlier', 2, { name: 'Earlier Name', imageUrl: 'https://images.example/earlier.jpg' })],
      observations: [observation('later', 10), observation('earlier', 20)],
    });
    expect(product).toMatchObject({ name: 'Earlier Name', imageUrl: 'https://images.example/earlier.jpg', price: 20 });
  });

  it('compares name and brand without case or spacing, and shows them as their first saver wrote them', () => {
    const product = derive({
      captures: [saver('liar', 0, { name: 'Something Else', brand: 'Other' }), saver('u1', 1, { name: 'Cable  Knit Jumper ', brand: 'cos' }), saver('u2', 2, { name: 'cable knit jumper', brand: 'COS' })],
    });
    expect(product).toMatchObject({ name: 'Cable  Knit Jumper ', brand: 'cos', listed: true });
  });

  it('takes name and brand together, never one saver’s name with another’s brand', () => {
    const product = derive({
      captures: [saver('u1', 0, { name: 'Jumper A', brand: 'Brand X' }), saver('u2', 1, { name: 'Jumper A', brand: 'Brand Y' }), saver('u3', 2, { name: 'Jumper B', brand: 'Brand Y' })],
    });
    expect(product).toMatchObject({ name: 'Jumper A', brand: 'Brand X', listed: false });
  });

  it('takes the description most savers wrote, spacing aside, and ignores blank ones', () => {
    const product = derive({
      captures: [saver('u1', 0, { description: '   ' }), saver('u2', 1, { description: 'Fake text.' }), saver('u3', 2, { description: ' Soft   wool. ' }), saver('u4', 3, { description: 'Soft wool.' })],
    });
    expect(product.description).toBe('Soft   wool.');
    expect(derive({ captures: [saver('u1', 0, { description: '' }), saver('u2', 1, { description: '  ' }), saver('u3', 2, { description: 'Soft wool.' })] }).description).toBe('Soft wool.');
    expect(derive({ captures: [saver('u1', 0, { description: '' })] }).description).toBe('');
  });

  it('takes the image most savers captured and ignores savers without one', () => {
    const product = derive({ captures: [saver('u1', 0, { imageUrl: null }), saver('u2', 1, { imageUrl: null }), saver('u3', 2, { imageUrl: 'https://images.example/3.jpg' })] });
    expect(product.imageUrl).toBe('https://images.example/3.jpg');
    expect(derive({ captures: [saver('u1', 0, { imageUrl: null })] }).imageUrl).toBeNull();
  });

  it('counts only web images, without credentials, so one image spelled with and without them is one vote', () => {
    const product = derive({
      captures: [
        saver('u1', 0, { imageUrl: 'https://images.example/first.jpg' }),
        saver('u2', 1, { imageUrl: 'https://user:secret@images.example/shared.jpg' }),
        saver('u3', 2, { imageUrl: 'https://images.example/shared.jpg' }),
      ],
    });
    expect(product.imageUrl).toBe('https://images.example/shared.jpg');
    expect(derive({ captures: [saver('u1', 0, { imageUrl: 'http://images.example:443/a.jpg' })] }).imageUrl).toBeNull();
  });

  it('lets the administrator’s corrections win over the savers’ agreement', () => {
    const savers = [saver('u1', 0, { name: 'Cable Knit Jumper' }), saver('u2', 1, { name: 'Cable Knit Jumper' })];
    const corrections = { name: 'Leather Ankle Boots', brand: 'Arket', imageUrl: 'https://images.example/fixed.jpg', description: 'Corrected.' };
    expect(derive({ captures: savers, corrections })).toMatchObject({ ...corrections, category: 'shoes' });
  });

  describe('colour', () => {
    it('is what most savers who stated one captured', () => {
      const product = derive({
        captures: [saver('u1', 0, { colour: 'Ecru' }), saver('u2', 1, { colour: 'Navy' }), saver('u3', 2, { colour: 'Navy' })],
      });
      expect(product.colour).toBe('Navy');
    });

    it('on a tie is the first saver’s, whatever order the captures come in', () => {
      const product = derive({ captures: [saver('later', 5, { colour: 'Navy' }), saver('earlier', 2, { colour: 'Ecru' })] });
      expect(product.colour).toBe('Ecru');
    });

    it('counts one colour without case or spacing, shown as its first saver wrote it', () => {
      const product = derive({
        captures: [saver('u1', 0, { colour: 'Ecru' }), saver('u2', 1, { colour: 'mid  wash blue ' }), saver('u3', 2, { colour: 'Mid Wash Blue' })],
      });
      expect(product.colour).toBe('mid wash blue');
    });

    it('lets only savers who stated one vote: blank and missing colours are no vote', () => {
      const product = derive({
        captures: [saver('u1', 0, { colour: null }), saver('u2', 1, { colour: '   ' }), saver('u3', 2, { colour: null }), saver('u4', 3, { colour: 'Olive' })],
      });
      expect(product.colour).toBe('Olive');
    });

    it('is null when nobody stated one, including captures kept before colours were', () => {
      const old = saver('u2', 1);
      delete (old.capture as Partial<Capture>).colour;
      expect(derive({ captures: [saver('u1', 0, { colour: null }), old, saver('u3', 2, { colour: ' ' })] }).colour).toBeNull();
    });
  });

  describe('gender', () => {
    it('is the administrator’s when set', () => {
      const product = derive({ captures: [saver('u1', 0, { gender: 'Women' })], adminGender: 'Men' });
      expect(product).toMatchObject({ gender: 'Men', genderSource: 'admin' });
    });

    it('else what most savers who named one captured', () => {
      const product = derive({ captures: [saver('u1', 0, { gender: 'Women' }), saver('u2', 1, { gender: 'Men' }), saver('u3', 2, { gender: null }), saver('u4', 3, { gender: 'Men' })] });
      expect(product).toMatchObject({ gender: 'Men', genderSource: 'captures' });
    });

    it('else Unisex by default', () => {
      expect(derive({ captures: [saver('u1', 0, { gender: null })] })).toMatchObject({ gender: 'Unisex', genderSource: 'default' });
    });
  });

  describe('listing', () => {
    it('lists a supported retailer’s page when the retailer sells the brand', () => {
      const zara = 'url:https://zara.com/us/en/p/123';
      expect(derive({ productKey: zara, captures: [saver('u1', 0, { brand: 'Zara' })] })).toMatchObject({ listed: true, retailer: 'zara.com' });
      expect(derive({ productKey: zara, captures: [saver('u1', 0, { brand: 'Gucci' })] }).listed).toBe(false);
    });

    it('lists any brand from a multi-brand supported retailer', () => {
      expect(derive({ productKey: 'url:https://asos.com/p/1', captures: [saver('u1', 0, { brand: 'Gucci' })] }).listed).toBe(true);
    });

    it('judges the brand after the administrator’s correction', () => {
      const product = derive({ productKey: 'url:https://zara.com/us/en/p/123', captures: [saver('u1', 0, { brand: 'Gucci' })], corrections: { brand: 'Zara' } });
      expect(product.listed).toBe(true);
    });

    it('lists a product from any other shop once two savers agree on name and brand', () => {
      expect(derive({ captures: [saver('u1', 0), saver('u2', 1)] }).listed).toBe(true);
      expect(derive({ productKey: 'name:["cable knit jumper","cos"]', captures: [saver('u1', 0), saver('u2', 1)] }).listed).toBe(true);
    });

    it('does not list it on one saver, or on two who disagree', () => {
      expect(derive({ captures: [saver('u1', 0)] }).listed).toBe(false);
      expect(derive({ captures: [saver('u1', 0), saver('u2', 1, { brand: 'Other' })] }).listed).toBe(false);
    });
  });

  it('links to the canonical URL of a url: key, with its retailer', () => {
    expect(derive({ captures: [saver('u1', 0)] })).toMatchObject({ sourceUrl: 'https://boutique.example/p/cable-knit', retailer: 'boutique.example' });
  });

  it('has no link ("#") and no retailer for a name: key', () => {
    expect(derive({ productKey: 'name:["cable knit jumper","cos"]', captures: [saver('u1', 0)] })).toMatchObject({ sourceUrl: '#', retailer: null });
  });

  it('infers the category from the derived name, not the liar’s', () => {
    const product = derive({
      captures: [saver('liar', 0, { name: 'Silk Scarf', category: 'accessories' }), saver('u1', 1, { name: 'Leather Ankle Boots', category: 'home' }), saver('u2', 2, { name: 'Leather Ankle Boots', category: 'home' })],
    });
    expect(product).toMatchObject({ name: 'Leather Ankle Boots', category: 'shoes' });
  });
});

describe('deriveProduct: only proved savers count', () => {
  const honest = { name: 'Cable Knit Jumper', brand: 'COS', imageUrl: 'https://images.example/real.jpg', description: 'Soft wool.' };
  const lie = { name: 'TAMPERED', brand: 'Scam', imageUrl: 'https://images.example/spam.jpg', description: 'Click here.' };

  it('ignores any number of unproved savers once one proved saver has saved it', () => {
    const liars = Array.from({ length: 6 }, (_, k) => saver(`throwaway-${k}`, k, lie));
    const product = derive({
      captures: [...liars, saver('proved', 10, honest)],
      observations: [...liars.map((liar) => observation(liar.userId, 1)), observation('proved', 89)],
      provedUserIds: new Set(['proved']),
    });
    expect(product).toMatchObject({ ...honest, price: 89, listed: false, contested: [] });
  });

  it('fills a product nobody proved from its savers, for their own eyes: never listed', () => {
    const product = derive({ captures: [saver('a', 0, honest), saver('b', 1, honest)], provedUserIds: new Set() });
    expect(product).toMatchObject({ ...honest, listed: false, verified: false });
    expect(derive({ productKey: 'url:https://zara.com/us/en/p/123', captures: [saver('a', 0, { brand: 'Zara' })], provedUserIds: new Set() }).listed).toBe(false);
  });

  it('lists a supported retailer\'s page on one proved saver, and any shop\'s on two proved savers agreeing', () => {
    expect(derive({ productKey: 'url:https://zara.com/us/en/p/123', captures: [saver('a', 0, { brand: 'Zara' })], provedUserIds: new Set(['a']) }).listed).toBe(true);
    expect(derive({ captures: [saver('a', 0), saver('b', 1)], provedUserIds: new Set(['a']) }).listed).toBe(false);
    expect(derive({ captures: [saver('a', 0), saver('b', 1)], provedUserIds: new Set(['a', 'b']) }).listed).toBe(true);
  });

  it('prices from proved savers only: a lone new saver among older proved savers does not set it', () => {
    const product = derive({
      captures: [saver('p1', 0), saver('p2', 1), saver('newcomer', 40), saver('throwaway', 41)],
      observations: [observation('p1', 80), observation('p2', 80), observation('newcomer', 1), observation('throwaway', 1)],
      provedUserIds: new Set(['p1', 'p2', 'newcomer']),
    });
    expect(product.price).toBe(80);
  });
});

describe('deriveProduct: the retailer\'s page decides', () => {
  // Keys hold the canonical address (no www).
  const ZARA_KEY = 'url:https://zara.com/us/en/wool-coat-p0123.html';
  const page = (overrides: Partial<PageRead> = {}): PageRead => ({
    sourceUrl: 'https://www.zara.com/us/en/wool-coat-p0123.html',
    name: 'Wool Blend Coat',
    brand: 'Zara',
    price: 129,
    currency: 'USD',
    imageUrl: 'https://static.zara.example/coat.jpg',
    description: 'A coat in a wool blend.',
    fetchedAt: new Date(START + 20 * DAY_MS),
    ...overrides,
  });
  const liar = (userId: string, day: number) => saver(userId, day, { name: 'TAMPERED', brand: 'Zara', imageUrl: 'https://images.example/spam.jpg' });

  it('takes name, brand, image, price and description from the page, whatever proved savers claim', () => {
    const product = derive({
      productKey: ZARA_KEY,
      captures: [liar('l1', 0), liar('l2', 1), liar('l3', 2)],
      observations: [observation('l1', 1), observation('l2', 1), observation('l3', 1)],
      page: page(),
    });
    expect(product).toMatchObject({ name: 'Wool Blend Coat', brand: 'Zara', price: 129, currency: 'USD', imageUrl: 'https://static.zara.example/coat.jpg', verified: true, listed: true });
    expect(product.contested).toContain('page');
  });

  it('ignores a page read whose address is another product\'s', () => {
    const product = derive({ productKey: ZARA_KEY, captures: [saver('a', 0, { name: 'Honest Coat', brand: 'Zara' })], page: page({ sourceUrl: 'https://www.zara.com/us/en/other-p999.html' }) });
    expect(product).toMatchObject({ name: 'Honest Coat', verified: false });
  });

  it('keeps the savers\' price when the page states none, and the administrator\'s corrections over the page', () => {
    const product = derive({ productKey: ZARA_KEY, captures: [saver('a', 0, { brand: 'Zara' })], observations: [observation('a', 99)], page: page({ price: null, currency: null }), corrections: { name: 'Corrected' } });
    expect(product).toMatchObject({ name: 'Corrected', price: 99, verified: true });
  });
});

describe('deriveProduct: contested', () => {
  it('is contested when proved savers disagree on name and brand, or on price by more than 20%', () => {
    expect(derive({ captures: [saver('a', 0), saver('b', 1, { name: 'Other' })] }).contested).toEqual(['name-brand']);
    expect(derive({ captures: [saver('a', 0), saver('b', 1)], observations: [observation('a', 100), observation('b', 121)] }).contested).toEqual(['price']);
    expect(derive({ captures: [saver('a', 0), saver('b', 1)], observations: [observation('a', 100), observation('b', 120)] }).contested).toEqual([]);
  });

  it('is not contested by unproved savers', () => {
    expect(derive({ captures: [saver('a', 0), saver('b', 1, { name: 'Other' })], provedUserIds: new Set(['a']) }).contested).toEqual([]);
  });

  it('a honest proved saver first and a proved liar: contested, showing the first', () => {
    const product = derive({ captures: [saver('honest', 0, { name: 'Cable Knit Jumper' }), saver('liar', 1, { name: 'TAMPERED' })] });
    expect(product).toMatchObject({ name: 'Cable Knit Jumper', contested: ['name-brand'] });
  });

  it('is settled by the administrator until newer evidence arrives', () => {
    const captures = [
      { ...saver('a', 0), capturedAt: new Date(START) },
      { ...saver('b', 1, { name: 'Other' }), capturedAt: new Date(START + DAY_MS) },
    ];
    expect(derive({ captures, contestSettledAt: new Date(START + 2 * DAY_MS) }).contested).toEqual([]);
    const newer = [...captures, { ...saver('c', 3, { name: 'Third' }), capturedAt: new Date(START + 3 * DAY_MS) }];
    expect(derive({ captures: newer, contestSettledAt: new Date(START + 2 * DAY_MS) }).contested).toEqual(['name-brand']);
  });
});
