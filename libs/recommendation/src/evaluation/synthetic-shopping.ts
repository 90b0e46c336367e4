import { DAY_MS } from '../time';
import type { RecommendableItem, RecommendationProfile, Save } from '../types';
import { SeededRandom } from './random';

/**
 * Synthetic shopping histories for the offline evaluation, with the structure
 * real wardrobes have and no more (the recommender must not win only because
 * the data was shaped for it):
 *
 * - a catalogue whose item popularity is Zipf-skewed, with brands that lean
 *   to women's, men's or mixed lines and to a house style, and items that
 *   launch over time and lose their buzz after launch;
 * - users with a gender, one or two styles they like, a few favourite brands
 *   and category tastes — all latent: only some of them fill a profile;
 * - saves in sessions: a session has a time, a style and often one category;
 *   some saves in a session complete an earlier one ("companions": the same
 *   collection or outfit), the co-save signal no item attribute explains.
 */
export interface ShoppingDataOptions {
  seed: number;
  users: number;
  items: number;
  brands: number;
  styles: number;
  /** Length of the history. */
  days: number;
  /** Mean saves per user; counts are log-normal (a few users save a lot). */
  meanSavesPerUser: number;
  /** Zipf exponent of item base popularity: higher means a heavier head. */
  popularityExponent: number;
  /** Mean saves per session (1 means every save is its own visit). */
  meanSessionSize: number;
  /** How many times likelier a favourite brand is than another brand (1: no loyalty). */
  brandLoyalty: number;
  /** Chance that a save in a session is a companion of the session's previous save. */
  companionRate: number;
  /** How strongly a user keeps to their gender's items: the chance weight of the other gender's items is 1 - this. */
  genderFocus: number;
  /** Mean days after launch at which an item's buzz halves. */
  trendHalfLifeDays: number;
  /** Chance that a user filled in a profile gender, and favourite brands. */
  profileGenderRate: number;
  profileBrandsRate: number;
}

export const DEFAULT_SHOPPING_DATA_OPTIONS: Readonly<ShoppingDataOptions> = Object.freeze({
  seed: 1,
  users: 1500,
  items: 1200,
  brands: 40,
  styles: 8,
  days: 180,
  meanSavesPerUser: 14,
  popularityExponent: 1,
  meanSessionSize: 3,
  brandLoyalty: 5,
  companionRate: 0.25,
  genderFocus: 0.97,
  trendHalfLifeDays: 45,
  profileGenderRate: 0.7,
  profileBrandsRate: 0.45,
});

export interface ShoppingData {
  items: Record<string, RecommendableItem>;
  saves: Save[];
  profiles: Record<string, RecommendationProfile>;
}

const BRAND_NAMES = [
  'Zara', 'H&M', 'Uniqlo', 'COS', 'Mango', 'Arket', '& Other Stories', 'Massimo Dutti', 'Everlane', 'Madewell',
  'J.Crew', 'Gap', 'Levi\'s', 'Nike', 'Adidas', 'New Balance', 'Vans', 'Converse', 'Patagonia', 'The North Face',
  'Reformation', 'Ganni', 'Acne Studios', 'A.P.C.', 'Sézane', 'Aritzia', 'Abercrombie & Fitch', 'Banana Republic', 'Ralph Lauren', 'Tommy Hilfiger',
  'Carhartt WIP', 'Dickies', 'Dr. Martens', 'Birkenstock', 'Veja', 'Free People', 'Urban Outfitters', 'Weekday', 'Monki', 'Toteme',
];

const CATEGORIES: ReadonlyArray<{ id: string; share: number; nouns: readonly string[] }> = [
  { id: 'tops', share: 0.3, nouns: ['T-Shirt', 'Shirt', 'Blouse', 'Sweater', 'Cardigan', 'Hoodie', 'Tank Top', 'Dress', 'Polo'] },
  { id: 'bottoms', share: 0.18, nouns: ['Jeans', 'Trousers', 'Chinos', 'Skirt', 'Shorts', 'Joggers', 'Leggings'] },
  { id: 'shoes', share: 0.17, nouns: ['Sneakers', 'Boots', 'Loafers', 'Sandals', 'Ballet Flats', 'Derby Shoes'] },
  { id: 'outerwear', share: 0.12, nouns: ['Jacket', 'Coat', 'Parka', 'Trench Coat', 'Blazer', 'Puffer'] },
  { id: 'accessories', share: 0.17, nouns: ['Tote Bag', 'Belt', 'Scarf', 'Cap', 'Sunglasses', 'Wallet', 'Beanie'] },
  { id: 'home', share: 0.06, nouns: ['Candle', 'Throw Blanket', 'Cushion Cover', 'Mug'] },
];

