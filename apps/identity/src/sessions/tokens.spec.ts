import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, keyIdOf, SigningKeys } from '@closetly/server';
import { hashToken, randomToken, sessionIdOfAccessToken, signAccessToken, signExtensionToken } from './tokens';

const SECRET = 'x'.repeat(40);
const PREVIOUS = 'p'.repeat(40);
const RETIRED = 'r'.repeat(40);
const keys = new SigningKeys(SECRET);

describe('tokens', () => {
  it('makes long random URL-safe tokens and stable hashes of them', () => {
    const token = randomToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(token);
  });

  it('signs access tokens with HS256, our issuer and audience, an expiry, a type and an id', () => {
    const token = signAccessToken({ uid: 'u1', sid: 's1', roles: ['admin'] }, keys.current, 600);
    const header = jwt.decode(token, { complete: true })?.header;
    expect(header?.alg).toBe('HS256');
    const claims = jwt.verify(token, SECRET, { algorithms: ['HS256'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: 'u1', sid: 's1', roles: ['admin'], typ: 'access' });
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the signing key in the header: kid is the first 16 hex characters of its SHA-256', () => {
    const token = signAccessToken({ uid: 'u1', sid: 's1', roles: [] }, keys.current, 600);
    expect(jwt.decode(token, { complete: true })?.header.kid).toBe(keyIdOf(SECRET));
    expect(keyIdOf(SECRET)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('reads the session out of our own access tokens only', () => {
    expect(sessionIdOfAccessToken(signAccessToken({ uid: 'u', sid: 's9', roles: [] }, keys.current, 60), keys)).toBe('s9');
    expect(sessionIdOfAccessToken(signAccessToken({ uid: 'u', sid: 's9', roles: [] }, new SigningKeys('y'.repeat(40)).current, 60), keys)).toBeUndefined();
    expect(sessionIdOfAccessToken(jwt.sign({ sid: 's9', typ: 'refresh' }, SECRET, { issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, keyid: keyIdOf(SECRET) }), keys)).toBeUndefined();
    expect(sessionIdOfAccessToken('garbage', keys)).toBeUndefined();
  });

  it('signs extension tokens like access tokens (key, kid, issuer, audience) but typed "extension", with no roles and the given expiry', () => {
    const expiresAt = new Date(Date.now() + 3600_000);
    const token = signExtensionToken({ uid: 'u1', sid: 's1' }, keys.current, expiresAt);
    expect(jwt.decode(token, { complete: true })?.header).toMatchObject({ alg: 'HS256', kid: keyIdOf(SECRET) });
    const claims = jwt.verify(token, SECRET, { algorithms: ['HS256'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: 'u1', sid: 's1', typ: 'extension' });
    expect(claims).not.toHaveProperty('roles');
    expect(claims.exp).toBe(Math.floor(expiresAt.getTime() / 1000));
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads no session out of an extension token: the extension cannot log its session out', () => {
    expect(sessionIdOfAccessToken(signExtensionToken({ uid: 'u', sid: 's9' }, keys.current, new Date(Date.now() + 60_000)), keys)).toBeUndefined();
  });

  it('reads tokens of the previous key during a rotation, and none of a retired key or without a kid', () => {
    const rotating = new SigningKeys(SECRET, PREVIOUS);
    const signedWith = (secret: string) => signAccessToken({ uid: 'u', sid: 's9', roles: [] }, new SigningKeys(secret).current, 60);
    expect(sessionIdOfAccessToken(signedWith(PREVIOUS), rotating)).toBe('s9');
    expect(sessionIdOfAccessToken(signedWith(PREVIOUS), keys)).toBeUndefined();
    expect(sessionIdOfAccessToken(signedWith(RETIRED), rotating)).toBeUndefined();
    const withoutKid = jwt.sign({ sid: 's9', typ: 'access' }, SECRET, { issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE });
    expect(sessionIdOfAccessToken(withoutKid, rotating)).toBeUndefined();
  });
});
