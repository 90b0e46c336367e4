import { sizedCategoriesOf } from '@closetly/contracts';
import { buildSaveIndex, normaliseBrand, MEN, UNISEX, WOMEN, type SaveIndex } from './save-index';
import { halfLifeDecay, HOUR_MS } from './time';
import { topK } from './top-k';
import type { ItemCatalogue, RecommendationProfile, RecommenderOptions, Save } from './types';

/** Chosen on the offline evaluation over several seeds and generator settings (see README.md), never on one run. */
export const DEFAULT_RECOMMENDER_OPTIONS: Readonly<RecommenderOptions> = Object.freeze({
  popularityHalfLifeDays: 21,
  historyHalfLife: 6,
  maxHistory: 100,
  maxSaversPerItem: 2000,
  sessionHalfLifeHours: 6,
  sessionBoost: 1,
  itemSimilarityAlpha: 0.7,
  neighbours: 60,
  weightItem: 1,
  weightUser: 1,
  weightContent: 0.6,
  weightPopularity: 0.4,
  favoriteBrandWeight: 0.3,
  sizeCategoryWeight: 0.15,
  inferredGenderPenalty: 0.2,
  inferredGenderShare: 0.8,
  neighbourProfileWeight: 1,
});

export interface RecommendInput {
  saves: readonly Save[];
  userId: string;
  k: number;
  items: ItemCatalogue;
  profile?: RecommendationProfile | null;
  options?: Partial<RecommenderOptions>;
}

/** The index built once, asked for many users (a service keeps one per data version; the evaluation one per split). */
export interface Recommender {
  recommend(userId: string, k: number, profile?: RecommendationProfile | null): string[];
}

/**
 * Product ids for `userId`, best first, at most `k`: "items that similar
 * users save" (spec §2), blended with the user's brands and categories and
 * recent popularity, the user's gender first. Pure: the same input gives the
 * same answer on any machine at any time.
 */
export function recommend(input: RecommendInput): string[] {
  return createRecommender(input).recommend(input.userId, input.k, input.profile);
}

export function createRecommender(input: { saves: readonly Save[]; items: ItemCatalogue; options?: Partial<RecommenderOptions> }): Recommender {
  const options: RecommenderOptions = { ...DEFAULT_RECOMMENDER_OPTIONS, ...input.options };
  const index = buildSaveIndex(input.saves ?? [], input.items ?? new Map(), options.popularityHalfLifeDays);
  return { recommend: (userId, k, profile) => recommendFrom(index, options, userId, k, profile ?? undefined) };
}

function requestedCount(k: number, available: number): number {
  if (typeof k !== 'number' || Number.isNaN(k) || k <= 0) return 0;
  return Math.min(Math.floor(Math.min(k, Number.MAX_SAFE_INTEGER)), available);
}

/** The gender whose items the profile asks for (spec §2 gender rule), or UNISEX for no preference. */
function profileGenderCode(profile: RecommendationProfile | undefined): number {
  const gender = typeof profile?.gender === 'string' ? profile.gender.trim().toLowerCase() : '';
  return gender === 'female' ? WOMEN : gender === 'male' ? MEN : UNISEX;
}

