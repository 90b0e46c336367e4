import { Inject, Injectable } from '@nestjs/common';
import { negotiate } from '@fastify/accept-negotiator';
import { BETA_TOKEN_HEADER, CORRELATION_ID_HEADER } from '@closetly/contracts';
import { CACHE_LOOKUPS, METRICS, type ProcessMetrics } from '@closetly/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { BetaTokenService } from '../beta/beta-token.service';
import { API_COMPRESSION, compressBrotli, compressGzip } from '../http/compression';
import { RATE_LIMITERS, type RateLimiters } from '../rate-limit/rate-limiters';
import { consume, countersFor, RATE_LIMIT, type RateLimitName } from '../rate-limit/rate-limit.interceptor';
import { ListsController } from './lists.controller';

/**
 * How long a browsing list's answer is sent again as it was. The catalogue keeps each list until a change
 * moves it; this adds at most a second to how long a change takes to show, and spares every request in that
 * second the route's work (the RPC, the answer's validation, signing each product's image address, JSON).
 */
export const LIST_ANSWER_TTL_MS = 1_000;
/** The browsing lists (ListsController): the same answer for everyone, whoever signed in. Recommendations are per user and never cached here. */
export const CACHED_LIST_ROUTES: ReadonlySet<string> = new Set(['/api/popular-items', '/api/products/category/:category', '/api/new-arrivals/:brand']);
/**
 * The administrator's writes that change lists at once (hide, edit, gender, resolve a contest: the catalogue
 * applies them before it answers). After one succeeds this gateway drops every kept answer, so whoever made
 * it sees it on their next read; another gateway replica may still send a kept list for up to a second.
 * Saves change the lists too, but later (the catalogue applies them from events), so they need no drop.
 */
/** The routes' own policy (ListsController's @RateLimit), so a kept answer is counted exactly as the route counts. */
const LISTS_POLICY = Reflect.getMetadata(RATE_LIMIT, ListsController) as RateLimitName;
const LIST_CHANGING_WRITES = /^\/api\/(products|admin)\//;

interface CachedAnswer {
  headers: Record<string, string>;
  body: Buffer;
  /** Made on the first request that accepts each. */
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The browsing lists' answers, kept for LIST_ANSWER_TTL_MS by URL. A request for a kept answer is sent it
 * from the first hook, after the same beta check and the same `lists` rate limit the route applies; any
 * other request (a miss, a missing or bad token, a spent limit) goes through the route as always, so every
 * refusal keeps its status and message. An answer is kept only when the route answered it 200.
 */
@Injectable()
export class ListAnswerCache {
  private readonly answers = new LRUCache<string, CachedAnswer>({ max: 500, ttl: LIST_ANSWER_TTL_MS, ttlAutopurge: false });
  private readonly lookups;

  constructor(
    private readonly betaTokens: BetaTokenService,
    @Inject(RATE_LIMITERS) private readonly limiters: RateLimiters<RateLimitName>,
    @Inject(METRICS) metrics: ProcessMetrics,
  ) {
    this.lookups = metrics.counter(CACHE_LOOKUPS);
  }

  /** Registers the hooks: answer from the cache first; keep what the route answered; drop all after a list-changing write. Call before @fastify/compress registers. */
  register(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !CACHED_LIST_ROUTES.has(request.routeOptions.url ?? '')) return;
      const answer = this.answers.get(request.url);
      this.lookups.inc({ cache: 'gateway-list-answers', result: answer ? 'hit' : 'miss' });
      if (!answer || !(await this.mayAnswer(request))) return;
      return this.send(request, reply, answer);
    });
    fastify.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || !CACHED_LIST_ROUTES.has(request.routeOptions.url ?? '')) return payload;
      if (!this.answers.has(request.url)) this.answers.set(request.url, { headers: keptHeaders(reply), body: Buffer.from(payload) });
      return payload;
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && LIST_CHANGING_WRITES.test(request.routeOptions.url ?? '')) this.answers.clear();
      done();
    });
  }

  /** What the route checks before it answers: a valid beta token and the client's `lists` allowance (counted here as there). */
  private async mayAnswer(request: FastifyRequest): Promise<boolean> {
    if (this.betaTokens.verdictOn(request.headers[BETA_TOKEN_HEADER]) !== 'valid') return false;
    // A refusal goes through the route, which refuses it in full (429, its message, Retry-After, the metric).
    return consume(countersFor(this.limiters, LISTS_POLICY, request), '', () => undefined).then(
      () => true,
      () => false,
    );
  }

  private send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
    void reply.headers(answer.headers);
    if (answer.body.length < API_COMPRESSION.thresholdBytes) return reply.send(answer.body);
    void reply.header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = typeof accepted === 'string' ? negotiate(accepted, API_COMPRESSION.encodings) : undefined;
    if (encoding === 'br') {
      answer.br ??= compressBrotli(answer.body);
      return reply.header('content-encoding', 'br').send(answer.br);
    }
    if (encoding === 'gzip') {
      answer.gzip ??= compressGzip(answer.body);
      return reply.header('content-encoding', 'gzip').send(answer.gzip);
    }
    return reply.send(answer.body);
  }
}

/**
 * The route's own headers (its content type, cache policy): not the per-request ones, nor those the
 * compression decides, nor those every answer gets from the first hooks (on the raw response).
 */
function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  const everyAnswers = reply.raw.getHeaders();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_REQUEST_HEADERS.has(name) || name in everyAnswers) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return kept;
}

const PER_REQUEST_HEADERS = new Set([CORRELATION_ID_HEADER, 'content-length', 'content-encoding', 'vary', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
