import { ConfigError, keyIdOf } from '@closetly/server';
import { DEMO_BETA_CODE, loadIdentityConfig } from './config';

const SECRET = 'j'.repeat(40);

describe('identity config', () => {
  it('offers the demo beta code outside production', () => {
    expect(loadIdentityConfig({ AUTH_JWT_SECRET: SECRET }).betaCodes).toEqual([DEMO_BETA_CODE]);
  });

  it('reads a comma-separated list of codes', () => {
    expect(loadIdentityConfig({ AUTH_JWT_SECRET: SECRET, BETA_CODES: ' one, two ,,three ' }).betaCodes).toEqual(['one', 'two', 'three']);
  });

  it('refuses to start in production without explicit codes', () => {
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: SECRET })).toThrow(/BETA_CODES/);
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', BETA_CODES: ' , ', AUTH_JWT_SECRET: SECRET })).toThrow(/BETA_CODES/);
  });

  // No published fallback key, whatever NODE_ENV says (unset, development, test or production).
  it.each([undefined, 'development', 'test', 'production'])('refuses to start without AUTH_JWT_SECRET (NODE_ENV %s), naming it', (nodeEnv) => {
    const env = { BETA_CODES: 'a', ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) };
    expect(() => loadIdentityConfig(env)).toThrow(ConfigError);
    expect(() => loadIdentityConfig(env)).toThrow(/AUTH_JWT_SECRET: is required/);
  });

  it('refuses short access-token keys, current or previous', () => {
    expect(() => loadIdentityConfig({ AUTH_JWT_SECRET: 'short' })).toThrow(/AUTH_JWT_SECRET: must be at least 32 characters/);
    expect(() => loadIdentityConfig({ AUTH_JWT_SECRET: SECRET, AUTH_JWT_PREVIOUS_SECRET: 'short' })).toThrow(/AUTH_JWT_PREVIOUS_SECRET: must be at least 32 characters/);
  });

  it('signs with the current key and keeps the previous one for reading tokens during a rotation', () => {
    const previous = 'p'.repeat(40);
    const { jwtKeys } = loadIdentityConfig({ AUTH_JWT_SECRET: SECRET, AUTH_JWT_PREVIOUS_SECRET: previous });
    expect(jwtKeys.current).toMatchObject({ id: keyIdOf(SECRET), secret: SECRET });
    expect(jwtKeys.find(keyIdOf(previous))?.secret).toBe(previous);
    // Empty is unset (compose passes `${AUTH_JWT_PREVIOUS_SECRET:-}`).
    expect(loadIdentityConfig({ AUTH_JWT_SECRET: SECRET, AUTH_JWT_PREVIOUS_SECRET: '' }).jwtKeys.verifying).toHaveLength(1);
  });

  it('grants admin from ADMIN_EMAILS, lower-cased', () => {
    expect(loadIdentityConfig({ AUTH_JWT_SECRET: SECRET, ADMIN_EMAILS: ' Boss@Example.com ,x@y.z' }).adminEmails).toEqual(['boss@example.com', 'x@y.z']);
  });

  it('takes the OpenID Connect settings together or not at all', () => {
    expect(loadIdentityConfig({ AUTH_JWT_SECRET: SECRET }).oidc).toBeUndefined();
    expect(() => loadIdentityConfig({ AUTH_JWT_SECRET: SECRET, OIDC_ISSUER: 'http://127.0.0.1:1' })).toThrow(/OIDC_ISSUER/);
    expect(loadIdentityConfig({ AUTH_JWT_SECRET: SECRET, OIDC_ISSUER: 'http://127.0.0.1:1', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' }).oidc).toEqual({
      issuer: 'http://127.0.0.1:1',
      clientId: 'c',
      clientSecret: 's',
    });
  });
});
