import { Inject, Injectable } from '@nestjs/common';
import type { Product } from '@closetly/contracts';
import { DATABASE, type Db } from '@closetly/server';
import { and, desc, eq } from 'drizzle-orm';
import { saves } from '../db/schema';

export type SaveRow = typeof saves.$inferSelect;

/** Saves. Queries only. */
@Injectable()
export class SavesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Inserts the save; undefined when this user had already saved this product. */
  async insert(userId: string, product: Product, tx: Db = this.db): Promise<SaveRow | undefined> {
    const [row] = await tx.insert(saves).values({ userId, productId: product.id, product }).onConflictDoNothing().returning();
    return row;
  }

  async find(userId: string, productId: string, tx: Db = this.db): Promise<SaveRow | undefined> {
    const [row] = await tx.select().from(saves).where(and(eq(saves.userId, userId), eq(saves.productId, productId)));
    return row;
  }

  async listNewestFirst(userId: string): Promise<SaveRow[]> {
    return this.db.select().from(saves).where(eq(saves.userId, userId)).orderBy(desc(saves.savedAt), desc(saves.productId));
  }

  async delete(userId: string, productId: string, tx: Db = this.db): Promise<SaveRow | undefined> {
    const [row] = await tx.delete(saves).where(and(eq(saves.userId, userId), eq(saves.productId, productId))).returning();
    return row;
  }

  async refreshProduct(product: Product, tx: Db = this.db): Promise<void> {
    await tx.update(saves).set({ product }).where(eq(saves.productId, product.id));
  }

  async deleteProduct(productId: string, tx: Db = this.db): Promise<void> {
    await tx.delete(saves).where(eq(saves.productId, productId));
  }
}
