import { keyIdOf } from '@closetly/server';
import jwt from 'jsonwebtoken';

/** The claims of an access token the product issued, as a base to forge near-valid ones from. */
export interface AccessClaims {
  sub: string;
  sid: string;
  roles: string[];
  typ: string;
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  jti?: string;
}

/** Reads (without verifying) the claims of an issued access token. */
export function claimsOf(accessToken: string): AccessClaims {
  const decoded = jwt.decode(accessToken, { json: true });
  if (!decoded) throw new Error(`not a JWT: ${accessToken}`);
  return decoded as unknown as AccessClaims;
}

/** HS256 with the given key named in the header as the product names it (kid), exactly these claims (nothing added, so "missing exp" stays missing). */
export function signHs256(claims: Record<string, unknown>, secret: string): string {
  return jwt.sign(claims, secret, { algorithm: 'HS256', noTimestamp: true, keyid: keyIdOf(secret) });
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsecured JWT: header alg "none" and an empty signature. */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
