import { eq, inArray, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import type { ErasedAccountsTable } from '../db/platform-tables';

/**
 * Keeps an erased account erased when its events overtake the deletion.
 * Topics are not ordered against each other, so a save published just before
 * the account was deleted can be delivered after the deletion was applied,
 * and would store the user's data again.
 *
 * Per account, a consumer applying one of the user's events takes a shared
 * lock and the erasure an exclusive one, both until their transaction ends:
 * an event being applied commits first and the erasure then deletes what it
 * stored; an event applied later finds the account erased and stores nothing.
 * Take it before any other lock, so every transaction locks in one order.
 */
export class ErasedAccounts {
  private readonly lockSpace: string;
  /**
   * Per open transaction, the accounts whose lock it holds and whether each is erased. The answer cannot
   * change before it ends (an erasure waits for the lock), so a batch's events ask once (erasedAmong) and
   * each event's own isErased() is then answered without a query.
   */
  private readonly verdicts = new WeakMap<object, Map<string, boolean>>();

  constructor(private readonly table: ErasedAccountsTable) {
    this.lockSpace = `${getTableConfig(table).schema ?? 'public'}.erased_accounts`;
  }

  /** Before applying an event of `userId`'s: true when their account is erased (the event then changes nothing). */
  async isErased(userId: string, tx: Db): Promise<boolean> {
    const known = this.verdicts.get(tx)?.get(userId);
    if (known !== undefined) return known;
    await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext(${this.lockSpace}), hashtext(${userId}))`);
    return this.remember(tx, userId, await this.isMarked(userId, tx));
  }

  /**
   * isErased() for a batch of events: the shared locks of all their users (taken in one order, so two
   * batches and an erasure never wait on each other in a circle), then the erased ones among them.
   */
  async erasedAmong(userIds: readonly string[], tx: Db): Promise<Set<string>> {
    const distinct = [...new Set(userIds)];
    if (distinct.length === 0) return new Set();
    await tx.execute(sql`
      select pg_advisory_xact_lock_shared(hashtext(${this.lockSpace}), slot)
      from (select distinct hashtext(value) as slot from json_array_elements_text(${JSON.stringify(distinct)}::json) order by slot) slots`);
    const rows = await tx.select({ userId: this.table.userId }).from(this.table).where(inArray(this.table.userId, distinct));
    const erased = new Set(rows.map((row) => row.userId));
    for (const userId of distinct) this.remember(tx, userId, erased.has(userId));
    return erased;
  }

  /**
   * Applies one of the user's events unless their account is erased: an event published before the deletion
   * and delivered after it (topics are not ordered against each other) must not store their data again.
   */
  async unlessErased(userId: string, tx: Db, apply: () => Promise<void>): Promise<void> {
    if (!(await this.isErased(userId, tx))) await apply();
  }

  /**
   * Before a change to the account itself that decides what its events do (its e-mail address proved): the
   * exclusive lock, as an erasure takes, then isErased. The user's events being applied commit first and are
   * seen by the change; those applied later wait and see it. Under the shared lock alone, a save applied at
   * the same moment would see the account unproved, the proof would not see the save, and the product it
   * captured would never count.
   */
  async isErasedForAccountChange(userId: string, tx: Db): Promise<boolean> {
    await this.lockExclusively(userId, tx);
    return this.remember(tx, userId, await this.isMarked(userId, tx));
  }

  /** First in the erasure's transaction: waits for the user's events being applied, and turns away those applied later. */
  async markErased(userId: string, erasedAt: Date, tx: Db): Promise<void> {
    await this.lockExclusively(userId, tx);
    await tx.insert(this.table).values({ userId, erasedAt }).onConflictDoNothing();
    this.remember(tx, userId, true);
  }

  /** The account's lock, exclusive until the transaction ends: the user's events being applied (shared holders) finish first. */
  private async lockExclusively(userId: string, tx: Db): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${this.lockSpace}), hashtext(${userId}))`);
  }

  private remember(tx: Db, userId: string, erased: boolean): boolean {
    let verdicts = this.verdicts.get(tx);
    if (!verdicts) this.verdicts.set(tx, (verdicts = new Map()));
    verdicts.set(userId, erased);
    return erased;
  }

  /** Whether the account is marked erased (the caller holds its lock). */
  private async isMarked(userId: string, tx: Db): Promise<boolean> {
    const [row] = await tx.select({ userId: this.table.userId }).from(this.table).where(eq(this.table.userId, userId));
    return row !== undefined;
  }
}
