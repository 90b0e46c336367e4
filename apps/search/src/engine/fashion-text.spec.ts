import { editDistance, ENGLISH_STOP_WORDS, maxEditsFor, queryWords, searchableWords } from './fashion-text';

describe('queryWords', () => {
  it('splits on punctuation and query syntax, lower-cased', () => {
    expect(queryWords('Denim  JACKET')).toEqual(['denim', 'jacket']);
    expect(queryWords('t-shirt')).toEqual(['t', 'shirt']);
    expect(queryWords('"hoodie" OR (jumper*) :\\ tee')).toEqual(['hoodie', 'or', 'jumper', 'tee']);
    expect(queryWords('(*%_\\')).toEqual([]);
  });

  it('drops possessives, keeps decimals and letters of any script', () => {
    expect(queryWords("Levi's 501 jeans")).toEqual(['levi', '501', 'jeans']);
    expect(queryWords('Levi’s')).toEqual(['levi']);
    expect(queryWords('size 7.5 café Ünïcode')).toEqual(['size', '7.5', 'café', 'ünïcode']);
  });
});

describe('searchableWords', () => {
  it("drops Lucene's English stop words but keeps the t of t-shirt", () => {
    expect(searchableWords('The North Face')).toEqual(['north', 'face']);
    expect(searchableWords('the and of')).toEqual([]);
    expect(searchableWords('T-Shirt')).toEqual(['t', 'shirt']);
    expect(ENGLISH_STOP_WORDS.size).toBe(33);
  });
});

describe('maxEditsFor (AUTO:4,8)', () => {
  it('allows no typo under 4 letters, one up to 7, two from 8', () => {
    expect(['a', 'ab', 'tee', 'coat', 'jaket', 'jacket', 'sneaker', 'trainers', 'cardigan'].map(maxEditsFor)).toEqual([0, 0, 0, 1, 1, 1, 1, 2, 2]);
    expect(maxEditsFor('ñoño')).toBe(1);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions as one edit each', () => {
    expect(editDistance('jaket', 'jacket')).toBe(1);
    expect(editDistance('sneakr', 'sneaker')).toBe(1);
    expect(editDistance('shirt', 'skirt')).toBe(1);
    expect(editDistance('jakcet', 'jacket')).toBe(1);
    expect(editDistance('coat', 'coat')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('stops early past the maximum', () => {
    expect(editDistance('jacket', 'trousers', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(editDistance('👗dress', '👠dress')).toBe(1);
  });
});
