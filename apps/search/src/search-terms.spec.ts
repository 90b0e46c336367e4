import { searchTerms } from './search-terms';

describe('searchTerms', () => {
  it('runs a plain search as one term, the whole query, even when it contains OR', () => {
    expect(searchTerms('  black   OR white dress ', false)).toEqual(['black OR white dress']);
  });

  it('splits a multi-search on " OR " and keeps each term once, whatever its letter case', () => {
    expect(searchTerms('T-Shirt OR blouse OR t-shirt OR  tank top ', true)).toEqual(['T-Shirt', 'blouse', 'tank top']);
  });

  it('answers no terms for a blank query or one with neither letters nor digits, so nothing is browsed', () => {
    expect(searchTerms('', false)).toEqual([]);
    expect(searchTerms('   ', false)).toEqual([]);
    expect(searchTerms('!!! -- *', false)).toEqual([]);
    expect(searchTerms(' OR  OR ', true)).toEqual([]);
  });

  it('keeps terms in any script and digits', () => {
    expect(searchTerms('セーター OR 501', true)).toEqual(['セーター', '501']);
  });

  it('runs at most 32 terms', () => {
    const q = Array.from({ length: 40 }, (_, index) => `term${index}`).join(' OR ');
    expect(searchTerms(q, true)).toHaveLength(32);
  });
});
