import { createHash, randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type SigningKey, type SigningKeys } from '@closetly/server';

/** An opaque random token for refresh, reset and login codes: 256 bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What we store instead of a token: its SHA-256 (the token has 256 bits of entropy, so no salt is needed). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export interface AccessTokenClaims {
  uid: string;
  sid: string;
  roles: string[];
}

/**
 * HS256 JWT with issuer, audience, expiry, a type claim (so a refresh token
 * can never pass as one) and an id; the header names the key (`kid`) so the
 * gateway can verify with the previous key during a rotation.
 */
export function signAccessToken(claims: AccessTokenClaims, key: SigningKey, ttlSeconds: number): string {
  return jwt.sign({ sid: claims.sid, roles: claims.roles, typ: 'access' }, key.keyObject, {
    algorithm: 'HS256',
    keyid: key.id,
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    subject: claims.uid,
    expiresIn: ttlSeconds,
    jwtid: randomUUID(),
  });
}

/**
 * The Chrome extension's token: signed like an access token (same key, kid,
 * issuer and audience) but typed "extension" and carrying no roles, so the
 * gateway lets it only save, list and remove wardrobe items, report their prices and follow their live changes, never admin.
 * `sid` ties it to the session that minted it: it ends with that session.
 */
export function signExtensionToken(claims: Omit<AccessTokenClaims, 'roles'>, key: SigningKey, expiresAt: Date): string {
  return jwt.sign({ sid: claims.sid, typ: 'extension', exp: Math.floor(expiresAt.getTime() / 1000) }, key.keyObject, {
    algorithm: 'HS256',
    keyid: key.id,
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    subject: claims.uid,
    jwtid: randomUUID(),
  });
}

/**
 * Reads a session id out of an access token we signed with a key still in use (for logout by access token). Undefined if it is not
 * ours, and for an extension token: the extension may not end the session it was given.
 */
export function sessionIdOfAccessToken(token: string, keys: SigningKeys): string | undefined {
  try {
    const key = keys.find(jwt.decode(token, { complete: true })?.header.kid);
    if (!key) return undefined;
    const payload = jwt.verify(token, key.keyObject, { algorithms: ['HS256'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, ignoreExpiration: true });
    return typeof payload === 'object' && payload.typ === 'access' && typeof payload.sid === 'string' ? payload.sid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a stored expiry has passed (reset links, login codes, sign-in attempts, refresh tokens). */
export const hasExpired = (expiresAt: Date): boolean => expiresAt.getTime() <= Date.now();
