import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { emailConfirmations } from '../db/schema';

export type EmailConfirmationRow = typeof emailConfirmations.$inferSelect;

/** "Confirm your e-mail" links, kept as hashes of their tokens. Queries only. */
@Injectable()
export class EmailConfirmationRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async insert(link: typeof emailConfirmations.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(emailConfirmations).values(link);
  }

  /** Marks the link with this token hash used and returns it; undefined when it is unknown or already used (also under a race). */
  async markUsed(tokenHash: string, tx: Db = this.db): Promise<EmailConfirmationRow | undefined> {
    const [row] = await tx
      .update(emailConfirmations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailConfirmations.tokenHash, tokenHash), isNull(emailConfirmations.usedAt)))
      .returning();
    return row;
  }

  /** How many links were made for the account since `since` (resends are limited on this). */
  async countSince(accountId: string, since: Date, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(emailConfirmations)
      .where(and(eq(emailConfirmations.accountId, accountId), gt(emailConfirmations.createdAt, since)));
    return Number(row?.n ?? 0);
  }
}
