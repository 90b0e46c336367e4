import type { KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Caller } from '@closetly/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type SigningKeys } from '@closetly/server';
import jwt from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { SessionLiveness } from './session-liveness';

interface AccessTokenPayload {
  sub?: unknown;
  sid?: unknown;
  roles?: unknown;
  typ?: unknown;
  exp?: unknown;
}

/**
 * The key an access token names in its `kid` header: the current or, during
 * a rotation, the previous access-token key. A token without a kid or naming
 * any other key gets none (401), so a retired key is refused by id before any
 * signature check.
 */
export function accessTokenKeyFor(keys: SigningKeys, rawToken: string): KeyObject | undefined {
  try {
    return keys.find(jwt.decode(rawToken, { complete: true })?.header.kid)?.keyObject;
  } catch {
    return undefined;
  }
}

/**
 * Verifies access tokens and the extension's tokens: the key chosen by kid
 * (current or previous), HS256 only, our issuer and audience, an expiry
 * required, type "access" (a full-scope caller) or "extension" (an
 * extension-scoped caller with no roles; JwtAuthGuard lets it through only
 * where a route allows it), anything else refused, and the session still
 * live (SessionLiveness: identity's database decides, Redis only caches
 * revocations). A bad token is a 401; an outage while checking is a 503.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: SessionLiveness,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: (_request: unknown, rawToken: string, done: (error: Error | null, key?: string) => void) => {
        const key = accessTokenKeyFor(config.jwtKeys, rawToken);
        // passport-jwt hands the key to jsonwebtoken as is; its types say string, but a KeyObject skips the key parsing each verify would do.
        if (key) done(null, key as unknown as string);
        else done(new Error('access token signed with an unknown key'));
      },
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  async validate(payload: AccessTokenPayload): Promise<Caller | false> {
    const { sub, sid, roles, typ, exp } = payload;
    if (typeof exp !== 'number' || typeof sub !== 'string' || typeof sid !== 'string') return false;
    const caller = callerOf(typ, sub, sid, roles);
    if (!caller || !(await this.sessions.isLive(sid))) return false;
    return caller;
  }
}

/** The caller a token of this type stands for, or undefined for any other type (refresh, id, none) or roles we never sign. */
function callerOf(typ: unknown, uid: string, sid: string, roles: unknown): Caller | undefined {
  if (typ === 'access') {
    if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) return undefined;
    return { uid, sid, roles: roles as string[], scope: 'full' };
  }
  // Identity signs extension tokens without roles: one that claims any was not minted by us as such.
  if (typ === 'extension') {
    if (roles !== undefined && !(Array.isArray(roles) && roles.length === 0)) return undefined;
    return { uid, sid, roles: [], scope: 'extension' };
  }
  return undefined;
}
