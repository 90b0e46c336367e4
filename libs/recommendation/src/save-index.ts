import { normaliseGender } from '@closetly/catalogue-rules';
import { halfLifeDecay, toMillis, DAY_MS } from './time';
import type { ItemCatalogue, RecommendableItem, Save } from './types';

/** Item gender codes in the index. Empty, missing and unknown genders are Unisex (spec §3). */
export const UNISEX = 0;
export const WOMEN = 1;
export const MEN = 2;

/**
 * The saves and the catalogue as dense arrays, built once per call (or once
 * per data version by a service that keeps a `Recommender`).
 *
 * Items and users are numbered in the order of their ids, so a lower number is
 * a lower id and every tie can be broken by number, whatever order the saves
 * arrived in. Items saved but missing from the catalogue get numbers too:
 * their co-saves still say which users are alike, but they are never
 * recommended (`known` is 0).
 *
 * Building costs O(S log S + I log I) time and O(S + I + U) memory for S saves,
 * I items and U users.
 */
export interface SaveIndex {
  readonly itemIds: readonly string[];
  readonly itemIndex: ReadonlyMap<string, number>;
  /** 1 when the item is in the catalogue and may be recommended. */
  readonly known: Uint8Array;
  readonly itemGender: Uint8Array;
  /** Brand number (case and spacing aside), -1 without a brand. */
  readonly itemBrand: Int32Array;
  readonly brandIndex: ReadonlyMap<string, number>;
  /** Category number (lower case), -1 without a category. */
  readonly itemCategory: Int32Array;
  readonly categoryIndex: ReadonlyMap<string, number>;

  readonly userIndex: ReadonlyMap<string, number>;
  readonly userCount: number;
  /** Compressed rows: user u saved userItem[userStart[u] .. userStart[u+1]) at userTime[…], oldest first. */
  readonly userStart: Int32Array;
  readonly userItem: Int32Array;
  readonly userTime: Float64Array;
  /** Per user, how many of their saves are Women items and how many Men items. */
  readonly userWomen: Int32Array;
  readonly userMen: Int32Array;
  /** Compressed columns: item i was saved by itemUser[itemStart[i] .. itemStart[i+1]) at itemUserTime[…], newest first. */
  readonly itemStart: Int32Array;
  readonly itemUser: Int32Array;
  readonly itemUserTime: Float64Array;

  /** Sum over the item's saves of 2^(-age / half-life), age measured back from the newest save. */
  readonly popularity: Float64Array;
  readonly maxPopularity: number;
  /** How many items may be recommended (the catalogue's). */
  readonly knownCount: number;
  /** The newest save time in the data (ms); 0 without saves. */
  readonly newest: number;
}

export const normaliseBrand = (brand: unknown): string =>
  typeof brand === 'string' ? brand.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase() : '';

const normaliseCategory = (category: unknown): string => (typeof category === 'string' ? category.trim().toLowerCase() : '');

