import { createHash } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CACHE, type Cache, DomainError } from '@closetly/server';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import type { FastifyRequest } from 'fastify';
import { catchError, from, type Observable, switchMap, throwError } from 'rxjs';

interface Window {
  max: number;
  seconds: number;
}

interface Policy {
  /** Per client address. */
  client?: Window;
  /** Per account the body names (its e-mail). */
  account?: Window;
  /** Per signed-in user (the route's guard has verified the caller). */
  user?: Window;
  /** What the 429 says; the sign-in family's text by default (spec §8). */
  message?: string;
  /** Count only answers with these error codes (sign-in counts failed attempts, as its message says). */
  countOnly?: readonly string[];
}

/** Limits per client address, per account the body names (e-mail), and per signed-in user. */
export const RATE_LIMITS = {
  'sign-in': { client: { max: 30, seconds: 15 * 60 }, account: { max: 10, seconds: 15 * 60 }, countOnly: ['INVALID_CREDENTIALS'] },
  'sign-up': { client: { max: 10, seconds: 60 * 60 }, account: { max: 5, seconds: 60 * 60 } },
  'forgot-password': { client: { max: 10, seconds: 60 * 60 }, account: { max: 5, seconds: 60 * 60 } },
  'verify-beta': { client: { max: 30, seconds: 15 * 60 } },
  refresh: { client: { max: 120, seconds: 15 * 60 } },
  // Saves feed the shared catalogue: one account must not flood it.
  save: { user: { max: 60, seconds: 60 }, message: 'Too many saves at once. Please wait a minute and try again.' },
} as const satisfies Record<string, Policy>;
export type RateLimitName = keyof typeof RATE_LIMITS;

const RATE_LIMIT = Symbol('RATE_LIMIT');
export const RateLimit = (name: RateLimitName) => SetMetadata(RATE_LIMIT, name);

export const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Please try again later.';

/**
 * Counts in the platform cache (Redis in distributed mode, so replicas share
 * the counts); over the limit is 429 with Retry-After. Most policies count
 * every attempt before it runs; sign-in counts only failed ones.
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  private readonly multiplier: number;

  constructor(
    private readonly reflector: Reflector,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'RATE_LIMIT_MULTIPLIER'> = { RATE_LIMIT_MULTIPLIER: 1 },
  ) {
    this.multiplier = config.RATE_LIMIT_MULTIPLIER;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const name = this.reflector.get<RateLimitName | undefined>(RATE_LIMIT, context.getHandler());
    if (!name) return next.handle();
    const policy: Policy = RATE_LIMITS[name];
    const windows = this.windowsFor(name, policy, context.switchToHttp().getRequest<FastifyRequest>());
    if (!policy.countOnly) {
      return from(this.count(windows, policy.message)).pipe(switchMap(() => next.handle()));
    }
    const countOnly = policy.countOnly;
    return from(this.refuseIfOver(windows, policy.message)).pipe(
      switchMap(() => next.handle()),
      catchError((error: unknown) => {
        const counted = error instanceof DomainError && countOnly.includes(error.code);
        return counted ? from(this.count(windows, policy.message, false)).pipe(switchMap(() => throwError(() => error))) : throwError(() => error);
      }),
    );
  }

  private windowsFor(name: string, policy: Policy, request: FastifyRequest): Array<[string, Window]> {
    const scaled = (window: Window): Window => ({ ...window, max: window.max * this.multiplier });
    const windows: Array<[string, Window]> = [];
    if (policy.client) windows.push([`rate:${name}:client:${request.ip}`, scaled(policy.client)]);
    const userId = (request as FastifyRequest & { user?: { uid?: unknown } }).user?.uid;
    if (policy.user && typeof userId === 'string') windows.push([`rate:${name}:user:${userId}`, scaled(policy.user)]);
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (policy.account && typeof email === 'string' && email.trim()) {
      const account = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
      windows.push([`rate:${name}:account:${account}`, scaled(policy.account)]);
    }
    return windows;
  }

  private async count(windows: Array<[string, Window]>, message = TOO_MANY_ATTEMPTS, refuse = true): Promise<void> {
    for (const [key, window] of windows) {
      const hit = await this.cache.increment(key, window.seconds);
      if (refuse && hit.count > window.max) throw tooMany(hit.resetInSeconds, message);
    }
  }

  private async refuseIfOver(windows: Array<[string, Window]>, message = TOO_MANY_ATTEMPTS): Promise<void> {
    for (const [key, window] of windows) {
      const seen = await this.cache.peek(key);
      if (seen.count >= window.max) throw tooMany(seen.resetInSeconds, message);
    }
  }
}

const tooMany = (retryAfterSeconds: number, message: string) => new DomainError('RATE_LIMITED', message, { retryAfterSeconds });