function recommendFrom(index: SaveIndex, options: RecommenderOptions, userId: string, k: number, profile: RecommendationProfile | undefined): string[] {
  const count = requestedCount(k, index.knownCount);
  if (count === 0) return [];
  const itemCount = index.itemIds.length;
  const user = typeof userId === 'string' ? index.userIndex.get(userId) : undefined;
  const from = user === undefined ? 0 : (index.userStart[user] as number);
  const to = user === undefined ? 0 : (index.userStart[user + 1] as number);

  const saved = new Uint8Array(itemCount);
  for (let at = from; at < to; at += 1) saved[index.userItem[at] as number] = 1;

  // The seeds: the user's latest saves, the latest weighing most.
  const seedFrom = Math.max(from, to - options.maxHistory);
  const seeds: Array<{ item: number; weight: number }> = [];
  for (let at = to - 1; at >= seedFrom; at -= 1) {
    seeds.push({ item: index.userItem[at] as number, weight: halfLifeDecay(to - 1 - at, options.historyHalfLife) });
  }

  // Gender: the profile's is a rule (its items rank over the others); without one, a strong lean of the saves is a preference.
  const wanted = profileGenderCode(profile);
  let leaning = UNISEX;
  if (wanted === UNISEX && user !== undefined) {
    const women = index.userWomen[user] as number;
    const men = index.userMen[user] as number;
    if (women + men > 0 && women / (women + men) >= options.inferredGenderShare) leaning = WOMEN;
    else if (women + men > 0 && men / (women + men) >= options.inferredGenderShare) leaning = MEN;
  }
  const opposite = (gender: number): number => (gender === WOMEN ? MEN : gender === MEN ? WOMEN : -1);

  const fit = neighbourFit(index, options.neighbourProfileWeight, wanted !== UNISEX ? wanted : leaning, favouriteBrandsOf(index, profile));
  const itemScore = collaborativeItemScores(index, options, user, seeds, fit);
  const userScore = collaborativeUserScores(index, options, user, seeds, fit);
  const contentScore = contentScores(index, options, seeds, profile);

  const maxOf = (scores: Float64Array) => scores.reduce((max, value) => (value > max ? value : max), 0);
  const maxItem = maxOf(itemScore);
  const maxUser = maxOf(userScore);
  const maxContent = maxOf(contentScore);
  const total = new Float64Array(itemCount);
  const outsider = new Uint8Array(itemCount); // 1: not the profile's gender, ranked after every item that is
  const candidates: number[] = [];
  for (let item = 0; item < itemCount; item += 1) {
    if (!index.known[item] || saved[item]) continue;
    const gender = index.itemGender[item] as number;
    const collaborative = (itemScore[item] as number) > 0 || (userScore[item] as number) > 0;
    if (wanted !== UNISEX && gender === opposite(wanted)) {
      if (!collaborative) continue; // the fill is only ever the user's gender
      outsider[item] = 1;
    }
    let score =
      (maxItem > 0 ? (options.weightItem * (itemScore[item] as number)) / maxItem : 0) +
      (maxUser > 0 ? (options.weightUser * (userScore[item] as number)) / maxUser : 0) +
      (maxContent > 0 ? (options.weightContent * (contentScore[item] as number)) / maxContent : 0) +
      (index.maxPopularity > 0 ? (options.weightPopularity * (index.popularity[item] as number)) / index.maxPopularity : 0);
    if (leaning !== UNISEX && gender === opposite(leaning)) score *= options.inferredGenderPenalty;
    total[item] = score;
    candidates.push(item);
  }

  const better = (a: number, b: number) =>
    outsider[a] !== outsider[b] ? outsider[a] === 0 : total[a] !== total[b] ? (total[a] as number) > (total[b] as number) : a < b;
  return topK(candidates, count, better).map((item) => index.itemIds[item] as string);
}

function favouriteBrandsOf(index: SaveIndex, profile: RecommendationProfile | undefined): Set<number> {
  const brands = new Set<number>();
  for (const brand of profile?.favoriteBrands ?? []) {
    const number = typeof brand === 'string' ? index.brandIndex.get(normaliseBrand(brand)) : undefined;
    if (number !== undefined) brands.add(number);
  }
  return brands;
}

/**
 * How much a co-saver's evidence counts for this user (issue 11: users are
 * similar through co-saves, weighted with profile gender and favourite
 * brands). With weight p: times 1 - p + 2p·(share of the co-saver's gendered
 * saves in the user's gender, smoothed), from 1 - p (all the other gender) to
 * nearly 1 + p; times 1 + p·(share of their saves in the user's favourite
 * brands). Memoised per co-saver; the only cost is one pass over each
 * co-saver's saves when the user has favourite brands.
 */
