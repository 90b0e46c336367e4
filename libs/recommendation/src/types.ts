/**
 * The recommender's inputs: plain data the service feeds from its own read
 * model (saves from save events, items from catalogue events, the caller's
 * profile). Nothing here is advertising: no input can buy a rank.
 */

/** One active save: a user keeps an item in their wardrobe since `at`. */
export interface Save {
  userId: string;
  itemId: string;
  /** When it was saved: epoch milliseconds, an ISO-8601 string or a Date. */
  at: string | number | Date;
}

/** What the recommender reads of a product. */
export interface RecommendableItem {
  name: string;
  brand: string;
  /** 'Women', 'Men' or 'Unisex'; anything else (empty, null, unknown) counts as Unisex (spec §3). */
  gender?: string | null;
  /** 'tops', 'bottoms', 'shoes', 'outerwear', 'accessories', 'home', … */
  category?: string | null;
}

/** The listed products that may be recommended, by product id. */
export type ItemCatalogue = ReadonlyMap<string, RecommendableItem> | Readonly<Record<string, RecommendableItem>>;

/** The profile gender (spec §3). */
export type RecommendationProfileGender = 'male' | 'female' | 'other' | '';

/** What the target user told us about themselves; every part is optional. */
export interface RecommendationProfile {
  gender?: RecommendationProfileGender | null;
  favoriteBrands?: readonly string[] | null;
  /** The profile's size fields (top, bottom, shoes, dressSize, menShoeSize, …): a filled one says the user shops that category. */
  sizes?: Readonly<Record<string, string | null | undefined>> | null;
  /**
   * The categories the user has a size for, when only those are known (profile.updated.v1 carries
   * them, not the sizes): the same as the sizes would say (`sizedCategoriesOf` in @closetly/contracts).
   * Counted together with `sizes`, each category once.
   */
  sizedCategories?: readonly string[] | null;
}

/** Tuning knobs; the defaults are what the offline evaluation chose (see README.md). */
export interface RecommenderOptions {
  /** Half-life, in days, of a save's weight in the popularity ranking, measured back from the newest save in the data. */
  popularityHalfLifeDays: number;
  /** Half-life, in saves, of the weight of the user's own saves: the latest weighs 1, the one `n` saves earlier 2^(-n/half-life). */
  historyHalfLife: number;
  /** Only the user's latest saves seed the neighbourhood (all of them are still excluded from the answer). */
  maxHistory: number;
  /** Only the most recent savers of an item are walked (bounds the cost of very popular items). */
  maxSaversPerItem: number;
  /** Two saves by one co-saver this close in time (hours, half-life) count up to `1 + sessionBoost` times. */
  sessionHalfLifeHours: number;
  sessionBoost: number;
  /** Item-to-item similarity co(i,j) / (deg(i)^a · deg(j)^(1-a)); 0.5 is cosine, higher favours popular j less. */
  itemSimilarityAlpha: number;
  /** How many most similar users feed the user-based part. */
  neighbours: number;
  /** Blend weights of the normalised parts. */
  weightItem: number;
  weightUser: number;
  weightContent: number;
  weightPopularity: number;
  /** A favourite brand counts like this share of the user's saves in the brand affinity. */
  favoriteBrandWeight: number;
  /** A category with a filled size field counts like this share of the user's saves in the category affinity. */
  sizeCategoryWeight: number;
  /** Without a profile gender, the gender the user's saves lean to: items of the other gender are multiplied by this. */
  inferredGenderPenalty: number;
  /** The lean counts from this share of the user's gendered saves (Women vs Men, Unisex aside). */
  inferredGenderShare: number;
  /**
   * How much the target's profile shapes who counts as a similar user: a co-saver whose saves match the
   * target's gender (profile, else the lean of their saves) or favourite brands weighs up to 1 + this, one
   * whose saves are all of the other gender 1 - this. 0 ignores the profile here.
   */
  neighbourProfileWeight: number;
}
