import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { ProcessMetrics } from '@closetly/server';
import { mockOf } from '@closetly/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { BetaTokenService } from '../beta/beta-token.service';
import type { RateLimiters } from '../rate-limit/rate-limiters';
import type { RateLimitName } from '../rate-limit/rate-limit.interceptor';
import { LIST_ANSWER_TTL_MS, ListAnswerCache } from './list-answer-cache';

const GOOD_TOKEN = 'good-token';
const LIMIT = 4;

/**
 * A gateway in miniature: the cache's hooks, compression as the gateway sets it up, and list routes that
 * check the beta token and the `lists` limit themselves, as the real ones do through the guard and interceptor.
 */
async function gateway() {
  const tokens = mockOf(BetaTokenService);
  tokens.verdictOn.mockImplementation((header) => (header === undefined ? 'missing' : header === GOOD_TOKEN ? 'valid' : 'invalid'));
  const lists = new RateLimiterMemory({ points: LIMIT, duration: 60 });
  const limiters = { lists: { client: lists } } as unknown as RateLimiters<RateLimitName>;
  const cache = new ListAnswerCache(tokens, limiters, new ProcessMetrics());
  const app: FastifyInstance = Fastify();
  cache.register(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const answered: string[] = [];
  let version = 1;
  const products = () => Array.from({ length: 40 }, (_, n) => ({ id: `p${n}`, name: `Linen Shirt ${n}`, version }));
  const route = (path: string, status = 200) =>
    app.get(path, async (request, reply) => {
      answered.push(request.url);
      if (request.headers['x-beta-token'] !== GOOD_TOKEN) return reply.status(403).send({ error: { code: 'BETA_TOKEN_INVALID' } });
      try {
        await lists.consume(request.ip);
      } catch {
        return reply.status(429).send({ error: { code: 'RATE_LIMITED' } });
      }
      return reply.status(status).header('cache-control', 'private, max-age=30').send(products());
    });
  route('/api/popular-items');
  route('/api/products/category/:category');
  route('/api/recommended-items');
  route('/api/new-arrivals/:brand', 404);
  app.put('/api/products/:id/hidden', async (request, reply) => reply.status(request.headers['x-beta-token'] === GOOD_TOKEN ? 200 : 403).send({ hidden: true }));
  app.post('/api/save', async () => ({ saved: true }));
  await app.ready();
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { 'x-beta-token': GOOD_TOKEN, ...headers } });
  return { app, get, answered, bump: () => (version += 1) };
}

describe('ListAnswerCache', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('sends a list the route answered again as it was, route headers and all, for a second; then asks the route again', async () => {
    const made = await gateway();
    app = made.app;
    const first = await made.get('/api/popular-items?category=all', { 'accept-encoding': 'identity' });
    made.bump();
    const second = await made.get('/api/popular-items?category=all', { 'accept-encoding': 'identity' });
    expect(made.answered).toEqual(['/api/popular-items?category=all']);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe('private, max-age=30');
    expect(second.headers['vary']).toBe('accept-encoding');

    // Another URL is another answer.
    await made.get('/api/popular-items?category=accessories');
    expect(made.answered).toHaveLength(2);

    await new Promise((resolve) => setTimeout(resolve, LIST_ANSWER_TTL_MS + 50));
    const later = await made.get('/api/popular-items?category=all', { 'accept-encoding': 'identity' });
    expect(made.answered).toHaveLength(3);
    expect((later.json() as Array<{ version: number }>)[0]?.version).toBe(2);
  });

  it.each([
    ['br', 'br, gzip', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
    ['br', '*', brotliDecompressSync],
  ] as const)('sends the kept answer %s-compressed to a client that accepts %s', async (encoding, accepted, decode) => {
    const made = await gateway();
    app = made.app;
    const plain = await made.get('/api/products/category/tops', { 'accept-encoding': 'identity' });
    const compressed = await made.get('/api/products/category/tops', { 'accept-encoding': accepted });
    expect(made.answered).toHaveLength(1);
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('lets the route refuse a missing or bad beta token, even for a kept answer', async () => {
    const made = await gateway();
    app = made.app;
    await made.get('/api/popular-items');
    expect((await made.get('/api/popular-items', { 'x-beta-token': 'forged' })).statusCode).toBe(403);
    expect((await app.inject('/api/popular-items')).statusCode).toBe(403);
    expect(made.answered).toHaveLength(3);
  });

  it('counts kept answers against the client’s lists limit, and lets the route refuse past it', async () => {
    const made = await gateway();
    app = made.app;
    const statuses: number[] = [];
    for (let n = 0; n < LIMIT + 2; n += 1) statuses.push((await made.get('/api/popular-items')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // The first reached the route; the next three were kept answers; the refusals are the route's.
    expect(made.answered).toHaveLength(3);
  });

  it('keeps neither an answer that is not 200 nor a route it does not cache (recommendations are per user)', async () => {
    const made = await gateway();
    app = made.app;
    await made.get('/api/new-arrivals/toteme');
    await made.get('/api/new-arrivals/toteme');
    await made.get('/api/recommended-items');
    await made.get('/api/recommended-items');
    expect(made.answered).toEqual(['/api/new-arrivals/toteme', '/api/new-arrivals/toteme', '/api/recommended-items', '/api/recommended-items']);
  });

  it('drops every kept answer after an administrator’s list-changing write succeeds through it, not after a refused one or a save', async () => {
    const made = await gateway();
    app = made.app;
    await made.get('/api/popular-items');
    await made.get('/api/products/category/tops');
    await app.inject({ method: 'POST', url: '/api/save', headers: { 'x-beta-token': GOOD_TOKEN } });
    await app.inject({ method: 'PUT', url: '/api/products/p1/hidden', headers: { 'x-beta-token': 'forged' } });
    await made.get('/api/popular-items');
    expect(made.answered).toHaveLength(2);

    await app.inject({ method: 'PUT', url: '/api/products/p1/hidden', headers: { 'x-beta-token': GOOD_TOKEN } });
    await made.get('/api/popular-items');
    await made.get('/api/products/category/tops');
    expect(made.answered).toEqual(['/api/popular-items', '/api/products/category/tops', '/api/popular-items', '/api/products/category/tops']);
  });
});
