import { BetaCodesService } from './beta-codes.service';
import { loadIdentityConfig } from './config';

describe('BetaCodesService', () => {
  const codes = new BetaCodesService(loadIdentityConfig({ BETA_CODES: 'spring-2026,Friends', AUTH_JWT_SECRET: 'j'.repeat(40) }));

  it('accepts each configured code, ignoring surrounding spaces', () => {
    expect(codes.isValid('spring-2026')).toBe(true);
    expect(codes.isValid(' Friends ')).toBe(true);
  });

  it('refuses anything else, including case changes and prefixes', () => {
    for (const wrong of ['friends', 'spring', 'spring-20266', '', 'closetly-beta']) expect(codes.isValid(wrong)).toBe(false);
  });
});
