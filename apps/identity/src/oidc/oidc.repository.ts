import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { and, eq, isNull, not, sql } from 'drizzle-orm';
import type { AccountRow } from '../accounts/accounts.repository';
import { accounts, externalIdentities, oidcAttempts, oidcLoginCodes } from '../db/schema';

export type OidcAttemptRow = typeof oidcAttempts.$inferSelect;
export type NewOidcAttempt = typeof oidcAttempts.$inferInsert;
export type OidcLoginCodeRow = typeof oidcLoginCodes.$inferSelect;
export type NewOidcLoginCode = typeof oidcLoginCodes.$inferInsert;

/** OpenID Connect sign-in attempts, one-time login codes and the third-party identities linked to accounts. Queries only. */
@Injectable()
export class OidcRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async insertAttempt(attempt: NewOidcAttempt, tx: Db = this.db): Promise<void> {
    await tx.insert(oidcAttempts).values(attempt);
  }

  /** Marks the attempt with this state used and returns it; undefined when it is unknown or already used (also under a race). */
  async markAttemptUsed(state: string, tx: Db = this.db): Promise<OidcAttemptRow | undefined> {
    const [row] = await tx
      .update(oidcAttempts)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oidcAttempts.state, state), isNull(oidcAttempts.usedAt)))
      .returning();
    return row;
  }

  async insertLoginCode(code: NewOidcLoginCode, tx: Db = this.db): Promise<void> {
    await tx.insert(oidcLoginCodes).values(code);
  }

  /** Marks the login code with this hash used and returns it; undefined when it is unknown or already used (also under a race). */
  async markLoginCodeUsed(codeHash: string, tx: Db = this.db): Promise<OidcLoginCodeRow | undefined> {
    const [row] = await tx
      .update(oidcLoginCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oidcLoginCodes.codeHash, codeHash), isNull(oidcLoginCodes.usedAt)))
      .returning();
    return row;
  }

  async findAccountByIdentity(issuer: string, subject: string, tx: Db = this.db): Promise<AccountRow | undefined> {
    const [row] = await tx
      .select({ account: accounts })
      .from(externalIdentities)
      .innerJoin(accounts, eq(accounts.id, externalIdentities.accountId))
      .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)));
    return row?.account;
  }

  /** Removes the account's provider logins, all of them or all but `keep`. */
  async unlinkIdentities(accountId: string, keep: { issuer: string; subject: string } | undefined, tx: Db = this.db): Promise<void> {
    const others = keep ? not(and(eq(externalIdentities.issuer, keep.issuer), eq(externalIdentities.subject, keep.subject))!) : undefined;
    await tx.delete(externalIdentities).where(and(eq(externalIdentities.accountId, accountId), others));
  }

  async linkIdentity(accountId: string, issuer: string, subject: string, tx: Db = this.db): Promise<void> {
    await tx.insert(externalIdentities).values({ accountId, issuer, subject }).onConflictDoNothing();
  }
}
