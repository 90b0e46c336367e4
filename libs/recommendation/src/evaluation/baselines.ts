import { catalogueEntries } from '../save-index';
import { halfLifeDecay, toMillis, DAY_MS } from '../time';
import { topK } from '../top-k';
import type { Recommender } from '../recommend';
import type { ItemCatalogue, Save } from '../types';

/**
 * The baselines the recommender is judged against, as plain and textbook as
 * possible: what a reviewer would write in an afternoon.
 */

interface Training {
  saves: readonly Save[];
  items: ItemCatalogue;
}

function savedBy(saves: readonly Save[]): Map<string, Set<string>> {
  const byUser = new Map<string, Set<string>>();
  for (const { userId, itemId } of saves) {
    let row = byUser.get(userId);
    if (!row) byUser.set(userId, (row = new Set()));
    row.add(itemId);
  }
  return byUser;
}

const byScoreThenId = (scores: ReadonlyMap<string, number>) => (a: string, b: string) => {
  const difference = (scores.get(b) ?? 0) - (scores.get(a) ?? 0);
  return difference !== 0 ? difference : a < b ? -1 : a > b ? 1 : 0;
};

/** Catalogue items by number of savers (or, with a half-life, by recency-weighted saves), ties by id. */
function popularityRanking(training: Training, halfLifeDays?: number): string[] {
  const known = new Set(catalogueEntries(training.items).map(([id]) => id));
  const newest = training.saves.reduce((max, save) => Math.max(max, toMillis(save.at) || 0), 0);
  const seen = new Set<string>();
  const scores = new Map<string, number>([...known].map((id) => [id, 0]));
  for (const save of training.saves) {
    const key = `${save.userId}\u0000${save.itemId}`;
    if (!known.has(save.itemId) || seen.has(key)) continue;
    seen.add(key);
    const weight = halfLifeDays === undefined ? 1 : halfLifeDecay(newest - (toMillis(save.at) || 0), halfLifeDays * DAY_MS);
    scores.set(save.itemId, (scores.get(save.itemId) ?? 0) + weight);
  }
  return [...known].sort(byScoreThenId(scores));
}

function firstUnsaved(ranking: readonly string[], saved: ReadonlySet<string> | undefined, k: number, already: string[] = []): string[] {
  const answer = already;
  const taken = new Set(answer);
  for (const id of ranking) {
    if (answer.length >= k) break;
    if (saved?.has(id) || taken.has(id)) continue;
    answer.push(id);
    taken.add(id);
  }
  return answer;
}

/** Most saved items the user has not saved. With `halfLifeDays`, recent saves weigh more. */
export function popularityRecommender(training: Training, halfLifeDays?: number): Recommender {
  const ranking = popularityRanking(training, halfLifeDays);
  const byUser = savedBy(training.saves);
  return { recommend: (userId, k) => firstUnsaved(ranking, byUser.get(userId), k) };
}

/**
 * Item-to-item collaborative filtering: score(j) = Σ over the user's items i
 * of cosine(i, j) on binary save vectors, co(i,j) / √(deg(i)·deg(j));
 * unsaved catalogue items only; popular items fill a short list.
 */
export function itemCosineRecommender(training: Training): Recommender {
  const known = new Set(catalogueEntries(training.items).map(([id]) => id));
  const byUser = savedBy(training.saves);
  const byItem = new Map<string, string[]>();
  for (const [userId, row] of byUser) {
    for (const itemId of row) {
      let savers = byItem.get(itemId);
      if (!savers) byItem.set(itemId, (savers = []));
      savers.push(userId);
    }
  }
  const popular = popularityRanking(training);
  return {
    recommend: (userId, k) => {
      const saved = byUser.get(userId) ?? new Set<string>();
      const scores = new Map<string, number>();
      for (const seed of saved) {
        const co = new Map<string, number>();
        const savers = byItem.get(seed) ?? [];
        for (const saver of savers) {
          if (saver === userId) continue;
          for (const other of byUser.get(saver) ?? []) {
            if (other !== seed && known.has(other) && !saved.has(other)) co.set(other, (co.get(other) ?? 0) + 1);
          }
        }
        for (const [other, count] of co) {
          const cosine = count / Math.sqrt(savers.length * (byItem.get(other)?.length ?? 1));
          scores.set(other, (scores.get(other) ?? 0) + cosine);
        }
      }
      const better = byScoreThenId(scores);
      const ids = [...scores.keys()];
      const order = ids.map((_, position) => position);
      const ranked = topK(order, k, (a, b) => better(ids[a] as string, ids[b] as string) < 0).map((position) => ids[position] as string);
      return firstUnsaved(popular, saved, k, ranked);
    },
  };
}
