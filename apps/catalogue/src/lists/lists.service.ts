import { Injectable } from '@nestjs/common';
import type { ListGender, ProductGender, ProductView, RpcRequest, WardrobeItemRemoved, WardrobeItemSaved } from '@closetly/contracts';
import { cleanProductList, matchesGenderFilter } from '@closetly/catalogue-rules';
import type { Db } from '@closetly/server';
import type { ProductRow } from '../products/products.repository';
import { toProduct } from '../products/products.service';
import { brandLists, categoryLists, type ListFamily, ListsCache } from './lists-cache';
import { type ListFilter, type ListPage, ListsRepository } from './lists.repository';

/** A save loses half its weight in the popular ranking every 14 days: last week's saves count for more than last season's, and an old favourite still counts. */
export const POPULARITY_HALF_LIFE_DAYS = 14;
const HALF_LIFE_SECONDS = POPULARITY_HALF_LIFE_DAYS * 24 * 60 * 60;
/** Cleaning drops rows after the query, so a list reads a few pages at most before it settles for fewer items than asked. */
export const MAX_PAGES_READ = 5;

/** The gender rule (spec §2): a Men list shows Men, Unisex and unspecified items, so it leaves out Women's; and the other way round. */
const EXCLUDED_GENDER: Record<ListGender, ProductGender> = { Men: 'Women', Women: 'Men' };
const PROFILE_GENDER = { Men: 'male', Women: 'female' } as const;

/** A product as every list shows it: the catalogue's product without its moderation flags (every listed product is listed and not hidden). */
export function toProductView(row: ProductRow): ProductView {
  const { listed: _listed, hidden: _hidden, ...view } = toProduct(row);
  return view;
}

/**
 * A list as spec §5 says catalogue lists are shown, in the order given: the
 * gender rule (normalised genders, as the screens apply it), then
 * `cleanProductList` (no product lacking a name, brand or price; one per
 * name + brand without case or extra spaces, the first kept).
 */
export function cleanList(products: readonly ProductView[], gender: ListGender | undefined): ProductView[] {
  const ofGender = gender ? products.filter((product) => matchesGenderFilter(product.gender, PROFILE_GENDER[gender])) : [...products];
  const kept = new Set(cleanProductList(ofGender).map((product) => product.id));
  return ofGender.filter((product) => kept.has(product.id));
}

/**
 * The browsing lists (spec §2 Home, Women, Men, Accessories): only listed,
 * not hidden products, cleaned (spec §5), from the platform cache until a
 * change that can move them replaces their family's generation (lists-cache.ts).
 *
 * - Popular items: products with active saves, ranked by the sum of their
 *   saves' weights, each 0.5^(age / 14 days); ties go to the newer product.
 * - Category lists: newest first. The same pages already show the category's
 *   popular row, so the category rows show what arrived lately rather than
 *   the popular items again; a shop's category page opens on "new in" too.
 * - New arrivals of a brand: newest first, the brand matched without case.
 * "Newest" is when the product entered the catalogue (its first save).
 */
@Injectable()
export class ListsService {
  constructor(
    private readonly lists: ListsRepository,
    private readonly cache: ListsCache,
  ) {}

  popular({ category, gender, limit }: RpcRequest<'catalogue.popular'>): Promise<ProductView[]> {
    const filter = listFilter(category === 'accessories' ? 'accessories' : null, gender, null);
    return this.cache.getOrCompute(`popular:${category}`, `${gender ?? 'all'}:${limit}`, () =>
      firstCleaned(async (page) => (await this.lists.popular(filter, HALF_LIFE_SECONDS, page)).map((row) => row.product), limit, gender),
    );
  }

  categoryList({ category, gender, limit }: RpcRequest<'catalogue.category-list'>): Promise<ProductView[]> {
    const filter = listFilter(category, gender, null);
    return this.cache.getOrCompute(categoryLists(category), `${gender ?? 'all'}:${limit}`, () => firstCleaned((page) => this.lists.newest(filter, page), limit, gender));
  }

  newArrivals({ brand, limit }: RpcRequest<'catalogue.new-arrivals'>): Promise<ProductView[]> {
    const wanted = brand.trim();
    return this.cache.getOrCompute(brandLists(wanted), String(limit), () =>
      firstCleaned((page) => this.lists.newest(listFilter(null, undefined, wanted), page), limit, undefined),
    );
  }

  /** wardrobe.item-saved.v1 (a batch), in the inbox's transaction: each saver's save is active since its `savedAt`. */
  recordSaves(events: readonly WardrobeItemSaved[], tx: Db): Promise<void> {
    return this.lists.recordSaves(events.map(({ productId, userId, savedAt }) => ({ productId, userId, savedAt: new Date(savedAt) })), tx);
  }

  /** wardrobe.item-removed.v1 (a batch), in the inbox's transaction: the saves end. */
  recordRemovals(events: readonly WardrobeItemRemoved[], tx: Db): Promise<void> {
    return this.lists.recordRemovals(events.map(({ productId, userId, removedAt }) => ({ productId, userId, removedAt: new Date(removedAt) })), tx);
  }

  /** identity.account-deleted.v1, in the inbox's transaction: the user's saves no longer count. */
  eraseAccount(userId: string, tx: Db): Promise<void> {
    return this.lists.deleteSavesOf(userId, tx);
  }

  /** A save, a removal or a product change has committed: the cached lists of these families are stale. */
  invalidate(families: Iterable<ListFamily>): Promise<void> {
    return this.cache.invalidate(families);
  }
}

function listFilter(category: ListFilter['category'], gender: ListGender | undefined, brand: string | null): ListFilter {
  return { category, excludeGender: gender ? EXCLUDED_GENDER[gender] : null, brand };
}

/**
 * The first `limit` products of a ranked query after cleaning. Cleaning can
 * drop rows (duplicates by name + brand), so it reads pages of twice the
 * limit until it has enough, the query runs out, or MAX_PAGES_READ pages.
 */
async function firstCleaned(read: (page: ListPage) => Promise<ProductRow[]>, limit: number, gender: ListGender | undefined): Promise<ProductView[]> {
  const pageSize = limit * 2;
  const rows: ProductView[] = [];
  for (let pageIndex = 0; pageIndex < MAX_PAGES_READ; pageIndex += 1) {
    const page = await read({ offset: pageIndex * pageSize, limit: pageSize });
    rows.push(...page.map(toProductView));
    const cleaned = cleanList(rows, gender);
    if (cleaned.length >= limit || page.length < pageSize) return cleaned.slice(0, limit);
  }
  return cleanList(rows, gender).slice(0, limit);
}
