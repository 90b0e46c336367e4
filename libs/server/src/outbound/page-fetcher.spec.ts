import type { IncomingHttpHeaders } from 'node:http';
import { virtualTime } from '@closetly/testing';
import { PageFetcher, type PageFetcherOptions, type PageRequestEvent, pageFetcherFromConfig, pageWatchUserAgent, retryAfterMs } from './page-fetcher';
import { type OutboundRequest, type OutboundResponse, OutboundFetchError, SafeHttpClient } from './safe-http-client';

interface Answer {
  status: number;
  headers?: IncomingHttpHeaders;
  body?: string | Buffer;
}
type Route = Answer | ((request: OutboundRequest) => Answer);

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const PRODUCT_PAGE = '<!doctype html><title>Relaxed Linen Shirt</title><h1>Relaxed Linen Shirt</h1>';
const ok = (body = PRODUCT_PAGE, headers: IncomingHttpHeaders = {}): Answer => ({ status: 200, headers: { ...HTML, ...headers }, body });
const robots = (text: string): Answer => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: text });
const ALLOW_ALL = robots('User-agent: *\nDisallow:\n');

/**
 * A web in memory behind the fetcher's client: each URL answers from its
 * list of routes in turn (the last one repeats). URL checks are the real
 * SafeHttpClient's; nothing here opens a socket.
 */
function fakeWeb(routes: Record<string, Route | Route[]>) {
  const urlChecks = new SafeHttpClient({ resolve: () => Promise.reject(new Error('no lookups in unit tests')) });
  const requests: OutboundRequest[] = [];
  const served = new Map<string, number>();
  const client = {
    checkUrl: (raw: string, base?: URL) => urlChecks.checkUrl(raw, base),
    fetch: async (request: OutboundRequest): Promise<OutboundResponse> => {
      requests.push(request);
      const entry = routes[request.url];
      if (entry === undefined) return { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('not found'), url: request.url, redirects: 0 };
      const list = Array.isArray(entry) ? entry : [entry];
      const index = served.get(request.url) ?? 0;
      served.set(request.url, index + 1);
      const route = list[Math.min(index, list.length - 1)] as Route;
      const answer = typeof route === 'function' ? route(request) : route;
      const head = { status: answer.status, headers: answer.headers ?? {}, url: request.url };
      request.inspect?.(head);
      return { ...head, body: Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body ?? ''), redirects: 0 };
    },
  };
  const pagesAsked = () => requests.filter((request) => !request.url.endsWith('/robots.txt')).map((request) => request.url);
  const robotsAsked = () => requests.filter((request) => request.url.endsWith('/robots.txt')).map((request) => request.url);
  return { client, requests, pagesAsked, robotsAsked };
}

function setUp(routes: Record<string, Route | Route[]>, options: Partial<PageFetcherOptions> = {}) {
  const time = virtualTime(Date.UTC(2026, 10, 27, 12));
  const start = time.now();
  const web = fakeWeb(routes);
  const sent: PageRequestEvent[] = [];
  const fetcher = new PageFetcher({
    mode: 'on',
    userAgent: pageWatchUserAgent('https://closetly.example'),
    now: time.now,
    sleep: (ms) => time.sleep(ms),
    client: web.client,
    onRequest: (event) => sent.push(event),
    ...options,
  });
  /** When each request was sent, in ms after the start of the test (virtual time). */
  const sentAt = (purpose?: PageRequestEvent['purpose']) => sent.filter((event) => purpose === undefined || event.purpose === purpose).map((event) => [event.url, event.at - start]);
  const read = (url: string, validators?: Parameters<PageFetcher['fetch']>[1]) => time.run(fetcher.fetch(url, validators));
  return { time, start, web, fetcher, sent, sentAt, read };
}

