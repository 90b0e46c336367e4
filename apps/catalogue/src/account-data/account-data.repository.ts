import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, ErasedAccounts } from '@closetly/server';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { activeSaves, captures, erasedAccounts, genderFeedback, priceObservations } from '../db/schema';

export type PriceObservationRow = typeof priceObservations.$inferSelect;

/** A gender vote with its keyset position: when it was given in whole microseconds (as text: beyond a JS Date's milliseconds) and its id. */
export type FeedbackRow = typeof genderFeedback.$inferSelect & { createdAtMicros: string };

/** Where a page of gender votes starts: after this vote. */
export interface FeedbackPosition {
  createdAtMicros: string;
  id: string;
}

/** What the catalogue holds for one user, table by table. */
export type HeldCounts = {
  captures: number;
  active_saves: number;
  price_observations: number;
  gender_feedback: number;
};

/** One user's own rows in the catalogue: their export's pages, the count of what is held, and the erased accounts. Queries only. */
@Injectable()
export class AccountDataRepository {
  private readonly erased = new ErasedAccounts(erasedAccounts);

  constructor(@Inject(DATABASE) private readonly db: Db) {}

  isErased(userId: string, tx: Db): Promise<boolean> {
    return this.erased.isErased(userId, tx);
  }

  erasedAmong(userIds: readonly string[], tx: Db): Promise<Set<string>> {
    return this.erased.erasedAmong(userIds, tx);
  }

  isErasedForAccountChange(userId: string, tx: Db): Promise<boolean> {
    return this.erased.isErasedForAccountChange(userId, tx);
  }

  markErased(userId: string, erasedAt: Date, tx: Db): Promise<void> {
    return this.erased.markErased(userId, erasedAt, tx);
  }

  /** Up to `limit` of the user's price observations with an id after `afterId`, in id order. */
  async priceObservationsAfter(userId: string, afterId: number | null, limit: number): Promise<PriceObservationRow[]> {
    const mine = eq(priceObservations.userId, userId);
    return this.db
      .select()
      .from(priceObservations)
      .where(afterId === null ? mine : and(mine, gt(priceObservations.id, afterId)))
      .orderBy(asc(priceObservations.id))
      .limit(limit);
  }

  /** Up to `limit` of the user's gender votes after `after`, oldest first (votes of one instant in id order). */
  async itemFeedbackAfter(userId: string, after: FeedbackPosition | null, limit: number): Promise<FeedbackRow[]> {
    const mine = eq(genderFeedback.userId, userId);
    const afterPosition = after && sql`(${genderFeedback.createdAt}, ${genderFeedback.id}) > (timestamptz 'epoch' + ${after.createdAtMicros}::bigint * interval '1 microsecond', ${after.id}::uuid)`;
    const rows = await this.db
      .select({ row: genderFeedback, createdAtMicros: sql<string>`(extract(epoch from ${genderFeedback.createdAt}) * 1000000)::bigint::text` })
      .from(genderFeedback)
      .where(afterPosition ? and(mine, afterPosition) : mine)
      .orderBy(asc(genderFeedback.createdAt), asc(genderFeedback.id))
      .limit(limit);
    return rows.map(({ row, createdAtMicros }) => ({ ...row, createdAtMicros }));
  }

  async countHeld(userId: string): Promise<HeldCounts> {
    const [capturesHeld, savesHeld, observationsHeld, feedbackHeld] = await Promise.all([
      this.db.$count(captures, eq(captures.userId, userId)),
      this.db.$count(activeSaves, eq(activeSaves.userId, userId)),
      this.db.$count(priceObservations, eq(priceObservations.userId, userId)),
      this.db.$count(genderFeedback, eq(genderFeedback.userId, userId)),
    ]);
    return { captures: capturesHeld, active_saves: savesHeld, price_observations: observationsHeld, gender_feedback: feedbackHeld };
  }
}
