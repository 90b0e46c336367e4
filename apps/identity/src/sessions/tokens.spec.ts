import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@closetly/server';
import { hashToken, randomToken, sessionIdOfAccessToken, signAccessToken } from './tokens';

const SECRET = 'x'.repeat(40);

describe('tokens', () => {
  it('makes long random URL-safe tokens and stable hashes of them', () => {
    const token = randomToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(token);
  });

  it('signs access tokens with HS256, our issuer and audience, an expiry, a type and an id', () => {
    const token = signAccessToken({ uid: 'u1', sid: 's1', roles: ['admin'] }, SECRET, 600);
    const header = jwt.decode(token, { complete: true })?.header;
    expect(header?.alg).toBe('HS256');
    const claims = jwt.verify(token, SECRET, { algorithms: ['HS256'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: 'u1', sid: 's1', roles: ['admin'], typ: 'access' });
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads the session out of our own access tokens only', () => {
    expect(sessionIdOfAccessToken(signAccessToken({ uid: 'u', sid: 's9', roles: [] }, SECRET, 60), SECRET)).toBe('s9');
    expect(sessionIdOfAccessToken(signAccessToken({ uid: 'u', sid: 's9', roles: [] }, 'y'.repeat(40), 60), SECRET)).toBeUndefined();
    expect(sessionIdOfAccessToken(jwt.sign({ sid: 's9', typ: 'refresh' }, SECRET, { issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }), SECRET)).toBeUndefined();
    expect(sessionIdOfAccessToken('garbage', SECRET)).toBeUndefined();
  });
});