describe('PageFetcher (the page fetcher over a fake web, on virtual time)', () => {
  describe('a page', () => {
    it('is read with its validators and the time it was read', async () => {
      const { read, start } = setUp({
        'https://shop.test/robots.txt': ALLOW_ALL,
        'https://shop.test/p/1': ok(PRODUCT_PAGE, { etag: '"v1"', 'last-modified': 'Wed, 25 Nov 2026 10:00:00 GMT' }),
      });
      expect(await read('https://shop.test/p/1#reviews')).toEqual({
        kind: 'page',
        status: 200,
        body: PRODUCT_PAGE,
        finalUrl: 'https://shop.test/p/1',
        etag: '"v1"',
        lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT',
        fetchedAt: new Date(start + 2_000), // robots.txt took the host's first turn
      });
    });

    it('is asked for as HTML, redirects by hand', async () => {
      const { read, web } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': ok() });
      await read('https://shop.test/p/1');
      expect(web.requests.at(-1)).toMatchObject({ url: 'https://shop.test/p/1', redirect: 'manual', headers: { accept: 'text/html,application/xhtml+xml;q=0.9' } });
    });

    it('is decoded by the charset its answer or its <meta> names', async () => {
      const latin = Buffer.from('<title>Caf\xe9 cr\xe8me</title>', 'latin1');
      const { read } = setUp({
        'https://shop.test/robots.txt': ALLOW_ALL,
        'https://shop.test/declared': { status: 200, headers: { 'content-type': 'text/html; charset=windows-1252' }, body: latin },
        'https://shop.test/meta': { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.concat([Buffer.from('<meta charset="iso-8859-1">'), latin]) },
        'https://shop.test/utf8': { status: 200, headers: { 'content-type': 'text/html' }, body: 'Café crème' },
      });
      expect(await read('https://shop.test/declared')).toMatchObject({ body: '<title>Café crème</title>' });
      expect(await read('https://shop.test/meta')).toMatchObject({ body: '<meta charset="iso-8859-1"><title>Café crème</title>' });
      expect(await read('https://shop.test/utf8')).toMatchObject({ body: 'Café crème' });
    });

    it.each([
      ['an image', { 'content-type': 'image/png' }],
      ['JSON', { 'content-type': 'application/json' }],
      ['a smuggled second type', { 'content-type': 'text/html; charset=utf-8;image/png' }],
    ])('is unreadable (not-html) when it is %s', async (_what, headers) => {
      const { read } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/x': { status: 200, headers, body: 'x' } });
      expect(await read('https://shop.test/x')).toMatchObject({ kind: 'unreadable', reason: 'not-html' });
    });

    it.each([
      [404, 'http-status'],
      [410, 'http-status'],
      [403, 'http-status'],
      [204, 'http-status'],
    ])('answered %i is unreadable (%s) and not retried', async (status, reason) => {
      const { read, web } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/x': { status, headers: HTML, body: 'no' } });
      expect(await read('https://shop.test/x')).toMatchObject({ kind: 'unreadable', reason, status, detail: `answered ${status}` });
      expect(web.pagesAsked()).toEqual(['https://shop.test/x']);
    });
  });

  describe('PAGE_WATCH', () => {
    it('off reads nothing at all', async () => {
      const { read, web } = setUp({ 'https://shop.test/p/1': ok() }, { mode: 'off' });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'unreadable', reason: 'page-watch-off' });
      expect(web.requests).toEqual([]);
    });

    it('test-hosts reads a mapped host and refuses every other one before any lookup or request', async () => {
      const lookups: string[] = [];
      const sent: PageRequestEvent[] = [];
      const time = virtualTime();
      const fetcher = new PageFetcher({
        mode: 'test-hosts',
        userAgent: 'test',
        testHosts: new Map([['www.zara.com', { address: '127.0.0.5', port: 18199 }]]),
        network: { resolve: (host) => (lookups.push(host), Promise.reject(new Error('no lookups'))) },
        now: time.now,
        sleep: (ms) => time.sleep(ms),
        onRequest: (event) => sent.push(event),
      });
      for (const url of ['https://www.cos.com/p/1', 'https://zara.com/p/1', 'http://127.0.0.5/p/1', 'https://www.zara.com.evil.test/p/1']) {
        expect(await time.run(fetcher.fetch(url))).toMatchObject({ kind: 'unreadable', reason: 'not-a-test-host' });
      }
      expect([lookups, sent]).toEqual([[], []]);
    });

    it('comes from the config: mode by NODE_ENV, pace, queue, test hosts and a User-Agent naming Closetly and its about page', () => {
      const config = { NODE_ENV: 'test', PAGE_WATCH_PACE_MS: 3_000, PAGE_WATCH_QUEUE_LIMIT: 5, OUTBOUND_TEST_HOSTS: new Map(), PUBLIC_URL: 'https://closetly.example/' };
      expect(pageWatchUserAgent(config.PUBLIC_URL)).toBe('Closetly-PageWatch/1.0 (+https://closetly.example/about)');
      expect(pageFetcherFromConfig(config)).toBeInstanceOf(PageFetcher);
    });

    it('from a config that leaves PAGE_WATCH unset outside production, reads nothing', async () => {
      const fetcher = pageFetcherFromConfig({ NODE_ENV: 'test', PAGE_WATCH_PACE_MS: 2_000, PAGE_WATCH_QUEUE_LIMIT: 5, OUTBOUND_TEST_HOSTS: new Map(), PUBLIC_URL: 'http://localhost:8080' });
      expect(await fetcher.fetch('https://shop.test/p/1')).toMatchObject({ kind: 'unreadable', reason: 'page-watch-off' });
    });
  });

  describe('robots.txt', () => {
    const RULES = [
      'User-agent: *',
      'Disallow: /',
      '',
      'User-agent: Closetly-PageWatch',
      'Allow: /p/',
      'Disallow: /p/private',
      'Disallow: /cart',
    ].join('\n');

    it('is obeyed for our agent: a disallowed page is never asked for', async () => {
      const { read, web } = setUp({ 'https://shop.test/robots.txt': robots(RULES), 'https://shop.test/p/1': ok(), 'https://shop.test/p/private-sale': ok() });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'page' });
      expect(await read('https://shop.test/p/private-sale')).toEqual({
        kind: 'unreadable',
        reason: 'robots-disallowed',
        detail: 'robots.txt line 6 disallows /p/private-sale',
        finalUrl: 'https://shop.test/p/private-sale',
        fetchedAt: expect.any(Date),
      });
      expect(await read('https://shop.test/cart?add=1')).toMatchObject({ reason: 'robots-disallowed' });
      expect(web.pagesAsked()).toEqual(['https://shop.test/p/1']);
    });

    it('falls back to the * group when none names us', async () => {
      const { read, web } = setUp({ 'https://shop.test/robots.txt': robots('User-agent: *\nDisallow: /search\n'), 'https://shop.test/p/1': ok() });
      expect(await read('https://shop.test/search?q=shirt')).toMatchObject({ reason: 'robots-disallowed' });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'page' });
      expect(web.pagesAsked()).toEqual(['https://shop.test/p/1']);
    });

    it('is fetched once per origin and kept for 24 hours', async () => {
      const { read, web, time, start } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': ok(), 'https://shop.test/p/2': ok(), 'http://shop.test/p/3': ok() });
      await read('https://shop.test/p/1');
      await read('https://shop.test/p/2');
      expect(web.robotsAsked()).toEqual(['https://shop.test/robots.txt']);
      await read('http://shop.test/p/3'); // another origin (scheme), another file
      expect(web.robotsAsked()).toEqual(['https://shop.test/robots.txt', 'http://shop.test/robots.txt']);
      // The file came at the start; at 24 h less 1 ms it is still trusted.
      time.advance(start + 24 * 60 * 60 * 1000 - 1 - time.now());
      await read('https://shop.test/p/1');
      expect(web.robotsAsked()).toHaveLength(2);
      time.advance(1);
      await read('https://shop.test/p/1');
      expect(web.robotsAsked()).toEqual(['https://shop.test/robots.txt', 'http://shop.test/robots.txt', 'https://shop.test/robots.txt']);
    });

    it('is fetched once for pages asked together', async () => {
      const { time, fetcher, web } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': ok(), 'https://shop.test/p/2': ok() });
      await time.run(Promise.all([fetcher.fetch('https://shop.test/p/1'), fetcher.fetch('https://shop.test/p/2')]));
      expect(web.robotsAsked()).toHaveLength(1);
    });

    it('missing (4xx) allows everything', async () => {
      const { read } = setUp({ 'https://shop.test/robots.txt': { status: 404 }, 'https://shop.test/p/1': ok() });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'page' });
    });

    it.each([
      ['a 503', { status: 503 }],
      ['a 429', { status: 429 }],
    ])('unreachable (%s) closes the host for 10 minutes, then is asked again', async (_what, answer) => {
      const { read, web, time } = setUp({ 'https://shop.test/robots.txt': [answer, ALLOW_ALL], 'https://shop.test/p/1': ok() });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'unreadable', reason: 'robots-unreachable', detail: `robots.txt answered ${answer.status}` });
      time.advance(10 * 60 * 1000 - 1);
      expect(await read('https://shop.test/p/1')).toMatchObject({ reason: 'robots-unreachable' });
      time.advance(1);
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'page' });
      expect(web.robotsAsked()).toHaveLength(2);
    });

    it('unreachable (no answer) closes the host too', async () => {
      const { read } = setUp({
        'https://shop.test/robots.txt': () => {
          throw new OutboundFetchError('TIMEOUT', 'No complete page within 20000 ms');
        },
      });
      expect(await read('https://shop.test/p/1')).toMatchObject({ reason: 'robots-unreachable', detail: 'robots.txt: TIMEOUT' });
    });

    it('slows the host down to its Crawl-delay', async () => {
      const { read, sentAt } = setUp({ 'https://shop.test/robots.txt': robots('User-agent: *\nCrawl-delay: 5\n'), 'https://shop.test/p/1': ok(), 'https://shop.test/p/2': ok() });
      await read('https://shop.test/p/1');
      await read('https://shop.test/p/2');
      expect(sentAt()).toEqual([
        ['https://shop.test/robots.txt', 0],
        ['https://shop.test/p/1', 2_000],
        ['https://shop.test/p/2', 7_000],
      ]);
    });
  });

  describe('pace per host', () => {
    it('sends one request every 2 s to a host (robots.txt included), in order, while another host keeps its own pace', async () => {
      const routes: Record<string, Route> = { 'https://a.test/robots.txt': ALLOW_ALL, 'https://b.test/robots.txt': ALLOW_ALL };
      for (const page of ['https://a.test/1', 'https://a.test/2', 'https://a.test/3', 'https://b.test/1']) routes[page] = ok();
      const { time, fetcher, sentAt } = setUp(routes);
      const outcomes = await time.run(Promise.all(['https://a.test/1', 'https://a.test/2', 'https://a.test/3', 'https://b.test/1'].map((url) => fetcher.fetch(url))));
      expect(outcomes.map((outcome) => outcome.kind)).toEqual(['page', 'page', 'page', 'page']);
      expect(sentAt()).toEqual([
        ['https://a.test/robots.txt', 0],
        ['https://b.test/robots.txt', 0],
        ['https://a.test/1', 2_000],
        ['https://b.test/1', 2_000],
        ['https://a.test/2', 4_000],
        ['https://a.test/3', 6_000],
      ]);
    });

    it('takes another pace from its settings', async () => {
      const { time, fetcher, sentAt } = setUp({ 'https://a.test/robots.txt': ALLOW_ALL, 'https://a.test/1': ok(), 'https://a.test/2': ok() }, { paceMs: 10_000 });
      await time.run(Promise.all([fetcher.fetch('https://a.test/1'), fetcher.fetch('https://a.test/2')]));
      expect(sentAt('page')).toEqual([
        ['https://a.test/1', 10_000],
        ['https://a.test/2', 20_000],
      ]);
    });

    it('refuses a page at once when its host already has a full queue (queue-full), and reads it once there is room', async () => {
      const routes: Record<string, Route> = { 'https://a.test/robots.txt': ALLOW_ALL };
      for (let page = 1; page <= 4; page += 1) routes[`https://a.test/${page}`] = ok();
      const { time, fetcher, web } = setUp(routes, { queueLimit: 2 });
      const first = [fetcher.fetch('https://a.test/1'), fetcher.fetch('https://a.test/2')];
      // The robots.txt load takes the host's first turn; both pages wait behind it.
      await time.run(Promise.resolve());
      const refused = await fetcher.fetch('https://a.test/3');
      expect(refused).toMatchObject({ kind: 'unreadable', reason: 'queue-full', detail: '2 requests are already waiting for a.test' });
      expect((await time.run(Promise.all(first))).map((outcome) => outcome.kind)).toEqual(['page', 'page']);
      expect(await time.run(fetcher.fetch('https://a.test/4'))).toMatchObject({ kind: 'page' });
      expect(web.pagesAsked()).toEqual(['https://a.test/1', 'https://a.test/2', 'https://a.test/4']);
    });
  });

  describe('conditional requests', () => {
    it('sends the validators it is given and answers not-modified on a 304', async () => {
      const { read, web, start } = setUp({
        'https://shop.test/robots.txt': ALLOW_ALL,
        'https://shop.test/p/1': (request) =>
          request.headers?.['if-none-match'] === '"v1"' ? { status: 304, headers: { etag: '"v1"' } } : ok(PRODUCT_PAGE, { etag: '"v2"' }),
      });
      const validators = { etag: '"v1"', lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT' };
      expect(await read('https://shop.test/p/1', validators)).toEqual({ kind: 'not-modified', finalUrl: 'https://shop.test/p/1', ...validators, fetchedAt: new Date(start + 2_000) });
      expect(web.requests.at(-1)?.headers).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': 'Wed, 25 Nov 2026 10:00:00 GMT' });
      expect(await read('https://shop.test/p/1', { etag: '"v0"' })).toMatchObject({ kind: 'page', etag: '"v2"' });
    });

    it('sends no validators when it has none, and does not take a 304 for an answer then', async () => {
      const { read, web } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': { status: 304 } });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'unreadable', reason: 'http-status', status: 304 });
      expect(Object.keys(web.requests.at(-1)?.headers ?? {})).toEqual(['accept']);
    });
  });

  describe('retries', () => {
    it('waits as long as a 429 Retry-After says, then reads the page', async () => {
      const { read, sentAt } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': [{ status: 429, headers: { 'retry-after': '7' } }, ok()] });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'page' });
      expect(sentAt('page')).toEqual([
        ['https://shop.test/p/1', 2_000],
        ['https://shop.test/p/1', 9_000],
      ]);
    });

    it('reads a Retry-After date', async () => {
      const { read, sentAt, start } = setUp({
        'https://shop.test/robots.txt': ALLOW_ALL,
        'https://shop.test/p/1': [{ status: 503, headers: { 'retry-after': new Date(Date.UTC(2026, 10, 27, 12, 0, 30)).toUTCString() } }, ok()],
      });
      expect(start).toBe(Date.UTC(2026, 10, 27, 12));
      await read('https://shop.test/p/1');
      expect(sentAt('page').map(([, at]) => at)).toEqual([2_000, 30_000]);
    });

    it('backs off 2 s then 4 s on a 5xx without Retry-After, then gives up with when to ask again', async () => {
      const { read, sentAt, start } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': { status: 502, headers: HTML, body: 'Bad gateway' } });
      expect(await read('https://shop.test/p/1')).toMatchObject({
        kind: 'unreadable',
        reason: 'http-status',
        status: 502,
        detail: '502 after 3 tries',
        retryAfter: new Date(start + 8_000 + 8_000), // the third try, and the next backoff after it
      });
      expect(sentAt('page').map(([, at]) => at)).toEqual([2_000, 4_000, 8_000]);
    });

    it('does not wait for a Retry-After over a minute: rate-limited, with the time the host named', async () => {
      const { read, web, start } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': { status: 429, headers: { 'retry-after': '3600' } } });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'unreadable', reason: 'rate-limited', status: 429, retryAfter: new Date(start + 2_000 + 3_600_000) });
      expect(web.pagesAsked()).toHaveLength(1);
    });

    it('holds the whole host while it waits, not only the page that got the 429', async () => {
      const { time, fetcher, sentAt } = setUp({
        'https://shop.test/robots.txt': ALLOW_ALL,
        'https://shop.test/p/1': [{ status: 429, headers: { 'retry-after': '20' } }, ok()],
        'https://shop.test/p/2': ok(),
      });
      await time.run(Promise.all([fetcher.fetch('https://shop.test/p/1'), fetcher.fetch('https://shop.test/p/2')]));
      expect(sentAt('page')).toEqual([
        ['https://shop.test/p/1', 2_000],
        ['https://shop.test/p/2', 22_000],
        ['https://shop.test/p/1', 24_000],
      ]);
    });

    it('takes its bounds from the settings', async () => {
      const { read, web } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': { status: 500 } }, { maxRetries: 0 });
      expect(await read('https://shop.test/p/1')).toMatchObject({ reason: 'http-status', detail: '500 after 1 try' });
      expect(web.pagesAsked()).toHaveLength(1);
    });
  });

  describe('bot walls', () => {
    it('records a challenge on a 503 as unreadable and does not retry it', async () => {
      const { read, web } = setUp({
        'https://shop.test/robots.txt': ALLOW_ALL,
        'https://shop.test/p/1': { status: 503, headers: HTML, body: '<title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/x.js"></script>' },
      });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'unreadable', reason: 'bot-wall', status: 503, detail: 'cloudflare-challenge: <title>Just a moment...</title>' });
      expect(web.pagesAsked()).toHaveLength(1);
    });

    it.each([
      ['a captcha page served with 200', ok('<html><head><title>Are you a robot?</title></head><body><div class="g-recaptcha"></div></body></html>'), 'captcha'],
      ['a 403 with a challenge header', { status: 403, headers: { 'cf-mitigated': 'challenge' }, body: '' }, 'cloudflare-challenge'],
      ['a 403 from DataDome', { status: 403, headers: HTML, body: '<script src="https://ct.captcha-delivery.com/c.js"></script>' }, 'datadome'],
    ])('records %s', async (_what, answer, wall) => {
      const { read } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': answer });
      const outcome = await read('https://shop.test/p/1');
      expect(outcome).toMatchObject({ kind: 'unreadable', reason: 'bot-wall' });
      expect(outcome.kind === 'unreadable' && outcome.detail.startsWith(`${wall}:`)).toBe(true);
    });
  });

  describe('redirects', () => {
    it('follows them hop by hop, each under its own host’s robots.txt and pace', async () => {
      const { read, sentAt } = setUp({
        'https://shop.test/robots.txt': ALLOW_ALL,
        'https://shop.test/p/1': { status: 301, headers: { location: 'https://www.shop.test/p/1?ref=old' } },
        'https://www.shop.test/robots.txt': ALLOW_ALL,
        'https://www.shop.test/p/1?ref=old': ok(),
      });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'page', finalUrl: 'https://www.shop.test/p/1?ref=old' });
      expect(sentAt()).toEqual([
        ['https://shop.test/robots.txt', 0],
        ['https://shop.test/p/1', 2_000],
        ['https://www.shop.test/robots.txt', 2_000],
        ['https://www.shop.test/p/1?ref=old', 4_000],
      ]);
    });

    it('does not follow a redirect into a path robots.txt disallows', async () => {
      const { read, web } = setUp({
        'https://shop.test/robots.txt': robots('User-agent: *\nDisallow: /login\n'),
        'https://shop.test/p/1': { status: 302, headers: { location: '/login?next=/p/1' } },
      });
      expect(await read('https://shop.test/p/1')).toMatchObject({ reason: 'robots-disallowed', finalUrl: 'https://shop.test/login?next=/p/1' });
      expect(web.pagesAsked()).toEqual(['https://shop.test/p/1']);
    });

    // A private address is refused by SafeHttpClient when it connects: see the integration suite.
    it.each([
      ['another scheme', 'file:///etc/passwd', 'refused'],
      ['a URL with credentials', 'https://user:pw@shop.test/x', 'refused'],
    ])('refuses a redirect to %s before asking anything there', async (_what, location, reason) => {
      const { read, web } = setUp({ 'https://shop.test/robots.txt': ALLOW_ALL, 'https://shop.test/p/1': { status: 302, headers: { location } } });
      const outcome = await read('https://shop.test/p/1');
      expect(outcome).toMatchObject({ kind: 'unreadable', reason });
      expect(web.requests.map((request) => request.url)).toEqual(['https://shop.test/robots.txt', 'https://shop.test/p/1']);
    });

    it('gives up after 5 hops', async () => {
      const routes: Record<string, Route> = { 'https://shop.test/robots.txt': ALLOW_ALL };
      for (let hop = 0; hop < 10; hop += 1) routes[`https://shop.test/${hop}`] = { status: 302, headers: { location: `/${hop + 1}` } };
      const { read, web } = setUp(routes);
      expect(await read('https://shop.test/0')).toMatchObject({ kind: 'unreadable', reason: 'refused', detail: 'TOO_MANY_REDIRECTS: more than 5' });
      expect(web.pagesAsked()).toHaveLength(6);
    });
  });

  describe('what the client refused or failed', () => {
    it.each([
      [new OutboundFetchError('FORBIDDEN_ADDRESS', 'The connected address is forbidden', 'socket'), 'refused'],
      [new OutboundFetchError('TOO_LARGE', 'The page is over the 5242880 byte limit'), 'too-large'],
      [new OutboundFetchError('TIMEOUT', 'No complete page within 20000 ms'), 'timeout'],
      [new OutboundFetchError('NETWORK', 'Could not connect: ECONNREFUSED'), 'network'],
      [new OutboundFetchError('UNWANTED_ENCODING', 'Content encoding "br" was not asked for'), 'not-html'],
    ])('%s is unreadable (%s)', async (error, reason) => {
      const { read } = setUp({
        'https://shop.test/robots.txt': ALLOW_ALL,
        'https://shop.test/p/1': () => {
          throw error;
        },
      });
      expect(await read('https://shop.test/p/1')).toMatchObject({ kind: 'unreadable', reason });
    });

    it('lets a bug through rather than calling it unreadable', async () => {
      const { read } = setUp({
        'https://shop.test/robots.txt': ALLOW_ALL,
        'https://shop.test/p/1': () => {
          throw new TypeError('a bug');
        },
      });
      await expect(read('https://shop.test/p/1')).rejects.toThrow('a bug');
    });
  });
});

describe('retryAfterMs', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  it.each([
    ['120', 120_000],
    ['0', 0],
    [' 5 ', 5_000],
    ['Fri, 27 Nov 2026 12:01:00 GMT', 60_000],
    ['Fri, 27 Nov 2026 11:00:00 GMT', 0],
  ])('reads %j as %i ms', (value, ms) => {
    expect(retryAfterMs(value, now)).toBe(ms);
  });

  it.each([undefined, '', '-1', '1.5', 'soon', '2026-11-27'])('ignores %j', (value) => {
    expect(retryAfterMs(value, now)).toBeUndefined();
  });
});
