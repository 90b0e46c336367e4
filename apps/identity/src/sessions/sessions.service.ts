import { Inject, Injectable } from '@nestjs/common';
import type { AuthSession, AuthUser } from '@closetly/contracts';
import { CACHE, type Cache, type Db, RevokedSessions } from '@closetly/server';
import type { AccountRow } from '../accounts/accounts.repository';
import { toAuthUser } from '../accounts/auth-user';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { IdentityError } from '../identity.errors';
import { SessionsRepository } from './sessions.repository';
import { hashToken, hasExpired, randomToken, sessionIdOfAccessToken, signAccessToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions: issue, rotate refresh tokens (reuse revokes the family), revoke with an immediate access-token deny-list. */
@Injectable()
export class SessionsService {
  private readonly revoked: RevokedSessions;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CACHE) cache: Cache,
    private readonly sessions: SessionsRepository,
  ) {
    this.revoked = new RevokedSessions(cache);
  }

  /** A new session for an account: an access token and the first refresh token of its family. */
  async open(account: AccountRow, tx?: Db): Promise<AuthSession> {
    const sessionId = await this.sessions.createSession(account.id, tx);
    return this.issue(account, sessionId, tx);
  }

  async refresh(refreshToken: string, loadAccount: (id: string) => Promise<AccountRow | undefined>): Promise<AuthSession> {
    const found = await this.sessions.findRefreshToken(hashToken(refreshToken));
    if (!found || found.session.revokedAt) throw new IdentityError('INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.');
    if (found.token.rotatedAt || !(await this.sessions.markRotated(found.token.id))) {
      // A rotated token came back: it was stolen or replayed. End the whole family.
      await this.revoke(found.session.id, 'refresh token reuse');
      throw new IdentityError('INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.');
    }
    if (hasExpired(found.token.expiresAt)) throw new IdentityError('INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.');
    const account = await loadAccount(found.session.accountId);
    if (!account || account.disabledAt) {
      await this.revoke(found.session.id, 'account unavailable');
      throw new IdentityError('INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.');
    }
    return this.issue(account, found.session.id);
  }

  /** Ends the session a refresh token or an access token belongs to. Unknown tokens are ignored (logout never fails). */
  async logout(token: string): Promise<void> {
    const sessionId = (await this.sessions.findRefreshToken(hashToken(token)))?.session.id ?? sessionIdOfAccessToken(token, this.config.jwtSecret);
    if (sessionId) await this.revoke(sessionId, 'logout');
  }

  async logoutSession(sessionId: string): Promise<void> {
    await this.revoke(sessionId, 'logout');
  }

  async revokeAll(accountId: string, reason: string, tx?: Db): Promise<void> {
    const ids = await this.sessions.revokeAllSessions(accountId, reason, tx);
    await Promise.all(ids.map((id) => this.revoked.revoke(id, this.config.ACCESS_TOKEN_TTL_SECONDS)));
  }

  async isLive(sessionId: string): Promise<boolean> {
    const session = await this.sessions.findSession(sessionId);
    return Boolean(session && !session.revokedAt);
  }

  private async revoke(sessionId: string, reason: string): Promise<void> {
    await this.sessions.revokeSession(sessionId, reason);
    await this.revoked.revoke(sessionId, this.config.ACCESS_TOKEN_TTL_SECONDS);
  }

  private async issue(account: AccountRow, sessionId: string, tx?: Db): Promise<AuthSession> {
    const user: AuthUser = toAuthUser(account);
    const refreshToken = randomToken();
    await this.sessions.addRefreshToken(sessionId, hashToken(refreshToken), new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS), tx);
    const accessToken = signAccessToken({ uid: account.id, sid: sessionId, roles: user.roles }, this.config.jwtSecret, this.config.ACCESS_TOKEN_TTL_SECONDS);
    return { accessToken, refreshToken, expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS, user };
  }
}
