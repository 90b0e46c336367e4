import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { BETA_TOKEN_HEADER } from '@closetly/contracts';
import { DomainError } from '@closetly/server';
import type { FastifyRequest } from 'fastify';
import { BetaTokenService } from './beta-token.service';

export const BETA_EXEMPT = Symbol('BETA_EXEMPT');
/** Routes reachable without a beta token: verify-beta itself and health. */
export const BetaExempt = () => SetMetadata(BETA_EXEMPT, true);

/** A route under /api; an unknown route (none matched) counts as one, so the gate fails closed. */
const isApiRoute = (route: string | undefined): boolean => route === undefined || route === '/api' || route.startsWith('/api/');

/**
 * Every /api route needs a valid X-Beta-Token. A refusal is 403 with a code,
 * never 401: the web app signs the user out on 401 (spec section 4).
 */
@Injectable()
export class BetaTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: BetaTokenService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Only the API is gated; /health and /ready are for process supervisors. Decided on the route the
    // router matched (percent-decoded: /%61pi/x is /api/x), never on the raw URL.
    if (!isApiRoute(request.routeOptions.url)) return true;
    if (this.reflector.getAllAndOverride<boolean>(BETA_EXEMPT, [context.getHandler(), context.getClass()])) return true;
    const verdict = this.tokens.verdictOn(request.headers[BETA_TOKEN_HEADER]);
    if (verdict === 'missing') throw new DomainError('BETA_TOKEN_REQUIRED', 'A beta access token is required');
    if (verdict === 'invalid') throw new DomainError('BETA_TOKEN_INVALID', 'The beta access token is invalid or expired');
    return true;
  }
}
