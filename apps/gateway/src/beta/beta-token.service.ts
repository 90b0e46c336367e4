import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CACHE_LOOKUPS, METRICS, type ProcessMetrics } from '@closetly/server';
import { LRUCache } from 'lru-cache';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

const DAY_SECONDS = 24 * 60 * 60;
/** Longer than any token this service issues: refused without being checked. */
const MAX_TOKEN_LENGTH = 512;
const VERSION = 'v2';

/**
 * Beta tokens are issued by the gateway after identity accepts a code:
 * `v2.<kid>.<expires>.<nonce>.<hmac>`, HMAC-SHA256 over the first four parts
 * with a key derived from the BETA_TOKEN_SECRET that `kid` names. Issued with
 * the current key; during a rotation a token of the previous key still
 * passes, and one naming any other key is refused (the guard's 403).
 * Stateless, so every gateway replica can check them.
 */
@Injectable()
export class BetaTokenService {
  private readonly current: { id: string; mac: Buffer };
  private readonly macKeys: ReadonlyMap<string, Buffer>;
  private readonly ttlSeconds: number;
  /**
   * Tokens that passed the check lately, with when they expire: every API request carries one,
   * and a visitor's requests all carry the same. Only verified tokens are kept, so a forged one
   * is always checked in full.
   */
  private readonly verified = new LRUCache<string, number>({ max: 10_000 });
  private readonly lookups;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, @Inject(METRICS) metrics: ProcessMetrics) {
    this.lookups = metrics.counter(CACHE_LOOKUPS);
    // Its own label, so a beta token can never pass as an image signature (same secret) or the reverse.
    const macKeyOf = (secret: string) => createHmac('sha256', secret).update('beta-token').digest();
    const keys = config.betaTokenKeys;
    this.current = { id: keys.current.id, mac: macKeyOf(keys.current.secret) };
    this.macKeys = new Map(keys.verifying.map((key) => [key.id, macKeyOf(key.secret)]));
    this.ttlSeconds = config.BETA_TOKEN_TTL_DAYS * DAY_SECONDS;
  }

  issue(now = Date.now()): string {
    const body = `${VERSION}.${this.current.id}.${Math.floor(now / 1000) + this.ttlSeconds}.${randomBytes(12).toString('base64url')}`;
    return `${body}.${sign(this.current.mac, body)}`;
  }

  /** What the X-Beta-Token header a request carried is: absent (or empty), or a token that passes or not (anything over 512 characters fails unread). */
  verdictOn(header: unknown, now = Date.now()): 'missing' | 'invalid' | 'valid' {
    if (typeof header !== 'string' || header.length === 0) return 'missing';
    return header.length <= MAX_TOKEN_LENGTH && this.isValid(header, now) ? 'valid' : 'invalid';
  }

  isValid(token: string, now = Date.now()): boolean {
    const expiresAt = this.verified.get(token);
    this.lookups.inc({ cache: 'gateway-beta-tokens', result: expiresAt === undefined ? 'miss' : 'hit' });
    if (expiresAt !== undefined) return expiresAt > now;
    const parts = token.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) return false;
    const macKey = this.macKeys.get(parts[1] ?? '');
    if (!macKey) return false;
    const body = parts.slice(0, 4).join('.');
    const given = Buffer.from(parts[4] ?? '', 'base64url');
    const expected = Buffer.from(sign(macKey, body), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const expires = Number(parts[2]);
    if (!Number.isInteger(expires)) return false;
    this.verified.set(token, expires * 1000);
    return expires * 1000 > now;
  }
}

const sign = (macKey: Buffer, body: string): string => createHmac('sha256', macKey).update(body).digest('base64url');
