import type { RpcClient } from '@closetly/server';
import { product } from '@closetly/testing';
import type { Caller, Product } from '@closetly/contracts';
import {
  MAX_RESULT_WINDOW,
  type ProductDocument,
  type ProductSearchIndex,
  type ProductSearchQuery,
  type ProductSearchResult,
  type ProductSuggestion,
  toProductDocument,
} from './engine/product-search-index';
import { CatalogueSnapshotSource } from './rebuild/catalogue-snapshot.source';
import { SearchService } from './search.service';

const shopper: Caller = { uid: 'user-1', sid: 'session-1', roles: [] };
const admin: Caller = { uid: 'admin-1', sid: 'session-2', roles: ['admin'] };

const noFacets = { brands: [], genders: [], priceBands: [], colours: [] };

/** The engine port replaced: calls recorded, answers chosen by each test. */
function fakeIndex(result: ProductSearchResult = { items: [], total: 0, facets: noFacets }): jest.Mocked<ProductSearchIndex> {
  return {
    ensureReady: jest.fn(async () => undefined),
    upsert: jest.fn(async (_docs: readonly ProductDocument[]) => undefined),
    remove: jest.fn(async (_ids: readonly string[]) => undefined),
    search: jest.fn(async (_query: ProductSearchQuery) => result),
    suggest: jest.fn(async (_prefix: string, _limit?: number): Promise<ProductSuggestion[]> => []),
    replaceAll: jest.fn(async (batches: AsyncIterable<readonly ProductDocument[]>) => {
      let indexed = 0;
      for await (const batch of batches) indexed += batch.length;
      return { indexed };
    }),
    isReady: jest.fn(async () => true),
    close: jest.fn(async () => undefined),
  };
}

/** The RPC client replaced: `call` answers what the test says. */
function fakeRpc(answer: (pattern: string, data: { after: string | null }) => Promise<unknown> = async () => ({ products: [], next: null })) {
  const call = jest.fn(answer);
  const rpc = { call } as unknown as RpcClient;
  const snapshot = new CatalogueSnapshotSource(rpc);
  return { rpc, call, sources: { events: snapshot, catalogue: snapshot } };
}

const query = (overrides: Partial<Parameters<SearchService['search']>[0]> = {}) => ({ q: 'linen shirt', multi: false, page: 1, price: [], gender: [], brand: [], colour: [], ...overrides });

