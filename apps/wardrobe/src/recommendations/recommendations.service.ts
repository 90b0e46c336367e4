import { Injectable, Logger } from '@nestjs/common';
import type { Caller, Product, ProfileUpdated, ProductView } from '@closetly/contracts';
import { cleanProductList } from '@closetly/catalogue-rules';
import { createRecommender, type RecommendableItem, type RecommendationProfile, type Recommender } from '@closetly/recommendation';
import type { Db } from '@closetly/server';
import { type OwnSave, RecommendationsRepository, type ShopperProfile } from './recommendations.repository';
import { RecommenderCache } from './recommender-cache';

/** The recommender learns from at most this many saves, the newest (bounds its memory and build time). */
export const SAVE_HISTORY_LIMIT = 200_000;

/** A product other people may see (the trust rule): listed and not hidden. */
export const isPublic = (product: Pick<Product, 'listed' | 'hidden'>): boolean => product.listed && !product.hidden;

/** The recommender's view of the shopper: what profile.updated.v1 told the wardrobe; none before the first event. */
export function recommendationProfileOf(profile: ShopperProfile | undefined): RecommendationProfile | null {
  if (!profile) return null;
  return { gender: profile.gender, favoriteBrands: profile.favoriteBrands, sizedCategories: profile.sizedCategories };
}

const toProductView = ({ listed: _listed, hidden: _hidden, ...view }: Product): ProductView => view;

/**
 * Recommended for You (spec §2, issue 11): "items that similar users save",
 * ranked by @closetly/recommendation over the wardrobe's own data only: its
 * saves, and the catalogue's products and shoppers' profiles as their events
 * described them (never another service's tables). The recommender itself is
 * built from every recent save and kept for a short while (RecommenderCache);
 * each answer then
 *
 * - leaves out every product the caller saved (the recommender does too, for
 *   the saves it was built from; this also covers a save made since), and
 *   any with the same name and brand as one of them;
 * - shows only products public now (listed, not hidden), as the read model
 *   holds them now, in the recommender's order;
 * - is cleaned as every list is (spec §5): no product lacking a name, brand
 *   or price, one per name + brand.
 *
 * A caller with no saves gets the recommender's cold start: popular items,
 * recent saves weighing more, of their profile's gender (and Unisex).
 */
@Injectable()
export class RecommendationsService {
  private readonly log = new Logger(RecommendationsService.name);

  constructor(
    private readonly repository: RecommendationsRepository,
    private readonly cache: RecommenderCache,
  ) {}

  async recommend(caller: Caller, k: number): Promise<ProductView[]> {
    const recommender = await this.cache.get(() => this.build());
    const own = await this.repository.savesOf(caller.uid);
    const profile = await this.repository.findProfile(caller.uid);
    const saved = new Set(own.map((save) => save.productId));
    // Room for what the checks below may drop: own saves the recommender has not seen, duplicates, products hidden since.
    const ranked = recommender.recommend(caller.uid, 2 * k + own.length, recommendationProfileOf(profile)).filter((id) => !saved.has(id));
    const current = new Map((await this.repository.products(ranked)).filter(isPublic).map((product) => [product.id, toProductView(product)]));
    const shown = ranked.flatMap((id) => current.get(id) ?? []);
    return withoutDuplicates(shown, own).slice(0, k);
  }

  /** catalogue.product-upserted.v1, in the inbox's transaction: the product as the catalogue publishes it now. */
  productUpserted(product: Product, tx: Db): Promise<void> {
    return this.productsUpserted([product], tx);
  }

  /** productUpserted for a batch of products (each once), in one statement. */
  productsUpserted(products: readonly Product[], tx: Db): Promise<void> {
    return this.repository.upsertProducts(products, tx);
  }

  /** catalogue.product-removed.v1, in the inbox's transaction. */
  productRemoved(productId: string, tx: Db): Promise<void> {
    return this.repository.deleteProduct(productId, tx);
  }

  /** profile.updated.v1, in the inbox's transaction; an event from before `sizedCategories` names none. */
  profileUpdated(facts: ProfileUpdated, tx: Db): Promise<void> {
    const { userId, gender, favoriteBrands, sizedCategories } = facts;
    return this.repository.upsertProfile({ userId, gender, favoriteBrands, sizedCategories: sizedCategories ?? [] }, tx);
  }

  /** Saves or products changed (committed): the next answer ranks with a recommender built afresh. */
  dataChanged(): void {
    this.cache.changed();
  }

  /** The newest saves and the public products with a price (a product lacking one is never listed, spec §5). */
  private async build(): Promise<Recommender> {
    const started = Date.now();
    const saves = await this.repository.newestSaves(SAVE_HISTORY_LIMIT);
    const items = new Map<string, RecommendableItem>();
    for (const { id, name, brand, price, gender, category } of await this.repository.publicProducts()) {
      if (price !== null) items.set(id, { name, brand, gender, category });
    }
    const recommender = createRecommender({ saves, items });
    this.log.debug({ saves: saves.length, items: items.size, ms: Date.now() - started }, 'recommender built');
    return recommender;
  }
}

/**
 * Spec §5 cleaning of the ranked products, and no product named like one the
 * caller saved: their own saves go first into the de-duplication (as priced
 * stand-ins, so they always count), and only ranked products are kept.
 */
function withoutDuplicates(ranked: readonly ProductView[], own: readonly OwnSave[]): ProductView[] {
  const ownStandIns = own.map((save) => ({ id: `saved:${save.productId}`, name: save.name, brand: save.brand, price: 0 }));
  const kept = new Set(cleanProductList<{ id: string; name: string; brand: string; price: number | null }>([...ownStandIns, ...ranked]).map((product) => product.id));
  return ranked.filter((product) => kept.has(product.id));
}
