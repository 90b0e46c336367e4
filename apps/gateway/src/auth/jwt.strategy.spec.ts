import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, keyIdOf, MemoryCache, ProcessMetrics, RevokedSessions, type RpcClient } from '@closetly/server';
import jwt from 'jsonwebtoken';
import { loadGatewayConfig } from '../config';
import { SessionLiveness } from './session-liveness';
import { JwtStrategy } from './jwt.strategy';

const CURRENT = 'current-access-token-key-0123456789abcdef';
const PREVIOUS = 'previous-access-token-key-0123456789abcde';
const RETIRED = 'retired-access-token-key-0123456789abcdef';

const claims = { sub: 'user-1', sid: 'session-1', roles: ['admin'], typ: 'access' };
const sign = (secret: string, header: { kid?: string } = { kid: keyIdOf(secret) }, algorithm: jwt.Algorithm = 'HS256', payload: object = claims) =>
  jwt.sign(payload, secret, { algorithm, issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, expiresIn: 600, ...(header.kid ? { keyid: header.kid } : {}) });
/** A token of the current key with these claims instead of the access token's. */
const signed = (payload: object) => sign(CURRENT, { kid: keyIdOf(CURRENT) }, 'HS256', payload);
/** What identity signs for the extension: no roles. */
const extensionClaims = { sub: 'user-1', sid: 'session-1', typ: 'extension' };

/** Runs passport's authenticate on a request with this bearer token: the caller it lets through, or false. */
async function authenticate(strategy: JwtStrategy, token: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const running = Object.assign(Object.create(strategy) as JwtStrategy, {
      success: (user: unknown) => resolve(user),
      fail: () => resolve(false),
      error: (error: unknown) => reject(error),
    });
    running.authenticate({ headers: { authorization: `Bearer ${token}` } } as never, {});
  });
}

/** Identity answers every session live; a revocation in the cache wins (see session-liveness.spec.ts). */
const liveIdentity = { call: async () => ({ live: true }) } as unknown as RpcClient;
const strategyWith = (previous?: string, cache = new MemoryCache()) =>
  new JwtStrategy(
    loadGatewayConfig({ BETA_TOKEN_SECRET: 'b'.repeat(40), AUTH_JWT_SECRET: CURRENT, ...(previous ? { AUTH_JWT_PREVIOUS_SECRET: previous } : {}) }),
    new SessionLiveness(cache, liveIdentity, new ProcessMetrics()),
  );

describe('JwtStrategy keys', () => {
  const rotating = strategyWith(PREVIOUS);
  const caller = { uid: 'user-1', sid: 'session-1', roles: ['admin'], scope: 'full' };

  it('accepts a token of the current key', async () => {
    expect(await authenticate(rotating, sign(CURRENT))).toEqual(caller);
  });

  it('accepts a token of the previous key while it is configured as previous', async () => {
    expect(await authenticate(rotating, sign(PREVIOUS))).toEqual(caller);
  });

  it('refuses a token of the previous key once it is retired', async () => {
    expect(await authenticate(strategyWith(), sign(PREVIOUS))).toBe(false);
  });

  it('refuses a token of a key never configured, with its own kid or relabelled as a known one', async () => {
    expect(await authenticate(rotating, sign(RETIRED))).toBe(false);
    expect(await authenticate(rotating, sign(RETIRED, { kid: keyIdOf(CURRENT) }))).toBe(false);
    expect(await authenticate(rotating, sign(RETIRED, { kid: keyIdOf(PREVIOUS) }))).toBe(false);
  });

  it('refuses a token without a kid, even signed with the current key', async () => {
    expect(await authenticate(rotating, sign(CURRENT, {}))).toBe(false);
  });

  it('refuses the previous key naming the current one (each kid verifies with its own key only)', async () => {
    expect(await authenticate(rotating, sign(PREVIOUS, { kid: keyIdOf(CURRENT) }))).toBe(false);
  });

  it('keeps the algorithm pinned: HS512 with the current key and its kid is refused', async () => {
    expect(await authenticate(rotating, sign(CURRENT, { kid: keyIdOf(CURRENT) }, 'HS512'))).toBe(false);
  });

  it('refuses garbage', async () => {
    expect(await authenticate(rotating, 'garbage.garbage.garbage')).toBe(false);
  });
});

describe('JwtStrategy token types', () => {
  const cache = new MemoryCache();
  const strategy = strategyWith(undefined, cache);

  it('makes an access token a full-scope caller with its roles', async () => {
    expect(await authenticate(strategy, signed(claims))).toEqual({ uid: 'user-1', sid: 'session-1', roles: ['admin'], scope: 'full' });
  });

  it('makes an extension token an extension-scoped caller with no roles', async () => {
    expect(await authenticate(strategy, signed(extensionClaims))).toEqual({ uid: 'user-1', sid: 'session-1', roles: [], scope: 'extension' });
    expect(await authenticate(strategy, signed({ ...extensionClaims, roles: [] }))).toEqual({ uid: 'user-1', sid: 'session-1', roles: [], scope: 'extension' });
  });

  it.each([
    ['typ "refresh"', { ...claims, typ: 'refresh' }],
    ['typ "id"', { ...claims, typ: 'id' }],
    ['typ "Extension" (no other spelling)', { ...extensionClaims, typ: 'Extension' }],
    ['no typ', { sub: 'user-1', sid: 'session-1', roles: [] }],
    ['an extension token claiming the admin role', { ...extensionClaims, roles: ['admin'] }],
    ['an extension token with roles that are not a list', { ...extensionClaims, roles: 'admin' }],
    ['an extension token without a session', { sub: 'user-1', typ: 'extension' }],
    ['an access token without roles', { sub: 'user-1', sid: 'session-1', typ: 'access' }],
  ])('refuses %s', async (_what, payload) => {
    expect(await authenticate(strategy, signed(payload))).toBe(false);
  });

  it('refuses an extension token signed with another key, even naming the current one', async () => {
    const other = 'another-access-token-key-0123456789abcdef';
    expect(await authenticate(strategy, sign(other, { kid: keyIdOf(other) }, 'HS256', extensionClaims))).toBe(false);
    expect(await authenticate(strategy, sign(other, { kid: keyIdOf(CURRENT) }, 'HS256', extensionClaims))).toBe(false);
  });

  it('refuses access and extension tokens of a session on the deny-list', async () => {
    const revoked = { ...extensionClaims, sid: 'session-revoked' };
    expect(await authenticate(strategy, signed(revoked))).not.toBe(false);
    await new RevokedSessions(cache).revoke('session-revoked', 60);
    expect(await authenticate(strategy, signed(revoked))).toBe(false);
    expect(await authenticate(strategy, signed({ ...claims, sid: 'session-revoked' }))).toBe(false);
  });
});
