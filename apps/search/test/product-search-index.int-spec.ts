import { join } from 'node:path';
import { Client } from '@opensearch-project/opensearch';
import { type DatabaseConnection, drizzleFor, migrateService, openConnection } from '@closetly/server';
import { createTestDatabase, engines, uniqueName } from '@closetly/testing';
import {
  BRAND_FACET_SIZE,
  OpenSearchProductIndex,
  PostgresProductIndex,
  type ProductDocument,
  type ProductSearchIndex,
  type ProductSearchResult,
  UnderstoodSearch,
} from '../src';

const migrationsFolder = join(__dirname, '..', 'src', 'db', 'migrations');

interface Engine {
  index: ProductSearchIndex;
  dispose(): Promise<void>;
}

async function postgresTwin(connection: DatabaseConnection, dispose: () => Promise<void>): Promise<Engine> {
  const db = drizzleFor(connection);
  await migrateService(connection, db, 'search', migrationsFolder);
  return { index: new PostgresProductIndex(db), dispose };
}

const engineFactories: Array<[string, () => Promise<Engine>]> = [
  [
    'opensearch',
    async () => {
      // refresh: true so every write is searchable when it returns (no sleeps, no polling).
      const index = new OpenSearchProductIndex({ node: engines.openSearchUrl, index: uniqueName('products_test'), refresh: true });
      return {
        index,
        async dispose() {
          await index.deleteIndex();
          await index.close();
        },
      };
    },
  ],
  [
    'postgres',
    async () => {
      const database = await createTestDatabase('closetly_search_test');
      const connection = await openConnection({ mode: 'distributed', dataDir: ':memory:', databaseUrl: database.url, poolSize: 4 });
      return postgresTwin(connection, async () => {
        await connection.close();
        await database.drop();
      });
    },
  ],
  [
    'pglite',
    async () => {
      const connection = await openConnection({ mode: 'embedded', dataDir: ':memory:', databaseUrl: engines.postgresUrl, poolSize: 1 });
      return postgresTwin(connection, () => connection.close());
    },
  ],
];

/** Factory: a complete product document; tests name only what they assert on. */
function product(id: string, overrides: Partial<Omit<ProductDocument, 'id'>> = {}): ProductDocument {
  return {
    id,
    name: `Thing ${id}`,
    brand: 'Acme',
    description: '',
    price: 10,
    currency: 'USD',
    priceText: null,
    gender: 'Unisex',
    category: 'tops',
    colour: null,
    imageUrl: `https://images.shop.test/${id}.jpg`,
    sourceUrl: `https://shop.test/p/${id}`,
    retailer: 'Shop Test',
    updatedAt: '2025-03-01T10:00:00.000Z',
    priceDrop: null,
    available: true,
    ...overrides,
  };
}

const ids = (result: ProductSearchResult): string[] => result.items.map((item) => item.id);

/**
 * One contract for the product search index: OpenSearch (distributed mode)
 * and the PostgreSQL full-text twin (embedded mode) on both the real server
 * and PGlite. Every engine must give the same answers.
 */
