import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { accounts, externalIdentities, oidcLoginCodes, passwordResets, refreshTokens, sessions } from '../db/schema';

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

  /** Stamps the address as proved now; false when it already was (also under a race). */
  async markEmailVerified(id: string, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(accounts)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(accounts.id, id), isNull(accounts.emailVerifiedAt)))
      .returning({ id: accounts.id });
    return rows.length === 1;
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

  /** Deletes the account; its sessions, refresh tokens, provider links, reset requests and login codes go with it (ON DELETE CASCADE). */
  async delete(id: string, tx: Db = this.db): Promise<boolean> {
    const rows = await tx.delete(accounts).where(eq(accounts.id, id)).returning({ id: accounts.id });
    return rows.length === 1;
  }

  /** The provider sign-ins linked to an account (the export names the provider, not its subject id). */
  async externalIdentitiesOf(id: string, tx: Db = this.db) {
    return tx.select({ issuer: externalIdentities.issuer, createdAt: externalIdentities.createdAt }).from(externalIdentities).where(eq(externalIdentities.accountId, id));
  }

  /** How many rows each table holds for one account id (an erasure check: all 0 once it is deleted). */
  async countHeldFor(id: string, tx: Db = this.db): Promise<Record<string, number>> {
    const counted = async (query: Promise<Array<{ n: number }>>) => Number((await query)[0]?.n ?? 0);
    return {
      accounts: await counted(tx.select({ n: count() }).from(accounts).where(eq(accounts.id, id))),
      sessions: await counted(tx.select({ n: count() }).from(sessions).where(eq(sessions.accountId, id))),
      refresh_tokens: await counted(
        tx.select({ n: count() }).from(refreshTokens).innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId)).where(eq(sessions.accountId, id)),
      ),
      external_identities: await counted(tx.select({ n: count() }).from(externalIdentities).where(eq(externalIdentities.accountId, id))),
      password_resets: await counted(tx.select({ n: count() }).from(passwordResets).where(eq(passwordResets.accountId, id))),
      oidc_login_codes: await counted(tx.select({ n: count() }).from(oidcLoginCodes).where(eq(oidcLoginCodes.accountId, id))),
    };
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
