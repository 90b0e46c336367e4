import { join } from 'node:path';
import { type DatabaseConnection, drizzleFor, migrateService, openConnection } from '@closetly/server';
import { createTestDatabase, engines, uniqueName } from '@closetly/testing';
import {
  OpenSearchProductIndex,
  PostgresProductIndex,
  type ProductDocument,
  type ProductSearchIndex,
  type ProductSearchResult,
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
    gender: 'Unisex',
    category: null,
    imageUrl: `https://images.shop.test/${id}.jpg`,
    sourceUrl: `https://shop.test/p/${id}`,
    retailer: 'Shop Test',
    updatedAt: '2025-03-01T10:00:00.000Z',
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
    expect(await index.search({ terms: [] })).toEqual({ items: [], total: 0, facets: { brands: [], genders: [], priceBands: [] } });
  });

  it('finds an upserted product by a word of its name and returns every field unchanged', async () => {
    const jacket = product('p1', {
      name: 'Denim Jacket',
      brand: "Levi's",
      description: 'A classic trucker',
      price: 89.5,
      currency: 'EUR',
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
      expect((await index.search({ terms: [], priceBands: ['100-200'] })).facets.priceBands).toEqual([{ value: '100-200', count: 2 }]);
    });
  });

  it('counts facets within the current result set', async () => {
    await put(
      product('p1', { name: 'Denim Jacket', brand: 'Levi', gender: 'Men', price: 80 }),
      product('p2', { name: 'Denim Skirt', brand: 'Levi', gender: 'Women', price: 45 }),
      product('p3', { name: 'Denim Shirt', brand: 'Gap', gender: 'Men', price: 30 }),
      product('p4', { name: 'Denim Cap', brand: 'Acne', gender: 'Unisex', price: 250 }),
      product('p5', { name: 'Wool Coat', brand: 'Gap', gender: 'Women', price: 150 }),
    );

    const denim = await index.search({ terms: ['denim'] });
    expect(denim.total).toBe(4);
    expect(denim.facets).toEqual({
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

    // Filters narrow the facets too, including the facet's own filter.
    const menDenim = await index.search({ terms: ['denim'], gender: ['Men'] });
    expect(menDenim.facets.genders).toEqual([{ value: 'Men', count: 2 }]);
    expect(menDenim.facets.brands).toEqual([
      { value: 'Gap', count: 1 },
      { value: 'Levi', count: 1 },
    ]);
    // Facets count every match, not just the page.
    expect((await index.search({ terms: [], pageSize: 1 })).facets.brands).toEqual([
      { value: 'Gap', count: 2 },
      { value: 'Levi', count: 2 },
      { value: 'Acne', count: 1 },
    ]);
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

    it('suggests nothing for a blank or unmatched prefix', async () => {
      await putJackets();
      expect(await index.suggest('   ')).toEqual([]);
      expect(await index.suggest('zzzz')).toEqual([]);
      // Pattern characters are plain text to both engines.
      expect(await index.suggest('(*%_\\')).toEqual([]);
      expect(await index.search({ terms: ['(*%_\\'] })).toMatchObject({ items: [], total: 0 });
    });
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
