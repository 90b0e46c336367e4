import { ConfigError, keyIdOf } from '@closetly/server';
import { loadGatewayConfig } from './config';

const BETA = 's'.repeat(40);
const JWT = 'j'.repeat(40);
const SECRETS = { BETA_TOKEN_SECRET: BETA, AUTH_JWT_SECRET: JWT };

describe('gateway config', () => {
  it('runs on defaults for everything but its secrets', () => {
    expect(loadGatewayConfig(SECRETS)).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', CLOSETLY_MODE: 'embedded' });
  });

  // No published fallback key, whatever NODE_ENV says (unset, development, test or production).
  describe.each([undefined, 'development', 'test', 'production'])('with NODE_ENV %s', (nodeEnv) => {
    const env = (values: NodeJS.ProcessEnv) => ({ ...values, ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) });

    it('refuses to start without either secret, naming both', () => {
      expect(() => loadGatewayConfig(env({}))).toThrow(ConfigError);
      expect(() => loadGatewayConfig(env({}))).toThrow(/BETA_TOKEN_SECRET: is required[\s\S]*AUTH_JWT_SECRET: is required/);
    });

    it('refuses to start without BETA_TOKEN_SECRET', () => {
      expect(() => loadGatewayConfig(env({ AUTH_JWT_SECRET: JWT }))).toThrow(/BETA_TOKEN_SECRET: is required/);
    });

    it('refuses to start without AUTH_JWT_SECRET', () => {
      expect(() => loadGatewayConfig(env({ BETA_TOKEN_SECRET: BETA }))).toThrow(/AUTH_JWT_SECRET: is required/);
    });

    it('uses exactly the given secrets', () => {
      const config = loadGatewayConfig(env(SECRETS));
      expect(config.betaTokenKeys.current).toMatchObject({ id: keyIdOf(BETA), secret: BETA });
      expect(config.jwtKeys.current).toMatchObject({ id: keyIdOf(JWT), secret: JWT });
      expect(config.jwtKeys.verifying).toHaveLength(1);
    });
  });

  describe('OUTBOUND_TEST_HOSTS (the image proxy reaches a mapped host locally)', () => {
    it('is empty by default', () => {
      expect(loadGatewayConfig(SECRETS).OUTBOUND_TEST_HOSTS.size).toBe(0);
    });

    it('maps hosts to loopback listeners outside production', () => {
      const config = loadGatewayConfig({ ...SECRETS, NODE_ENV: 'test', OUTBOUND_TEST_HOSTS: 'www.zara.com=127.0.0.5:18199' });
      expect([...config.OUTBOUND_TEST_HOSTS]).toEqual([['www.zara.com', { address: '127.0.0.5', port: 18199 }]]);
    });

    it('refuses a target that is not loopback', () => {
      expect(() => loadGatewayConfig({ ...SECRETS, OUTBOUND_TEST_HOSTS: 'www.zara.com=10.0.0.5:80' })).toThrow(/OUTBOUND_TEST_HOSTS: www\.zara\.com: 10\.0\.0\.5 is not a loopback address/);
    });

    it('stops the boot with NODE_ENV=production', () => {
      expect(() => loadGatewayConfig({ ...SECRETS, NODE_ENV: 'production', OUTBOUND_TEST_HOSTS: 'www.zara.com=127.0.0.5:18199' })).toThrow(
        /OUTBOUND_TEST_HOSTS: is for tests and cannot be set with NODE_ENV=production/,
      );
      expect(loadGatewayConfig({ ...SECRETS, NODE_ENV: 'production', OUTBOUND_TEST_HOSTS: '' }).OUTBOUND_TEST_HOSTS.size).toBe(0);
    });
  });

  it('refuses a short secret and lists it with every other bad variable', () => {
    try {
      loadGatewayConfig({ BETA_TOKEN_SECRET: 'short', AUTH_JWT_SECRET: JWT, PORT: 'eighty' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(/BETA_TOKEN_SECRET[\s\S]*PORT|PORT[\s\S]*BETA_TOKEN_SECRET/);
    }
  });

  it('takes the previous keys of a rotation, each at least 32 characters; empty is unset', () => {
    const previousBeta = 'b'.repeat(40);
    const previousJwt = 'k'.repeat(40);
    const config = loadGatewayConfig({ ...SECRETS, BETA_TOKEN_PREVIOUS_SECRET: previousBeta, AUTH_JWT_PREVIOUS_SECRET: previousJwt });
    expect(config.betaTokenKeys.find(keyIdOf(previousBeta))?.secret).toBe(previousBeta);
    expect(config.jwtKeys.find(keyIdOf(previousJwt))?.secret).toBe(previousJwt);
    expect(config.jwtKeys.current.secret).toBe(JWT);
    expect(() => loadGatewayConfig({ ...SECRETS, AUTH_JWT_PREVIOUS_SECRET: 'short' })).toThrow(/AUTH_JWT_PREVIOUS_SECRET: must be at least 32/);
    expect(() => loadGatewayConfig({ ...SECRETS, BETA_TOKEN_PREVIOUS_SECRET: 'short' })).toThrow(/BETA_TOKEN_PREVIOUS_SECRET: must be at least 32/);
    expect(loadGatewayConfig({ ...SECRETS, AUTH_JWT_PREVIOUS_SECRET: '', BETA_TOKEN_PREVIOUS_SECRET: '' }).jwtKeys.verifying).toHaveLength(1);
  });

  it('trusts no proxy unless told, and only the addresses and ranges it is given', () => {
    expect(loadGatewayConfig(SECRETS).TRUSTED_PROXIES).toEqual([]);
    expect(loadGatewayConfig({ ...SECRETS, TRUSTED_PROXIES: ' 10.0.0.0/8, 192.0.2.1,::1 ' }).TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '192.0.2.1', '::1']);
    expect(() => loadGatewayConfig({ ...SECRETS, TRUSTED_PROXIES: 'true' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadGatewayConfig({ ...SECRETS, TRUSTED_PROXIES: 'proxy.example.com' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('takes the public URL the product is reached at', () => {
    expect(loadGatewayConfig(SECRETS).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadGatewayConfig({ ...SECRETS, PUBLIC_URL: 'https://closetly.example' }).PUBLIC_URL).toBe('https://closetly.example');
    expect(() => loadGatewayConfig({ ...SECRETS, PUBLIC_URL: 'closetly.example' })).toThrow(/PUBLIC_URL/);
  });
});
