import type { Recommender } from '../recommend';
import type { ItemCatalogue, RecommendationProfile, Save } from '../types';
import { ndcgAtK, precisionAtK, recallAtK } from './metrics';
import { leaveLastOut, type HoldOutOptions } from './split';

/** Builds a recommender from the training saves (the held-out ones are never shown to it). */
export type RecommenderFactory = (training: { saves: readonly Save[]; items: ItemCatalogue }) => Recommender;

export interface EvaluationInput extends Partial<HoldOutOptions> {
  saves: readonly Save[];
  items: ItemCatalogue;
  profiles?: Readonly<Record<string, RecommendationProfile>>;
  recommenders: Readonly<Record<string, RecommenderFactory>>;
  /** List length judged; 10 unless told. */
  k?: number;
}

export interface EvaluationResult {
  name: string;
  /** Users evaluated (those with enough saves to hold some out). */
  users: number;
  precision: number;
  recall: number;
  ndcg: number;
}

/**
 * Leave-last-n-out evaluation: each user with at least `holdOut + minTrain`
 * saves loses their last `holdOut` (3 unless told); every recommender is
 * built on the rest and asked for k items per evaluated user; the metrics are
 * averaged over users.
 */
export function evaluateRecommenders(input: EvaluationInput): EvaluationResult[] {
  const k = input.k ?? 10;
  const split = leaveLastOut(input.saves, { holdOut: input.holdOut ?? 3, minTrain: input.minTrain ?? 2 });
  const users = [...split.heldOut.keys()];
  return Object.entries(input.recommenders).map(([name, factory]) => {
    const recommender = factory({ saves: split.train, items: input.items });
    let precision = 0;
    let recall = 0;
    let ndcg = 0;
    for (const userId of users) {
      const relevant = new Set(split.heldOut.get(userId));
      const ranked = recommender.recommend(userId, k, input.profiles?.[userId]);
      precision += precisionAtK(ranked, relevant, k);
      recall += recallAtK(ranked, relevant, k);
      ndcg += ndcgAtK(ranked, relevant, k);
    }
    const count = Math.max(1, users.length);
    return { name, users: users.length, precision: precision / count, recall: recall / count, ndcg: ndcg / count };
  });
}
