import { Bm25Index, bm25Tokens } from './bm25';

describe('BM25 reference', () => {
  const index = new Bm25Index([
    { id: 'b', text: 'Slim Jeans Levi’s Slim jeans in mid blue' },
    { id: 'a', text: 'Relaxed Jeans Levi’s Relaxed jeans' },
    { id: 'c', text: 'Black Boots Dr Martens Wear them with jeans' },
    { id: 'd', text: "Women's Linen Shirt COS A breezy linen shirt" },
  ]);

  it('splits lower-case word tokens and keeps nothing else', () => {
    expect(bm25Tokens("Women's T-Shirt, 100% COTTON")).toEqual(['women', 's', 't', 'shirt', '100', 'cotton']);
  });

  it('ORs the words, ranks by score and breaks ties by id', () => {
    // Both jeans score alike on "jeans"; the boots mention it once in a longer text.
    expect(index.search('jeans')).toEqual(['a', 'b', 'c']);
    // A rarer word weighs more: "black" alone lifts the boots above the jeans.
    expect(index.search('black jeans')[0]).toBe('c');
    expect(index.search('linen boots')).toEqual(expect.arrayContaining(['c', 'd']));
  });

  it('has no stemming, synonyms or typo handling', () => {
    expect(index.search('shirts')).toEqual([]);
    expect(index.search('trainers')).toEqual([]);
    expect(index.search('jeens')).toEqual([]);
  });
});
