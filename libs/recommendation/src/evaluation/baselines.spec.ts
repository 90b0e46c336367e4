import type { Save } from '../types';
import { itemCosineRecommender, popularityRecommender } from './baselines';

const save = (userId: string, itemId: string, day = 0): Save => ({ userId, itemId, at: Date.UTC(2025, 0, 1 + day) });
const items = Object.fromEntries(['A', 'B', 'C', 'D', 'E'].map((id) => [id, { name: id, brand: 'Brand', gender: 'Unisex', category: 'tops' }]));

describe('baselines', () => {
  const saves = [save('u1', 'A'), save('u1', 'B'), save('u2', 'A'), save('u2', 'C'), save('u3', 'C'), save('u4', 'C'), save('u4', 'D'), save('me', 'A')];

  it('popularity: most savers first, ties by id, without what the user saved', () => {
    expect(popularityRecommender({ saves, items }).recommend('me', 10)).toEqual(['C', 'B', 'D', 'E']);
    expect(popularityRecommender({ saves, items }).recommend('stranger', 2)).toEqual(['A', 'C']);
  });

  it('popularity with a half-life: recent saves weigh more', () => {
    const recent = [save('u1', 'OLD', 0), save('u2', 'OLD', 0), save('u3', 'NEW', 60)];
    const catalogue = { OLD: items.A, NEW: items.B } as Record<string, (typeof items)['A']>;
    expect(popularityRecommender({ saves: recent, items: catalogue }).recommend('me', 2)).toEqual(['OLD', 'NEW']);
    expect(popularityRecommender({ saves: recent, items: catalogue }, 14).recommend('me', 2)).toEqual(['NEW', 'OLD']);
  });

  it('item-item cosine: Σ co(i,j) / √(deg i · deg j) over my items, popular items fill', () => {
    // A (deg 3) co-occurs with B (deg 1) once: 1/√3 = 0.577 and with C (deg 3) once: 1/√9 = 0.333.
    expect(itemCosineRecommender({ saves, items }).recommend('me', 4)).toEqual(['B', 'C', 'D', 'E']);
  });
});
