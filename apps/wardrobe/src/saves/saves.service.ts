import { Injectable } from '@nestjs/common';
import type { Caller, ItemInput, Product, WardrobeItem } from '@closetly/contracts';
import { productIdFor, retailerFromUrl } from '@closetly/catalogue-rules';
import { type Db, OutboxWriter, UnitOfWork } from '@closetly/server';
import { WardrobeError } from '../wardrobe.errors';
import { captureFrom, sameCapture } from './capture';
import { type Classification, type SaveRow, SavesRepository } from './saves.repository';

/**
 * What My Wardrobe shows: the user's own capture (name, brand, price, image,
 * description, link), and the shared product's gender and category once the
 * catalogue has published them (an administrator may have corrected them).
 */
export function toWardrobeItem(save: SaveRow, classification: Classification | null): WardrobeItem {
  const { capture } = save;
  return {
    id: save.productId,
    name: capture.name,
    brand: capture.brand,
    price: capture.price,
    currency: capture.currency,
    priceText: capture.priceText,
    imageUrl: capture.imageUrl,
    description: capture.description,
    sourceUrl: capture.sourceUrl,
    retailer: retailerFromUrl(capture.sourceUrl),
    gender: classification?.gender ?? capture.gender ?? 'Unisex',
    category: classification?.category ?? capture.category,
    updatedAt: save.capturedAt.toISOString(),
    addedDate: save.savedAt.toISOString(),
  };
}

/** A user's wardrobe: save (idempotent), list newest first, remove only one's own save. */
@Injectable()
export class SavesService {
  constructor(
    private readonly saves: SavesRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * Keeps the caller's capture of the item and tells the catalogue
   * (wardrobe.item-saved.v1). Saving again with the same capture changes
   * nothing and publishes nothing; with a changed one (a new price, say) it
   * replaces the caller's capture, keeps the date first saved, and publishes
   * the new capture. Answers the item as stored now.
   */
  async save(caller: Caller, item: ItemInput): Promise<WardrobeItem> {
    const capture = captureFrom(item);
    const productId = productIdFor(capture.productKey);
    const row = await this.uow.run(async (tx) => {
      let save = await this.saves.insert(caller.uid, productId, capture, tx);
      if (!save) {
        const existing = await this.saves.findForUpdate(caller.uid, productId, tx);
        if (!existing) throw new WardrobeError('NOT_FOUND', 'Item not found in your wardrobe');
        if (sameCapture(existing.capture, capture)) return existing;
        save = await this.saves.updateCapture(caller.uid, productId, capture, tx);
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
    return toWardrobeItem(row, await this.saves.findClassification(productId));
  }

  async list(caller: Caller): Promise<WardrobeItem[]> {
    return (await this.saves.listNewestFirst(caller.uid)).map((save) => toWardrobeItem(save, save.classification));
  }

  /** The caller's own saved item, or null: the product page shows a saver their capture. */
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
  }

  /** The catalogue published a product: keep its gender and category for the items that show it. */
  productUpserted(product: Product, tx: Db): Promise<void> {
    return this.saves.upsertClassification(product.id, { gender: product.gender, category: product.category }, tx);
  }

  /** The catalogue removed a product (nobody saved it for 30 days): no wardrobe keeps it. */
  productRemoved(productId: string, tx: Db): Promise<void> {
    return this.saves.deleteProduct(productId, tx);
  }
}
