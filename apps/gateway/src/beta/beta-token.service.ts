import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Beta tokens are issued by the gateway after identity accepts a code:
 * `v1.<expires>.<nonce>.<hmac>`, HMAC-SHA256 over the first three parts.
 * Stateless, so every gateway replica can check them.
 */
@Injectable()
export class BetaTokenService {
  private readonly key: Buffer;
  private readonly ttlSeconds: number;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.key = createHmac('sha256', config.betaTokenSecret).update('beta-token').digest();
    this.ttlSeconds = config.BETA_TOKEN_TTL_DAYS * DAY_SECONDS;
  }

  issue(now = Date.now()): string {
    const body = `v1.${Math.floor(now / 1000) + this.ttlSeconds}.${randomBytes(12).toString('base64url')}`;
    return `${body}.${this.sign(body)}`;
  }

  isValid(token: string, now = Date.now()): boolean {
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== 'v1') return false;
    const body = parts.slice(0, 3).join('.');
    const given = Buffer.from(parts[3] ?? '', 'base64url');
    const expected = Buffer.from(this.sign(body), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const expires = Number(parts[1]);
    return Number.isInteger(expires) && expires * 1000 > now;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
