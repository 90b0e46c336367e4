import type { JudgedQuery } from './judged-queries';
import { ndcgAt, outcomeOf, precisionAt, summarise } from './metrics';

const gains = (entries: Record<string, number>): Map<string, number> => new Map(Object.entries(entries));
const query = (q: string, kind: JudgedQuery['kind'] = 'garment'): JudgedQuery => ({ q, kind, intent: { types: ['jeans'] }, corpus: 'demo' });

describe('precisionAt', () => {
  it('counts relevant products in the top k over min(k, relevant that exist)', () => {
    expect(precisionAt(10, ['a', 'x', 'b'], gains({ a: 2, b: 1, c: 2 }))).toBeCloseTo(2 / 3);
    // More relevant than k: the denominator is k.
    const many = gains(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, 2])));
    expect(precisionAt(10, ['p0', 'p1', 'x', 'p2'], many)).toBeCloseTo(3 / 10);
    // Only the top k count.
    expect(precisionAt(2, ['x', 'y', 'a'], gains({ a: 2 }))).toBe(0);
  });

  it('is 1 when every relevant product is in the top k, and undefined when none exists', () => {
    expect(precisionAt(10, ['x', 'a', 'y', 'b'], gains({ a: 2, b: 1 }))).toBe(1);
    expect(precisionAt(10, ['x'], gains({}))).toBeUndefined();
    expect(precisionAt(10, [], gains({ a: 2 }))).toBe(0);
  });
});

describe('ndcgAt', () => {
  it('is 1 for the ideal order and lower when a better product comes later', () => {
    const judged = gains({ a: 2, b: 1 });
    expect(ndcgAt(10, ['a', 'b'], judged)).toBeCloseTo(1);
    // DCG = 1/log2(2) + 2/log2(3); ideal = 2 + 1/log2(3).
    expect(ndcgAt(10, ['b', 'a'], judged)).toBeCloseTo((1 + 2 / Math.log2(3)) / (2 + 1 / Math.log2(3)));
    expect(ndcgAt(10, ['x', 'a'], gains({ a: 2 }))).toBeCloseTo(1 / Math.log2(3));
  });

  it('counts only the top k and is undefined with nothing relevant', () => {
    expect(ndcgAt(1, ['x', 'a'], gains({ a: 2 }))).toBe(0);
    expect(ndcgAt(10, ['a'], gains({}))).toBeUndefined();
  });
});

describe('outcomes and summaries', () => {
  it('marks a query zero-result only when relevant products exist and nothing came back', () => {
    expect(outcomeOf(query('jeans'), [], 0, gains({ a: 2 })).zeroResult).toBe(true);
    expect(outcomeOf(query('jeans'), ['x'], 1, gains({ a: 2 })).zeroResult).toBe(false);
    expect(() => outcomeOf(query('jeans'), [], 0, gains({}))).toThrow(/no relevant product/);
  });

  it('averages per kind, leaves out kinds with no query, and ends with overall', () => {
    const outcomes = [
      outcomeOf(query('jeans'), ['a'], 1, gains({ a: 2 })),
      outcomeOf(query('dress'), [], 0, gains({ a: 2 })),
      outcomeOf(query('jeens', 'typo'), ['a'], 3, gains({ a: 2, b: 2 })),
    ];
    expect(summarise(outcomes)).toEqual([
      { kind: 'garment', queries: 2, precision: 0.5, ndcg: 0.5, zeroResults: 1 },
      { kind: 'typo', queries: 1, precision: 0.5, ndcg: expect.closeTo(1 / (1 + 1 / Math.log2(3))), zeroResults: 0 },
      { kind: 'overall', queries: 3, precision: 0.5, ndcg: expect.closeTo((1 + 1 / (1 + 1 / Math.log2(3))) / 3), zeroResults: 1 },
    ]);
  });
});
