import { createHash } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { RateLimitPolicy } from '@closetly/contracts';
import { DomainError, METRICS, type ProcessMetrics, RATE_LIMIT_REJECTIONS } from '@closetly/server';
import type { FastifyRequest } from 'fastify';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { catchError, from, map, type Observable, switchMap, throwError } from 'rxjs';
import { RATE_LIMITERS, type RateLimiters, type RateLimitScope, type RateLimitWindows } from './rate-limiters';

/** A route's windows (see RateLimitWindows) and how it refuses. */
interface Policy extends RateLimitWindows {
  /** What the 429 says; the sign-in family's text by default (spec §8). */
  message?: string;
  /** Count only answers with these error codes (sign-in counts failed attempts, as its message says). */
  countOnly?: readonly string[];
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every route's limit, in one table: per client address, per account the body
 * names (e-mail) and per signed-in user. A route names its policy with
 * `@RateLimit(name)`; routes sharing a name share its counts.
 */
export const RATE_LIMITS = {
  // Failed sign-ins from one address, across accounts. Identity counts each account's failures itself, per
  // client address and account-wide (SignInThrottle), where a password reset can clear them.
  'sign-in': { client: { max: 30, seconds: 15 * MINUTE }, countOnly: ['INVALID_CREDENTIALS'] },
  'sign-up': { client: { max: 10, seconds: HOUR }, account: { max: 5, seconds: HOUR } },
  // Each request sends a mail to the address: a few an hour is all a person needs.
  'forgot-password': { client: { max: 10, seconds: HOUR }, account: { max: 3, seconds: HOUR } },
  'verify-beta': { client: { max: 30, seconds: 15 * MINUTE } },
  // A confirmation token is 256 random bits; the limit only keeps guessers from costing anything.
  'confirm-email': { client: { max: 30, seconds: 15 * MINUTE } },
  // Each resend is a mail to the caller's inbox; identity also allows one a minute and a few a day per account.
  'confirm-email-resend': { user: { max: 5, seconds: HOUR }, client: { max: 20, seconds: HOUR }, message: 'Too many confirmation e-mails. Please try again later.' },
  refresh: { client: { max: 120, seconds: 15 * MINUTE } },
  // The extension asks for its token when the user signs in; each token lives 30 days, so a few an hour is plenty.
  'extension-token': { user: { max: 30, seconds: HOUR }, message: 'Too many requests. Please try again later.' },
  // Each call ends every session of the account and writes to identity: nobody needs it more than a few times an hour.
  'sign-out-everywhere': { user: { max: 10, seconds: HOUR }, message: 'Too many requests. Please try again later.' },
  // The export reads every service in full; a person needs it now and then, not in a loop.
  'account-export': { user: { max: 5, seconds: HOUR }, message: 'Too many downloads of your data. Please try again later.' },
  // Each attempt checks the password: a stolen access token must not become a password-guessing oracle.
  'account-delete': { user: { max: 5, seconds: 15 * MINUTE }, message: 'Too many attempts. Please try again later.' },
  // Saves feed the shared catalogue: one account must not flood it, nor one client with many accounts
  // (the client limit leaves room for a few people behind one address).
  save: {
    user: { max: 60, seconds: MINUTE },
    client: { max: 300, seconds: MINUTE },
    message: 'Too many saves at once. Please wait a minute and try again.',
  },
  // A person saves their profile a few times a minute at most; each save may publish an event.
  'profile-write': { user: { max: 60, seconds: MINUTE }, message: 'Too many profile changes at once. Please wait a minute and try again.' },
  // Searches hit the engine: a person runs a few a minute, paging and filtering included.
  search: { client: { max: 120, seconds: MINUTE }, perReplica: true, message: 'Too many searches at once. Please wait a minute and try again.' },
  // Suggestions follow typing (one per 300 ms pause at most).
  suggestions: { client: { max: 300, seconds: MINUTE }, perReplica: true, message: 'Too many searches at once. Please wait a minute and try again.' },
  'save-search': { user: { max: 60, seconds: MINUTE }, client: { max: 300, seconds: MINUTE } },
  // The browsing lists are cached: a page load asks for about ten (home rows, a category page's rows), and a few people may share an address.
  lists: { client: { max: 600, seconds: MINUTE }, perReplica: true, message: 'Too many requests at once. Please wait a minute and try again.' },
  // Recommendations are ranked per request for the signed-in user: the home page asks once per visit.
  recommendations: { user: { max: 60, seconds: MINUTE }, message: 'Too many requests at once. Please wait a minute and try again.' },
  // A vote on a product's gender writes a row: a person votes on a few products as they browse, and a few
  // people may share an address. Each voter counts once a product anyway; this bounds the writes.
  'item-feedback': {
    user: { max: 60, seconds: HOUR },
    client: { max: 200, seconds: HOUR },
    message: 'Too many votes at once. Please try again later.',
  },
  // Third-party sign-in: start stores an attempt and the provider's callback spends it and writes a login code
  // (and may create an account); each sign-in is one of each, and a person signs in a few times an hour.
  oidc: { client: { max: 60, seconds: 15 * MINUTE } },
  // Every image route fetches, decodes or resizes: a page of results is a few dozen, a minute of browsing a few hundred.
  images: { client: { max: 600, seconds: MINUTE }, message: 'Too many image requests. Please wait a minute and try again.' },
  // An unsubscribe link is a signed token: a person clicks it once; the limit only keeps guessers from costing anything.
  unsubscribe: { client: { max: 30, seconds: 15 * MINUTE } },
  // Each open is one long-lived stream; a client reconnects after a drop (2 s apart at least) and a page's
  // tabs share one. This bounds a reconnect loop, not a person.
  'live-events': { user: { max: 120, seconds: 15 * MINUTE }, client: { max: 600, seconds: 15 * MINUTE }, message: 'Too many live connections at once. Please wait a minute and try again.' },
} as const satisfies Record<RateLimitPolicy, Policy>;
/** The policy names are the HTTP contract's (HTTP_ROUTES names each route's); the windows are the gateway's. */
export type RateLimitName = RateLimitPolicy;

/** Metadata key of a route's policy name; read by the interceptor and by the contract check. */
export const RATE_LIMIT = Symbol('RATE_LIMIT');
/** On a route handler, or on a controller for all its routes (a route's own name wins). */
export const RateLimit = (name: RateLimitName) => SetMetadata(RATE_LIMIT, name);

export const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Please try again later.';

interface Counter {
  limiter: RateLimiterAbstract;
  key: string;
  scope: RateLimitScope;
}

/** Told which policy and scope refused a request (the 429s per policy on the dashboard). */
type OnRefusal = (scope: RateLimitScope) => void;

/**
 * Applies the route's policy with rate-limiter-flexible (Redis in distributed
 * mode, so replicas share the counts; in memory for the per-replica public reads). Over the limit is 429 with
 * Retry-After. Every attempt is counted before it runs (one atomic increment, so parallel requests cannot
 * pass a spent limit); sign-in gives the count back unless the attempt failed as its message says.
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  private readonly rejections;

  constructor(
    private readonly reflector: Reflector,
    @Inject(RATE_LIMITERS) private readonly limiters: RateLimiters<RateLimitName>,
    @Inject(METRICS) metrics: ProcessMetrics,
  ) {
    this.rejections = metrics.counter(RATE_LIMIT_REJECTIONS);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const name = this.reflector.getAllAndOverride<RateLimitName | undefined>(RATE_LIMIT, [context.getHandler(), context.getClass()]);
    if (!name) return next.handle();
    const policy: Policy = RATE_LIMITS[name];
    const message = policy.message ?? TOO_MANY_ATTEMPTS;
    const counters = countersFor(this.limiters, name, context.switchToHttp().getRequest<FastifyRequest>());
    const countOnly = policy.countOnly;
    const refused: OnRefusal = (scope) => this.rejections.inc({ policy: name, scope });
    if (!countOnly) return from(consume(counters, message, refused)).pipe(switchMap(() => next.handle()));
    return from(consume(counters, message, refused)).pipe(
      switchMap(() => next.handle()),
      switchMap((answer: unknown) => from(giveBack(counters)).pipe(map(() => answer))),
      catchError((error: unknown) => {
        // Anything but a counted failure gives its count back, this limit's own refusal too (consume counts it as it refuses).
        const counted = error instanceof DomainError && countOnly.includes(error.code);
        return counted ? throwError(() => error) : from(giveBack(counters)).pipe(switchMap(() => throwError(() => error)));
      }),
    );
  }

}

/** The counters a request of this policy spends: one per scope the policy limits and the request has a key for. */
export function countersFor(all: RateLimiters<RateLimitName>, name: RateLimitName, request: FastifyRequest): Counter[] {
  const limiters = all[name];
  const keys: Record<RateLimitScope, string | undefined> = {
    client: request.ip,
    user: userIdOf(request),
    account: accountOf(request),
  };
  const counters: Counter[] = [];
  for (const scope of ['client', 'user', 'account'] as const) {
    const limiter = limiters[scope];
    const key = keys[scope];
    if (limiter && key) counters.push({ limiter, key, scope });
  }
  return counters;
}

/** Spends each counter once; over a limit, the policy's 429 (after telling `refused` which scope refused). */
export async function consume(counters: Counter[], message: string, refused: OnRefusal): Promise<void> {
  for (const { limiter, key, scope } of counters) {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      refused(scope);
      throw tooMany(rejection, message);
    }
  }
}

/** Gives back what consume took, for an attempt that turned out not to count. */
async function giveBack(counters: Counter[]): Promise<void> {
  for (const { limiter, key } of counters) await limiter.reward(key);
}

const userIdOf = (request: FastifyRequest): string | undefined => {
  const uid = (request as FastifyRequest & { user?: { uid?: unknown } }).user?.uid;
  return typeof uid === 'string' ? uid : undefined;
};

/** The account the body names, spelled as the server stores it (trimmed, lower-cased), hashed: no e-mail addresses in Redis. */
const accountOf = (request: FastifyRequest): string | undefined => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || !email.trim()) return undefined;
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
};

/** The error filter turns retryAfterSeconds into the Retry-After header. */
const tooMany = (res: RateLimiterRes, message: string) =>
  new DomainError('RATE_LIMITED', message, { retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) });