describe.each(engineFactories)('product search index contract (%s)', (_kind, start) => {
  let engine: Engine;
  let index: ProductSearchIndex;
  const written = new Set<string>();

  /** Upserts and remembers the ids, so each test starts from an empty index. */
  const put = async (...docs: ProductDocument[]): Promise<void> => {
    for (const doc of docs) written.add(doc.id);
    await index.upsert(docs);
  };

  beforeAll(async () => {
    engine = await start();
    index = engine.index;
    await index.ensureReady();
  });
  afterEach(async () => {
    await index.remove([...written]);
    written.clear();
  });
  afterAll(async () => {
    await engine?.dispose();
  });

  it('prepares itself idempotently and reports ready', async () => {
    await index.ensureReady();
    expect(await index.isReady()).toBe(true);
    expect(await index.search({ terms: [] })).toEqual({ items: [], total: 0, facets: { brands: [], genders: [], priceBands: [], colours: [] } });
  });

  it('finds an upserted product by a word of its name and returns every field unchanged', async () => {
    const jacket = product('p1', {
      name: 'Denim Jacket',
      brand: "Levi's",
      description: 'A classic trucker',
      price: 89.5,
      currency: 'EUR',
      priceText: '€89,50',
      gender: 'Men',
      category: 'outerwear',
      updatedAt: '2025-04-02T08:30:00.000Z',
    });
    await put(jacket, product('p2', { name: 'Silk Scarf' }));

    const found = await index.search({ terms: ['jacket'] });
    expect(found.items).toEqual([jacket]);
    expect(found.total).toBe(1);
    // English stemming on both sides: the plural finds the singular.
    expect(ids(await index.search({ terms: ['Jackets'] }))).toEqual(['p1']);
    // Brand and description are searched too.
    expect(ids(await index.search({ terms: ['trucker'] }))).toEqual(['p1']);
    expect(ids(await index.search({ terms: ['levi'] }))).toEqual(['p1']);
  });

  it('normalises updatedAt to UTC', async () => {
    await put(product('p1', { name: 'Linen Shirt', updatedAt: '2025-04-02T10:30:00+02:00' }));
    const [item] = (await index.search({ terms: ['linen'] })).items;
    expect(item?.updatedAt).toBe('2025-04-02T08:30:00.000Z');
  });

  it('ORs terms, and needs every word of one term', async () => {
    await put(
      product('p1', { name: 'Denim Jacket' }),
      product('p2', { name: 'Wool Coat' }),
      product('p3', { name: 'Denim Skirt' }),
      product('p4', { name: 'Cotton Socks' }),
    );
    expect(ids(await index.search({ terms: ['jacket', 'coat'] })).sort()).toEqual(['p1', 'p2']);
    expect(ids(await index.search({ terms: ['denim jacket'] }))).toEqual(['p1']);
    expect(ids(await index.search({ terms: ['denim jacket', 'socks'] })).sort()).toEqual(['p1', 'p4']);
    expect((await index.search({ terms: ['jacket', 'coat'] })).total).toBe(2);
    expect(await index.search({ terms: ['tuxedo'] })).toMatchObject({ items: [], total: 0 });
    // A term of English stop words only matches nothing; the other terms still count.
    expect(await index.search({ terms: ['the'] })).toMatchObject({ items: [], total: 0 });
    expect(ids(await index.search({ terms: ['the', 'coat'] }))).toEqual(['p2']);
  });

  it('ranks name matches above description matches, ties by id', async () => {
    await put(
      product('a1', { name: 'Plain Top', description: 'Pairs well with linen trousers and a linen hat' }),
      product('b2', { name: 'Linen Shirt' }),
      product('c3', { name: 'Linen Dress' }),
      product('d4', { name: 'Striped Tee', brand: 'Linen House' }),
    );
    expect(ids(await index.search({ terms: ['linen'] }))).toEqual(['b2', 'c3', 'd4', 'a1']);
  });

  it('filters by gender, any of several', async () => {
    await put(
      product('w1', { name: 'Wrap Dress', gender: 'Women' }),
      product('m1', { name: 'Oxford Shirt', gender: 'Men' }),
      product('u1', { name: 'Canvas Tote', gender: 'Unisex' }),
    );
    expect(ids(await index.search({ terms: [], gender: ['Women'] }))).toEqual(['w1']);
    expect(ids(await index.search({ terms: [], gender: ['Men', 'Unisex'] }))).toEqual(['m1', 'u1']);
    expect(ids(await index.search({ terms: ['shirt'], gender: ['Women'] }))).toEqual([]);
  });

  it('filters by brand, exactly', async () => {
    await put(
      product('p1', { name: 'Denim Jacket', brand: 'Levi' }),
      product('p2', { name: 'Rain Jacket', brand: 'Patagonia' }),
      product('p3', { name: 'Fleece Jacket', brand: 'The North Face' }),
    );
    expect(ids(await index.search({ terms: ['jacket'], brands: ['Patagonia'] }))).toEqual(['p2']);
    expect(ids(await index.search({ terms: [], brands: ['Levi', 'The North Face'] }))).toEqual(['p1', 'p3']);
    expect(ids(await index.search({ terms: [], brands: ['patagonia'] }))).toEqual([]);
  });

  describe('price bands', () => {
    const priced: Array<[string, number | null]> = [
      ['p4999', 49.99],
      ['p5000', 50],
      ['p9999', 99.99],
      ['p10000', 100],
      ['p19999', 199.99],
      ['p20000', 200],
      ['pnull', null],
    ];
    const putPriced = () => put(...priced.map(([id, price]) => product(id, { name: `Bag ${id}`, price })));

    it.each([
      ['under-50', ['p4999']],
      ['50-100', ['p5000', 'p9999']],
      ['100-200', ['p10000', 'p19999']],
      ['over-200', ['p20000']],
    ] as const)('puts each boundary price in the right band (%s)', async (band, expected) => {
      await putPriced();
      const found = await index.search({ terms: [], priceBands: [band] });
      expect(ids(found)).toEqual([...expected]);
      expect(found.total).toBe(expected.length);
    });

    it('ORs bands, and a product without a price is in none', async () => {
      await putPriced();
      expect(ids(await index.search({ terms: [], priceBands: ['under-50', 'over-200'] }))).toEqual(['p20000', 'p4999']);
      const all = await index.search({ terms: [], priceBands: ['under-50', '50-100', '100-200', 'over-200'] });
      expect(all.total).toBe(6);
      expect(ids(all)).not.toContain('pnull');
      expect((await index.search({ terms: [] })).total).toBe(7);
    });

    it('counts bands in band order, leaving out empty ones and unpriced products', async () => {
      await putPriced();
      expect((await index.search({ terms: [] })).facets.priceBands).toEqual([
        { value: 'under-50', count: 1 },
        { value: '50-100', count: 2 },
        { value: '100-200', count: 2 },
        { value: 'over-200', count: 1 },
      ]);
      expect((await index.search({ terms: [], brands: ['Nobody'] })).facets.priceBands).toEqual([]);
      // The price facet ignores the price filter (the other groups' filters still apply), so another band can be added.
      const midRange = await index.search({ terms: [], priceBands: ['100-200'] });
      expect(midRange.total).toBe(2);
      expect(midRange.facets.priceBands).toEqual([
        { value: 'under-50', count: 1 },
        { value: '50-100', count: 2 },
        { value: '100-200', count: 2 },
        { value: 'over-200', count: 1 },
      ]);
    });
  });

  describe('facets', () => {
    const putDenim = () =>
      put(
        product('p1', { name: 'Denim Jacket', brand: 'Levi', gender: 'Men', price: 80 }),
        product('p2', { name: 'Denim Skirt', brand: 'Levi', gender: 'Women', price: 45 }),
        product('p3', { name: 'Denim Shirt', brand: 'Gap', gender: 'Men', price: 30 }),
        product('p4', { name: 'Denim Cap', brand: 'Acne', gender: 'Unisex', price: 250 }),
        product('p5', { name: 'Wool Coat', brand: 'Gap', gender: 'Women', price: 150 }),
      );

    it('count the products matching the terms, ordered by count then value', async () => {
      await putDenim();
      const denim = await index.search({ terms: ['denim'] });
      expect(denim.total).toBe(4);
      expect(denim.facets).toMatchObject({
        // count descending, then value
        brands: [
          { value: 'Levi', count: 2 },
          { value: 'Acne', count: 1 },
          { value: 'Gap', count: 1 },
        ],
        genders: [
          { value: 'Men', count: 2 },
          { value: 'Unisex', count: 1 },
          { value: 'Women', count: 1 },
        ],
        priceBands: [
          { value: 'under-50', count: 2 },
          { value: '50-100', count: 1 },
          { value: 'over-200', count: 1 },
        ],
      });
      // Facets count every match, not just the page.
      expect((await index.search({ terms: [], pageSize: 1 })).facets.brands).toEqual([
        { value: 'Gap', count: 2 },
        { value: 'Levi', count: 2 },
        { value: 'Acne', count: 1 },
      ]);
    });

    it("count each group within the other groups' filters, not its own", async () => {
      await putDenim();

      // Brand Levi ticked: the brand facet still offers Acne and Gap; gender and price count Levi's products only.
      const levi = await index.search({ terms: ['denim'], brands: ['Levi'] });
      expect([ids(levi).sort(), levi.total]).toEqual([['p1', 'p2'], 2]);
      expect(levi.facets).toMatchObject({
        brands: [
          { value: 'Levi', count: 2 },
          { value: 'Acne', count: 1 },
          { value: 'Gap', count: 1 },
        ],
        genders: [
          { value: 'Men', count: 1 },
          { value: 'Women', count: 1 },
        ],
        priceBands: [
          { value: 'under-50', count: 1 },
          { value: '50-100', count: 1 },
        ],
      });

      // And gender Men: the brand facet counts men's denim of every brand; gender still counts Levi's of every gender.
      const leviMen = await index.search({ terms: ['denim'], brands: ['Levi'], gender: ['Men'] });
      expect([ids(leviMen), leviMen.total]).toEqual([['p1'], 1]);
      expect(leviMen.facets).toMatchObject({
        brands: [
          { value: 'Gap', count: 1 },
          { value: 'Levi', count: 1 },
        ],
        genders: [
          { value: 'Men', count: 1 },
          { value: 'Women', count: 1 },
        ],
        priceBands: [{ value: '50-100', count: 1 }],
      });

      // Every group filtered, two brands ticked: each facet ignores only its own group.
      const three = await index.search({ terms: ['denim'], brands: ['Levi', 'Gap'], gender: ['Men'], priceBands: ['under-50'] });
      expect([ids(three), three.total]).toEqual([['p3'], 1]);
      expect(three.facets).toMatchObject({
        // men's denim under $50
        brands: [{ value: 'Gap', count: 1 }],
        // Levi's or Gap denim under $50
        genders: [
          { value: 'Men', count: 1 },
          { value: 'Women', count: 1 },
        ],
        // men's denim by Levi or Gap
        priceBands: [
          { value: 'under-50', count: 1 },
          { value: '50-100', count: 1 },
        ],
      });
    });

    it('leave out a ticked value the other filters leave no product for, and still respect the terms', async () => {
      await putDenim();
      const acneWomen = await index.search({ terms: ['denim'], brands: ['Acne'], gender: ['Women'] });
      expect([ids(acneWomen), acneWomen.total]).toEqual([[], 0]);
      expect(acneWomen.facets).toMatchObject({
        // women's denim: Levi's skirt; Acne has none, so it is not listed though ticked
        brands: [{ value: 'Levi', count: 1 }],
        // Acne's denim
        genders: [{ value: 'Unisex', count: 1 }],
        priceBands: [],
      });
      // The coat does not match the terms, so no facet counts it whatever the filters.
      const gapWomen = await index.search({ terms: ['denim'], brands: ['Gap'], gender: ['Women'] });
      expect(gapWomen.facets.brands).toEqual([{ value: 'Levi', count: 1 }]);
      expect(gapWomen.facets.genders).toEqual([{ value: 'Men', count: 1 }]);
      // A search whose terms match nothing has no facets, filters or not.
      expect((await index.search({ terms: ['tuxedo'], brands: ['Levi'] })).facets).toMatchObject({ brands: [], genders: [], priceBands: [] });
    });

    it(`list at most ${BRAND_FACET_SIZE} brands, the most frequent first, within the other filters`, async () => {
      const brandName = (n: number) => `Brand ${String(n).padStart(2, '0')}`;
      await put(
        ...Array.from({ length: BRAND_FACET_SIZE + 2 }, (_, n) => product(`b${n}`, { brand: brandName(n), gender: 'Women' })),
        ...['z1', 'z2', 'z3'].map((id) => product(id, { brand: 'Zed', gender: 'Men' })),
      );
      const all = await index.search({ terms: [], brands: ['Zed'] });
      expect(all.facets.brands).toHaveLength(BRAND_FACET_SIZE);
      expect(all.facets.brands.slice(0, 3)).toEqual([
        { value: 'Zed', count: 3 },
        { value: brandName(0), count: 1 },
        { value: brandName(1), count: 1 },
      ]);
      expect(all.facets.genders).toEqual([{ value: 'Men', count: 3 }]);
      // Within women's products Zed has none: the brand facet lists the first 50 women's brands by value.
      const women = await index.search({ terms: [], brands: ['Zed'], gender: ['Women'] });
      expect(women.total).toBe(0);
      expect(women.facets.brands).toEqual(Array.from({ length: BRAND_FACET_SIZE }, (_, n) => ({ value: brandName(n), count: 1 })));
    });
  });

  it('pages stably with the right total', async () => {
    const socks = ['k5', 'k2', 'k4', 'k1', 'k3'].map((id) => product(id, { name: `Wool Socks ${id}` }));
    await put(...socks);

    for (const terms of [[], ['socks']]) {
      const pages = await Promise.all([1, 2, 3, 4].map((page) => index.search({ terms, page, pageSize: 2 })));
      expect(pages.map(ids)).toEqual([['k1', 'k2'], ['k3', 'k4'], ['k5'], []]);
      expect(pages.map((page) => page.total)).toEqual([5, 5, 5, 5]);
      // The same page twice is the same page.
      expect(ids(await index.search({ terms, page: 2, pageSize: 2 }))).toEqual(['k3', 'k4']);
    }
    // Past the deepest result either engine serves (10,000): no items, but the total still counts.
    expect(await index.search({ terms: [], page: 101, pageSize: 100 })).toMatchObject({ items: [], total: 5 });
  });

  it('defaults to 25 per page and refuses pages over 100', async () => {
    await put(...Array.from({ length: 27 }, (_, n) => product(`r${String(n).padStart(2, '0')}`, { name: `Ribbed Tank ${n}` })));
    const first = await index.search({ terms: ['tank'] });
    expect(first.items).toHaveLength(25);
    expect(first.total).toBe(27);
    expect(ids(await index.search({ terms: ['tank'], page: 2 }))).toEqual(['r25', 'r26']);
    await expect(index.search({ terms: [], pageSize: 101 })).rejects.toThrow();
    await expect(index.search({ terms: [], page: 0 })).rejects.toThrow();
  });

  it('replaces a product upserted again under the same id', async () => {
    await put(product('p1', { name: 'Red Dress', price: 40 }));
    await put(product('p1', { name: 'Blue Dress', price: 120 }));

    const dresses = await index.search({ terms: ['dress'] });
    expect(dresses.total).toBe(1);
    expect(dresses.items).toEqual([expect.objectContaining({ id: 'p1', name: 'Blue Dress', price: 120 })]);
    expect(await index.search({ terms: ['red'] })).toMatchObject({ items: [], total: 0 });
    expect(dresses.facets.priceBands).toEqual([{ value: '100-200', count: 1 }]);

    // Within one call the last copy wins.
    await put(product('p2', { name: 'Green Scarf' }), product('p2', { name: 'Yellow Scarf' }));
    expect((await index.search({ terms: ['scarf'] })).items.map((item) => item.name)).toEqual(['Yellow Scarf']);
  });

  it('removes products by id, ignoring unknown ids', async () => {
    await put(product('p1', { name: 'Leather Belt' }), product('p2', { name: 'Canvas Belt' }));
    await index.remove(['p1', 'never-indexed']);
    expect(ids(await index.search({ terms: ['belt'] }))).toEqual(['p2']);
    expect(await index.suggest('leather')).toEqual([]);
    await index.remove([]);
    await index.upsert([]);
  });

  describe('understood queries (issue 20)', () => {
    const understood = (overrides: Partial<UnderstoodSearch>): UnderstoodSearch => UnderstoodSearch.parse(overrides);
    const catalogue = () =>
      put(
        product('j1', { name: 'Slim Jeans', gender: 'Women', category: 'bottoms', colour: 'Mid Wash' }),
        product('j2', { name: 'Straight Jeans', gender: 'Men', category: 'bottoms', colour: 'Black' }),
        product('j3', { name: 'Relaxed Jeans', gender: 'Unisex', category: 'bottoms', description: 'In a light wash blue denim.' }),
        product('s1', { name: 'Denim Skirt', gender: 'Women', category: 'bottoms' }),
        product('t1', { name: 'Linen Shirt', gender: 'Men', category: 'tops', colour: 'White' }),
        product('t2', { name: 'Oxford Shirt', gender: 'Women', category: 'tops', description: 'A crisp cotton shirt, not linen.' }),
        product('t3', { name: 'Pace Breaker Lined Shorts', gender: 'Men', category: 'bottoms' }),
        product('t4', { name: 'Navy Blue Wool Blazer', gender: 'Men', category: 'outerwear' }),
      );

    it('keeps to the gender (and unisex), the garment and the colour, the asked gender first', async () => {
      await catalogue();
      expect(ids(await index.search({ understood: understood({ genders: ['Women', 'Unisex'], preferGender: 'Women', garments: ['jeans'], match: 'rank' }) }))).toEqual(['j1', 'j3']);
      expect(ids(await index.search({ understood: understood({ garments: ['jeans'], colours: ['blue'], match: 'rank' }) })).sort()).toEqual(['j1', 'j3']);
      expect(ids(await index.search({ understood: understood({ colours: ['navy'], match: 'rank' }) }))).toEqual(['t4']);
      expect(ids(await index.search({ understood: understood({ categories: ['tops'], match: 'rank' }) })).sort()).toEqual(['t1', 't2']);
    });

    it('answers the same whenever the total reaches keptFrom, and below it at least the exact total', async () => {
      await catalogue();
      const jeans = { understood: understood({ garments: ['jeans'], match: 'rank' }) };
      const whole = await index.search(jeans);
      expect(whole.total).toBe(3);
      expect(await index.search({ ...jeans, keptFrom: 3 })).toEqual(whole);
      const below = await index.search({ ...jeans, keptFrom: 4 });
      expect(below.total).toBe(3);
      // A tier the caller discards: an engine may leave out its page and facets, never show a page of something else.
      expect(below.items.length === 0 || ids(below).join() === ids(whole).join()).toBe(true);
    });

    it('counts products whose text names no garment as the garment when asked, after every product that names it', async () => {
      await catalogue();
      await put(product('u1', { name: 'Air Force 1', category: 'shoes' }), product('u2', { name: '501 Original', category: 'bottoms' }));
      expect(ids(await index.search({ understood: understood({ garments: ['jeans'], match: 'rank' }) })).sort()).toEqual(['j1', 'j2', 'j3']);
      const withUntyped = ids(await index.search({ understood: understood({ garments: ['jeans'], untypedIn: ['bottoms'], match: 'rank' }) }));
      expect(withUntyped.slice(0, 3).sort()).toEqual(['j1', 'j2', 'j3']);
      expect(withUntyped.slice(3)).toEqual(['u2']);
    });

    it('lets the other words rank but not exclude, a name match above a description match', async () => {
      await catalogue();
      expect(ids(await index.search({ understood: understood({ garments: ['shirt'], words: ['linen'], boostWords: ['shirt'], match: 'rank' }) }))).toEqual(['t1', 't2']);
    });

    it('needs every word, or any one, as match says', async () => {
      await catalogue();
      expect(ids(await index.search({ understood: understood({ words: ['denim', 'skirt'], match: 'all' }) }))).toEqual(['s1']);
      expect(ids(await index.search({ understood: understood({ words: ['denim', 'blazer'], match: 'all' }) }))).toEqual([]);
      // "denim" also finds jeans (a fashion synonym, one way).
      expect(ids(await index.search({ understood: understood({ words: ['denim', 'blazer'], match: 'any' }) })).sort()).toEqual(['j1', 'j2', 'j3', 's1', 't4']);
    });

    it('takes typos and the last word as a prefix only when asked, exact matches first', async () => {
      await catalogue();
      expect(ids(await index.search({ understood: understood({ words: ['lin'], match: 'all', lastWordIsPrefix: true }) }))).toEqual([]);
      expect(ids(await index.search({ understood: understood({ words: ['lin'], match: 'all', typos: true, lastWordIsPrefix: true }) })).sort()).toEqual(['t1', 't3']);
      expect(ids(await index.search({ understood: understood({ words: ['oxfrod'], match: 'all', typos: true }) }))).toEqual(['t2']);
    });

    it('ranks the words as a phrase in the name above the same words scattered', async () => {
      await put(
        product('p1', { name: 'Blend Shirt in Linen' }),
        product('p2', { name: 'Linen Blend Shirt' }),
      );
      expect(ids(await index.search({ understood: understood({ words: ['linen', 'blend'], match: 'all' }) }))).toEqual(['p2', 'p1']);
    });

    it('filters by colour family and counts colour families within the other filters', async () => {
      await catalogue();
      const jeans = await index.search({ understood: understood({ garments: ['jeans'], match: 'rank' }), colours: ['blue'] });
      expect(ids(jeans).sort()).toEqual(['j1', 'j3']);
      expect(jeans.facets.colours).toEqual([
        { value: 'blue', count: 2 },
        { value: 'black', count: 1 },
      ]);
      expect(jeans.facets.genders).toEqual([
        { value: 'Unisex', count: 1 },
        { value: 'Women', count: 1 },
      ]);
    });
  });

  describe('"On sale"', () => {
    const SINCE = '2026-03-01T00:00:00.000Z';
    const drop = (since: string) => ({ percent: 20, from: 100, to: 80, since });

    it('filters products whose price dropped since the given instant, counts them within the other filters, and keeps the badge on the card', async () => {
      await put(
        product('s1', { name: 'Sale Coat', brand: 'Arket', gender: 'Women', priceDrop: drop('2026-03-05T00:00:00.000Z') }),
        product('s2', { name: 'Sale Jumper', brand: 'COS', gender: 'Men', priceDrop: drop('2026-03-02T00:00:00.000Z') }),
        product('s3', { name: 'Old Sale Scarf', brand: 'Arket', gender: 'Women', priceDrop: drop('2026-02-01T00:00:00.000Z') }),
        product('s4', { name: 'Full Price Hat', brand: 'Arket', gender: 'Women', available: false }),
      );
      const all = await index.search({ terms: [], saleSince: SINCE });
      expect(all.total).toBe(4);
      expect(all.facets.onSale).toBe(2);

      const onSale = await index.search({ terms: [], onSale: true, saleSince: SINCE });
      expect(ids(onSale).sort()).toEqual(['s1', 's2']);
      expect(onSale.items.find((item) => item.id === 's1')?.priceDrop).toEqual(drop('2026-03-05T00:00:00.000Z'));
      // The brand facet counts within the sale filter; the sale count within the brand filter.
      expect(onSale.facets.brands).toEqual([
        { value: 'Arket', count: 1 },
        { value: 'COS', count: 1 },
      ]);
      const arket = await index.search({ terms: [], brands: ['Arket'], saleSince: SINCE });
      expect(arket.facets.onSale).toBe(1);
      expect((await index.search({ terms: [], brands: ['Arket'], saleSince: SINCE })).items.find((item) => item.id === 's4')?.available).toBe(false);
      // Without an instant to compare with, nothing is on sale.
      expect((await index.search({ terms: [], onSale: true })).total).toBe(0);
    });

    it('counts what is on sale at each instant asked, the same search asked again as the window moves past each drop', async () => {
      await put(
        product('s1', { name: 'Sale Coat', priceDrop: drop('2026-03-05T00:00:00.000Z') }),
        product('s2', { name: 'Sale Jumper', priceDrop: drop('2026-03-02T00:00:00.000Z') }),
        product('s3', { name: 'Full Price Hat' }),
      );
      const onSaleAt = async (saleSince: string) => (await index.search({ terms: [], saleSince })).facets.onSale;
      expect(await onSaleAt('2026-03-01T00:00:00.000Z')).toBe(2);
      expect(await onSaleAt('2026-03-01T12:00:00.000Z')).toBe(2);
      expect(await onSaleAt('2026-03-02T00:00:00.000Z')).toBe(2);
      expect(await onSaleAt('2026-03-02T00:00:00.001Z')).toBe(1);
      expect(await onSaleAt('2026-03-06T00:00:00.000Z')).toBeUndefined();
      expect(await onSaleAt('2026-03-01T00:00:00.000Z')).toBe(2);
      await put(product('s4', { name: 'Sale Scarf', priceDrop: drop('2026-03-01T06:00:00.000Z') }));
      expect(await onSaleAt('2026-03-01T00:00:00.000Z')).toBe(3);
      expect(await onSaleAt('2026-03-01T12:00:00.000Z')).toBe(2);
    });

    it('lists what is on sale at each instant asked, the same search asked again as the window moves past each drop and after a write', async () => {
      await put(
        product('s1', { name: 'Sale Coat', priceDrop: drop('2026-03-05T00:00:00.000Z') }),
        product('s2', { name: 'Sale Jumper', priceDrop: drop('2026-03-02T00:00:00.000Z') }),
        product('s3', { name: 'Full Price Hat' }),
      );
      const onSaleAt = async (saleSince: string) => {
        const result = await index.search({ terms: ['sale'], onSale: true, saleSince });
        return { ids: ids(result).sort(), total: result.total };
      };
      expect(await onSaleAt('2026-03-01T00:00:00.000Z')).toEqual({ ids: ['s1', 's2'], total: 2 });
      expect(await onSaleAt('2026-03-02T00:00:00.000Z')).toEqual({ ids: ['s1', 's2'], total: 2 });
      expect(await onSaleAt('2026-03-02T00:00:00.001Z')).toEqual({ ids: ['s1'], total: 1 });
      expect(await onSaleAt('2026-03-06T00:00:00.000Z')).toEqual({ ids: [], total: 0 });
      expect(await onSaleAt('2026-03-01T00:00:00.000Z')).toEqual({ ids: ['s1', 's2'], total: 2 });
      await put(product('s4', { name: 'Sale Scarf', priceDrop: drop('2026-03-01T06:00:00.000Z') }));
      expect(await onSaleAt('2026-03-01T00:00:00.000Z')).toEqual({ ids: ['s1', 's2', 's4'], total: 3 });
      await index.remove(['s1']);
      expect(await onSaleAt('2026-03-01T00:00:00.000Z')).toEqual({ ids: ['s2', 's4'], total: 2 });
    });
  });

  describe('fashion relevance', () => {
    it('ranks an exact name match above a mention in the description', async () => {
      await put(
        product('a1', { name: 'Canvas Tote', description: 'Roomy enough for a denim jacket and a book' }),
        product('b2', { name: 'Denim Jacket' }),
        product('c3', { name: 'Quilted Gilet', description: 'Layer it over a jacket' }),
      );
      expect(ids(await index.search({ terms: ['denim jacket'] }))).toEqual(['b2', 'a1']);
      const jackets = ids(await index.search({ terms: ['jacket'] }));
      expect(jackets[0]).toBe('b2');
      expect(jackets.sort()).toEqual(['a1', 'b2', 'c3']);
    });

    it("finds a brand's products by the brand, a several-word brand by its words", async () => {
      await put(
        product('n1', { name: 'Fleece Jacket', brand: 'The North Face' }),
        product('n2', { name: 'Logo Beanie', brand: 'The North Face' }),
        product('p1', { name: 'Rain Jacket', brand: 'Patagonia' }),
        product('x1', { name: 'Face Mask', brand: 'Acme' }),
      );
      expect(ids(await index.search({ terms: ['patagonia'] }))).toEqual(['p1']);
      expect(ids(await index.search({ terms: ['north face'] }))).toEqual(['n1', 'n2']);
      expect(ids(await index.search({ terms: ['The North Face jacket'] }))).toEqual(['n1']);
      expect(ids(await index.search({ terms: ['patagonia jacket'] }))).toEqual(['p1']);
    });

    it('finds an item despite a typo, exact matches first', async () => {
      await put(
        product('j1', { name: 'Denim Jacket' }),
        product('s1', { name: 'White Leather Sneakers' }),
        product('s2', { name: 'Court Sneaker' }),
        product('k1', { name: 'Linen Shirt' }),
        product('k2', { name: 'Linen Skirt' }),
        product('t1', { name: 'Silk Tie' }),
      );
      expect(ids(await index.search({ terms: ['jaket'] }))).toEqual(['j1']);
      expect(ids(await index.search({ terms: ['jakcet'] }))).toEqual(['j1']);
      expect(ids(await index.search({ terms: ['denim jaket'] }))).toEqual(['j1']);
      expect(ids(await index.search({ terms: ['sneakrs'] })).sort()).toEqual(['s1', 's2']);
      expect(ids(await index.search({ terms: ['lether snekers'] }))).toEqual(['s1']);
      // A typo may meet another word; the exact one ranks first.
      expect(ids(await index.search({ terms: ['shirt'] }))).toEqual(['k1', 'k2']);
      // Words under 4 letters must be exact: "tee" is not a typo of "tie".
      expect(await index.search({ terms: ['tee'] })).toMatchObject({ items: [], total: 0 });
      // Nor is a wrong first letter a typo.
      expect(await index.search({ terms: ['racket'] })).toMatchObject({ items: [], total: 0 });
    });

    describe('synonyms', () => {
      const putWardrobe = () =>
        put(
          product('s1', { name: 'Court Sneaker', gender: 'Women' }),
          product('s2', { name: 'Leather Trainers', gender: 'Men' }),
          product('s3', { name: 'Trail Running Shoes', gender: 'Men' }),
          product('s4', { name: 'White Canvas Sneaker', gender: 'Women' }),
          product('w1', { name: 'Cable Knit Sweater' }),
          product('w2', { name: 'Merino Jumper' }),
          product('w3', { name: 'Knit Dress' }),
          product('t1', { name: 'Graphic T-Shirt' }),
          product('t2', { name: 'Pocket Tee' }),
          product('t3', { name: 'Oxford Shirt' }),
          product('t4', { name: 'White Shirt' }),
          product('h1', { name: 'Hooded Sweatshirt' }),
          product('h2', { name: 'Grey Sweatshirt' }),
          product('b1', { name: 'Leather Handbag' }),
          product('j1', { name: 'Slim Jeans' }),
          product('j2', { name: 'Denim Jacket' }),
          product('j3', { name: 'Kick Flare Jeans' }),
        );

      it('finds an item by a synonym of its name', async () => {
        await putWardrobe();
        const find = async (term: string) => ids(await index.search({ terms: [term] })).sort();
        expect(await find('trainers')).toEqual(['s1', 's2', 's3', 's4']);
        expect(await find('sneakers')).toEqual(['s1', 's2', 's3', 's4']);
        expect(await find('jumper')).toEqual(['w1', 'w2']);
        expect(await find('sweaters')).toEqual(['w1', 'w2']);
        expect(await find('tee')).toEqual(['t1', 't2']);
        expect(await find('tshirt')).toEqual(['t1', 't2']);
        expect(await find('purse')).toEqual(['b1']);
        expect(await find('gray')).toEqual(['h2']);
      });

      it('matches multi-word synonyms as phrases, both ways', async () => {
        await putWardrobe();
        const find = async (term: string) => ids(await index.search({ terms: [term] })).sort();
        // "hoodie" finds a hooded sweatshirt, not every sweatshirt.
        expect(await find('hoodie')).toEqual(['h1']);
        expect(await find('hooded sweatshirt')).toEqual(['h1']);
        expect(await find('running shoes')).toEqual(['s1', 's2', 's3', 's4']);
        expect(await find('t-shirt')).toEqual(['t1', 't2']);
        expect(await find('t shirt')).toEqual(['t1', 't2']);
        // A synonym is one word of a term: the others must match too.
        expect(await find('white trainers')).toEqual(['s4']);
      });

      it('expands ambiguous words one way only', async () => {
        await putWardrobe();
        const find = async (term: string) => ids(await index.search({ terms: [term] })).sort();
        // Jeans are denim; not all denim is jeans.
        expect(await find('denim')).toEqual(['j1', 'j2', 'j3']);
        expect(await find('jeans')).toEqual(['j1', 'j3']);
        expect(await find('bag')).toEqual(['b1']);
        expect(await find('handbag')).toEqual(['b1']);
        // "kicks" finds its own word and sneakers and trainers, not what those find in turn (running shoes).
        expect(await find('kicks')).toEqual(['j3', 's1', 's2', 's4']);
        expect(await find('sneakers')).not.toContain('j3');
      });

      it('keeps filters closed around synonym and typo matches, and counts facets over them', async () => {
        await putWardrobe();
        const women = await index.search({ terms: ['trainers'], gender: ['Women'] });
        expect(ids(women)).toEqual(['s1', 's4']);
        expect(women.total).toBe(2);
        // The gender facet ignores the gender filter; the others respect it.
        expect(women.facets.genders).toEqual([
          { value: 'Men', count: 2 },
          { value: 'Women', count: 2 },
        ]);
        expect(women.facets.brands).toEqual([{ value: 'Acme', count: 2 }]);
        expect(ids(await index.search({ terms: ['sneakrs'], gender: ['Men'] }))).toEqual([]);
        expect((await index.search({ terms: ['trainers'] })).facets.genders).toEqual([
          { value: 'Men', count: 2 },
          { value: 'Women', count: 2 },
        ]);
      });
    });
  });

  describe('suggestions', () => {
    const putJackets = () =>
      put(
        product('j1', { name: 'Denim Jacket' }),
        product('j2', { name: 'Jacket Liner' }),
        product('j3', { name: 'Leather Jacket' }),
        product('j4', { name: 'Rain Jacket' }),
        product('j5', { name: 'Bomber Jacket' }),
        product('j6', { name: 'Quilted Jacket' }),
        product('j7', { name: 'Puffer Jacket' }),
        product('x1', { name: 'Black Dress' }),
        product('x2', { name: 'Jade Earrings' }),
      );

    it('suggests names by prefix, names starting with it first, 5 at most', async () => {
      await putJackets();
      const suggestions = await index.suggest('jack');
      expect(suggestions).toHaveLength(5);
      expect(suggestions[0]).toEqual({ id: 'j2', name: 'Jacket Liner' });
      for (const suggestion of suggestions) expect(suggestion.name).toMatch(/Jacket/);
      expect(await index.suggest('JACK', 2)).toEqual([
        { id: 'j2', name: 'Jacket Liner' },
        expect.objectContaining({ name: expect.stringMatching(/Jacket/) }),
      ]);
      expect(await index.suggest('quil')).toEqual([{ id: 'j6', name: 'Quilted Jacket' }]);
      expect(await index.suggest('denim jac')).toEqual([{ id: 'j1', name: 'Denim Jacket' }]);
    });

    it('tolerates a one-letter typo', async () => {
      await putJackets();
      const suggestions = await index.suggest('jaket', 20);
      expect(suggestions.map((s) => s.id).sort()).toEqual(['j1', 'j2', 'j3', 'j4', 'j5', 'j6', 'j7']);
      expect(await index.suggest('lether')).toEqual([{ id: 'j3', name: 'Leather Jacket' }]);
    });

    it('puts names starting with the prefix first, then names with a word starting with it, then typo matches', async () => {
      await put(
        product('l1', { name: 'Lacy Top' }),
        product('l2', { name: 'Black Lace Bra' }),
        product('l3', { name: 'Lace Dress' }),
        product('l4', { name: 'Necklace' }),
      );
      expect(await index.suggest('lace')).toEqual([
        { id: 'l3', name: 'Lace Dress' },
        { id: 'l2', name: 'Black Lace Bra' },
        { id: 'l1', name: 'Lacy Top' },
      ]);
      expect(await index.suggest('bra lac')).toEqual([{ id: 'l2', name: 'Black Lace Bra' }]);
    });

    it('suggests each name once', async () => {
      await put(
        product('d2', { name: 'Denim Jacket', brand: 'Levi' }),
        product('d1', { name: 'Denim Jacket', brand: 'Gap' }),
        product('d3', { name: 'DENIM JACKET' }),
        product('d4', { name: 'Denim Skirt' }),
      );
      expect(await index.suggest('denim')).toEqual([
        { id: 'd1', name: 'Denim Jacket' },
        { id: 'd4', name: 'Denim Skirt' },
      ]);
    });

    it('suggests nothing for a blank or unmatched prefix', async () => {
      await putJackets();
      expect(await index.suggest('   ')).toEqual([]);
      expect(await index.suggest('zzzz')).toEqual([]);
      // Pattern characters are plain text to both engines.
      expect(await index.suggest('(*%_\\')).toEqual([]);
      expect(await index.search({ terms: ['(*%_\\'] })).toMatchObject({ items: [], total: 0 });
    });
  });

  describe('replaceAll', () => {
    async function* batchesOf(...batches: ProductDocument[][]): AsyncIterable<ProductDocument[]> {
      for (const batch of batches) yield batch;
    }
    const names = (result: ProductSearchResult) => result.items.map((item) => [item.id, item.name]);

    it('replaces the contents with a snapshot, answering from the old contents until it is loaded', async () => {
      await put(product('p1', { name: 'Old Coat' }), product('p2', { name: 'Denim Jacket' }), product('p3', { name: 'Wool Scarf' }));
      const seenWhileLoading: string[][] = [];
      async function* snapshot(): AsyncIterable<ProductDocument[]> {
        yield [product('p2', { name: 'Denim Trucker Jacket' }), product('p4', { name: 'Rain Jacket' })];
        seenWhileLoading.push(ids(await index.search({ terms: [] })), ids(await index.search({ terms: ['trucker'] })));
        yield [];
        // The last copy of an id wins.
        yield [product('p5', { name: 'Leather Jacket' }), product('p4', { name: 'Navy Rain Jacket' })];
      }
      for (const id of ['p4', 'p5']) written.add(id);

      expect(await index.replaceAll(snapshot())).toEqual({ indexed: 3 });

      expect(seenWhileLoading).toEqual([['p1', 'p2', 'p3'], []]);
      expect(names(await index.search({ terms: [] }))).toEqual([
        ['p2', 'Denim Trucker Jacket'],
        ['p4', 'Navy Rain Jacket'],
        ['p5', 'Leather Jacket'],
      ]);
      expect(await index.search({ terms: ['coat'] })).toMatchObject({ items: [], total: 0 });
      // Typos, synonyms and suggestions see the new contents.
      expect(ids(await index.search({ terms: ['lether'] }))).toEqual(['p5']);
      expect(ids(await index.search({ terms: ['outerwear'] })).sort()).toEqual(['p2', 'p4', 'p5']);
      expect(await index.suggest('navy')).toEqual([{ id: 'p4', name: 'Navy Rain Jacket' }]);
      expect(await index.suggest('old')).toEqual([]);
      // And later writes land in it.
      await put(product('p6', { name: 'Silk Scarf' }));
      expect(ids(await index.search({ terms: ['scarf'] }))).toEqual(['p6']);
    });

    it('keeps what upsert and remove wrote while it loaded', async () => {
      await put(product('p1', { name: 'Wool Coat' }), product('p2', { name: 'Silk Scarf' }));
      const seenWhileLoading: string[][] = [];
      async function* snapshot(): AsyncIterable<ProductDocument[]> {
        yield [product('p1', { name: 'Wool Coat' }), product('p2', { name: 'Silk Scarf' }), product('p3', { name: 'Linen Shirt' })];
        // Events processed during the load are newer than the snapshot.
        await put(product('p1', { name: 'Camel Wool Coat' }), product('p4', { name: 'Rain Jacket' }));
        await index.remove(['p2', 'p3']);
        seenWhileLoading.push(ids(await index.search({ terms: ['camel'] })), ids(await index.search({ terms: ['scarf'] })));
        // A stale copy of each, later in the snapshot.
        yield [product('p1', { name: 'Wool Coat' }), product('p2', { name: 'Silk Scarf' })];
      }
      written.add('p3');

      expect(await index.replaceAll(snapshot())).toEqual({ indexed: 2 });

      expect(seenWhileLoading).toEqual([['p1'], []]);
      expect(names(await index.search({ terms: [] }))).toEqual([
        ['p1', 'Camel Wool Coat'],
        ['p4', 'Rain Jacket'],
      ]);
    });

    it('empties the index with an empty snapshot', async () => {
      await put(product('p1', { name: 'Wool Coat' }));
      expect(await index.replaceAll(batchesOf())).toEqual({ indexed: 0 });
      expect(await index.search({ terms: [] })).toEqual({ items: [], total: 0, facets: { brands: [], genders: [], priceBands: [], colours: [] } });
      expect(await index.suggest('wool')).toEqual([]);
    });

    it('leaves the index as it was when the snapshot fails', async () => {
      await put(product('p1', { name: 'Wool Coat' }));
      async function* failing(): AsyncIterable<ProductDocument[]> {
        yield [product('p2', { name: 'Rain Jacket' })];
        throw new Error('the catalogue went away');
      }
      written.add('p2');

      await expect(index.replaceAll(failing())).rejects.toThrow('the catalogue went away');

      expect(ids(await index.search({ terms: [] }))).toEqual(['p1']);
      await put(product('p3', { name: 'Linen Shirt' }));
      expect(ids(await index.search({ terms: [] }))).toEqual(['p1', 'p3']);
    });
  });

  it('treats query syntax characters as text', async () => {
    await put(product('j1', { name: 'Denim Jacket' }), product('s1', { name: 'Wool Socks' }));
    expect(ids(await index.search({ terms: ['"denim" (jacket)*'] }))).toEqual(['j1']);
    expect(ids(await index.search({ terms: ['jacket OR socks'] }))).toEqual([]);
    expect(ids(await index.search({ terms: ['denim: jacket\\'] }))).toEqual(['j1']);
    expect(await index.search({ terms: ['OR', '\\', '*:*'] })).toMatchObject({ items: [], total: 0 });
  });

  it('stores HTML in names as text and returns it unchanged', async () => {
    const name = '<b>Bold</b> Tee & "Friends" <script>alert(1)</script>';
    await put(product('h1', { name, description: '<p>Soft & light</p>' }));
    const found = await index.search({ terms: ['bold'] });
    expect(found.items).toEqual([expect.objectContaining({ id: 'h1', name, description: '<p>Soft & light</p>' })]);
    expect(await index.suggest('bold')).toEqual([{ id: 'h1', name }]);
  });

  it('browses everything when there are no terms, or only blank ones', async () => {
    await put(product('p2', { name: 'Wool Coat' }), product('p1', { name: 'Silk Scarf' }), product('p3', { name: 'Linen Shirt' }));
    const browse = await index.search({ terms: [] });
    expect(ids(browse)).toEqual(['p1', 'p2', 'p3']);
    expect(browse.total).toBe(3);
    expect(ids(await index.search({ terms: ['  ', ''] }))).toEqual(['p1', 'p2', 'p3']);
  });
});

