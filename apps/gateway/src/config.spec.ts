import { ConfigError } from '@closetly/server';
import { loadGatewayConfig } from './config';

describe('gateway config', () => {
  it('runs on defaults outside production', () => {
    const config = loadGatewayConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', CLOSETLY_MODE: 'embedded' });
    expect(config.betaTokenSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses to start in production without an explicit beta token secret', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/BETA_TOKEN_SECRET: is required in production/);
  });

  it('refuses a short secret and lists it with every other bad variable', () => {
    try {
      loadGatewayConfig({ BETA_TOKEN_SECRET: 'short', PORT: 'eighty' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(/BETA_TOKEN_SECRET[\s\S]*PORT|PORT[\s\S]*BETA_TOKEN_SECRET/);
    }
  });

  it('refuses to start in production without the access-token secret', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', BETA_TOKEN_SECRET: 's'.repeat(40) })).toThrow(/AUTH_JWT_SECRET: is required in production/);
  });

  it('uses the given secrets in production', () => {
    const config = loadGatewayConfig({ NODE_ENV: 'production', BETA_TOKEN_SECRET: 's'.repeat(40), AUTH_JWT_SECRET: 'j'.repeat(40) });
    expect(config.betaTokenSecret).toBe('s'.repeat(40));
    expect(config.jwtSecret).toBe('j'.repeat(40));
  });
});
