import { Inject, Injectable } from '@nestjs/common';
import type { Capture, Category, PriceDrop, ProductGender } from '@closetly/contracts';
import { DATABASE, type Db, excludedValues, inKeyOrder } from '@closetly/server';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { productClassifications, saves } from '../db/schema';

export interface SaveRow {
  userId: string;
  productId: string;
  capture: Capture;
  savedAt: Date;
  capturedAt: Date;
}

/** The shared product's gender and category as the catalogue last published them, with its latest price drop and availability. */
export interface Classification {
  gender: ProductGender;
  category: Category;
  priceDrop?: PriceDrop | null;
  available?: boolean;
}

export type SaveWithClassification = SaveRow & { classification: Classification | null };

/**
 * Where a save stands in its user's saves, oldest first: its save time as the
 * database holds it (UTC, to the microsecond: a Date keeps only milliseconds,
 * too coarse to resume after) and, for saves made at the same time, its product id.
 */
export interface SavePosition {
  savedAt: string;
  productId: string;
}

export type PositionedSave = SaveRow & { position: SavePosition };

const saveColumns = {
  userId: saves.userId,
  productId: saves.productId,
  capture: saves.capture,
  savedAt: saves.savedAt,
  capturedAt: saves.capturedAt,
  gender: productClassifications.gender,
  category: productClassifications.category,
  priceDrop: productClassifications.priceDrop,
  available: productClassifications.available,
};

const toSave = (row: {
  userId: string;
  productId: string;
  capture: unknown;
  savedAt: Date;
  capturedAt: Date;
  gender: string | null;
  category: string | null;
  priceDrop: unknown;
  available: boolean | null;
}): SaveWithClassification => ({
  userId: row.userId,
  productId: row.productId,
  capture: row.capture as Capture,
  savedAt: row.savedAt,
  capturedAt: row.capturedAt,
  classification:
    row.gender !== null && row.category !== null
      ? { gender: row.gender as ProductGender, category: row.category as Category, priceDrop: (row.priceDrop as PriceDrop | null) ?? null, available: row.available ?? true }
      : null,
});

/** Saves and the catalogue's classifications. Queries only. */
@Injectable()
export class SavesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Inserts the save (saved and captured `at`, else now); undefined when this user had already saved this product. */
  async insert(userId: string, productId: string, capture: Capture, tx: Db = this.db, at?: Date): Promise<SaveRow | undefined> {
    const [row] = await tx
      .insert(saves)
      .values({ userId, productId, capture, ...(at ? { savedAt: at, capturedAt: at } : {}) })
      .onConflictDoNothing()
      .returning();
    return row ? { ...row, capture: row.capture as Capture } : undefined;
  }

  /** The user's save, locked until the transaction ends, so two saves of it at once take turns. */
  async findForUpdate(userId: string, productId: string, tx: Db): Promise<SaveRow | undefined> {
    const [row] = await tx.select().from(saves).where(and(eq(saves.userId, userId), eq(saves.productId, productId))).for('update');
    return row ? { ...row, capture: row.capture as Capture } : undefined;
  }

  async updateCapture(userId: string, productId: string, capture: Capture, tx: Db, at?: Date): Promise<SaveRow> {
    const [row] = await tx
      .update(saves)
      .set({ capture, capturedAt: at ?? sql`now()` })
      .where(and(eq(saves.userId, userId), eq(saves.productId, productId)))
      .returning();
    if (!row) throw new Error('updated a save that does not exist');
    return { ...row, capture: row.capture as Capture };
  }

  async find(userId: string, productId: string): Promise<SaveWithClassification | undefined> {
    const [row] = await this.db
      .select(saveColumns)
      .from(saves)
      .leftJoin(productClassifications, eq(productClassifications.productId, saves.productId))
      .where(and(eq(saves.userId, userId), eq(saves.productId, productId)));
    return row ? toSave(row) : undefined;
  }

  async listNewestFirst(userId: string): Promise<SaveWithClassification[]> {
    const rows = await this.db
      .select(saveColumns)
      .from(saves)
      .leftJoin(productClassifications, eq(productClassifications.productId, saves.productId))
      .where(eq(saves.userId, userId))
      .orderBy(desc(saves.savedAt), desc(saves.productId));
    return rows.map(toSave);
  }

  /** Up to `limit` of the user's saves that stand after `after` (from the start when null), oldest first. */
  async listOldestFirstAfter(userId: string, after: SavePosition | null, limit: number): Promise<PositionedSave[]> {
    const rows = await this.db
      .select({
        userId: saves.userId,
        productId: saves.productId,
        capture: saves.capture,
        savedAt: saves.savedAt,
        capturedAt: saves.capturedAt,
        exactSavedAt: sql<string>`to_char(${saves.savedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(saves)
      .where(and(eq(saves.userId, userId), after ? sql`(${saves.savedAt}, ${saves.productId}) > (${after.savedAt}::timestamptz, ${after.productId}::uuid)` : undefined))
      .orderBy(asc(saves.savedAt), asc(saves.productId))
      .limit(limit);
    return rows.map(({ exactSavedAt, ...row }) => ({ ...row, capture: row.capture as Capture, position: { savedAt: exactSavedAt, productId: row.productId } }));
  }

  async deleteForUser(userId: string, tx: Db): Promise<void> {
    await tx.delete(saves).where(eq(saves.userId, userId));
  }

  /** The users who save the product now, after `after` in user order: the saves_product_idx range, a page at a time. */
  async saversOf(productId: string, after: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ userId: saves.userId })
      .from(saves)
      .where(after === null ? eq(saves.productId, productId) : and(eq(saves.productId, productId), gt(saves.userId, after)))
      .orderBy(asc(saves.userId))
      .limit(limit);
    return rows.map((row) => row.userId);
  }

  countForUser(userId: string): Promise<number> {
    return this.db.$count(saves, eq(saves.userId, userId));
  }

  async findClassification(productId: string): Promise<Classification | null> {
    const [row] = await this.db.select().from(productClassifications).where(eq(productClassifications.productId, productId));
    return row ? { gender: row.gender as ProductGender, category: row.category as Category, priceDrop: (row.priceDrop as PriceDrop | null) ?? null, available: row.available } : null;
  }

  async delete(userId: string, productId: string, tx: Db = this.db): Promise<SaveRow | undefined> {
    const [row] = await tx.delete(saves).where(and(eq(saves.userId, userId), eq(saves.productId, productId))).returning();
    return row ? { ...row, capture: row.capture as Capture } : undefined;
  }

  upsertClassification(productId: string, classification: Classification, tx: Db): Promise<void> {
    return this.upsertClassifications([{ productId, ...classification }], tx);
  }

  /** upsertClassification for several products (each once), in one statement, in product id order. */
  async upsertClassifications(rows: ReadonlyArray<{ productId: string } & Classification>, tx: Db): Promise<void> {
    if (rows.length === 0) return;
    const values = inKeyOrder(rows, (row) => row.productId).map(({ productId, gender, category, priceDrop, available }) => ({ productId, gender, category, priceDrop, available }));
    await tx
      .insert(productClassifications)
      .values(values)
      .onConflictDoUpdate({ target: productClassifications.productId, set: { ...excludedValues(productClassifications, ['gender', 'category', 'priceDrop', 'available']), updatedAt: sql`now()` } });
  }

  async deleteClassification(productId: string, tx: Db): Promise<void> {
    await tx.delete(productClassifications).where(eq(productClassifications.productId, productId));
  }
}