/**
 * OpenSearch only: the alias over versioned physical indices that lets
 * replaceAll and schema upgrades swap the index with no downtime.
 */
describe('OpenSearch index lifecycle', () => {
  const client = new Client({ node: engines.openSearchUrl });
  let alias: string;
  let index: OpenSearchProductIndex;
  const exists = async (name: string) => (await client.indices.exists({ index: name })).body;

  beforeEach(() => {
    alias = uniqueName('products_lifecycle');
    index = new OpenSearchProductIndex({ node: engines.openSearchUrl, index: alias, refresh: true });
  });
  afterEach(async () => {
    await index.deleteIndex();
    await index.close();
  });
  afterAll(async () => {
    await client.close();
  });

  /** A document as the index stored it before it carried every product view field. */
  const legacyDocument = {
    id: 'p1',
    name: 'Denim Jacket',
    brand: 'Levi',
    description: '',
    price: 80,
    currency: 'USD',
    gender: 'Men',
    category: null,
    imageUrl: 'https://images.shop.test/p1.jpg',
    sourceUrl: 'https://shop.test/p/p1',
    retailer: 'Shop Test',
    updatedAt: '2025-03-01T10:00:00.000Z',
  };

  it('creates <alias>-v1 on a fresh engine; replaceAll builds the next version and deletes the old one', async () => {
    await index.ensureReady();
    await index.ensureReady();
    expect(await index.aliasTargets()).toEqual([`${alias}-v1`]);
    await index.upsert([product('p1', { name: 'Wool Coat' })]);

    await index.replaceAll(
      (async function* () {
        yield [product('p2', { name: 'Rain Jacket' })];
      })(),
    );

    expect(await index.aliasTargets()).toEqual([`${alias}-v2`]);
    expect(await exists(`${alias}-v1`)).toBe(false);
    expect(ids(await index.search({ terms: [] }))).toEqual(['p2']);

    // A failed load leaves the live index alone and no half-built one behind.
    await expect(
      index.replaceAll(
        (async function* () {
          yield [product('p3', { name: 'Silk Scarf' })];
          throw new Error('the catalogue went away');
        })(),
      ),
    ).rejects.toThrow('the catalogue went away');
    expect(await index.aliasTargets()).toEqual([`${alias}-v2`]);
    expect(await exists(`${alias}-v3`)).toBe(false);
  });

  it('moves a concrete index named like the alias behind the alias, keeping its documents', async () => {
    await client.indices.create({ index: alias, body: { settings: { number_of_shards: 1, number_of_replicas: 0 } } });
    await client.index({ index: alias, id: 'p1', body: legacyDocument, refresh: true });

    await index.ensureReady();

    expect(await index.aliasTargets()).toEqual([`${alias}-v1`]);
    const [found] = (await index.search({ terms: ['jaket'] })).items;
    // Fields the old document lacks come back empty until the next reindex.
    expect(found).toMatchObject({ id: 'p1', name: 'Denim Jacket', priceText: null, category: 'home' });
  });

  it('copies an older schema behind the alias into a new version, once', async () => {
    await client.indices.create({
      index: `${alias}-v1`,
      body: { settings: { number_of_shards: 1, number_of_replicas: 0 }, aliases: { [alias]: {} } },
    });
    await client.index({ index: alias, id: 'p1', body: legacyDocument, refresh: true });

    await index.ensureReady();
    await index.ensureReady();

    expect(await index.aliasTargets()).toEqual([`${alias}-v2`]);
    expect(await exists(`${alias}-v1`)).toBe(false);
    expect(ids(await index.search({ terms: ['levi jacket'] }))).toEqual(['p1']);
    expect(await index.suggest('den')).toEqual([{ id: 'p1', name: 'Denim Jacket' }]);
  });
});
