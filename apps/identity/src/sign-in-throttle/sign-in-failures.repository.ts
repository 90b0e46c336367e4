import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { and, eq, sql } from 'drizzle-orm';
import { signInFailures } from '../db/schema';

export type SignInFailureRow = typeof signInFailures.$inferSelect;

/** The account-wide row's client. */
export const WHOLE_ACCOUNT = '';

/** How one count is kept: a fixed window from its first failure. */
export interface FailureWindow {
  windowSeconds: number;
}

/** The account-wide slow-down: free failures, then a wait before each attempt that doubles up to a ceiling. */
export interface SlowDown extends FailureWindow {
  freeFailures: number;
  maxDelaySeconds: number;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * Sign-in failure counts. Each count is taken in one statement (an upsert whose update is guarded by the
 * limit), so attempts racing on one account serialise on its row and none passes a spent limit. Queries only:
 * the numbers come from SignInThrottle.
 */
@Injectable()
export class SignInFailuresRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Counts a failure for the pair in advance; false, and nothing counted, when the pair already has `limit` in its window. */
  async countPairFailure(accountKey: string, client: string, limit: number, rules: FailureWindow, now: Date, tx: Db = this.db): Promise<boolean> {
    const expired = sql`${signInFailures.windowEndsAt} <= ${at(now)}`;
    const rows = await tx
      .insert(signInFailures)
      .values({ accountKey, client, failures: 1, windowEndsAt: windowEnd(now, rules), nextAttemptAt: now })
      .onConflictDoUpdate({
        target: [signInFailures.accountKey, signInFailures.client],
        set: {
          failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${signInFailures.failures} + 1 END`,
          windowEndsAt: sql`CASE WHEN ${expired} THEN ${at(windowEnd(now, rules))} ELSE ${signInFailures.windowEndsAt} END`,
        },
        setWhere: sql`${expired} OR ${signInFailures.failures} < ${limit}`,
      })
      .returning({ failures: signInFailures.failures });
    return rows.length === 1;
  }

  /**
   * Counts a failure on the whole account in advance, when an attempt is due: while fewer than `freeFailures`
   * are counted, or once the wait the last one set has passed. After the n-th failure the next attempt waits
   * 2^(n - freeFailures) seconds, at most `maxDelaySeconds`. False, and nothing counted, when it is not due.
   */
  async countAccountFailure(accountKey: string, rules: SlowDown, now: Date, tx: Db = this.db): Promise<boolean> {
    const expired = sql`${signInFailures.windowEndsAt} <= ${at(now)}`;
    const counted = sql`(CASE WHEN ${expired} THEN 1 ELSE ${signInFailures.failures} + 1 END)`;
    const rows = await tx
      .insert(signInFailures)
      .values({ accountKey, client: WHOLE_ACCOUNT, failures: 1, windowEndsAt: windowEnd(now, rules), nextAttemptAt: new Date(now.getTime() + delaySeconds(1, rules) * 1000) })
      .onConflictDoUpdate({
        target: [signInFailures.accountKey, signInFailures.client],
        set: {
          failures: counted,
          windowEndsAt: sql`CASE WHEN ${expired} THEN ${at(windowEnd(now, rules))} ELSE ${signInFailures.windowEndsAt} END`,
          nextAttemptAt: sql`${at(now)} + (CASE WHEN ${counted} < ${rules.freeFailures} THEN 0 ELSE least(${rules.maxDelaySeconds}, power(2, ${counted} - ${rules.freeFailures})) END) * interval '1 second'`,
        },
        setWhere: sql`${expired} OR ${signInFailures.failures} < ${rules.freeFailures} OR ${signInFailures.nextAttemptAt} <= ${at(now)}`,
      })
      .returning({ failures: signInFailures.failures });
    return rows.length === 1;
  }

  async find(accountKey: string, client: string, tx: Db = this.db): Promise<SignInFailureRow | undefined> {
    const [row] = await tx
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.client, client)));
    return row;
  }

  /** The attempt was no failure after all (the password was right): the pair's count goes, the account's loses the one counted in advance. */
  async forgiveAttempt(accountKey: string, client: string, tx: Db = this.db): Promise<void> {
    await tx.delete(signInFailures).where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.client, client)));
    await tx
      .update(signInFailures)
      .set({ failures: sql`greatest(${signInFailures.failures} - 1, 0)` })
      .where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.client, WHOLE_ACCOUNT)));
  }

  /** Every count of one account, from every client and account-wide. */
  async clearAccount(accountKey: string, tx: Db = this.db): Promise<void> {
    await tx.delete(signInFailures).where(eq(signInFailures.accountKey, accountKey));
  }

  /**
   * Forgets up to `limit` counts whose window has ended (they count as nothing already). Rows another attempt
   * holds are skipped, so this never waits on a sign-in nor makes one wait.
   */
  async pruneExpired(now: Date, limit = 100): Promise<void> {
    await this.db.execute(sql`
      DELETE FROM ${signInFailures} WHERE (${signInFailures.accountKey}, ${signInFailures.client}) IN (
        SELECT ${signInFailures.accountKey}, ${signInFailures.client} FROM ${signInFailures}
        WHERE ${signInFailures.windowEndsAt} <= ${at(now)} LIMIT ${limit} FOR UPDATE SKIP LOCKED)`);
  }
}

const windowEnd = (now: Date, rules: FailureWindow) => new Date(now.getTime() + rules.windowSeconds * 1000);

/** The wait after the n-th failure (the same formula as the statement's). */
export const delaySeconds = (failures: number, rules: SlowDown): number =>
  failures < rules.freeFailures ? 0 : Math.min(rules.maxDelaySeconds, 2 ** (failures - rules.freeFailures));
