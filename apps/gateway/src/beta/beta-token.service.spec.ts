import { loadGatewayConfig } from '../config';
import { BetaTokenService } from './beta-token.service';

const service = (secret = 'a'.repeat(40), ttlDays = '90') => new BetaTokenService(loadGatewayConfig({ BETA_TOKEN_SECRET: secret, BETA_TOKEN_TTL_DAYS: ttlDays }));

describe('BetaTokenService', () => {
  it('accepts the tokens it issues, each one different', () => {
    const tokens = service();
    const first = tokens.issue();
    const second = tokens.issue();
    expect(first).not.toBe(second);
    expect(tokens.isValid(first)).toBe(true);
    expect(tokens.isValid(second)).toBe(true);
  });

  it('refuses a token signed with another secret', () => {
    expect(service('b'.repeat(40)).isValid(service().issue())).toBe(false);
  });

  it('refuses a token whose expiry was changed', () => {
    const tokens = service();
    const [version, expires, nonce, signature] = tokens.issue().split('.');
    expect(tokens.isValid([version, Number(expires) + 1000, nonce, signature].join('.'))).toBe(false);
  });

  it('refuses an expired token', () => {
    const tokens = service(undefined, '1');
    const issuedTwoDaysAgo = tokens.issue(Date.now() - 2 * 24 * 60 * 60 * 1000);
    expect(tokens.isValid(issuedTwoDaysAgo)).toBe(false);
  });

  it.each(['', 'v1', 'v1.1.2', 'v2.1.2.3', 'v1.x.nonce.sig', '....', 'v1.9999999999.n.'])('refuses malformed token %p', (token) => {
    expect(service().isValid(token)).toBe(false);
  });
});
