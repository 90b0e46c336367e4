import { inferCategory, parsePrice, productIdFor, productKey, retailerSellsBrand, supportedRetailerForHost } from '@closetly/catalogue-rules';
import { Email, UpdateProfileRequest, emptyProfile } from '@closetly/contracts';
import { BRANDS, GARMENTS, PERSONAS } from './catalogue-data';
import { type DemoCatalogue, type DemoProduct, formatPrice, generateDemoCatalogue, SAVE_WINDOW_DAYS, shopPrice, slugOf } from './demo-catalogue';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const CATEGORIES = ['tops', 'bottoms', 'shoes', 'outerwear', 'accessories'] as const;

/** Plausible prices in US dollars, from a high-street sock to a designer coat. */
const PRICE_RANGE: Record<(typeof CATEGORIES)[number], readonly [number, number]> = {
  tops: [8, 500],
  bottoms: [15, 500],
  shoes: [30, 900],
  outerwear: [40, 1500],
  accessories: [5, 1200],
};

const countBy = <T>(items: readonly T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

describe('the demo catalogue', () => {
  const demo: DemoCatalogue = generateDemoCatalogue({ now: NOW });
  const { products, shoppers, saves } = demo;

  describe('products', () => {
    it('has at least 300 products in every category, for women, men and everyone', () => {
      expect(products.length).toBeGreaterThanOrEqual(300);
      const categories = countBy(products, (product) => product.category);
      for (const category of CATEGORIES) expect(categories[category]).toBeGreaterThanOrEqual(30);
      expect(Object.keys(categories).sort()).toEqual([...CATEGORIES].sort());
      const genders = countBy(products, (product) => product.gender);
      for (const gender of ['Women', 'Men', 'Unisex']) expect(genders[gender]).toBeGreaterThanOrEqual(50);
    });

    it('has about 40 real brands, each with the products its table names', () => {
      const brands = countBy(products, (product) => product.brand);
      expect(Object.keys(brands).length).toBeGreaterThanOrEqual(38);
      expect(Object.keys(brands).length).toBeLessThanOrEqual(45);
      for (const brand of BRANDS) expect({ brand: brand.name, count: brands[brand.name] }).toEqual({ brand: brand.name, count: brand.count });
    });

    it('never names two products of a brand alike, and gives each its own page and id', () => {
      const names = products.map((product) => `${product.brand}|${product.name.toLowerCase()}`);
      expect(new Set(names).size).toBe(products.length);
      expect(new Set(products.map((product) => product.sourceUrl)).size).toBe(products.length);
      expect(new Set(products.map((product) => productIdFor(productKey(product)))).size).toBe(products.length);
      expect(new Set(products.map((product) => product.key)).size).toBe(products.length);
    });

    it('names products like a shop does: capitalised words ending in what the thing is', () => {
      for (const product of products) {
        expect(product.name).toMatch(/^[\p{Lu}\d&][\p{L}\d&'’".\-/ ]{4,60}$/u);
        expect(product.name).not.toMatch(/\s{2}|\s$/);
      }
      // Generic pieces are "<cut> <noun>", e.g. "Relaxed Linen Shirt", "Pleated Wide-Leg Trousers".
      const generic = products.filter((product) => !product.signature);
      for (const product of generic) expect(product.name.endsWith(GARMENTS[product.garment].noun)).toBe(true);
      expect(products.map((product) => product.name)).toEqual(expect.arrayContaining(['Relaxed Linen Shirt', 'Pleated Wide-Leg Trousers', '501 Original Fit Jeans', 'Samba OG Shoes']));
    });

    it('makes each cut only for people its garment is made for, and every piece for whom its cut is made', () => {
      for (const [key, garment] of Object.entries(GARMENTS)) {
        for (const [cut, , narrows] of garment.cuts as ReadonlyArray<readonly [string, string, { fits?: readonly string[] }?]>) {
          for (const fit of narrows?.fits ?? []) expect({ garment: key, cut, fit, made: (garment.fits as readonly string[]).includes(fit) }).toEqual({ garment: key, cut, fit, made: true });
        }
      }
      for (const product of products.filter((piece) => piece.cut !== null)) {
        const narrows = (GARMENTS[product.garment].cuts as ReadonlyArray<readonly [string, string, { fits?: readonly string[] }?]>).find(([cut]) => cut === product.cut)?.[2];
        expect({ product: product.key, fits: (narrows?.fits ?? GARMENTS[product.garment].fits).includes(product.fit) }).toEqual({ product: product.key, fits: true });
      }
    });

    it('files every product where the catalogue’s own category inference files it', () => {
      const misfiled = products
        .map((product) => ({ product: `${product.brand} ${product.name}`, expected: product.category, inferred: inferCategory(product).category }))
        .filter(({ expected, inferred }) => expected !== inferred);
      expect(misfiled).toEqual([]);
    });

    it('is listed on its page alone: a supported retailer, a single-brand shop only for its own brand', () => {
      const unlisted = products.filter((product) => {
        const retailer = supportedRetailerForHost(new URL(product.sourceUrl).hostname);
        return !retailer || !retailerSellsBrand(retailer, product.brand);
      });
      expect(unlisted.map((product) => product.sourceUrl)).toEqual([]);
      for (const product of products) expect(product.sourceUrl).toMatch(/^https:\/\/[^\s{}]+$/);
    });

    it('prices every product plausibly for its category, as the shop prints it, and a designer above the high street', () => {
      for (const product of products) {
        const [low, high] = PRICE_RANGE[product.category];
        expect({ product: product.key, inRange: product.amount >= low && product.amount <= high }).toEqual({ product: product.key, inRange: true });
        expect(parsePrice(product.price)).toMatchObject({ amount: product.amount, currency: 'USD' });
      }
      const medianOf = (brand: string) => median(products.filter((product) => product.brand === brand).map((product) => product.amount));
      expect(medianOf('Toteme')).toBeGreaterThan(3 * medianOf('H&M'));
      expect(medianOf('Acne Studios')).toBeGreaterThan(medianOf('COS'));
      expect(medianOf('COS')).toBeGreaterThan(medianOf('H&M'));
    });

    it('writes a description for each: what it is, its colour and how to look after it', () => {
      for (const product of products) {
        expect(product.description.length).toBeGreaterThan(40);
        expect(product.description.length).toBeLessThan(400);
        expect(product.description).toMatch(/\. Shown in [a-z ]+\./);
        expect(product.description.endsWith('.')).toBe(true);
      }
    });

    it('draws each product in its own colour, sharing a drawing between products that look alike', () => {
      for (const product of products) expect(product.image.hex).toMatch(/^#[0-9a-f]{6}$/);
      const looks = new Set(products.map((product) => `${product.image.shape}:${product.image.hex}`));
      expect(looks.size).toBeGreaterThan(100);
      expect(looks.size).toBeLessThan(products.length);
    });
  });

  describe('shoppers', () => {
    it('are a few dozen, with real-looking, distinct addresses on a reserved domain', () => {
      expect(shoppers.length).toBeGreaterThanOrEqual(24);
      expect(new Set(shoppers.map((shopper) => shopper.email)).size).toBe(shoppers.length);
      for (const shopper of shoppers) {
        expect(Email.parse(shopper.email)).toBe(shopper.email);
        expect(shopper.email.endsWith('@example.com')).toBe(true);
      }
    });

    it('have genders, styles, favourite brands and sizes a profile accepts', () => {
      expect(new Set(shoppers.map((shopper) => shopper.gender))).toEqual(new Set(['female', 'male', 'other', '']));
      expect(new Set(shoppers.map((shopper) => shopper.persona))).toEqual(new Set(PERSONAS.map((persona) => persona.key)));
      const brandNames = new Set(BRANDS.map((brand) => brand.name));
      for (const shopper of shoppers) {
        expect(shopper.favoriteBrands.length).toBeGreaterThanOrEqual(2);
        for (const brand of shopper.favoriteBrands) expect(brandNames.has(brand)).toBe(true);
        const profile = emptyProfile(shopper.email, `${shopper.firstName} ${shopper.lastName}`, shopper.gender);
        expect(() => UpdateProfileRequest.parse({ ...profile, favoriteBrands: shopper.favoriteBrands, sizes: { ...profile.sizes, ...shopper.sizes } })).not.toThrow();
      }
      expect(shoppers.filter((shopper) => Object.keys(shopper.sizes).length > 0).length).toBeGreaterThan(shoppers.length / 2);
    });
  });

  describe('saves', () => {
    const productByKey = new Map(products.map((product) => [product.key, product]));
    const shopperByKey = new Map(shoppers.map((shopper) => [shopper.key, shopper]));

    it('save every product at least once (a product exists only once someone saved it), each at most once per shopper', () => {
      const saved = new Set(saves.map((save) => save.product));
      expect(products.filter((product) => !saved.has(product.key))).toEqual([]);
      expect(new Set(saves.map((save) => `${save.shopper}|${save.product}`)).size).toBe(saves.length);
      for (const save of saves) expect(shopperByKey.has(save.shopper) && productByKey.has(save.product)).toBe(true);
    });

    it('are spread over the last four weeks, oldest first, inside the catalogue’s 30-day price window', () => {
      for (const save of saves) {
        expect(save.at.getTime()).toBeLessThan(NOW.getTime());
        expect(save.at.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - SAVE_WINDOW_DAYS * DAY_MS);
      }
      expect(saves.map((save) => save.at.getTime())).toEqual([...saves.map((save) => save.at.getTime())].sort((a, b) => a - b));
      const lastWeek = saves.filter((save) => save.at.getTime() > NOW.getTime() - 7 * DAY_MS).length;
      expect(lastWeek).toBeGreaterThan(saves.length * 0.25);
      expect(lastWeek).toBeLessThan(saves.length * 0.75);
    });

    it('follow the gender rule: a woman saves Women and Unisex pieces, a man Men and Unisex', () => {
      for (const save of saves) {
        const { gender } = shopperByKey.get(save.shopper)!;
        const product = productByKey.get(save.product) as DemoProduct;
        if (gender === 'female') expect(product.gender).not.toBe('Men');
        if (gender === 'male') expect(product.gender).not.toBe('Women');
      }
    });

    it('give the popular row a few clear favourites and a long tail', () => {
      const perProduct = Object.values(countBy(saves, (save) => save.product)).sort((a, b) => b - a);
      expect(perProduct[0]).toBeGreaterThanOrEqual(8);
      expect(perProduct.filter((count) => count >= 5).length).toBeGreaterThanOrEqual(20);
      expect(perProduct.filter((count) => count === 1).length).toBeGreaterThan(products.length / 4);
      expect(saves.length).toBeGreaterThan(products.length * 1.8);
    });

    it('give the recommender signal: shoppers mostly save their own style, and favourite brands more', () => {
      const personaStyles = new Map(PERSONAS.map((persona) => [persona.key, persona.styles]));
      let inStyle = 0;
      let favourite = 0;
      for (const save of saves) {
        const shopper = shopperByKey.get(save.shopper)!;
        const product = productByKey.get(save.product) as DemoProduct;
        if (product.styles.some((style) => personaStyles.get(shopper.persona)?.includes(style))) inStyle += 1;
        if (shopper.favoriteBrands.includes(product.brand)) favourite += 1;
      }
      expect(inStyle / saves.length).toBeGreaterThan(0.7);
      expect(favourite / saves.length).toBeGreaterThan(0.15);
      for (const shopper of shoppers) expect(saves.filter((save) => save.shopper === shopper.key).length).toBeGreaterThanOrEqual(4);
    });
  });

  it('is deterministic: the same seed and time give the same catalogue; another seed another one', () => {
    expect(generateDemoCatalogue({ now: NOW })).toEqual(demo);
    const later = generateDemoCatalogue({ now: new Date(NOW.getTime() + DAY_MS) });
    expect(later.products).toEqual(products);
    expect(later.saves.map((save) => save.at.getTime() - DAY_MS)).toEqual(saves.map((save) => save.at.getTime()));
    expect(generateDemoCatalogue({ now: NOW, seed: 'another' }).products.map((product) => product.price)).not.toEqual(products.map((product) => product.price));
  });

  it('has a small sample: two pieces of every brand, eight shoppers, every product saved', () => {
    const sample = generateDemoCatalogue({ now: NOW, sample: true });
    expect(sample.products.length).toBe(BRANDS.length * 2);
    expect(new Set(sample.products.map((product) => product.brand)).size).toBe(BRANDS.length);
    expect(sample.shoppers).toHaveLength(8);
    expect(new Set(sample.saves.map((save) => save.product)).size).toBe(sample.products.length);
    expect(sample.saves.length).toBeLessThan(150);
  });
});

describe('demo catalogue helpers', () => {
  it('prints prices the way each shop does', () => {
    expect(formatPrice(shopPrice(24.3, 99))).toBe('$24.99');
    expect(formatPrice(shopPrice(39.4, 90))).toBe('$39.90');
    expect(formatPrice(shopPrice(87, 0))).toBe('$85.00');
    expect(formatPrice(shopPrice(143, 0))).toBe('$140.00');
    expect(formatPrice(shopPrice(1234, 0))).toBe('$1,250.00');
  });

  it('makes URL slugs of names', () => {
    expect(slugOf('Air Force 1 ’07 Sneakers')).toBe('air-force-1-07-sneakers');
    expect(slugOf('Lucía')).toBe('lucia');
    expect(slugOf('& Other Stories')).toBe('other-stories');
  });
});
