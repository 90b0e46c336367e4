import { createHmac } from 'node:crypto';
import { keyIdOf, ProcessMetrics } from '@closetly/server';
import { loadGatewayConfig } from '../config';
import { BetaTokenService } from './beta-token.service';

const CURRENT = 'a'.repeat(40);
const PREVIOUS = 'p'.repeat(40);
const RETIRED = 'r'.repeat(40);

const service = (secret = CURRENT, ttlDays = '90', previous?: string) =>
  new BetaTokenService(
    loadGatewayConfig({ BETA_TOKEN_SECRET: secret, BETA_TOKEN_TTL_DAYS: ttlDays, AUTH_JWT_SECRET: 'j'.repeat(40), ...(previous ? { BETA_TOKEN_PREVIOUS_SECRET: previous } : {}) }),
    new ProcessMetrics(),
  );

describe('BetaTokenService', () => {
  it('accepts the tokens it issues, each one different', () => {
    const tokens = service();
    const first = tokens.issue();
    const second = tokens.issue();
    expect(first).not.toBe(second);
    expect(tokens.isValid(first)).toBe(true);
    expect(tokens.isValid(second)).toBe(true);
  });

  it('reads a request\'s header as missing (absent, empty or not text), invalid (forged, or too long to read) or valid', () => {
    const tokens = service();
    const token = tokens.issue();
    expect([undefined, '', ['a', 'b']].map((header) => tokens.verdictOn(header))).toEqual(['missing', 'missing', 'missing']);
    expect(tokens.verdictOn(`${token.slice(0, -2)}xx`)).toBe('invalid');
    expect(tokens.verdictOn(`${token}${'.'.repeat(513 - token.length)}`)).toBe('invalid');
    expect(tokens.verdictOn(token)).toBe('valid');
  });

  it('names the signing key in the token (v2.<kid>.<expires>.<nonce>.<hmac>)', () => {
    const [version, kid] = service().issue().split('.');
    expect({ version, kid }).toEqual({ version: 'v2', kid: keyIdOf(CURRENT) });
  });

  it('refuses a token signed with another secret', () => {
    expect(service('b'.repeat(40)).isValid(service().issue())).toBe(false);
  });

  it('refuses a token whose expiry was changed', () => {
    const tokens = service();
    const [version, kid, expires, nonce, signature] = tokens.issue().split('.');
    expect(tokens.isValid([version, kid, Number(expires) + 1000, nonce, signature].join('.'))).toBe(false);
  });

  it('refuses an expired token', () => {
    const tokens = service(undefined, '1');
    const issuedTwoDaysAgo = tokens.issue(Date.now() - 2 * 24 * 60 * 60 * 1000);
    expect(tokens.isValid(issuedTwoDaysAgo)).toBe(false);
  });

  it('stops accepting a token it has already accepted once the token expires', () => {
    const tokens = service(undefined, '1');
    const now = Date.now();
    const token = tokens.issue(now);
    expect(tokens.isValid(token, now)).toBe(true);
    expect(tokens.isValid(token, now + 60_000)).toBe(true);
    expect(tokens.isValid(token, now + 2 * 24 * 60 * 60 * 1000)).toBe(false);
  });

  it('refuses a forged token each time, also after accepting the genuine one', () => {
    const tokens = service();
    const genuine = tokens.issue();
    expect(tokens.isValid(genuine)).toBe(true);
    const forged = `${genuine.slice(0, -4)}AAAA`;
    expect(tokens.isValid(forged)).toBe(false);
    expect(tokens.isValid(forged)).toBe(false);
  });

  it.each(['', 'v1', 'v1.1.2', 'v2.1.2.3', 'v1.x.nonce.sig', '....', 'v1.9999999999.n.', 'v2.kid.9999999999.n.', '.....'])('refuses malformed token %p', (token) => {
    expect(service().isValid(token)).toBe(false);
  });

  describe('key rotation', () => {
    const rotating = service(CURRENT, '90', PREVIOUS);

    it('issues with the current key and accepts tokens of the current and the previous key', () => {
      expect(rotating.issue().split('.')[1]).toBe(keyIdOf(CURRENT));
      expect(rotating.isValid(rotating.issue())).toBe(true);
      expect(rotating.isValid(service(PREVIOUS).issue())).toBe(true);
    });

    it('refuses a token of the previous key once it is retired (no longer configured)', () => {
      expect(service(CURRENT).isValid(service(PREVIOUS).issue())).toBe(false);
      expect(rotating.isValid(service(RETIRED).issue())).toBe(false);
    });

    it("refuses a token relabelled with another key's id", () => {
      const [version, , expires, nonce, signature] = service(RETIRED).issue().split('.');
      expect(rotating.isValid([version, keyIdOf(PREVIOUS), expires, nonce, signature].join('.'))).toBe(false);
    });

    it('refuses the unversioned tokens of before rotation, even with a valid signature of the current key', () => {
      const macKey = createHmac('sha256', CURRENT).update('beta-token').digest();
      const body = `v1.${Math.floor(Date.now() / 1000) + 3600}.nonce`;
      expect(rotating.isValid(`${body}.${createHmac('sha256', macKey).update(body).digest('base64url')}`)).toBe(false);
    });
  });
});