const STYLE_WORDS = ['Minimal', 'Classic', 'Street', 'Outdoor', 'Romantic', 'Preppy', 'Vintage', 'Sport', 'Boho', 'Tailored', 'Utility', 'Edgy'];
const COLOURS = ['Black', 'White', 'Navy', 'Olive', 'Beige', 'Grey', 'Brown', 'Cream', 'Red', 'Blue', 'Green', 'Pink'];

type Gender = 'Women' | 'Men' | 'Unisex';
type Lean = 'women' | 'men' | 'mixed';

interface SyntheticItem {
  id: string;
  brand: number;
  category: number;
  gender: Gender;
  style: number;
  basePopularity: number;
  launch: number;
  buzzHalfLife: number;
  companions: number[];
}

const GENDER_BY_LEAN: Record<Lean, ReadonlyArray<[Gender, number]>> = {
  women: [['Women', 0.8], ['Unisex', 0.15], ['Men', 0.05]],
  men: [['Men', 0.8], ['Unisex', 0.15], ['Women', 0.05]],
  mixed: [['Women', 0.4], ['Men', 0.35], ['Unisex', 0.25]],
};

/** Generates items, saves (ISO times) and the profiles users filled in; the same options always give the same data. */
export function generateShoppingData(overrides: Partial<ShoppingDataOptions> = {}): ShoppingData {
  const options: ShoppingDataOptions = { ...DEFAULT_SHOPPING_DATA_OPTIONS, ...overrides };
  const random = new SeededRandom(options.seed);
  const start = Date.UTC(2025, 0, 1);

  // Brands: Zipf-popular, each with a gender lean and a house style.
  const brands = Array.from({ length: options.brands }, (_, number) => ({
    name: number < BRAND_NAMES.length ? (BRAND_NAMES[number] as string) : `Label ${number + 1}`,
    weight: 1 / Math.pow(number + 1, 0.7),
    lean: (random.chance(0.45) ? 'women' : random.chance(0.55) ? 'men' : 'mixed') as Lean,
    style: random.int(options.styles),
    secondStyle: random.int(options.styles),
  }));
  random.shuffle(brands);
  const brandWeights = brands.map((brand) => brand.weight);

  // Items.
  const popularityRanks = random.shuffle(Array.from({ length: options.items }, (_, rank) => rank + 1));
  const items: SyntheticItem[] = [];
  for (let number = 0; number < options.items; number += 1) {
    const brand = random.weighted(brandWeights);
    const category = random.weighted(CATEGORIES.map((entry) => entry.share));
    const house = brands[brand] as (typeof brands)[number];
    let gender = pickGender(random, GENDER_BY_LEAN[house.lean]);
    const categoryId = (CATEGORIES[category] as (typeof CATEGORIES)[number]).id;
    if (categoryId === 'home' || (categoryId === 'accessories' && random.chance(0.4))) gender = 'Unisex';
    const roll = random.next();
    items.push({
      id: `p${String(number).padStart(5, '0')}`,
      brand,
      category,
      gender,
      style: roll < 0.6 ? house.style : roll < 0.85 ? house.secondStyle : random.int(options.styles),
      basePopularity: 1 / Math.pow(popularityRanks[number] as number, options.popularityExponent),
      launch: random.uniform(-0.5, 0.95) * options.days * DAY_MS,
      buzzHalfLife: options.trendHalfLifeDays * random.uniform(0.5, 1.5) * DAY_MS,
      companions: [],
    });
  }
  items.forEach((item, number) => {
    const sameLook: number[] = [];
    items.forEach((other, index) => {
      if (index !== number && other.style === item.style && (other.brand === item.brand || random.chance(0.2))) sameLook.push(index);
    });
    for (let count = 0; count < 3 && sameLook.length > 0; count += 1) item.companions.push(random.pick(sameLook));
  });

  const catalogue: Record<string, RecommendableItem> = {};
  for (const item of items) {
    const category = CATEGORIES[item.category] as (typeof CATEGORIES)[number];
    const name = `${random.pick(COLOURS)} ${STYLE_WORDS[item.style % STYLE_WORDS.length]} ${random.pick(category.nouns)}`;
    // A few items never got a gender (spec §3: they count as Unisex).
    const gender = random.chance(0.05) ? null : item.gender;
    catalogue[item.id] = { name, brand: (brands[item.brand] as (typeof brands)[number]).name, gender, category: category.id };
  }

  // Users and their sessions.
  const saves: Save[] = [];
  const profiles: Record<string, RecommendationProfile> = {};
  const sigma = 0.9;
  const mu = Math.log(options.meanSavesPerUser) - (sigma * sigma) / 2;
  const weights = new Float64Array(items.length);
  for (let number = 0; number < options.users; number += 1) {
    const userId = `u${String(number).padStart(5, '0')}`;
    const roll = random.next();
    const gender: 'female' | 'male' | 'other' = roll < 0.55 ? 'female' : roll < 0.95 ? 'male' : 'other';
    const styleWeights = Array.from({ length: options.styles }, () => 0.05);
    const mainStyle = random.int(options.styles);
    const secondStyle = random.int(options.styles);
    styleWeights[mainStyle] = 1;
    if (secondStyle !== mainStyle) styleWeights[secondStyle] = 0.4;
    const favourites = new Set<number>();
    while (favourites.size < Math.min(3, brands.length)) {
      const brandWeightsForUser = brands.map((brand, index) =>
        favourites.has(index) ? 0 : brand.weight * (styleWeights[brand.style] as number) * leanFit(brand.lean, gender),
      );
      const chosen = random.weighted(brandWeightsForUser);
      if (chosen < 0) break;
      favourites.add(chosen);
    }
    const categoryWeights = CATEGORIES.map((category) => category.share * Math.exp(0.8 * random.normal()));
    const saveCount = Math.min(150, Math.max(1, Math.round(Math.exp(mu + sigma * random.normal()))));
    // Active from a first to a last day: about half the users stay to the end, the others drift away.
    const span = options.days * DAY_MS;
    const firstDay = random.uniform(0, 0.85) * span;
    const lastDay = firstDay + (span - firstDay) * (random.chance(0.5) ? 1 : random.uniform(0.2, 1));
    const sessionSizes: number[] = [];
    for (let planned = 0; planned < saveCount; ) {
      const size = Math.min(saveCount - planned, 1 + random.poisson(options.meanSessionSize - 1));
      sessionSizes.push(size);
      planned += size;
    }
    const sessionTimes = sessionSizes.map(() => start + random.uniform(firstDay, lastDay)).sort((a, b) => a - b);

    const taken = new Set<number>();
    sessionSizes.forEach((size, session) => {
      const time = sessionTimes[session] as number;
      const sessionStyle = random.weighted(styleWeights);
      const sessionCategory = random.chance(0.6) ? random.weighted(categoryWeights) : -1;
      const at = time - start;
      for (let index = 0; index < items.length; index += 1) {
        const item = items[index] as SyntheticItem;
        if (taken.has(index) || at < item.launch) {
          weights[index] = 0;
          continue;
        }
        const buzz = 0.25 + 0.75 * Math.pow(2, -(at - item.launch) / item.buzzHalfLife);
        const styleFit = item.style === sessionStyle ? 1 : 0.08;
        const categoryFit = sessionCategory < 0 ? (categoryWeights[item.category] as number) : item.category === sessionCategory ? 1 : 0.15;
        const brandFit = favourites.has(item.brand) ? options.brandLoyalty : 1;
        weights[index] = item.basePopularity * buzz * styleFit * categoryFit * brandFit * genderFit(item.gender, gender, options.genderFocus);
      }
      let previous = -1;
      let minutes = 0;
      for (let count = 0; count < size; count += 1) {
        const companions = previous < 0 ? [] : (items[previous] as SyntheticItem).companions.filter((index) => !taken.has(index) && (weights[index] as number) > 0);
        const chosen = companions.length > 0 && random.chance(options.companionRate) ? random.pick(companions) : random.weighted(weights);
        if (chosen < 0) break;
        taken.add(chosen);
        weights[chosen] = 0;
        minutes += random.uniform(1, 10);
        saves.push({ userId, itemId: (items[chosen] as SyntheticItem).id, at: new Date(time + minutes * 60_000).toISOString() });
        previous = chosen;
      }
    });

    const profile: RecommendationProfile = { gender: random.chance(options.profileGenderRate) ? gender : '' };
    if (random.chance(options.profileBrandsRate)) {
      profile.favoriteBrands = [...favourites].slice(0, 1 + random.int(favourites.size)).map((brand) => (brands[brand] as (typeof brands)[number]).name);
    }
    profiles[userId] = profile;
  }
  return { items: catalogue, saves, profiles };
}

function pickGender(random: SeededRandom, table: ReadonlyArray<[Gender, number]>): Gender {
  const index = random.weighted(table.map(([, share]) => share));
  return (table[index] as [Gender, number])[0];
}

function leanFit(lean: Lean, gender: 'female' | 'male' | 'other'): number {
  if (lean === 'mixed' || gender === 'other') return 1;
  return (lean === 'women') === (gender === 'female') ? 1 : 0.1;
}

function genderFit(item: Gender, user: 'female' | 'male' | 'other', focus: number): number {
  if (user === 'other') return item === 'Unisex' ? 0.7 : 0.5;
  if (item === 'Unisex') return 0.5;
  return (item === 'Women') === (user === 'female') ? 1 : 1 - focus;
}
