import { DEMO_BETA_CODE, loadIdentityConfig } from './config';

describe('identity config', () => {
  it('offers the demo beta code outside production', () => {
    expect(loadIdentityConfig({}).betaCodes).toEqual([DEMO_BETA_CODE]);
  });

  it('reads a comma-separated list of codes', () => {
    expect(loadIdentityConfig({ BETA_CODES: ' one, two ,,three ' }).betaCodes).toEqual(['one', 'two', 'three']);
  });

  it('refuses to start in production without explicit codes and access-token secret', () => {
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'j'.repeat(40) })).toThrow(/BETA_CODES/);
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', BETA_CODES: ' , ', AUTH_JWT_SECRET: 'j'.repeat(40) })).toThrow(/BETA_CODES/);
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', BETA_CODES: 'a' })).toThrow(/AUTH_JWT_SECRET: is required in production/);
  });

  it('grants admin from ADMIN_EMAILS, lower-cased', () => {
    expect(loadIdentityConfig({ ADMIN_EMAILS: ' Boss@Example.com ,x@y.z' }).adminEmails).toEqual(['boss@example.com', 'x@y.z']);
  });

  it('takes the OpenID Connect settings together or not at all', () => {
    expect(loadIdentityConfig({}).oidc).toBeUndefined();
    expect(() => loadIdentityConfig({ OIDC_ISSUER: 'http://127.0.0.1:1' })).toThrow(/OIDC_ISSUER/);
    expect(loadIdentityConfig({ OIDC_ISSUER: 'http://127.0.0.1:1', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' }).oidc).toEqual({ issuer: 'http://127.0.0.1:1', clientId: 'c', clientSecret: 's' });
  });
});
