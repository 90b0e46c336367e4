import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { DomainError, MemoryCache, ProcessMetrics, RATE_LIMIT_REJECTIONS, RedisCache } from '@closetly/server';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { lastValueFrom, of, throwError } from 'rxjs';
import { AuthController } from '../auth/auth.controller';
import { OidcController } from '../auth/oidc.controller';
import { ImagesController } from '../images/images.controller';
import { ProductsController } from '../products/products.controller';
import { ProfileController } from '../profile/profile.controller';
import { SearchController } from '../search/search.controller';
import { WardrobeController } from '../wardrobe/wardrobe.controller';
import { RATE_LIMITS, RateLimit, RateLimitInterceptor, TOO_MANY_ATTEMPTS } from './rate-limit.interceptor';
import { createRateLimiters } from './rate-limiters';

class Routes {
  @RateLimit('sign-in')
  signIn() {}

  @RateLimit('sign-up')
  signUp() {}

  @RateLimit('forgot-password')
  forgotPassword() {}

  @RateLimit('save')
  save() {}

  unlimited() {}
}

@RateLimit('images')
class LimitedController {
  anyRoute() {}
}

const routes = new Routes();
type Handler = (...args: never[]) => unknown;
type ControllerClass = abstract new (...args: never[]) => unknown;

/** A controller's route handlers (the methods Nest maps to a path), by name. */
const routeHandlersOf = (controller: ControllerClass): Record<string, Handler> =>
  Object.fromEntries(
    Object.getOwnPropertyNames(controller.prototype)
      .filter((name) => name !== 'constructor')
      .map((name) => [name, (controller.prototype as Record<string, unknown>)[name]] as const)
      .filter((entry): entry is readonly [string, Handler] => typeof entry[1] === 'function' && Reflect.hasMetadata(PATH_METADATA, entry[1])),
  );
interface Caller {
  ip: string;
  body?: unknown;
  user?: { uid: string };
}
const contextFor = (handler: Handler, caller: Caller, controller: ControllerClass = Routes) =>
  ({
    getType: () => 'http',
    getHandler: () => handler,
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => caller }),
  }) as unknown as ExecutionContext;
const succeeds: CallHandler = { handle: () => of('ok') };
const wrongPassword: CallHandler = { handle: () => throwError(() => new DomainError('INVALID_CREDENTIALS', 'Invalid email or password')) };
const run = (interceptor: RateLimitInterceptor, context: ExecutionContext, handler: CallHandler = succeeds) =>
  lastValueFrom(interceptor.intercept(context, handler)).then(
    (value) => value,
    (error: unknown) => error,
  );
const interceptorWith = (multiplier = 1, metrics = new ProcessMetrics()) => new RateLimitInterceptor(new Reflector(), createRateLimiters(RATE_LIMITS, new MemoryCache(), multiplier), metrics);
const retryAfterOf = (refusal: unknown) => ((refusal as DomainError).details as { retryAfterSeconds: number }).retryAfterSeconds;

