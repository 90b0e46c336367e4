import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthSession, AuthUser, ExtensionToken } from '@closetly/contracts';
import { CACHE, type Cache, type Db, RevokedSessions } from '@closetly/server';
import type { AccountRow } from '../accounts/accounts.repository';
import { toAuthUser } from '../accounts/auth-user';
import { CLOCK, type Clock, systemClock } from '../clock';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { IdentityError } from '../identity.errors';
import { SessionsRepository } from './sessions.repository';
import { hashToken, randomToken, sessionIdOfAccessToken, signAccessToken, signExtensionToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The extension's token lives this long (or until its session ends, if that is sooner). Long, because the
 * extension cannot refresh: it holds no refresh token, so when this runs out the user signs in again. Logout,
 * sign-out everywhere or a password reset ends it sooner, with its session.
 */
export const EXTENSION_TOKEN_TTL_DAYS = 30;

/** A session id as identity issues them; anything else names no session. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sessionEnded = () => new IdentityError('INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.');

/**
 * Sessions: issue, rotate refresh tokens, revoke with an immediate access-token deny-list.
 * A rotated token coming back ends the whole family, except within a short grace window
 * (parallel refreshes from two tabs, a retried request), and a session ends SESSION_MAX_DAYS
 * after sign-in however often it is refreshed.
 */
@Injectable()
export class SessionsService {
  private readonly log = new Logger(SessionsService.name);
  private readonly revoked: RevokedSessions;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CACHE) cache: Cache,
    private readonly sessions: SessionsRepository,
    @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.revoked = new RevokedSessions(cache);
  }

  /** A new session for an account: an access token and the first refresh token of its family. */
  async open(account: AccountRow, device: string | null = null, tx?: Db): Promise<AuthSession> {
    const now = this.clock();
    const sessionId = await this.sessions.createSession(account.id, device, now, tx);
    return this.issue(account, sessionId, this.endOf(now), tx);
  }

  async refresh(refreshToken: string, loadAccount: (id: string) => Promise<AccountRow | undefined>): Promise<AuthSession> {
    const now = this.clock();
    const found = await this.sessions.findRefreshToken(hashToken(refreshToken));
    if (!found || found.session.revokedAt) throw sessionEnded();
    const sessionEnds = this.endOf(found.session.createdAt);
    if (sessionEnds <= now) {
      await this.revoke(found.session.id, 'session lifetime over');
      throw sessionEnded();
    }
    if (found.token.expiresAt <= now) throw sessionEnded();
    // Losing the guarded update means another request rotated the token this very moment.
    const rotatedAt = found.token.rotatedAt ?? ((await this.sessions.markRotated(found.token.id, now)) ? undefined : now);
    if (rotatedAt && !(now.getTime() - rotatedAt.getTime() < this.config.REFRESH_REUSE_GRACE_SECONDS * 1000)) {
      // A rotated token came back after the grace window: it was stolen or replayed. End the whole family.
      await this.revoke(found.session.id, 'refresh token reuse');
      throw sessionEnded();
    }
    // Within the window the caller gets a sibling pair in the same family (only hashes are stored, so the
    // first caller's pair cannot be handed out again): both pairs work, each rotates on its own, and any
    // later reuse still ends the family, siblings included.
    const account = await loadAccount(found.session.accountId);
    if (!account || account.disabledAt) {
      await this.revoke(found.session.id, 'account unavailable');
      throw sessionEnded();
    }
    await this.sessions.markUsed(found.session.id, now);
    return this.issue(account, found.session.id, sessionEnds);
  }

  /** Ends the session a refresh token or an access token belongs to. Unknown tokens are ignored (logout never fails). */
  async logout(token: string): Promise<void> {
    const sessionId = (await this.sessions.findRefreshToken(hashToken(token)))?.session.id ?? sessionIdOfAccessToken(token, this.config.jwtKeys);
    if (sessionId) await this.revoke(sessionId, 'logout');
  }

  async logoutSession(sessionId: string): Promise<void> {
    await this.revoke(sessionId, 'logout');
  }

  async revokeAll(accountId: string, reason: string, tx?: Db): Promise<void> {
    const ids = await this.sessions.revokeAllSessions(accountId, reason, tx);
    await Promise.all(ids.map((id) => this.denyListed(id)));
  }

  /**
   * Tells every gateway at once through the cache. The database is the source of truth: with the cache
   * down (or flushed later) the gateways ask isLive instead, so a failure here is logged, not raised.
   */
  private async denyListed(sessionId: string): Promise<void> {
    try {
      await this.revoked.revoke(sessionId, this.config.ACCESS_TOKEN_TTL_SECONDS);
    } catch (error) {
      this.log.warn({ err: error }, 'could not deny-list an ended session in the cache; gateways will ask identity');
    }
  }

  /** A token for the Chrome extension in this live session of the account; it never outlives the session. */
  async extensionToken(accountId: string, sessionId: string): Promise<ExtensionToken> {
    const now = this.clock();
    const session = await this.sessions.findSession(sessionId);
    if (!session || session.revokedAt || session.accountId !== accountId) throw new IdentityError('UNAUTHENTICATED', 'Please sign in again.');
    const expiresAt = new Date(Math.min(now.getTime() + EXTENSION_TOKEN_TTL_DAYS * DAY_MS, this.endOf(session.createdAt).getTime()));
    if (expiresAt <= now) throw new IdentityError('UNAUTHENTICATED', 'Please sign in again.');
    return { token: signExtensionToken({ uid: accountId, sid: sessionId }, this.config.jwtKeys.current, expiresAt), expiresAt: expiresAt.toISOString() };
  }

  find(sessionId: string) {
    return this.sessions.findSession(sessionId);
  }

  listFor(accountId: string) {
    return this.sessions.listForAccount(accountId);
  }

  async isLive(sessionId: string): Promise<boolean> {
    if (!UUID.test(sessionId)) return false;
    const session = await this.sessions.findSession(sessionId);
    return Boolean(session && !session.revokedAt);
  }

  private async revoke(sessionId: string, reason: string): Promise<void> {
    await this.sessions.revokeSession(sessionId, reason);
    await this.denyListed(sessionId);
  }

  /** When a session that began at `createdAt` ends, however often it is refreshed. */
  private endOf(createdAt: Date): Date {
    return new Date(createdAt.getTime() + this.config.SESSION_MAX_DAYS * DAY_MS);
  }

  /** A refresh token never outlives its session. */
  private async issue(account: AccountRow, sessionId: string, sessionEnds: Date, tx?: Db): Promise<AuthSession> {
    const user: AuthUser = toAuthUser(account);
    const refreshToken = randomToken();
    const expiresAt = new Date(Math.min(this.clock().getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS, sessionEnds.getTime()));
    await this.sessions.addRefreshToken(sessionId, hashToken(refreshToken), expiresAt, tx);
    const accessToken = signAccessToken({ uid: account.id, sid: sessionId, roles: user.roles }, this.config.jwtKeys.current, this.config.ACCESS_TOKEN_TTL_SECONDS);
    return { accessToken, refreshToken, expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS, user };
  }
}
