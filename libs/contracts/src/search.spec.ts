import { SearchParams, SearchQuery } from './search';

describe('search parameters: On sale (issue 25)', () => {
  it('reads sale=1 or sale=true as on sale, and no sale, 0 or false as all products', () => {
    expect(SearchParams.parse({ q: 'linen', sale: '1' }).sale).toBe(true);
    expect(SearchParams.parse({ q: 'linen', sale: 'true' }).sale).toBe(true);
    expect(SearchParams.parse({ q: 'linen', sale: '0' }).sale).toBe(false);
    expect(SearchParams.parse({ q: 'linen' }).sale).toBe(false);
  });

  it('refuses any other value with a message', () => {
    const refused = SearchParams.safeParse({ q: 'linen', sale: 'yes' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Must be 1 or 0');
  });

  it('passes on to the search service, which may leave it out', () => {
    const { isMultiSearch, ...rest } = SearchParams.parse({ q: 'linen', sale: '1' });
    expect(SearchQuery.parse({ ...rest, multi: isMultiSearch }).sale).toBe(true);
    expect(SearchQuery.parse({ q: 'linen', multi: false, page: 1, price: [], gender: [], brand: [] }).sale).toBeUndefined();
  });
});
