import { Injectable } from '@nestjs/common';
import type { Product, WardrobeItem } from '@closetly/contracts';
import { type Db, OutboxWriter, UnitOfWork } from '@closetly/server';
import { WardrobeError } from '../wardrobe.errors';
import { type SaveRow, SavesRepository } from './saves.repository';

const toItem = (row: SaveRow): WardrobeItem => ({ ...(row.product as Product), addedDate: row.savedAt.toISOString() });

/** A user's wardrobe: save (idempotent), list newest first, remove only one's own save. */
@Injectable()
export class SavesService {
  constructor(
    private readonly saves: SavesRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Saving an item already saved is not an error and creates nothing twice (no second event). */
  async save(userId: string, product: Product): Promise<WardrobeItem> {
    const row = await this.uow.run(async (tx) => {
      const inserted = await this.saves.insert(userId, product, tx);
      if (!inserted) return this.saves.find(userId, product.id, tx);
      await this.outbox.add(tx, 'wardrobe.item-saved.v1', product.id, { userId, productId: product.id, savedAt: inserted.savedAt.toISOString() });
      return inserted;
    });
    if (!row) throw new WardrobeError('NOT_FOUND', 'Item not found in your wardrobe');
    return toItem(row);
  }

  async list(userId: string): Promise<WardrobeItem[]> {
    return (await this.saves.listNewestFirst(userId)).map(toItem);
  }

  /** Another user's id or an unknown id is 404 and changes nothing anywhere (no event). */
  async remove(userId: string, productId: string): Promise<void> {
    await this.uow.run(async (tx) => {
      const removed = await this.saves.delete(userId, productId, tx);
      if (!removed) throw new WardrobeError('NOT_FOUND', 'Item not found in your wardrobe');
      await this.outbox.add(tx, 'wardrobe.item-removed.v1', productId, { userId, productId, removedAt: new Date().toISOString() });
    });
  }

  refreshProduct(product: Product, tx: Db): Promise<void> {
    return this.saves.refreshProduct(product, tx);
  }

  dropProduct(productId: string, tx: Db): Promise<void> {
    return this.saves.deleteProduct(productId, tx);
  }
}
