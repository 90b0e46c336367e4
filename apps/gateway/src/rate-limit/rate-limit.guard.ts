import { createHash } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CACHE, type Cache, DomainError } from '@closetly/server';
import type { FastifyRequest } from 'fastify';

interface Window {
  max: number;
  seconds: number;
}

/** Limits per client address and, where the body names one, per account (e-mail). */
export const RATE_LIMITS = {
  'sign-in': { client: { max: 30, seconds: 15 * 60 }, account: { max: 10, seconds: 15 * 60 } },
  'sign-up': { client: { max: 10, seconds: 60 * 60 }, account: { max: 5, seconds: 60 * 60 } },
  'forgot-password': { client: { max: 10, seconds: 60 * 60 }, account: { max: 5, seconds: 60 * 60 } },
  'verify-beta': { client: { max: 30, seconds: 15 * 60 } },
  refresh: { client: { max: 120, seconds: 15 * 60 } },
} as const satisfies Record<string, { client: Window; account?: Window }>;
export type RateLimitName = keyof typeof RATE_LIMITS;

const RATE_LIMIT = Symbol('RATE_LIMIT');
export const RateLimit = (name: RateLimitName) => SetMetadata(RATE_LIMIT, name);

export const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Please try again later.';

/** Counts in the platform cache (Redis in distributed mode, so replicas share the counts); over the limit is 429 with Retry-After. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const name = this.reflector.get<RateLimitName | undefined>(RATE_LIMIT, context.getHandler());
    if (!name) return true;
    const limits: { client: Window; account?: Window } = RATE_LIMITS[name];
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const checks: Array<[string, Window]> = [[`rate:${name}:client:${request.ip}`, limits.client]];
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (limits.account && typeof email === 'string' && email.trim()) {
      const account = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
      checks.push([`rate:${name}:account:${account}`, limits.account]);
    }
    for (const [key, window] of checks) {
      const hit = await this.cache.increment(key, window.seconds);
      if (hit.count > window.max) throw new DomainError('RATE_LIMITED', TOO_MANY_ATTEMPTS, { retryAfterSeconds: hit.resetInSeconds });
    }
    return true;
  }
}
