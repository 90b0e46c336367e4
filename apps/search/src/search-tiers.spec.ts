import { parseSearchQuery } from '@closetly/catalogue-rules';
import { FEW_EXACT_RESULTS, FEW_TYPED_RESULTS, searchTiers } from './search-tiers';

const tiers = (query: string) => searchTiers(parseSearchQuery(query));

describe('searchTiers', () => {
  it('with constraints: every item that satisfies them, the other words ranking only', () => {
    const [first] = tiers('womens linen shirt');
    expect(first).toMatchObject({ genders: ['Women', 'Unisex'], garments: ['shirt'], untypedIn: [], words: ['linen'], match: 'rank', preferGender: 'Women', boostWords: ['shirt'], enough: FEW_TYPED_RESULTS });
  });

  it('with too few of the garment: items whose text names no garment join, from its category', () => {
    expect(tiers('mens sneakers')[1]).toMatchObject({ garments: ['sneakers'], untypedIn: ['shoes'], match: 'rank', enough: 1 });
    expect(tiers('black')).toHaveLength(3);
  });

  it('with constraints and nothing satisfying them: the garment and colour words must be found as text, the gender stays', () => {
    const [, , relaxed, any] = tiers('mens navy blazer');
    expect(relaxed).toMatchObject({ genders: ['Men', 'Unisex'], garments: [], colours: [], words: ['navy', 'blazer'], match: 'all' });
    expect(any).toMatchObject({ words: ['navy', 'blazer'], match: 'any' });
  });

  it('a gender alone is every item for that gender; with other words, they must be found', () => {
    expect(tiers('women')).toEqual([expect.objectContaining({ genders: ['Women', 'Unisex'], words: [], match: 'rank' })]);
    expect(tiers('women nike')[0]).toMatchObject({ genders: ['Women', 'Unisex'], words: ['nike'], match: 'all', typos: false });
  });

  it('text only: exact first, typos and the last word as a prefix only when exact finds too little, then any word', () => {
    const [exact, typos, any] = tiers('nike air');
    expect(exact).toMatchObject({ words: ['nike', 'air'], match: 'all', typos: false, enough: FEW_EXACT_RESULTS });
    expect(typos).toMatchObject({ match: 'all', typos: true, lastWordIsPrefix: true, enough: 1 });
    expect(any).toMatchObject({ match: 'any', typos: true });
    expect(tiers('lin')).toHaveLength(2);
  });

  it('nothing to search: no tier', () => {
    expect(tiers('')).toEqual([]);
    expect(tiers('the of ?!')).toEqual([]);
  });
});