describe('RATE_LIMITS (the production numbers)', () => {
  it('limits saves per user (60 a minute) and per client', () => {
    expect(RATE_LIMITS.save.user).toEqual({ max: 60, seconds: 60 });
    expect(RATE_LIMITS.save.client.seconds).toBe(60);
    expect(RATE_LIMITS.save.client.max).toBeGreaterThanOrEqual(RATE_LIMITS.save.user.max);
  });

  it('limits images per client, 600 a minute', () => {
    expect(RATE_LIMITS.images).toMatchObject({ client: { max: 600, seconds: 60 } });
  });

  it('limits forgot-password to 3 an hour per account, and per client', () => {
    expect(RATE_LIMITS['forgot-password']).toMatchObject({ account: { max: 3, seconds: 3600 }, client: { max: 10, seconds: 3600 } });
  });

  it('declares a limit on /api/save and on every image route', async () => {
    const interceptor = interceptorWith();
    const imageRoutes = routeHandlersOf(ImagesController);
    expect(Object.keys(imageRoutes).sort()).toEqual(['placeholderImage', 'proxyImage', 'storedImage']);
    for (const [i, handler] of Object.values(imageRoutes).entries()) {
      const caller = { ip: `203.0.113.${i}` };
      for (let n = 0; n < RATE_LIMITS.images.client.max; n += 1) await run(interceptor, contextFor(handler, caller, ImagesController));
      expect(await run(interceptor, contextFor(handler, caller, ImagesController))).toMatchObject({ code: 'RATE_LIMITED', message: RATE_LIMITS.images.message });
    }
    const saver = { ip: '198.51.100.1', user: { uid: 'u-1' } };
    const save = routeHandlersOf(WardrobeController).save as Handler;
    for (let n = 0; n < RATE_LIMITS.save.user.max; n += 1) expect(await run(interceptor, contextFor(save, saver, WardrobeController))).toBe('ok');
    expect(await run(interceptor, contextFor(save, saver, WardrobeController))).toMatchObject({ code: 'RATE_LIMITED', message: RATE_LIMITS.save.message });
  });

  it('limits profile writes to 60 a minute per user, each user counted apart, and leaves reading the profile unlimited', async () => {
    expect(RATE_LIMITS['profile-write']).toMatchObject({ user: { max: 60, seconds: 60 } });
    const interceptor = interceptorWith();
    const { update, profile } = routeHandlersOf(ProfileController) as Record<'update' | 'profile', Handler>;
    const writer = { ip: '198.51.100.2', user: { uid: 'u-writer' } };
    for (let n = 0; n < RATE_LIMITS['profile-write'].user.max; n += 1) expect(await run(interceptor, contextFor(update, writer, ProfileController))).toBe('ok');
    expect(await run(interceptor, contextFor(update, writer, ProfileController))).toMatchObject({ code: 'RATE_LIMITED', message: RATE_LIMITS['profile-write'].message });
    expect(await run(interceptor, contextFor(update, { ...writer, user: { uid: 'u-other' } }, ProfileController))).toBe('ok');
    expect(await run(interceptor, contextFor(profile, writer, ProfileController))).toBe('ok');
  });

  it('limits minting extension tokens to 30 an hour and signing out everywhere to 10 an hour, per user, each counted apart', async () => {
    expect(RATE_LIMITS['extension-token']).toMatchObject({ user: { max: 30, seconds: 3600 } });
    expect(RATE_LIMITS['sign-out-everywhere']).toMatchObject({ user: { max: 10, seconds: 3600 } });
    const interceptor = interceptorWith();
    const { mintExtensionToken, signOutEverywhere } = routeHandlersOf(AuthController) as Record<'mintExtensionToken' | 'signOutEverywhere', Handler>;
    const user = { ip: '198.51.100.3', user: { uid: 'u-extension' } };
    for (const [handler, name] of [[mintExtensionToken, 'extension-token'], [signOutEverywhere, 'sign-out-everywhere']] as const) {
      for (let n = 0; n < RATE_LIMITS[name].user.max; n += 1) expect(await run(interceptor, contextFor(handler, user, AuthController))).toBe('ok');
      expect(await run(interceptor, contextFor(handler, user, AuthController))).toMatchObject({ code: 'RATE_LIMITED', message: RATE_LIMITS[name].message });
      expect(await run(interceptor, contextFor(handler, { ...user, user: { uid: 'u-someone-else' } }, AuthController))).toBe('ok');
    }
  });
});