describe('SearchService.search', () => {
  it('answers an empty page for a blank or meaningless query without asking the engine (nothing is browsed)', async () => {
    const index = fakeIndex();
    const service = new SearchService(index, fakeRpc().sources);
    for (const q of ['', '   ', '?!']) {
      await expect(service.search(query({ q, page: 3 }))).resolves.toEqual({
        products: [],
        total: 0,
        page: 3,
        pageSize: 25,
        pageCount: 0,
        facets: { price: [], gender: [], brand: [], colour: [], sale: [] },
      });
    }
    expect(index.search).not.toHaveBeenCalled();
  });

  it('runs a multi-search as OR-joined terms with the filters and 25 per page', async () => {
    const index = fakeIndex();
    const service = new SearchService(index, fakeRpc().sources);
    await service.search(query({ q: 'T-Shirt OR blouse', multi: true, page: 2, price: ['under-50'], gender: ['Women'], brand: ['Zara', 'COS'] }));
    expect(index.search).toHaveBeenCalledWith({ terms: ['T-Shirt', 'blouse'], priceBands: ['under-50'], gender: ['Women'], brands: ['Zara', 'COS'], colours: [], onSale: false, saleSince: expect.any(String), page: 2, pageSize: 25 });
  });

  it('runs a plain search as understood, with the filters, widening tier by tier until one finds enough', async () => {
    const index = fakeIndex();
    const service = new SearchService(index, fakeRpc().sources);
    await service.search(query({ q: 'womens blue jeans', colour: ['blue'] }));
    // Nothing satisfies the constraints: the garment and colour words become text, then any one of them.
    expect(index.search.mock.calls.map(([call]) => [call.understood?.match, call.understood?.garments, call.understood?.untypedIn, call.understood?.words])).toEqual([
      ['rank', ['jeans'], [], []],
      ['rank', ['jeans'], ['bottoms'], []],
      ['all', [], [], ['blue', 'jeans']],
      ['any', [], [], ['blue', 'jeans']],
    ]);
    expect(index.search.mock.calls[0]?.[0]).toMatchObject({ colours: ['blue'], understood: { genders: ['Women', 'Unisex'], colours: ['blue'], preferGender: 'Women' } });
    // Each tier but the last tells the engine how many it must find to be kept; the last is always kept.
    expect(index.search.mock.calls.map(([call]) => call.keptFrom)).toEqual([10, 1, 1, undefined]);
  });

  it('stops at the first tier that finds enough', async () => {
    const index = fakeIndex({ items: [], total: 3, facets: noFacets });
    await new SearchService(index, fakeRpc().sources).search(query({ q: 'women jeans' }));
    // Three jeans are fewer than ten: untyped bottoms join them, and that is enough.
    expect(index.search).toHaveBeenCalledTimes(2);
    await new SearchService(index, fakeRpc().sources).search(query({ q: 'women black' }));
    expect(index.search).toHaveBeenCalledTimes(3);
  });

  it('leaves gender words out of the suggestions prefix', async () => {
    const index = fakeIndex();
    await new SearchService(index, fakeRpc().sources).suggest("women's jea");
    expect(index.suggest).toHaveBeenCalledWith('jea', 5);
  });

  it('answers the products as views, the total, the page count and labelled facets', async () => {
    const listed = product({ listed: true, price: 39.5 });
    const index = fakeIndex({
      items: [toProductDocument(listed)],
      total: 51,
      facets: {
        brands: [{ value: listed.brand, count: 51 }],
        genders: [{ value: 'Unisex', count: 51 }],
        priceBands: [{ value: 'under-50', count: 51 }],
        colours: [{ value: 'blue', count: 12 }],
      },
    });
    const results = await new SearchService(index, fakeRpc().sources).search(query());
    expect(results.products.map((item) => [item.id, item.name, item.price])).toEqual([[listed.id, listed.name, 39.5]]);
    expect(results).toMatchObject({ total: 51, page: 1, pageSize: 25, pageCount: 3 });
    expect(results.facets).toEqual({
      price: [{ value: 'under-50', label: 'Under $50', count: 51 }],
      gender: [{ value: 'Unisex', count: 51 }],
      brand: [{ value: listed.brand, count: 51 }],
      colour: [{ value: 'blue', label: 'Blue', count: 12 }],
      sale: [],
    });
  });

  it('asks for "On sale" with the window of the last 7 days, and labels its count', async () => {
    const index = fakeIndex({ items: [], total: 3, facets: { ...noFacets, onSale: 3 } });
    const now = new Date('2026-03-10T12:00:00.000Z');
    const results = await new SearchService(index, fakeRpc().sources).search(query({ q: 'coat', multi: true, sale: true }), now);
    expect(index.search).toHaveBeenCalledWith(expect.objectContaining({ onSale: true, saleSince: '2026-03-03T12:00:00.000Z' }));
    expect(results.facets.sale).toEqual([{ value: '1', label: 'On sale', count: 3 }]);
  });

  it('offers no page past the engines’ result window', async () => {
    const index = fakeIndex({ items: [], total: MAX_RESULT_WINDOW * 3, facets: noFacets });
    const results = await new SearchService(index, fakeRpc().sources).search(query());
    expect(results.pageCount).toBe(MAX_RESULT_WINDOW / 25);
  });
});

describe('SearchService.suggest', () => {
  it('asks the engine for the first 5 names of a trimmed prefix, and for nothing when it is blank', async () => {
    const index = fakeIndex();
    index.suggest.mockResolvedValue([{ id: 'p1', name: 'Denim Jacket' }]);
    const service = new SearchService(index, fakeRpc().sources);
    await expect(service.suggest('  den ')).resolves.toEqual({ suggestions: [{ id: 'p1', name: 'Denim Jacket' }] });
    expect(index.suggest).toHaveBeenCalledWith('den', 5);
    await expect(service.suggest('   ')).resolves.toEqual({ suggestions: [] });
    expect(index.suggest).toHaveBeenCalledTimes(1);
  });
});

describe('SearchService catalogue events', () => {
  it.each<[string, Partial<Product>, 'upsert' | 'remove']>([
    ['a listed product is indexed', { listed: true }, 'upsert'],
    ['an unlisted product leaves the index (only its savers may see it)', { listed: false }, 'remove'],
    ['a hidden product leaves the index', { listed: true, hidden: true }, 'remove'],
  ])('%s', async (_case, overrides, expected) => {
    const index = fakeIndex();
    const changed = product(overrides);
    await new SearchService(index, fakeRpc().sources).productChanged(changed);
    if (expected === 'upsert') {
      expect(index.upsert).toHaveBeenCalledWith([toProductDocument(changed)]);
      expect(index.remove).not.toHaveBeenCalled();
    } else {
      expect(index.remove).toHaveBeenCalledWith([changed.id]);
      expect(index.upsert).not.toHaveBeenCalled();
    }
  });

  it('removes a product the catalogue removed', async () => {
    const index = fakeIndex();
    await new SearchService(index, fakeRpc().sources).productRemoved('gone-id');
    expect(index.remove).toHaveBeenCalledWith(['gone-id']);
  });
});

