import { Injectable } from '@nestjs/common';
import { type Caller, currentPriceDrop, type ItemInput, type Product, type WardrobeItem } from '@closetly/contracts';
import { productIdFor, retailerFromUrl, safeLinkHref, webUrl } from '@closetly/catalogue-rules';
import { type Db, OutboxWriter, UnitOfWork } from '@closetly/server';
import { RecommenderCache } from '../recommendations/recommender-cache';
import { WardrobeError } from '../wardrobe.errors';
import { captureFrom, sameCapture } from './capture';
import { type Classification, type SaveRow, SavesRepository } from './saves.repository';

/**
 * What My Wardrobe shows: the user's own capture (name, brand, price, image,
 * description, link: only safe web links, see `safeLinkHref`), and the shared product's gender and category once the
 * catalogue has published them (an administrator may have corrected them), with the shared product's price-drop badge
 * while it is current (the card's "Price dropped X%" and the Sale filter) and whether its page is gone.
 */
export function toWardrobeItem(save: SaveRow, classification: Classification | null, now = new Date()): WardrobeItem {
  const { capture } = save;
  // Captures stored before links were cleaned at save time are cleaned on the way out: only http(s), never credentials.
  const sourceUrl = safeLinkHref(capture.sourceUrl) ?? '#';
  return {
    id: save.productId,
    name: capture.name,
    brand: capture.brand,
    price: capture.price,
    currency: capture.currency,
    priceText: capture.priceText,
    imageUrl: webUrl(capture.imageUrl),
    description: capture.description,
    sourceUrl,
    retailer: retailerFromUrl(sourceUrl),
    gender: classification?.gender ?? capture.gender ?? 'Unisex',
    category: classification?.category ?? capture.category,
    colour: capture.colour ?? null,
    updatedAt: save.capturedAt.toISOString(),
    addedDate: save.savedAt.toISOString(),
    priceDrop: currentPriceDrop(classification?.priceDrop, now),
    available: classification?.available ?? true,
  };
}

/** A user's wardrobe: save (idempotent), list newest first, remove only one's own save. */
@Injectable()
export class SavesService {
  constructor(
    private readonly saves: SavesRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
    private readonly recommender: RecommenderCache,
  ) {}

  /**
   * Keeps the caller's capture of the item and tells the catalogue
   * (wardrobe.item-saved.v1). Saving again with the same capture changes
   * nothing and publishes nothing; with a changed one (a new price, say) it
   * replaces the caller's capture, keeps the date first saved, and publishes
   * the new capture. Answers the item as stored now.
   *
   * `at` is when the save happened, now unless given. Only code in this
   * process passes it (the embedded demo seeder spreads its saves over the
   * past weeks); the save RPC and POST /api/save have no such field, so no
   * client can date a save.
   */
  async save(caller: Caller, item: ItemInput, at?: Date): Promise<WardrobeItem> {
    const capture = captureFrom(item);
    const productId = productIdFor(capture.productKey);
    let inserted = false;
    const row = await this.uow.run(async (tx) => {
      let save = await this.saves.insert(caller.uid, productId, capture, tx, at);
      inserted = save !== undefined;
      if (!save) {
        const existing = await this.saves.findForUpdate(caller.uid, productId, tx);
        if (!existing) throw new WardrobeError('NOT_FOUND', 'Item not found in your wardrobe');
        if (sameCapture(existing.capture, capture)) return existing;
        save = await this.saves.updateCapture(caller.uid, productId, capture, tx, at);
      }
      await this.outbox.add(tx, 'wardrobe.item-saved.v1', productId, {
        userId: caller.uid,
        productId,
        savedAt: save.savedAt.toISOString(),
        capturedAt: save.capturedAt.toISOString(),
        capture,
      });
      return save;
    });
    // A new save is new evidence for recommendations (a changed capture is not: the recommender reads who saved what, and when).
    if (inserted) this.recommender.changed();
    return toWardrobeItem(row, await this.saves.findClassification(productId));
  }

  async list(caller: Caller): Promise<WardrobeItem[]> {
    const now = new Date();
    return (await this.saves.listNewestFirst(caller.uid)).map((save) => toWardrobeItem(save, save.classification, now));
  }

  /** The caller's own saved item, or null: the product page shows a saver their capture. */
  /** A page of the product's savers (the gateway's live streams of a price change): the next page starts after `next`. */
  async saversOf(productId: string, after: string | null, limit: number): Promise<{ userIds: string[]; next: string | null }> {
    const userIds = await this.saves.saversOf(productId, after, limit);
    return { userIds, next: userIds.length === limit ? userIds.at(-1)! : null };
  }

  async find(caller: Caller, productId: string): Promise<WardrobeItem | null> {
    const save = await this.saves.find(caller.uid, productId);
    return save ? toWardrobeItem(save, save.classification) : null;
  }

  /** Another user's id or an unknown id is 404 and changes nothing anywhere (no event). */
  async remove(caller: Caller, productId: string): Promise<void> {
    await this.uow.run(async (tx) => {
      const removed = await this.saves.delete(caller.uid, productId, tx);
      if (!removed) throw new WardrobeError('NOT_FOUND', 'Item not found in your wardrobe');
      await this.outbox.add(tx, 'wardrobe.item-removed.v1', productId, { userId: caller.uid, productId, removedAt: new Date().toISOString() });
    });
    this.recommender.changed();
  }

  /** The catalogue published a product: keep its gender, category, price drop and availability for the items that show it. */
  productUpserted(product: Product, tx: Db): Promise<void> {
    return this.productsUpserted([product], tx);
  }

  /** productUpserted for a batch of products (each once, as the catalogue publishes it now), in one statement. */
  productsUpserted(products: readonly Product[], tx: Db): Promise<void> {
    return this.saves.upsertClassifications(
      products.map((product) => ({ productId: product.id, gender: product.gender, category: product.category, priceDrop: product.priceDrop ?? null, available: product.available ?? true })),
      tx,
    );
  }

  /**
   * The catalogue removed a product (retention found nobody saving it for 30 days): its shared
   * classification goes. Saves stay: any save here was made after retention decided (a save racing the
   * sweep), it is the shopper's own capture, and its event makes the catalogue derive the product again.
   */
  productRemoved(productId: string, tx: Db): Promise<void> {
    return this.saves.deleteClassification(productId, tx);
  }
}
