import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { asc, eq, sql } from 'drizzle-orm';
import { genderFeedback, products } from '../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

/** Products and gender feedback. Queries only. */
@Injectable()
export class ProductsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * Inserts or refreshes the product with this dedupe key. A saved item's
   * explicit gender wins over the default, never over the administrator's.
   */
  async upsert(product: NewProduct, tx: Db = this.db): Promise<ProductRow> {
    const [row] = await tx
      .insert(products)
      .values(product)
      .onConflictDoUpdate({
        target: products.dedupeKey,
        set: {
          name: sql`excluded.name`,
          brand: sql`excluded.brand`,
          price: sql`excluded.price`,
          currency: sql`excluded.currency`,
          priceText: sql`excluded.price_text`,
          imageUrl: sql`coalesce(excluded.image_url, ${products.imageUrl})`,
          description: sql`case when excluded.description <> '' then excluded.description else ${products.description} end`,
          sourceUrl: sql`case when excluded.source_url <> '#' then excluded.source_url else ${products.sourceUrl} end`,
          retailer: sql`coalesce(excluded.retailer, ${products.retailer})`,
          category: sql`excluded.category`,
          gender: sql`case when ${products.genderSource} = 'admin' or excluded.gender_source = 'default' then ${products.gender} else excluded.gender end`,
          genderSource: sql`case when ${products.genderSource} = 'admin' or excluded.gender_source = 'default' then ${products.genderSource} else excluded.gender_source end`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    if (!row) throw new Error('product upsert returned nothing');
    return row;
  }

  async findById(id: string, tx: Db = this.db): Promise<ProductRow | undefined> {
    const [row] = await tx.select().from(products).where(eq(products.id, id));
    return row;
  }

  async listMissingGender(limit = 500): Promise<ProductRow[]> {
    return this.db.select().from(products).where(eq(products.genderSource, 'default')).orderBy(asc(products.createdAt)).limit(limit);
  }

  async setGender(id: string, gender: string, tx: Db = this.db): Promise<ProductRow | undefined> {
    const [row] = await tx.update(products).set({ gender, genderSource: 'admin', updatedAt: new Date() }).where(eq(products.id, id)).returning();
    return row;
  }

  async addFeedback(productId: string, userId: string | null, gender: string): Promise<void> {
    await this.db.insert(genderFeedback).values({ productId, userId, gender });
  }
}
