import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { and, asc, eq } from 'drizzle-orm';
import { accounts } from '../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;

const UNIQUE_VIOLATION = '23505';

/** Accounts (their third-party identities are in OidcRepository). Queries only. */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async findByEmail(email: string, tx: Db = this.db): Promise<AccountRow | undefined> {
    const [row] = await tx.select().from(accounts).where(eq(accounts.email, email));
    return row;
  }

  async findById(id: string, tx: Db = this.db): Promise<AccountRow | undefined> {
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, id));
    return row;
  }

  /** Inserts, or returns undefined when the e-mail is taken (also under a race). */
  async insert(account: NewAccount, tx: Db = this.db): Promise<AccountRow | undefined> {
    try {
      const [row] = await tx.insert(accounts).values(account).returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  async update(id: string, changes: Partial<NewAccount>, tx: Db = this.db): Promise<AccountRow | undefined> {
    const [row] = await tx
      .update(accounts)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  /** Replaces the password hash only if it is still `expected` (a reset in between wins); false otherwise. */
  async replacePasswordHash(id: string, expected: string, passwordHash: string, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(accounts)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(accounts.id, id), eq(accounts.passwordHash, expected)))
      .returning({ id: accounts.id });
    return rows.length === 1;
  }

  async list(): Promise<AccountRow[]> {
    return this.db.select().from(accounts).orderBy(asc(accounts.createdAt));
  }
}

/** Postgres reports a unique violation as 23505; drizzle may wrap the driver error in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === UNIQUE_VIOLATION || codeOf((error as { cause?: unknown } | null)?.cause) === UNIQUE_VIOLATION;
}
