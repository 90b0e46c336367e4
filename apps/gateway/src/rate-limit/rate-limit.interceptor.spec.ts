import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, MemoryCache } from '@closetly/server';
import { lastValueFrom, of, throwError } from 'rxjs';
import { RATE_LIMITS, RateLimit, RateLimitInterceptor, TOO_MANY_ATTEMPTS } from './rate-limit.interceptor';

class Routes {
  @RateLimit('sign-in')
  signIn() {}

  @RateLimit('sign-up')
  signUp() {}

  unlimited() {}
}

const routes = new Routes();
const contextFor = (handler: () => void, ip: string, body: unknown) =>
  ({
    getType: () => 'http',
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => ({ ip, body }) }),
  }) as unknown as ExecutionContext;
const succeeds: CallHandler = { handle: () => of('ok') };
const wrongPassword: CallHandler = { handle: () => throwError(() => new DomainError('INVALID_CREDENTIALS', 'Invalid email or password')) };
const run = (interceptor: RateLimitInterceptor, context: ExecutionContext, handler: CallHandler) =>
  lastValueFrom(interceptor.intercept(context, handler)).then(
    (value) => value,
    (error: unknown) => error,
  );

describe('RateLimitInterceptor', () => {
  it('counts failed sign-ins per account and refuses the next one with 429 and a retry time', async () => {
    const interceptor = new RateLimitInterceptor(new Reflector(), new MemoryCache());
    const max = RATE_LIMITS['sign-in'].account.max;
    for (let i = 0; i < max; i += 1) {
      expect(await run(interceptor, contextFor(routes.signIn, `10.0.0.${i}`, { email: 'Ada@Example.com' }), wrongPassword)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const refused = await run(interceptor, contextFor(routes.signIn, '10.0.1.1', { email: ' ada@example.com ' }), succeeds);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS });
    expect((refused as DomainError).details).toEqual({ retryAfterSeconds: expect.any(Number) });
  });

  it('does not count successful sign-ins', async () => {
    const interceptor = new RateLimitInterceptor(new Reflector(), new MemoryCache());
    for (let i = 0; i < RATE_LIMITS['sign-in'].account.max * 2; i += 1) {
      expect(await run(interceptor, contextFor(routes.signIn, '10.0.2.1', { email: 'ada@example.com' }), succeeds)).toBe('ok');
    }
  });

  it('counts every sign-up attempt per client address, across accounts', async () => {
    const interceptor = new RateLimitInterceptor(new Reflector(), new MemoryCache());
    const max = RATE_LIMITS['sign-up'].client.max;
    for (let i = 0; i < max; i += 1) expect(await run(interceptor, contextFor(routes.signUp, '192.0.2.7', { email: `user${i}@example.com` }), succeeds)).toBe('ok');
    expect(await run(interceptor, contextFor(routes.signUp, '192.0.2.7', { email: 'fresh@example.com' }), succeeds)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await run(interceptor, contextFor(routes.signUp, '192.0.2.8', { email: 'fresh@example.com' }), succeeds)).toBe('ok');
  });

  it('scales every limit by RATE_LIMIT_MULTIPLIER', async () => {
    const interceptor = new RateLimitInterceptor(new Reflector(), new MemoryCache(), { RATE_LIMIT_MULTIPLIER: 3 });
    const max = RATE_LIMITS['sign-up'].client.max * 3;
    for (let i = 0; i < max; i += 1) expect(await run(interceptor, contextFor(routes.signUp, '192.0.2.10', { email: `u${i}@example.com` }), succeeds)).toBe('ok');
    expect(await run(interceptor, contextFor(routes.signUp, '192.0.2.10', { email: 'more@example.com' }), succeeds)).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('leaves routes without a limit alone', async () => {
    const interceptor = new RateLimitInterceptor(new Reflector(), new MemoryCache());
    for (let i = 0; i < 100; i += 1) expect(await run(interceptor, contextFor(routes.unlimited, '192.0.2.9', {}), succeeds)).toBe('ok');
  });
});
