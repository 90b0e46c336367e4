import type { Cache } from '../cache/cache';

/**
 * The access-token deny-list: identity marks a session revoked (logout,
 * sign-out everywhere, refresh-token reuse, password reset) for as long as
 * its access tokens can live; the gateway refuses tokens of such sessions at
 * once. Redis in distributed mode, so every gateway replica sees it. The
 * extension's tokens live longer than the entry, so the gateway also asks
 * identity about their session on every use (JwtAuthGuard).
 */
export class RevokedSessions {
  constructor(private readonly cache: Cache) {}

  async revoke(sessionId: string, forSeconds: number): Promise<void> {
    await this.cache.set(`auth:revoked-session:${sessionId}`, true, forSeconds);
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return (await this.cache.get<boolean>(`auth:revoked-session:${sessionId}`)) === true;
  }
}
