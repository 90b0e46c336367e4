import type { ProductView, SearchResults } from '@closetly/contracts';
import { ApiError, InvalidResponseError, type UnauthorizedEvent } from './index';
import { headersOf, type RecordedCall, recordingClient, sampleProduct } from './recording-client.spec-helper';

const client = recordingClient;
const queryOf = (call: RecordedCall | undefined) => new URL(call?.url ?? '', 'http://localhost').searchParams;

const product: ProductView = {
  ...sampleProduct,
  imageUrl: 'https://images.example.com/shirt.jpg',
  displayImageUrl: '/api/proxy-image?url=x&sig=k.h',
  sourceUrl: 'https://www.asos.com/p/1',
  retailer: 'ASOS',
};

const results: SearchResults = {
  products: [product],
  total: 26,
  page: 2,
  pageSize: 25,
  pageCount: 2,
  facets: {
    price: [{ value: '50-100', label: '$50-$100', count: 26 }],
    gender: [{ value: 'Men', count: 20 }, { value: 'Unisex', count: 6 }],
    brand: [{ value: 'Acme', count: 26 }],
    colour: [],
  },
};

describe('search operations', () => {
  it('search sends the terms, page and each filter value as its own parameter, and returns the validated page', async () => {
    const calls: RecordedCall[] = [];
    const answer = client(200, results, calls).search({ q: 'linen shirt & co', page: 2, price: ['under-50', '50-100'], gender: ['Men'], brand: ['Acme', 'H&M'], colour: ['blue', 'black'] });
    await expect(answer).resolves.toEqual(results);
    expect(calls[0]?.url.startsWith('/api/search?')).toBe(true);
    expect(calls[0]?.init.method).toBe('GET');
    const query = queryOf(calls[0]);
    expect(query.get('q')).toBe('linen shirt & co');
    expect(query.get('isMultiSearch')).toBe('false');
    expect(query.get('page')).toBe('2');
    expect(query.getAll('price')).toEqual(['under-50', '50-100']);
    expect(query.getAll('gender')).toEqual(['Men']);
    expect(query.getAll('brand')).toEqual(['Acme', 'H&M']);
    expect(query.getAll('colour')).toEqual(['blue', 'black']);
    expect(headersOf(calls[0])).toMatchObject({ 'x-beta-token': 'beta-1' });
  });

  it('search asks for products on sale with sale=1, and leaves it out otherwise', async () => {
    const calls: RecordedCall[] = [];
    await client(200, results, calls).search({ q: 'linen', sale: true });
    await client(200, results, calls).search({ q: 'linen', sale: false });
    expect(queryOf(calls[0]).getAll('sale')).toEqual(['1']);
    expect(queryOf(calls[1]).has('sale')).toBe(false);
  });

  it('search leaves out what was not asked for, and says so for a multi-search', async () => {
    const calls: RecordedCall[] = [];
    await client(200, results, calls).search({ q: 'tee OR t-shirt', isMultiSearch: true, brand: [], colour: [] });
    const query = queryOf(calls[0]);
    expect([...query.keys()]).toEqual(['q', 'isMultiSearch']);
    expect(query.get('isMultiSearch')).toBe('true');
  });

  it('search rejects an answer of the wrong shape, and passes a refusal on as an ApiError', async () => {
    await expect(client(200, { ...results, facets: { price: [], gender: [{ value: 'Kids', count: 1 }], brand: [] } }).search({ q: 'x' })).rejects.toBeInstanceOf(
      InvalidResponseError,
    );
    const refusal = { error: { code: 'VALIDATION_FAILED', message: 'page: Must be a page number', fields: { page: ['Must be a page number'] } } };
    await expect(client(400, refusal).search({ q: 'x', page: 0 })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { page: ['Must be a page number'] } });
    await expect(client(400, refusal).search({ q: 'x' })).rejects.toBeInstanceOf(ApiError);
  });

  it('getSearchSuggestions asks for a prefix and returns the names with their ids', async () => {
    const calls: RecordedCall[] = [];
    const suggestions = { suggestions: [{ id: product.id, name: 'Linen Shirt' }] };
    await expect(client(200, suggestions, calls).getSearchSuggestions('lin en')).resolves.toEqual(suggestions);
    expect(calls[0]?.url).toBe('/api/search/suggestions?q=lin+en');
    expect(calls[0]?.init.method).toBe('GET');
    await expect(client(200, { suggestions: [{ id: 'not-a-uuid', name: 'x' }] }).getSearchSuggestions('x')).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('saveSearch posts {term} with the bearer token and takes the 204', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(204, undefined, calls).saveSearch('linen shirt')).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe('/api/save-search');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ term: 'linen shirt' });
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1', 'x-beta-token': 'beta-1' });
  });

  it('getRecentSearches reads the list newest first, and a 401 signs the user out', async () => {
    const calls: RecordedCall[] = [];
    const recent = [
      { term: 'linen shirt', searchedAt: '2026-01-02T00:00:00.000Z' },
      { term: 'trainers', searchedAt: '2026-01-01T00:00:00.000Z' },
    ];
    await expect(client(200, recent, calls).getRecentSearches()).resolves.toEqual(recent);
    expect(calls[0]?.url).toBe('/api/recent-searches');
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1' });

    const unauthorized: UnauthorizedEvent[] = [];
    await expect(client(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }, [], unauthorized).getRecentSearches()).rejects.toMatchObject({ status: 401 });
    expect(unauthorized.map((event) => event.path)).toEqual(['/api/recent-searches']);
  });
});
