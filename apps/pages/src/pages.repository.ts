import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { asc, eq, inArray, lte } from 'drizzle-orm';
import { productPages } from './db/schema';

export type ProductPageRow = typeof productPages.$inferSelect;
export type NewProductPage = typeof productPages.$inferInsert;
export type ProductPageChanges = Partial<Omit<ProductPageRow, 'productId' | 'createdAt'>>;

/** The product pages page watch keeps. Queries only. */
@Injectable()
export class PagesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * The product's page row, created from `values` when new, and locked until
   * the transaction ends: two captures of one product, or a capture and a
   * read being recorded, take turns on it. `created` says whether it was new.
   */
  async lockOrCreate(values: NewProductPage, tx: Db): Promise<{ row: ProductPageRow; created: boolean }> {
    const inserted = await tx.insert(productPages).values(values).onConflictDoNothing().returning({ productId: productPages.productId });
    const row = await this.lock(values.productId, tx);
    if (!row) throw new Error('product page vanished inside its transaction');
    return { row, created: inserted.length > 0 };
  }

  async lock(productId: string, tx: Db): Promise<ProductPageRow | undefined> {
    const [row] = await tx.select().from(productPages).where(eq(productPages.productId, productId)).for('update');
    return row;
  }

  async update(productId: string, changes: ProductPageChanges, tx: Db): Promise<void> {
    await tx.update(productPages).set(changes).where(eq(productPages.productId, productId));
  }

  /**
   * Up to `limit` pages due at `now` (the longest waiting first), each moved
   * to `leaseUntil` in the same statement, so no other run takes it while it
   * is read, and a read that never finishes comes due again. SKIP LOCKED:
   * pages a capture or another run holds are left to them.
   */
  async claimDue(now: Date, limit: number, leaseUntil: Date, tx: Db = this.db): Promise<ProductPageRow[]> {
    const due = tx
      .select({ productId: productPages.productId })
      .from(productPages)
      .where(lte(productPages.dueAt, now))
      .orderBy(asc(productPages.dueAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx.update(productPages).set({ dueAt: leaseUntil }).where(inArray(productPages.productId, due)).returning();
  }

  async find(productId: string, tx: Db = this.db): Promise<ProductPageRow | undefined> {
    const [row] = await tx.select().from(productPages).where(eq(productPages.productId, productId));
    return row;
  }
}