describe('the writes the security review found unthrottled (issue 22)', () => {
  it('limits gender votes per user, and per client across users and signed-out voters', async () => {
    const interceptor = interceptorWith();
    const { feedback } = routeHandlersOf(ProductsController) as Record<'feedback', Handler>;
    const { user, client, message } = RATE_LIMITS['item-feedback'];
    const voter = { ip: '198.51.100.20', user: { uid: 'u-voter' } };
    for (let n = 0; n < user.max; n += 1) expect(await run(interceptor, contextFor(feedback, voter, ProductsController))).toBe('ok');
    expect(await run(interceptor, contextFor(feedback, { ...voter, ip: '198.51.100.21' }, ProductsController))).toMatchObject({ code: 'RATE_LIMITED', message });

    const anonymous = { ip: '198.51.100.22' };
    for (let n = 0; n < client.max; n += 1) expect(await run(interceptor, contextFor(feedback, anonymous, ProductsController))).toBe('ok');
    const refused = await run(interceptor, contextFor(feedback, anonymous, ProductsController));
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message });
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(client.seconds);
    expect(await run(interceptor, contextFor(feedback, { ...anonymous, user: { uid: 'u-behind-the-same-address' } }, ProductsController))).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await run(interceptor, contextFor(feedback, { ip: '198.51.100.23' }, ProductsController))).toBe('ok');
  });

  it('limits the OpenID Connect start and callback per client, counted together', async () => {
    const interceptor = interceptorWith();
    const { start, callback, complete } = routeHandlersOf(OidcController) as Record<'start' | 'callback' | 'complete', Handler>;
    const browser = { ip: '198.51.100.30' };
    const max = RATE_LIMITS.oidc.client.max;
    for (let n = 0; n < max; n += 1) expect(await run(interceptor, contextFor(n % 2 === 0 ? start : callback, browser, OidcController))).toBe('ok');
    expect(await run(interceptor, contextFor(callback, browser, OidcController))).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await run(interceptor, contextFor(start, browser, OidcController))).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await run(interceptor, contextFor(callback, { ip: '198.51.100.31' }, OidcController))).toBe('ok');
    // Completing counts under its own policy.
    expect(await run(interceptor, contextFor(complete, browser, OidcController))).toBe('ok');
  });
});