function neighbourFit(index: SaveIndex, weight: number, gender: number, favouriteBrands: ReadonlySet<number>): (saver: number) => number {
  if (weight <= 0 || (gender === UNISEX && favouriteBrands.size === 0)) return () => 1;
  const memo = new Map<number, number>();
  return (saver) => {
    const known = memo.get(saver);
    if (known !== undefined) return known;
    let fit = 1;
    if (gender !== UNISEX) {
      const women = index.userWomen[saver] as number;
      const men = index.userMen[saver] as number;
      fit *= 1 - weight + 2 * weight * (((gender === WOMEN ? women : men) + 1) / (women + men + 2));
    }
    if (favouriteBrands.size > 0) {
      const from = index.userStart[saver] as number;
      const to = index.userStart[saver + 1] as number;
      let inFavourites = 0;
      for (let at = from; at < to; at += 1) if (favouriteBrands.has(index.itemBrand[index.userItem[at] as number] as number)) inFavourites += 1;
      fit *= 1 + (weight * inFavourites) / Math.max(1, to - from);
    }
    memo.set(saver, fit);
    return fit;
  };
}

/**
 * Item-to-item: for each seed i, its co-savers' other saves j, counted once
 * per co-saver, more when saved in the same session as i, less for co-savers
 * who save everything; normalised by co(i,j) / (deg(i)^α · deg(j)^(1-α))
 * (α = ½: cosine), so very popular items do not top every list.
 */
function collaborativeItemScores(
  index: SaveIndex,
  options: RecommenderOptions,
  user: number | undefined,
  seeds: ReadonlyArray<{ item: number; weight: number }>,
  fit: (saver: number) => number,
): Float64Array {
  const itemCount = index.itemIds.length;
  const scores = new Float64Array(itemCount);
  if (seeds.length === 0) return scores;
  const co = new Float64Array(itemCount);
  const touched: number[] = [];
  const sessionHalfLife = options.sessionHalfLifeHours * HOUR_MS;
  const alpha = options.itemSimilarityAlpha;
  for (const { item: seed, weight } of seeds) {
    const saversFrom = index.itemStart[seed] as number;
    const saversTo = Math.min(index.itemStart[seed + 1] as number, saversFrom + options.maxSaversPerItem);
    for (let at = saversFrom; at < saversTo; at += 1) {
      const saver = index.itemUser[at] as number;
      if (saver === user) continue;
      const seedTime = index.itemUserTime[at] as number;
      const rowFrom = index.userStart[saver] as number;
      const rowTo = index.userStart[saver + 1] as number;
      const saverWeight = fit(saver) / Math.log2(2 + rowTo - rowFrom);
      for (let other = rowFrom; other < rowTo; other += 1) {
        const item = index.userItem[other] as number;
        if (item === seed) continue;
        const proximity = 1 + options.sessionBoost * halfLifeDecay(Math.abs((index.userTime[other] as number) - seedTime), sessionHalfLife);
        if (co[item] === 0) touched.push(item);
        co[item] = (co[item] as number) + saverWeight * proximity;
      }
    }
    const seedNorm = Math.pow(degreeOf(index, seed), alpha);
    for (const item of touched) {
      scores[item] = (scores[item] as number) + (weight * (co[item] as number)) / (seedNorm * Math.pow(degreeOf(index, item), 1 - alpha));
      co[item] = 0;
    }
    touched.length = 0;
  }
  return scores;
}

/**
 * User-to-user: users who co-saved the seeds, each shared item weighing its
 * seed weight times an IDF (a co-save of a rare item says more than one of a
 * hit), normalised by the square root of the neighbour's save count; the
 * `neighbours` most similar users then vote for their own saves.
 */
