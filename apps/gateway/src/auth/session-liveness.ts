import { Inject, Injectable, Logger } from '@nestjs/common';
import { boundedToEntries, CACHE, CACHE_LOOKUPS, type Cache, DomainError, METRICS, type ProcessMetrics, ENGINE_UNAVAILABLE_MESSAGE, RevokedSessions, RPC_CLIENT, type RpcClient, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@closetly/server';
import { LRUCache } from 'lru-cache';

/** How long this gateway trusts identity's "live" for a session: a revocation elsewhere reaches it within this. */
export const LIVE_ANSWER_MS = 10_000;
/** Sessions whose answer this gateway keeps (one entry per signed-in device seen lately). */
const KNOWN_SESSIONS = 50_000;

/**
 * Whether an access token's session is still live. Identity's database is
 * the source of truth; Redis only caches revocations (the deny-list identity
 * writes when a session ends), so a flushed or restarted Redis never brings a
 * revoked session back:
 * 1. Redis names the session revoked → refused at once (every replica).
 * 2. Otherwise identity is asked (`identity.session-live`) and its answer kept
 *    here: a revoked session for good, a live one for LIVE_ANSWER_MS.
 * Redis failing is skipped (logged), never a 401: identity answers instead.
 * Identity failing is a 503, never a 401, so the web app does not sign
 * everyone out during an outage.
 */
@Injectable()
export class SessionLiveness {
  private readonly log = new Logger(SessionLiveness.name);
  private readonly revoked: RevokedSessions;
  private readonly answers = new LRUCache<string, boolean>(boundedToEntries(KNOWN_SESSIONS));

  private readonly lookups;

  constructor(
    @Inject(CACHE) cache: Cache,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    @Inject(METRICS) metrics: ProcessMetrics,
  ) {
    this.revoked = new RevokedSessions(cache);
    this.lookups = metrics.counter(CACHE_LOOKUPS);
  }

  async isLive(sessionId: string): Promise<boolean> {
    if (await this.revokedInCache(sessionId)) {
      this.answers.set(sessionId, false);
      return false;
    }
    const known = this.answers.get(sessionId);
    this.lookups.inc({ cache: 'gateway-session-liveness', result: known === undefined ? 'miss' : 'hit' });
    if (known !== undefined) return known;
    let live: boolean;
    try {
      ({ live } = await this.rpc.call('identity.session-live', { sessionId }));
    } catch (error) {
      if (error instanceof DomainError && error.code !== 'INTERNAL') {
        throw new DomainError('SERVICE_UNAVAILABLE', ENGINE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
      }
      throw error;
    }
    // An ended session never comes back: remembered until evicted. A live one is asked again soon.
    this.answers.set(sessionId, live, live ? { ttl: LIVE_ANSWER_MS } : {});
    return live;
  }

  /** A session this gateway ended itself (logout): refused here at once, whatever Redis says. */
  forget(sessionId: string): void {
    this.answers.set(sessionId, false);
  }

  private async revokedInCache(sessionId: string): Promise<boolean> {
    try {
      return await this.revoked.isRevoked(sessionId);
    } catch (error) {
      this.log.warn({ err: error }, 'the revocation cache is unreachable: asking identity');
      return false;
    }
  }
}
