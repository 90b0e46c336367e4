import { ndcgAtK, precisionAtK, recallAtK } from './metrics';

describe('top-k metrics, by hand', () => {
  const relevant = new Set(['b', 'd', 'x']);
  const ranked = ['a', 'b', 'c', 'd'];

  it('precision@k: hits in the first k over k', () => {
    expect(precisionAtK(ranked, relevant, 4)).toBeCloseTo(2 / 4);
    expect(precisionAtK(ranked, relevant, 2)).toBeCloseTo(1 / 2);
    expect(precisionAtK(ranked, relevant, 1)).toBe(0);
    // A short answer is not excused: 2 hits in 4 answers, judged at 10.
    expect(precisionAtK(ranked, relevant, 10)).toBeCloseTo(2 / 10);
  });

  it('recall@k: hits in the first k over the held-out count', () => {
    expect(recallAtK(ranked, relevant, 4)).toBeCloseTo(2 / 3);
    expect(recallAtK(ranked, relevant, 2)).toBeCloseTo(1 / 3);
    expect(recallAtK(['x', 'b', 'd'], relevant, 10)).toBe(1);
  });

  it('NDCG@k: hits discounted by log2(rank + 1), over the ideal', () => {
    // Hits at ranks 2 and 4: 1/log2(3) + 1/log2(5) = 0.63093 + 0.43068; ideal for 3 held out: 1 + 0.63093 + 0.5.
    expect(ndcgAtK(ranked, relevant, 4)).toBeCloseTo((0.63093 + 0.43068) / 2.13093, 4);
    // At k = 2 the ideal has two hits: 1 + 0.63093.
    expect(ndcgAtK(ranked, relevant, 2)).toBeCloseTo(0.63093 / 1.63093, 4);
    expect(ndcgAtK(['b', 'd', 'x'], relevant, 3)).toBeCloseTo(1);
  });

  it('a repeated id counts once and still takes a slot', () => {
    expect(precisionAtK(['b', 'b', 'd'], relevant, 2)).toBeCloseTo(1 / 2);
    expect(recallAtK(['b', 'b', 'd'], relevant, 3)).toBeCloseTo(2 / 3);
    expect(ndcgAtK(['b', 'b'], relevant, 2)).toBeCloseTo(1 / 1.63093, 4);
  });

  it('is 0 with nothing held out, no answer or k of 0', () => {
    const none = new Set<string>();
    expect(recallAtK(ranked, none, 10)).toBe(0);
    expect(ndcgAtK(ranked, none, 10)).toBe(0);
    expect(precisionAtK([], relevant, 10)).toBe(0);
    expect(precisionAtK(ranked, relevant, 0)).toBe(0);
    expect(ndcgAtK(ranked, relevant, 0)).toBe(0);
  });
});
