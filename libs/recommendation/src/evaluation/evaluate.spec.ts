import { createRecommender } from '../recommend';
import { itemCosineRecommender, popularityRecommender } from './baselines';
import { evaluateRecommenders } from './evaluate';
import { generateShoppingData } from './synthetic-shopping';

describe('offline evaluation on a small seeded dataset', () => {
  const data = generateShoppingData({ seed: 7, users: 500, items: 400, brands: 20 });
  const results = evaluateRecommenders({
    saves: data.saves,
    items: data.items,
    profiles: data.profiles,
    holdOut: 3,
    k: 10,
    recommenders: {
      recommender: (training) => createRecommender(training),
      popularity: (training) => popularityRecommender(training),
      itemCosine: (training) => itemCosineRecommender(training),
    },
  });
  const result = (name: string) => results.find((entry) => entry.name === name) as (typeof results)[number];

  it('evaluates every user with enough saves, the same users for every recommender', () => {
    expect(result('recommender').users).toBeGreaterThan(200);
    expect(new Set(results.map((entry) => entry.users)).size).toBe(1);
  });

  it('the recommender beats the popularity baseline on precision, recall and NDCG at 10', () => {
    expect(result('recommender').precision).toBeGreaterThan(result('popularity').precision);
    expect(result('recommender').recall).toBeGreaterThan(result('popularity').recall);
    expect(result('recommender').ndcg).toBeGreaterThan(result('popularity').ndcg);
  });

  it('the recommender beats item-item collaborative filtering on recall at 10', () => {
    expect(result('recommender').recall).toBeGreaterThan(result('itemCosine').recall);
  });
});
