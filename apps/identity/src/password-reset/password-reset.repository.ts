import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResets } from '../db/schema';

export type PasswordResetRow = typeof passwordResets.$inferSelect;
export type NewPasswordReset = typeof passwordResets.$inferInsert;

/** Password reset links, kept as hashes of their tokens. Queries only. */
@Injectable()
export class PasswordResetRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async insert(reset: NewPasswordReset, tx: Db = this.db): Promise<void> {
    await tx.insert(passwordResets).values(reset);
  }

  /** Marks the link with this token hash used and returns it; undefined when it is unknown or already used (also under a race). */
  async markUsed(tokenHash: string, tx: Db = this.db): Promise<PasswordResetRow | undefined> {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
      .returning();
    return row;
  }

  /** Marks every unused link of an account used. */
  async markAllUsed(accountId: string, tx: Db = this.db): Promise<void> {
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.accountId, accountId), isNull(passwordResets.usedAt)));
  }
}