describe('SearchService.reindex', () => {
  it('refuses anyone but an administrator, before reading the catalogue', async () => {
    const index = fakeIndex();
    const { sources, call } = fakeRpc();
    await expect(new SearchService(index, sources).reindex(shopper)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(call).not.toHaveBeenCalled();
    expect(index.replaceAll).not.toHaveBeenCalled();
  });

  it('pages through the catalogue snapshot, indexes only searchable products, and counts them', async () => {
    const first = product({ listed: true });
    const hidden = product({ listed: true, hidden: true });
    const second = product({ listed: true });
    const { sources, call } = fakeRpc(async (_pattern, data) => (data.after === null ? { products: [first, hidden], next: hidden.id } : { products: [second], next: null }));
    const index = fakeIndex();
    await expect(new SearchService(index, sources).reindex(admin)).resolves.toEqual({ indexed: 2 });
    expect(call.mock.calls.map(([pattern, data]) => [pattern, data])).toEqual([
      ['catalogue.snapshot', { after: null, limit: 500 }],
      ['catalogue.snapshot', { after: hidden.id, limit: 500 }],
    ]);
  });

  it('applies again, after the swap, each event that arrived while the new index was loading', async () => {
    const index = fakeIndex();
    let swapped = false;
    const writesAfterSwap: unknown[] = [];
    index.replaceAll.mockImplementation(async (batches) => {
      for await (const _batch of batches) {
        // loading the new index
      }
      swapped = true;
      return { indexed: 0 };
    });
    index.upsert.mockImplementation(async (docs) => void (swapped && writesAfterSwap.push(['upsert', docs.map((doc) => doc.name)])));
    index.remove.mockImplementation(async (ids) => void (swapped && writesAfterSwap.push(['remove', ids])));
    const renamed = product({ listed: true, name: 'Renamed while loading' });
    const { sources } = fakeRpc(async () => {
      // Events delivered mid-rebuild reach the old index, which the swap replaces.
      await service.productChanged(renamed);
      await service.productRemoved('removed-while-loading');
      return { products: [], next: null };
    });
    const service: SearchService = new SearchService(index, sources);
    await service.reindex(admin);
    expect(writesAfterSwap).toEqual([
      ['upsert', ['Renamed while loading']],
      ['remove', ['removed-while-loading']],
    ]);
    // Later events are applied once, as usual.
    await service.productRemoved('after-the-rebuild');
    expect(writesAfterSwap).toHaveLength(3);
  });

  it('applies after the swap what the source says changed elsewhere meanwhile (another replica’s events, in the old index only)', async () => {
    const index = fakeIndex();
    const elsewhere = product({ listed: true, name: 'Saved through the other replica' });
    const source = {
      pages: async function* () {
        yield [];
      },
      changedSince: jest.fn(async () => new Map<string, Product | null>([[elsewhere.id, elsewhere], ['removed-elsewhere', null]])),
    };
    await new SearchService(index, { events: source, catalogue: source }).reindex(admin);
    expect(source.changedSince).toHaveBeenCalledTimes(1);
    expect(index.upsert).toHaveBeenCalledWith([expect.objectContaining({ id: elsewhere.id, name: 'Saved through the other replica' })]);
    expect(index.remove).toHaveBeenCalledWith(['removed-elsewhere']);
  });

  it('reads the source the administrator chose: the product events by default, the catalogue when asked', async () => {
    const fromEvents = product({ listed: true, name: 'From the events' });
    const fromCatalogue = product({ listed: true, name: 'From the catalogue' });
    const only = (found: Product) => ({
      pages: async function* () {
        yield [found];
      },
    });
    const index = fakeIndex();
    const names: string[][] = [];
    index.replaceAll.mockImplementation(async (batches) => {
      for await (const batch of batches) names.push(batch.map((doc) => doc.name));
      return { indexed: 1 };
    });
    const service = new SearchService(index, { events: only(fromEvents), catalogue: only(fromCatalogue) });
    await service.reindex(admin);
    await service.reindex(admin, 'catalogue');
    expect(names).toEqual([['From the events'], ['From the catalogue']]);
  });

  it('runs one rebuild at a time', async () => {
    let release: () => void = () => undefined;
    const { sources } = fakeRpc(() => new Promise((resolve) => (release = () => resolve({ products: [], next: null }))));
    const service = new SearchService(fakeIndex(), sources);
    const running = service.reindex(admin);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(service.reindex(admin)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    release();
    await expect(running).resolves.toEqual({ indexed: 0 });
  });
});
