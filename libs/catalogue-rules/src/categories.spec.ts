import { CATEGORIES, CATEGORY_BY_ID, CATEGORY_IDS, NEUTRAL_PHRASES } from './categories';
import { tokenise } from './infer-category';

const key = (term: string) => tokenise(term).join(' ');

describe('categories (spec §3)', () => {
  it('lists home, shoes, bottoms, tops, outerwear, accessories with a label and an icon', () => {
    expect(CATEGORIES.map(({ id, label, icon }) => [id, label, icon])).toEqual([
      ['home', 'Home', 'home'],
      ['shoes', 'Shoes', 'shoe'],
      ['bottoms', 'Bottoms', 'bottoms'],
      ['tops', 'Tops', 'shirt'],
      ['outerwear', 'Outerwear', 'jacket'],
      ['accessories', 'Accessories', 'bag'],
    ]);
    expect(CATEGORY_IDS).toEqual(CATEGORIES.map((category) => category.id));
    for (const id of CATEGORY_IDS) expect(CATEGORY_BY_ID[id].id).toBe(id);
  });

  it.each(CATEGORIES.map((category) => [category.id, category] as const))('%s has real keyword lists', (_id, category) => {
    expect(category.keywords.length).toBeGreaterThanOrEqual(15);
    expect(category.secondaryTerms.length).toBeGreaterThanOrEqual(10);
  });

  it('writes every term in lower-case words, each once per category', () => {
    for (const category of CATEGORIES) {
      const terms = [...category.keywords, ...category.secondaryTerms];
      for (const term of terms) expect(term).toMatch(/^[a-z]+( [a-z]+)*$/);
      expect(new Set(terms.map(key)).size).toBe(terms.length);
    }
  });

  it('gives each primary keyword to one category only', () => {
    const owners = new Map<string, string[]>();
    for (const category of CATEGORIES) for (const keyword of category.keywords) owners.set(key(keyword), [...(owners.get(key(keyword)) ?? []), category.id]);
    expect([...owners].filter(([, categories]) => categories.length > 1)).toEqual([]);
  });

  it('keeps neutral phrases apart from every term', () => {
    const terms = new Set(CATEGORIES.flatMap((category) => [...category.keywords, ...category.secondaryTerms]).map(key));
    expect(NEUTRAL_PHRASES.filter((phrase) => terms.has(key(phrase)))).toEqual([]);
  });
});