function collaborativeUserScores(
  index: SaveIndex,
  options: RecommenderOptions,
  user: number | undefined,
  seeds: ReadonlyArray<{ item: number; weight: number }>,
  fit: (saver: number) => number,
): Float64Array {
  const itemCount = index.itemIds.length;
  const scores = new Float64Array(itemCount);
  if (seeds.length === 0 || options.neighbours <= 0) return scores;
  const similarity = new Map<number, number>();
  for (const { item: seed, weight } of seeds) {
    const idf = Math.log(1 + index.userCount / degreeOf(index, seed));
    const saversFrom = index.itemStart[seed] as number;
    const saversTo = Math.min(index.itemStart[seed + 1] as number, saversFrom + options.maxSaversPerItem);
    for (let at = saversFrom; at < saversTo; at += 1) {
      const saver = index.itemUser[at] as number;
      if (saver === user) continue;
      similarity.set(saver, (similarity.get(saver) ?? 0) + weight * idf);
    }
  }
  const ranked: Array<{ saver: number; similarity: number }> = [];
  for (const [saver, sum] of similarity) {
    const size = (index.userStart[saver + 1] as number) - (index.userStart[saver] as number);
    ranked.push({ saver, similarity: (fit(saver) * sum) / Math.sqrt(size) });
  }
  ranked.sort((a, b) => b.similarity - a.similarity || a.saver - b.saver);
  for (const { saver, similarity: weight } of ranked.slice(0, options.neighbours)) {
    for (let at = index.userStart[saver] as number; at < (index.userStart[saver + 1] as number); at += 1) {
      const item = index.userItem[at] as number;
      scores[item] = (scores[item] as number) + weight;
    }
  }
  return scores;
}

/**
 * Content: the share of the user's (weighted) saves in the item's brand and in
 * its category, plus the profile's favourite brands and sized categories,
 * times the square root of the item's popularity (plus a little, so an unsaved
 * item of a favourite brand still beats other unsaved items) to order items within a brand.
 */
function contentScores(index: SaveIndex, options: RecommenderOptions, seeds: ReadonlyArray<{ item: number; weight: number }>, profile: RecommendationProfile | undefined): Float64Array {
  const itemCount = index.itemIds.length;
  const scores = new Float64Array(itemCount);
  const brandShare = new Float64Array(index.brandIndex.size);
  const categoryShare = new Float64Array(index.categoryIndex.size);
  const totalWeight = seeds.reduce((sum, seed) => sum + (index.known[seed.item] ? seed.weight : 0), 0);
  if (totalWeight > 0) {
    for (const { item, weight } of seeds) {
      if (!index.known[item]) continue;
      const brand = index.itemBrand[item] as number;
      const category = index.itemCategory[item] as number;
      if (brand >= 0) brandShare[brand] = (brandShare[brand] as number) + weight / totalWeight;
      if (category >= 0) categoryShare[category] = (categoryShare[category] as number) + weight / totalWeight;
    }
  }
  let anyPrior = totalWeight > 0;
  for (const number of favouriteBrandsOf(index, profile)) {
    brandShare[number] = (brandShare[number] as number) + options.favoriteBrandWeight;
    anyPrior = true;
  }
  // The size fields' categories (one mapping, in @closetly/contracts) and any named directly.
  const sizedCategories = new Set<number>();
  for (const category of [...sizedCategoriesOf(profile?.sizes), ...(profile?.sizedCategories ?? [])]) {
    const number = typeof category === 'string' ? index.categoryIndex.get(category.trim().toLowerCase()) : undefined;
    if (number !== undefined) sizedCategories.add(number);
  }
  for (const number of sizedCategories) {
    categoryShare[number] = (categoryShare[number] as number) + options.sizeCategoryWeight;
    anyPrior = true;
  }
  if (!anyPrior) return scores;
  const floor = 0.1;
  for (let item = 0; item < itemCount; item += 1) {
    if (!index.known[item]) continue;
    const brand = index.itemBrand[item] as number;
    const category = index.itemCategory[item] as number;
    const affinity = (floor + (brand >= 0 ? (brandShare[brand] as number) : 0)) * (floor + (category >= 0 ? (categoryShare[category] as number) : 0)) - floor * floor;
    const popularity = index.maxPopularity > 0 ? Math.sqrt((index.popularity[item] as number) / index.maxPopularity) : 0;
    if (affinity > 0) scores[item] = affinity * (0.05 + popularity);
  }
  return scores;
}

const degreeOf = (index: SaveIndex, item: number): number => Math.max(1, (index.itemStart[item + 1] as number) - (index.itemStart[item] as number));
