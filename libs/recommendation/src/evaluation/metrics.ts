/**
 * Top-k metrics of one ranked list against the held-out items. Only the
 * first k entries count; an id repeated within them counts once, at its
 * first rank (the repeat still takes a slot).
 */

/** For each of the first k entries: 1 when it is a held-out item seen for the first time, else 0. */
function gains(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number[] {
  const seen = new Set<string>();
  return ranked.slice(0, Math.max(0, k)).map((id) => {
    const gain = relevant.has(id) && !seen.has(id) ? 1 : 0;
    seen.add(id);
    return gain;
  });
}

const hitCount = (ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number =>
  gains(ranked, relevant, k).reduce((sum, gain) => sum + gain, 0);

/** Hits in the first k divided by k (an answer shorter than k is not excused). */
export function precisionAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return k > 0 ? hitCount(ranked, relevant, k) / k : 0;
}

/** Hits in the first k divided by the number of held-out items; 0 with none held out. */
export function recallAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return relevant.size > 0 ? hitCount(ranked, relevant, k) / relevant.size : 0;
}

/** DCG of the first k (gain 1 per hit, discount 1/log2(rank + 1), ranks from 1) over the best possible DCG. */
export function ndcgAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0 || k <= 0) return 0;
  const dcg = gains(ranked, relevant, k).reduce((sum, gain, index) => sum + gain / Math.log2(index + 2), 0);
  let ideal = 0;
  for (let index = 0; index < Math.min(k, relevant.size); index += 1) ideal += 1 / Math.log2(index + 2);
  return dcg / ideal;
}
