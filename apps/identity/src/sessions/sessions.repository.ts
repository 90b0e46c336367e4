import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { refreshTokens, sessions } from '../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Sessions and their refresh-token families. Queries only. */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async createSession(accountId: string, device: string | null, at: Date, tx: Db = this.db): Promise<string> {
    const [row] = await tx.insert(sessions).values({ accountId, device, lastUsedAt: at }).returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned nothing');
    return row.id;
  }

  async addRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date, tx: Db = this.db): Promise<void> {
    await tx.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
  }

  async findRefreshToken(tokenHash: string, tx: Db = this.db) {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /** Marks a token used at `at`; false when another request rotated it first. */
  async markRotated(tokenId: string, at: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(refreshTokens)
      .set({ rotatedAt: at })
      .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  async markUsed(sessionId: string, at: Date, tx: Db = this.db): Promise<void> {
    await tx.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, sessionId));
  }

  /** Every session of an account, newest first (the owner's data export). */
  async listForAccount(accountId: string, tx: Db = this.db) {
    return tx.select().from(sessions).where(eq(sessions.accountId, accountId)).orderBy(desc(sessions.createdAt));
  }

  async findSession(sessionId: string, tx: Db = this.db) {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, sessionId));
    return row;
  }

  /** Revokes a session; returns true if it was live. */
  async revokeSession(sessionId: string, reason: string, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length === 1;
  }

  /** Revokes every live session of an account; returns their ids. */
  async revokeAllSessions(accountId: string, reason: string, tx: Db = this.db): Promise<string[]> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }
}
