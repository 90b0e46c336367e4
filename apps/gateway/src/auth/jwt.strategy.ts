import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Caller } from '@closetly/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, CACHE, type Cache, RevokedSessions, type SigningKeys } from '@closetly/server';
import jwt from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

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
export function accessTokenKeyFor(keys: SigningKeys, rawToken: string): string | undefined {
  try {
    return keys.find(jwt.decode(rawToken, { complete: true })?.header.kid)?.secret;
  } catch {
    return undefined;
  }
}

/**
 * Verifies access tokens: the key chosen by kid (current or previous), HS256
 * only, our issuer and audience, an expiry required, type "access" (so a
 * refresh token or anything else is refused), and the session not on the
 * deny-list. Any failure is a 401.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly revoked: RevokedSessions;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, @Inject(CACHE) cache: Cache) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: (_request: unknown, rawToken: string, done: (error: Error | null, key?: string) => void) => {
        const key = accessTokenKeyFor(config.jwtKeys, rawToken);
        if (key) done(null, key);
        else done(new Error('access token signed with an unknown key'));
      },
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
    this.revoked = new RevokedSessions(cache);
  }

  async validate(payload: AccessTokenPayload): Promise<Caller | false> {
    const { sub, sid, roles, typ, exp } = payload;
    if (typ !== 'access' || typeof exp !== 'number' || typeof sub !== 'string' || typeof sid !== 'string') return false;
    if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) return false;
    if (await this.revoked.isRevoked(sid)) return false;
    return { uid: sub, sid, roles: roles as string[] };
  }
}
