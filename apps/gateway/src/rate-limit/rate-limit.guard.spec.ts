import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, MemoryCache } from '@closetly/server';
import { RATE_LIMITS, RateLimit, RateLimitGuard, TOO_MANY_ATTEMPTS } from './rate-limit.guard';

class Routes {
  @RateLimit('sign-in')
  signIn() {}

  unlimited() {}
}

const contextFor = (handler: () => void, ip: string, body: unknown) =>
  ({
    getType: () => 'http',
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => ({ ip, body }) }),
  }) as unknown as ExecutionContext;

describe('RateLimitGuard', () => {
  const routes = new Routes();

  it('lets requests through up to the per-account limit, then refuses with 429 and a retry time', async () => {
    const guard = new RateLimitGuard(new Reflector(), new MemoryCache());
    const max = RATE_LIMITS['sign-in'].account.max;
    for (let i = 0; i < max; i += 1) expect(await guard.canActivate(contextFor(routes.signIn, `10.0.0.${i}`, { email: 'Ada@Example.com' }))).toBe(true);
    const refused = await guard.canActivate(contextFor(routes.signIn, '10.0.1.1', { email: ' ada@example.com ' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS });
    expect((refused as DomainError).details).toEqual({ retryAfterSeconds: expect.any(Number) });
  });

  it('limits per client address across accounts', async () => {
    const guard = new RateLimitGuard(new Reflector(), new MemoryCache());
    const max = RATE_LIMITS['sign-in'].client.max;
    for (let i = 0; i < max; i += 1) await guard.canActivate(contextFor(routes.signIn, '192.0.2.7', { email: `user${i}@example.com` }));
    await expect(guard.canActivate(contextFor(routes.signIn, '192.0.2.7', { email: 'fresh@example.com' }))).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(await guard.canActivate(contextFor(routes.signIn, '192.0.2.8', { email: 'fresh@example.com' }))).toBe(true);
  });

  it('leaves routes without a limit alone', async () => {
    const guard = new RateLimitGuard(new Reflector(), new MemoryCache());
    for (let i = 0; i < 100; i += 1) expect(await guard.canActivate(contextFor(routes.unlimited, '192.0.2.9', {}))).toBe(true);
  });
});