describe('RateLimitInterceptor', () => {
  it('counts failed sign-ins per client address, across accounts, and refuses the next one with 429 and a retry time', async () => {
    const interceptor = interceptorWith();
    const max = RATE_LIMITS['sign-in'].client.max;
    for (let i = 0; i < max; i += 1) {
      expect(await run(interceptor, contextFor(routes.signIn, { ip: '10.0.0.1', body: { email: `user${i}@example.com` } }), wrongPassword)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const refused = await run(interceptor, contextFor(routes.signIn, { ip: '10.0.0.1', body: { email: 'ada@example.com' } }), succeeds);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS });
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(RATE_LIMITS['sign-in'].client.seconds);
    // Identity counts each account's failures itself (per address and account-wide); the gateway keeps no account count.
    expect(await run(interceptor, contextFor(routes.signIn, { ip: '10.0.0.2', body: { email: 'user0@example.com' } }), succeeds)).toBe('ok');
  });

  it('counts each refusal in closetly_rate_limit_rejections_total by policy and the scope whose window was spent', async () => {
    const metrics = new ProcessMetrics();
    const interceptor = interceptorWith(1, metrics);
    const max = RATE_LIMITS['sign-up'].account.max;
    for (let i = 0; i < max; i += 1) await run(interceptor, contextFor(routes.signUp, { ip: `192.0.2.${i + 20}`, body: { email: 'same@example.com' } }));
    expect(await run(interceptor, contextFor(routes.signUp, { ip: '192.0.2.99', body: { email: 'same@example.com' } }))).toMatchObject({ code: 'RATE_LIMITED' });
    const { values } = await metrics.counter(RATE_LIMIT_REJECTIONS).get();
    expect(values).toEqual([{ labels: { policy: 'sign-up', scope: 'account' }, value: 1 }]);
  });

  it('does not count successful sign-ins, nor identity’s own refusals', async () => {
    const interceptor = interceptorWith();
    const identityRefuses: CallHandler = { handle: () => throwError(() => new DomainError('RATE_LIMITED', TOO_MANY_ATTEMPTS, { retryAfterSeconds: 60 })) };
    for (let i = 0; i < RATE_LIMITS['sign-in'].client.max * 2; i += 1) {
      expect(await run(interceptor, contextFor(routes.signIn, { ip: '10.0.2.1', body: { email: 'ada@example.com' } }), succeeds)).toBe('ok');
      expect(await run(interceptor, contextFor(routes.signIn, { ip: '10.0.2.1', body: { email: 'ada@example.com' } }), identityRefuses)).toMatchObject({ details: { retryAfterSeconds: 60 } });
    }
    expect(await run(interceptor, contextFor(routes.signIn, { ip: '10.0.2.1', body: { email: 'ada@example.com' } }), wrongPassword)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  // Issue 22: the limit was read, then counted after the password check, so parallel attempts all passed a spent limit.
  it('lets no more failed sign-ins through than the limit when they arrive at once', async () => {
    const interceptor = interceptorWith();
    const max = RATE_LIMITS['sign-in'].client.max;
    let checks = 0;
    const checkedWrongPassword: CallHandler = { handle: () => throwError(() => (checks += 1, new DomainError('INVALID_CREDENTIALS', 'Invalid email or password'))) };
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => run(interceptor, contextFor(routes.signIn, { ip: '10.0.3.1', body: { email: `user${i}@example.com` } }), checkedWrongPassword)),
    );
    expect(checks).toBe(max);
    expect(outcomes.filter((outcome) => (outcome as DomainError).code === 'RATE_LIMITED')).toHaveLength(100 - max);
  });

  it('counts every sign-up attempt per client address, across accounts', async () => {
    const interceptor = interceptorWith();
    const max = RATE_LIMITS['sign-up'].client.max;
    for (let i = 0; i < max; i += 1) expect(await run(interceptor, contextFor(routes.signUp, { ip: '192.0.2.7', body: { email: `user${i}@example.com` } }))).toBe('ok');
    expect(await run(interceptor, contextFor(routes.signUp, { ip: '192.0.2.7', body: { email: 'fresh@example.com' } }))).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await run(interceptor, contextFor(routes.signUp, { ip: '192.0.2.8', body: { email: 'fresh@example.com' } }))).toBe('ok');
  });

  it('refuses the 4th forgot-password for one address within the hour, from any client', async () => {
    const interceptor = interceptorWith();
    for (let i = 0; i < 3; i += 1) expect(await run(interceptor, contextFor(routes.forgotPassword, { ip: `192.0.2.${20 + i}`, body: { email: 'ada@example.com' } }))).toBe('ok');
    const refused = await run(interceptor, contextFor(routes.forgotPassword, { ip: '192.0.2.30', body: { email: 'ADA@example.com' } }));
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS });
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(3600);
    expect(await run(interceptor, contextFor(routes.forgotPassword, { ip: '192.0.2.30', body: { email: 'bob@example.com' } }))).toBe('ok');
  });

  it('limits saves per user, and per client across users, with the save message and a retry time within the minute', async () => {
    const interceptor = interceptorWith();
    const { user, client, message } = RATE_LIMITS.save;
    for (let i = 0; i < user.max; i += 1) expect(await run(interceptor, contextFor(routes.save, { ip: '198.51.100.7', user: { uid: 'ada' } }))).toBe('ok');
    const refused = await run(interceptor, contextFor(routes.save, { ip: '198.51.100.8', user: { uid: 'ada' } }));
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message });
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(60);

    // Other users from the first client share its client window: 60 are spent, one more was refused above on another client.
    let saved = user.max;
    for (let uid = 0; saved < client.max; uid += 1) {
      for (let i = 0; i < user.max && saved < client.max; i += 1, saved += 1) {
        expect(await run(interceptor, contextFor(routes.save, { ip: '198.51.100.7', user: { uid: `user-${uid}` } }))).toBe('ok');
      }
    }
    expect(await run(interceptor, contextFor(routes.save, { ip: '198.51.100.7', user: { uid: 'someone-new' } }))).toMatchObject({ code: 'RATE_LIMITED', message });
    expect(await run(interceptor, contextFor(routes.save, { ip: '198.51.100.9', user: { uid: 'someone-new' } }))).toBe('ok');
  });

  it('applies a controller’s policy to each of its routes, counted together', async () => {
    const interceptor = interceptorWith();
    const controller = new LimitedController();
    for (let i = 0; i < RATE_LIMITS.images.client.max; i += 1) expect(await run(interceptor, contextFor(controller.anyRoute, { ip: '192.0.2.40' }, LimitedController))).toBe('ok');
    const refused = await run(interceptor, contextFor(controller.anyRoute, { ip: '192.0.2.40' }, LimitedController));
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: RATE_LIMITS.images.message });
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(60);
  });

  it('scales every limit by RATE_LIMIT_MULTIPLIER', async () => {
    const interceptor = interceptorWith(3);
    const max = RATE_LIMITS['sign-up'].client.max * 3;
    for (let i = 0; i < max; i += 1) expect(await run(interceptor, contextFor(routes.signUp, { ip: '192.0.2.10', body: { email: `u${i}@example.com` } }))).toBe('ok');
    expect(await run(interceptor, contextFor(routes.signUp, { ip: '192.0.2.10', body: { email: 'more@example.com' } }))).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('leaves routes without a limit alone', async () => {
    const interceptor = interceptorWith();
    for (let i = 0; i < 100; i += 1) expect(await run(interceptor, contextFor(routes.unlimited, { ip: '192.0.2.9' }))).toBe('ok');
  });
});

