import { SEARCH_COLOURS } from '@closetly/contracts';
import { demoCorpus, judgedCorpora, marketplaceCorpus } from './judged-corpora';
import { gainOf, judgedQueries, QUERY_KINDS, QUERY_TEMPLATES } from './judged-queries';

describe('judged corpora', () => {
  const corpora = judgedCorpora();

  it('holds the whole demo catalogue and a marketplace of 250 to 400 products, deterministically', () => {
    expect(demoCorpus().products).toHaveLength(325);
    const marketplace = marketplaceCorpus();
    expect(marketplace.products.length).toBeGreaterThanOrEqual(250);
    expect(marketplace.products.length).toBeLessThanOrEqual(400);
    expect(marketplaceCorpus()).toEqual(marketplace);
  });

  it('gives every product a type, a colour family from the filter and a unique page', () => {
    for (const corpus of corpora) {
      expect(new Set(corpus.products.map((product) => product.item.sourceUrl)).size).toBe(corpus.products.length);
      for (const { key, attributes } of corpus.products) {
        expect({ key, type: attributes.type.length > 0 }).toEqual({ key, type: true });
        expect({ key, colours: attributes.colourFamilies.every((colour) => (SEARCH_COLOURS as readonly string[]).includes(colour)) && attributes.colourFamilies.length > 0 }).toEqual({ key, colours: true });
      }
    }
  });

  it('writes the marketplace the way such a shop does: gender and colour in varying places', () => {
    const { products } = marketplaceCorpus();
    const gendered = products.filter((product) => product.attributes.gender !== 'Unisex');
    expect(gendered.some((product) => product.item.gender === undefined && /\b(women|men|ladies|mens|womens)\b/i.test(product.item.description ?? ''))).toBe(true);
    expect(gendered.some((product) => product.item.gender === undefined && /\b(women's|womens|men's|mens)\b/i.test(product.item.name))).toBe(true);
    expect(products.some((product) => product.item.colour !== undefined && !/ in /.test(product.item.name))).toBe(true);
    expect(products.some((product) => product.item.colour === undefined)).toBe(true);
    expect(new Set(products.map((product) => product.attributes.category))).toEqual(new Set(['tops', 'bottoms', 'shoes', 'outerwear', 'accessories']));
  });
});

describe('judged queries', () => {
  const corpora = judgedCorpora();
  const queries = corpora.flatMap(judgedQueries);

  it('has at least 150 queries with something to find, in every kind', () => {
    expect(queries.length).toBeGreaterThanOrEqual(150);
    for (const kind of QUERY_KINDS) expect({ kind, enough: queries.filter((query) => query.kind === kind).length >= 10 }).toEqual({ kind, enough: true });
  });

  it('spells both genders every way shoppers do', () => {
    const spelled = QUERY_TEMPLATES.filter((template) => template.intent.gender).map((template) => template.q.split(' ')[0]);
    for (const word of ['women', 'womens', "women's", 'ladies', 'female', 'men', 'mens', "men's", 'male']) expect(spelled).toContain(word);
  });

  it('grades gendered queries: 2 for the gender, 1 for unisex, 0 for the other gender', () => {
    const jeans = { type: 'jeans', typeFamily: null, category: 'bottoms', colourFamilies: ['blue'], shade: 'midwash', materials: ['denim'] } as const;
    const intent = { types: ['jeans'], gender: 'Women' } as const;
    expect(gainOf({ ...jeans, gender: 'Women' }, intent)).toBe(2);
    expect(gainOf({ ...jeans, gender: 'Unisex' }, intent)).toBe(1);
    expect(gainOf({ ...jeans, gender: 'Men' }, intent)).toBe(0);
    expect(gainOf({ ...jeans, gender: 'Men' }, { types: ['jeans'], colour: 'black' })).toBe(0);
    expect(gainOf({ ...jeans, gender: 'Men', typeFamily: 'trousers', type: 'chinos' }, { types: ['trousers'] })).toBe(2);
  });
});