/** The catalogue's entries, own keys only (a Record keyed "__proto__" or "constructor" is still data). */
export function catalogueEntries(items: ItemCatalogue): Array<[string, RecommendableItem]> {
  if (items instanceof Map) return [...items.entries()];
  return Object.keys(items).map((id) => [id, (items as Readonly<Record<string, RecommendableItem>>)[id] as RecommendableItem]);
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function buildSaveIndex(saves: readonly Save[], items: ItemCatalogue, popularityHalfLifeDays: number): SaveIndex {
  const catalogue = new Map<string, RecommendableItem>();
  for (const [id, item] of catalogueEntries(items)) {
    if (typeof id === 'string' && id !== '' && item !== null && typeof item === 'object') catalogue.set(id, item);
  }

  // One save per user and item: the latest time wins. Unparseable times count as the oldest save.
  const latest = new Map<string, Map<string, number>>();
  let newest = Number.NEGATIVE_INFINITY;
  let oldest = Number.POSITIVE_INFINITY;
  for (const save of saves) {
    if (save === null || typeof save !== 'object') continue;
    const { userId, itemId } = save;
    if (typeof userId !== 'string' || userId === '' || typeof itemId !== 'string' || itemId === '') continue;
    const time = toMillis(save.at);
    if (!Number.isNaN(time)) {
      if (time > newest) newest = time;
      if (time < oldest) oldest = time;
    }
    let row = latest.get(userId);
    if (!row) latest.set(userId, (row = new Map()));
    const previous = row.get(itemId);
    if (previous === undefined || Number.isNaN(previous) || time > previous) row.set(itemId, time);
  }
  if (newest === Number.NEGATIVE_INFINITY) newest = oldest = 0;

  const itemIdSet = new Set<string>(catalogue.keys());
  for (const row of latest.values()) for (const itemId of row.keys()) itemIdSet.add(itemId);
  const itemIds = [...itemIdSet].sort(byText);
  const itemIndex = new Map(itemIds.map((id, index) => [id, index]));
  const itemCount = itemIds.length;

  const known = new Uint8Array(itemCount);
  const itemGender = new Uint8Array(itemCount);
  const itemBrand = new Int32Array(itemCount).fill(-1);
  const itemCategory = new Int32Array(itemCount).fill(-1);
  const brandIndex = new Map<string, number>();
  const categoryIndex = new Map<string, number>();
  itemIds.forEach((id, index) => {
    const item = catalogue.get(id);
    if (!item) return;
    known[index] = 1;
    const gender = normaliseGender(item.gender);
    itemGender[index] = gender === 'Women' ? WOMEN : gender === 'Men' ? MEN : UNISEX;
    const brand = normaliseBrand(item.brand);
    if (brand !== '') {
      if (!brandIndex.has(brand)) brandIndex.set(brand, brandIndex.size);
      itemBrand[index] = brandIndex.get(brand) as number;
    }
    const category = normaliseCategory(item.category);
    if (category !== '') {
      if (!categoryIndex.has(category)) categoryIndex.set(category, categoryIndex.size);
      itemCategory[index] = categoryIndex.get(category) as number;
    }
  });

  const userIds = [...latest.keys()].sort(byText);
  const userIndex = new Map(userIds.map((id, index) => [id, index]));
  const userCount = userIds.length;
  const userStart = new Int32Array(userCount + 1);
  userIds.forEach((id, user) => (userStart[user + 1] = (userStart[user] as number) + (latest.get(id) as Map<string, number>).size));
  const saveCount = userStart[userCount] as number;
  const userItem = new Int32Array(saveCount);
  const userTime = new Float64Array(saveCount);
  const userWomen = new Int32Array(userCount);
  const userMen = new Int32Array(userCount);
  const degree = new Int32Array(itemCount);
  userIds.forEach((id, user) => {
    const row = [...(latest.get(id) as Map<string, number>)].map(([itemId, time]) => ({
      item: itemIndex.get(itemId) as number,
      time: Number.isNaN(time) ? oldest : time,
    }));
    row.sort((a, b) => a.time - b.time || a.item - b.item);
    let at = userStart[user] as number;
    for (const { item, time } of row) {
      userItem[at] = item;
      userTime[at] = time;
      at += 1;
      degree[item] = (degree[item] as number) + 1;
      if (known[item]) {
        if (itemGender[item] === WOMEN) userWomen[user] = (userWomen[user] as number) + 1;
        else if (itemGender[item] === MEN) userMen[user] = (userMen[user] as number) + 1;
      }
    }
  });

  const itemStart = new Int32Array(itemCount + 1);
  for (let item = 0; item < itemCount; item += 1) itemStart[item + 1] = (itemStart[item] as number) + (degree[item] as number);
  const fill = itemStart.slice(0, itemCount);
  const itemUser = new Int32Array(saveCount);
  const itemUserTime = new Float64Array(saveCount);
  const popularity = new Float64Array(itemCount);
  const halfLife = popularityHalfLifeDays * DAY_MS;
  for (let user = 0; user < userCount; user += 1) {
    for (let at = userStart[user] as number; at < (userStart[user + 1] as number); at += 1) {
      const item = userItem[at] as number;
      const time = userTime[at] as number;
      const slot = fill[item] as number;
      itemUser[slot] = user;
      itemUserTime[slot] = time;
      fill[item] = slot + 1;
      popularity[item] = (popularity[item] as number) + halfLifeDecay(newest - time, halfLife);
    }
  }
  // Newest savers first (ties by user number), so a cap on savers keeps the most recent ones.
  for (let item = 0; item < itemCount; item += 1) {
    const from = itemStart[item] as number;
    const to = itemStart[item + 1] as number;
    if (to - from < 2) continue;
    const pairs = Array.from({ length: to - from }, (_, offset) => ({ user: itemUser[from + offset] as number, time: itemUserTime[from + offset] as number }));
    pairs.sort((a, b) => b.time - a.time || a.user - b.user);
    pairs.forEach((pair, offset) => {
      itemUser[from + offset] = pair.user;
      itemUserTime[from + offset] = pair.time;
    });
  }

  let maxPopularity = 0;
  for (let item = 0; item < itemCount; item += 1) {
    if (known[item] && (popularity[item] as number) > maxPopularity) maxPopularity = popularity[item] as number;
  }

  return {
    itemIds,
    itemIndex,
    known,
    itemGender,
    itemBrand,
    brandIndex,
    itemCategory,
    categoryIndex,
    userIndex,
    userCount,
    userStart,
    userItem,
    userTime,
    userWomen,
    userMen,
    itemStart,
    itemUser,
    itemUserTime,
    popularity,
    maxPopularity,
    knownCount: catalogue.size,
    newest,
  };
}