describe('createRateLimiters', () => {
  it('counts in memory beside the in-memory cache (embedded) and in Redis beside the Redis cache (distributed), under its prefix', () => {
    expect(createRateLimiters(RATE_LIMITS, new MemoryCache()).save.user).toBeInstanceOf(RateLimiterMemory);
    const redis = new RedisCache('redis://127.0.0.1:6379', 'run-42:');
    try {
      const limiter = createRateLimiters(RATE_LIMITS, redis).save.user;
      expect(limiter).toBeInstanceOf(RateLimiterRedis);
      expect(limiter?.keyPrefix).toBe('run-42:rate:save:user');
      expect(limiter?.points).toBe(60);
      expect(limiter?.duration).toBe(60);
    } finally {
      redis.redis.disconnect();
    }
  });

  it('counts the per-replica public reads (search, suggestions, lists) in memory even beside Redis, and every other policy in Redis', () => {
    const redis = new RedisCache('redis://127.0.0.1:6379', 'run-43:');
    try {
      const limiters = createRateLimiters(RATE_LIMITS, redis);
      const perReplica = Object.entries(RATE_LIMITS).filter(([, policy]) => 'perReplica' in policy && policy.perReplica).map(([name]) => name);
      expect(perReplica.sort()).toEqual(['lists', 'search', 'suggestions']);
      for (const name of ['search', 'suggestions', 'lists'] as const) expect(limiters[name].client).toBeInstanceOf(RateLimiterMemory);
      expect(limiters['sign-in'].client).toBeInstanceOf(RateLimiterRedis);
      expect(limiters['save-search'].user).toBeInstanceOf(RateLimiterRedis);
      expect(limiters.images.client).toBeInstanceOf(RateLimiterRedis);
    } finally {
      redis.redis.disconnect();
    }
  });

  it('limits searches and suggestions per client and saved searches per user, each with its own count', async () => {
    const interceptor = interceptorWith();
    const { search, suggestions, saveSearch } = routeHandlersOf(SearchController) as Record<'search' | 'suggestions' | 'saveSearch', Handler>;
    const visitor = { ip: '198.51.100.3' };
    for (let n = 0; n < RATE_LIMITS.search.client.max; n += 1) expect(await run(interceptor, contextFor(search, visitor, SearchController))).toBe('ok');
    expect(await run(interceptor, contextFor(search, visitor, SearchController))).toMatchObject({ code: 'RATE_LIMITED', message: RATE_LIMITS.search.message });
    // Suggestions follow typing: their own, larger budget, untouched by the searches above.
    expect(await run(interceptor, contextFor(suggestions, visitor, SearchController))).toBe('ok');
    expect(await run(interceptor, contextFor(search, { ip: '198.51.100.4' }, SearchController))).toBe('ok');
    const shopper = { ip: '198.51.100.5', user: { uid: 'u-searcher' } };
    for (let n = 0; n < RATE_LIMITS['save-search'].user.max; n += 1) expect(await run(interceptor, contextFor(saveSearch, shopper, SearchController))).toBe('ok');
    expect(await run(interceptor, contextFor(saveSearch, shopper, SearchController))).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
