import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Caller } from '@closetly/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, CACHE, type Cache, RevokedSessions } from '@closetly/server';
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
 * Verifies access tokens: HS256 only, our issuer and audience, an expiry
 * required, type "access" (so a refresh token or anything else is refused),
 * and the session not on the deny-list. Any failure is a 401.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly revoked: RevokedSessions;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, @Inject(CACHE) cache: Cache) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtSecret,
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
