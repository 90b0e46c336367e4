import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, newestPerKey } from '@closetly/server';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { savedProducts } from '../db/schema';
import { type AlertState, UNARMED } from './alert-rules';

/** One shopper's saved product, with its alert target and state. */
export interface SavedProductRow extends AlertState {
  userId: string;
  productId: string;
  savedAt: Date;
  removedAt: Date | null;
}

const STATE_UPDATE_CHUNK = 1_000;

/** Saved now: never removed, or saved again after the last removal. */
const isActive = or(isNull(savedProducts.removedAt), gt(savedProducts.savedAt, savedProducts.removedAt));

/** The products each shopper saved (wardrobe's events), their targets and alert state. Queries only. */
@Injectable()
export class SavedProductsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** wardrobe.item-saved.v1: the later of two saves' times stays (events may come out of order). */
  recordSave(userId: string, productId: string, savedAt: Date, tx: Db = this.db): Promise<void> {
    return this.recordSaves([{ userId, productId, savedAt }], tx);
  }

  /** recordSave for a batch of saves, in one statement. */
  async recordSaves(saves: ReadonlyArray<{ userId: string; productId: string; savedAt: Date }>, tx: Db = this.db): Promise<void> {
    const values = newestPerKey(saves, (save) => `${save.userId}/${save.productId}`, (save) => save.savedAt).map(({ userId, productId, savedAt }) => ({ userId, productId, savedAt }));
    if (values.length === 0) return;
    await tx
      .insert(savedProducts)
      .values(values)
      .onConflictDoUpdate({ target: [savedProducts.userId, savedProducts.productId], set: { savedAt: sql`greatest(${savedProducts.savedAt}, excluded.saved_at)` } });
  }

  /** wardrobe.item-removed.v1: kept as a removal time, so a removal that overtakes its save still wins. */
  async recordRemoval(userId: string, productId: string, removedAt: Date, tx: Db = this.db): Promise<void> {
    await tx
      .insert(savedProducts)
      .values({ userId, productId, savedAt: new Date(0), removedAt })
      .onConflictDoUpdate({
        target: [savedProducts.userId, savedProducts.productId],
        set: { removedAt: sql`greatest(coalesce(${savedProducts.removedAt}, excluded.removed_at), excluded.removed_at)` },
      });
  }

  /** The shopper's product, only while it is saved. */
  async findActive(userId: string, productId: string, tx: Db = this.db): Promise<SavedProductRow | undefined> {
    const [row] = await tx
      .select()
      .from(savedProducts)
      .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId), isActive));
    return row;
  }

  /** A new target (null clears it) re-arms the below-target alert. */
  async setTarget(userId: string, productId: string, targetPrice: number | null, tx: Db = this.db): Promise<void> {
    await tx
      .update(savedProducts)
      .set({ targetPrice, belowTargetAlerted: false })
      .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId)));
  }

  /** Everyone who has the product saved now, locked until the transaction ends (two price events take turns). */
  async activeSaversForUpdate(productId: string, tx: Db): Promise<SavedProductRow[]> {
    return tx
      .select()
      .from(savedProducts)
      .where(and(eq(savedProducts.productId, productId), isActive))
      .for('update');
  }

  /** Each saver's new alert state for the product, in one statement per thousand savers (a popular product has many). */
  async updateStates(productId: string, states: ReadonlyArray<{ userId: string; state: AlertState }>, tx: Db): Promise<void> {
    for (let start = 0; start < states.length; start += STATE_UPDATE_CHUNK) {
      const rows = states
        .slice(start, start + STATE_UPDATE_CHUNK)
        .map(
          ({ userId, state }) =>
            sql`(${userId}, ${state.dropReference}::double precision, ${state.dropAlerted}::boolean, ${state.riseReference}::double precision, ${state.riseAlerted}::boolean, ${state.belowTargetAlerted}::boolean)`,
        );
      await tx.execute(sql`
        update ${savedProducts} set
          drop_reference = v.drop_reference, drop_alerted = v.drop_alerted,
          rise_reference = v.rise_reference, rise_alerted = v.rise_alerted, below_target_alerted = v.below_target_alerted
        from (values ${sql.join(rows, sql`, `)}) as v(user_id, drop_reference, drop_alerted, rise_reference, rise_alerted, below_target_alerted)
        where ${savedProducts.productId} = ${productId} and ${savedProducts.userId} = v.user_id`);
    }
  }

  /** Alerts turned on: every saved product arms afresh at its next price. */
  async rearmAll(userId: string, tx: Db): Promise<void> {
    await tx.update(savedProducts).set(UNARMED).where(eq(savedProducts.userId, userId));
  }

  /** The targets the shopper set (for the export). */
  async listTargets(userId: string): Promise<Array<{ productId: string; targetPrice: number }>> {
    const rows = await this.db
      .select({ productId: savedProducts.productId, targetPrice: savedProducts.targetPrice })
      .from(savedProducts)
      .where(and(eq(savedProducts.userId, userId), sql`${savedProducts.targetPrice} is not null`))
      .orderBy(savedProducts.productId);
    return rows.map((row) => ({ productId: row.productId, targetPrice: row.targetPrice as number }));
  }

  async deleteForUser(userId: string, tx: Db): Promise<void> {
    await tx.delete(savedProducts).where(eq(savedProducts.userId, userId));
  }

  countForUser(userId: string): Promise<number> {
    return this.db.$count(savedProducts, eq(savedProducts.userId, userId));
  }
}
