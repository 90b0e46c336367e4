import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { installLoopbackTripwire, pollUntil, virtualTime } from '@closetly/testing';
import { PageFetcher, type PageFetcherOptions, type PageRequestEvent, pageWatchUserAgent } from '../../src/outbound/page-fetcher';
import type { RefusalEvent } from '../../src/outbound/safe-http-client';

/** A local stand-in for a retailer (or a canary): records every connection and request; plain HTTP on one loopback address. */
interface LocalSite {
  address: string;
  port: number;
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  /** Requests whose path (with query) is `path`. */
  hits(path: string): number;
  connections: number;
  /** Responses the fetcher hung up on before they were complete. */
  cutOff: string[];
  close(): Promise<void>;
}

async function startSite(address: string, handler: (request: IncomingMessage, response: ServerResponse, site: LocalSite) => void): Promise<LocalSite> {
  const site: LocalSite = {
    address,
    port: 0,
    requests: [],
    hits: (path) => site.requests.filter((request) => request.path === path).length,
    connections: 0,
    cutOff: [],
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((request, response) => {
    site.requests.push({ path: request.url ?? '', headers: request.headers });
    response.once('close', () => {
      if (!response.writableFinished) site.cutOff.push(request.url ?? '');
    });
    handler(request, response, site);
  });
  server.on('connection', (_socket: Socket) => (site.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const bound = server.address();
  if (bound === null || typeof bound === 'string') throw new Error('no port');
  site.port = bound.port;
  site.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

const ROBOTS = ['User-agent: *', 'Disallow: /checkout', '', 'User-agent: Closetly-PageWatch', 'Disallow: /private', 'Allow: /'].join('\n');
const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body><h1>${name}</h1></body></html>`;
const CHALLENGE = '<!doctype html><html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>';
const MAX_BYTES = 256 * 1024;

/**
 * The retailer's routes:
 *   /robots.txt  /p/<n> (a product page; ETag and Last-Modified)  /private/<n>  /limited (429 with Retry-After: 3, then the page)
 *   /challenge (a 503 bot wall)  /redirect?to=<url>  /slow-headers (never answers)  /slow-body (half a page, then nothing)
 *   /big-declared (Content-Length over the limit)  /big-streamed (no length, streams past the limit)
 */
function shop(request: IncomingMessage, response: ServerResponse, site: LocalSite): void {
  const url = new URL(request.url ?? '/', 'http://shop.invalid');
  const [, first = '', second = ''] = url.pathname.split('/');
  switch (first) {
    case 'robots.txt':
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS);
    case 'p': {
      const etag = `"p${second}-v1"`;
      const lastModified = 'Wed, 25 Nov 2026 10:00:00 GMT';
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
      return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag, 'last-modified': lastModified }).end(page(`Product ${second}`));
    }
    case 'private':
      return void response.writeHead(200, { 'content-type': 'text/html' }).end(page('Private'));
    case 'limited':
      if (site.hits('/limited') === 1) return void response.writeHead(429, { 'retry-after': '3', 'content-type': 'text/plain' }).end('Too many requests');
      return void response.writeHead(200, { 'content-type': 'text/html' }).end(page('Limited'));
    case 'challenge':
      return void response.writeHead(503, { 'content-type': 'text/html; charset=utf-8' }).end(CHALLENGE);
    case 'redirect':
      return void response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    case 'slow-headers':
      return; // never answers; closing the server ends it
    case 'slow-body':
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': 10_000 });
      return void response.write('<!doctype html><title>Slow');
    case 'big-declared':
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': MAX_BYTES * 4 });
      return void response.write(Buffer.alloc(1024, 0x20));
    case 'big-streamed': {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      return pump();
    }
    default:
      return void response.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found'));
  }
}

describe('PageFetcher against local servers (OUTBOUND_TEST_HOSTS mapping, virtual time for the pace)', () => {
  let tripwire: ReturnType<typeof installLoopbackTripwire>;
  let zara: LocalSite;
  let cos: LocalSite;
  let canary: LocalSite;
  const lookups: string[] = [];
  const refusals: RefusalEvent[] = [];

  /** A fetcher in the given mode with both shops mapped; only test names resolve (to loopback, which the policy refuses). */
  const fetcherFor = (mode: PageFetcherOptions['mode'], options: Partial<PageFetcherOptions> = {}) => {
    const time = virtualTime();
    const sent: PageRequestEvent[] = [];
    const fetcher = new PageFetcher({
      mode,
      userAgent: pageWatchUserAgent('https://closetly.test/'),
      testHosts: new Map([
        ['www.zara.com', { address: zara.address, port: zara.port }],
        ['www.cos.com', { address: cos.address, port: cos.port }],
      ]),
      timeoutMs: 1_000,
      connectTimeoutMs: 1_000,
      maxBytes: MAX_BYTES,
      now: time.now,
      sleep: (ms) => time.sleep(ms),
      onRequest: (event) => sent.push(event),
      ...options,
      network: {
        resolve: (host) => {
          lookups.push(host);
          return host === 'internal.zara.test' ? Promise.resolve(['127.0.0.1']) : Promise.reject(new Error(`ENOTFOUND ${host}`));
        },
        onRefused: (event) => refusals.push(event),
        ...options.network,
      },
    });
    const read = (url: string, validators?: Parameters<PageFetcher['fetch']>[1]) => time.run(fetcher.fetch(url, validators));
    /** Virtual ms between the first request and each later one, per purpose. */
    const sentAt = (host: string, purpose: PageRequestEvent['purpose'] = 'page') => {
      const mine = sent.filter((event) => event.host === host && event.purpose === purpose);
      return mine.map((event): [string, number] => [new URL(event.url).pathname, event.at - (sent[0]?.at ?? 0)]);
    };
    return { time, fetcher, sent, read, sentAt };
  };

  beforeAll(async () => {
    tripwire = installLoopbackTripwire();
    [zara, cos, canary] = await Promise.all([startSite('127.0.0.5', shop), startSite('127.0.0.6', shop), startSite('127.0.0.1', (_request, response) => response.end('canary'))]);
  });
  afterAll(async () => {
    await Promise.all([zara?.close(), cos?.close(), canary?.close()]);
    tripwire.restore();
  });
  beforeEach(() => {
    lookups.length = 0;
    refusals.length = 0;
  });
  afterEach(() => {
    // Nothing left the machine, reached the canary or looked a name up but the test name that asks for it.
    expect(tripwire.blocked).toEqual([]);
    expect([canary.connections, canary.requests.length]).toEqual([0, 0]);
    expect(lookups.filter((host) => host !== 'internal.zara.test')).toEqual([]);
  });

  it('reads a mapped retailer page over plain HTTP, naming itself and sending no credentials', async () => {
    const { read } = fetcherFor('test-hosts');
    expect(await read('https://www.zara.com/p/1?intro')).toMatchObject({
      kind: 'page',
      status: 200,
      body: page('Product 1'),
      finalUrl: 'https://www.zara.com/p/1?intro',
      etag: '"p1-v1"',
      lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT',
    });
    const seen = zara.requests.find((request) => request.path === '/p/1?intro');
    expect(Object.keys(seen?.headers ?? {}).sort()).toEqual(['accept', 'accept-encoding', 'connection', 'host', 'user-agent']);
    expect(seen?.headers).toMatchObject({ host: 'www.zara.com', 'user-agent': 'Closetly-PageWatch/1.0 (+https://closetly.test/about)', 'accept-encoding': 'identity' });
  });

  it('honours robots.txt, read once per host', async () => {
    const { read } = fetcherFor('test-hosts');
    const robotsBefore = cos.hits('/robots.txt');
    expect(await read('https://www.cos.com/private/sale')).toMatchObject({ kind: 'unreadable', reason: 'robots-disallowed' });
    expect(await read('https://www.cos.com/p/2')).toMatchObject({ kind: 'page' });
    // The * group's Disallow is not ours: the page is asked for (and is not there).
    expect(await read('https://www.cos.com/checkout')).toMatchObject({ kind: 'unreadable', reason: 'http-status', status: 404 });
    expect(cos.hits('/checkout')).toBe(1);
    expect(cos.hits('/private/sale')).toBe(0);
    expect(cos.hits('/robots.txt') - robotsBefore).toBe(1);
  });

  it('keeps a pace per host: requests to one host 2 s apart in order, another host not held up', async () => {
    const { time, fetcher, sentAt } = fetcherFor('test-hosts');
    const firstZara = zara.requests.length;
    const outcomes = await time.run(
      Promise.all(['https://www.zara.com/p/11', 'https://www.zara.com/p/12', 'https://www.zara.com/p/13', 'https://www.cos.com/p/14'].map((url) => fetcher.fetch(url))),
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['page', 'page', 'page', 'page']);
    expect(sentAt('www.zara.com', 'robots')).toEqual([['/robots.txt', 0]]);
    expect(sentAt('www.zara.com')).toEqual([
      ['/p/11', 2_000],
      ['/p/12', 4_000],
      ['/p/13', 6_000],
    ]);
    expect(sentAt('www.cos.com')).toEqual([['/p/14', 2_000]]);
    // The shop saw them in that order.
    expect(zara.requests.slice(firstZara).map((request) => request.path)).toEqual(['/robots.txt', '/p/11', '/p/12', '/p/13']);
  });

  it('refuses a page at once when the host queue is full', async () => {
    const { time, fetcher, read } = fetcherFor('test-hosts', { queueLimit: 1 });
    await read('https://www.zara.com/p/20'); // robots.txt is known and the host's next turn is 2 s away
    const waiting = fetcher.fetch('https://www.zara.com/p/21');
    await new Promise((resolve) => setImmediate(resolve)); // it is in the queue now, asleep until its turn
    expect(await fetcher.fetch('https://www.zara.com/p/22')).toMatchObject({ kind: 'unreadable', reason: 'queue-full', detail: '1 requests are already waiting for www.zara.com' });
    expect(await time.run(waiting)).toMatchObject({ kind: 'page' });
    expect(await read('https://www.zara.com/p/23')).toMatchObject({ kind: 'page' });
    expect([zara.hits('/p/21'), zara.hits('/p/22'), zara.hits('/p/23')]).toEqual([1, 0, 1]);
  });

  it('asks conditionally and answers not-modified on a 304', async () => {
    const { read } = fetcherFor('test-hosts');
    const first = await read('https://www.zara.com/p/31');
    if (first.kind !== 'page') throw new Error(`expected a page, got ${first.kind}`);
    const again = await read('https://www.zara.com/p/31', { etag: first.etag, lastModified: first.lastModified });
    expect(again).toMatchObject({ kind: 'not-modified', finalUrl: 'https://www.zara.com/p/31', etag: '"p31-v1"' });
    expect(zara.requests.filter((request) => request.path === '/p/31').map((request) => request.headers['if-none-match'])).toEqual([undefined, '"p31-v1"']);
  });

  it('waits out a 429 Retry-After, then reads the page', async () => {
    const { read, sentAt } = fetcherFor('test-hosts');
    expect(await read('https://www.cos.com/limited')).toMatchObject({ kind: 'page', body: page('Limited') });
    const [[, first = 0] = [], [, second = 0] = []] = sentAt('www.cos.com');
    expect(second - first).toBe(3_000);
    expect(cos.hits('/limited')).toBe(2);
  });

  it('records a bot wall as unreadable, without asking again', async () => {
    const { read } = fetcherFor('test-hosts');
    expect(await read('https://www.zara.com/challenge')).toMatchObject({ kind: 'unreadable', reason: 'bot-wall', status: 503, detail: expect.stringMatching(/^cloudflare-challenge: /) });
    expect(zara.hits('/challenge')).toBe(1);
  });

  describe('a redirect to a private address is refused before anything connects there', () => {
    it.each([
      ['the canary by address', () => `http://127.0.0.1:${canary.port}/`, 'FORBIDDEN_ADDRESS', 'url'],
      ['the canary by a name that resolves to it', () => `http://internal.zara.test:${canary.port}/`, 'FORBIDDEN_ADDRESS', 'lookup'],
      ['the metadata service', () => 'http://169.254.169.254/latest/meta-data', 'FORBIDDEN_ADDRESS', 'url'],
      ['a private network', () => 'http://10.0.0.1/p/1', 'FORBIDDEN_ADDRESS', 'url'],
    ])('%s (PAGE_WATCH=on)', async (_what, target, reason, stage) => {
      // Any port, so the address check itself is what refuses (the port rule is the client's own suite's).
      const { read } = fetcherFor('on', { network: { isAllowedPort: () => true } });
      const path = `/redirect?to=${encodeURIComponent(target())}`;
      const outcome = await read(`https://www.zara.com${path}`);
      expect(outcome).toMatchObject({ kind: 'unreadable', reason: 'refused', detail: expect.stringMatching(new RegExp(`^${reason}: `)) });
      expect(refusals).toEqual([expect.objectContaining({ reason, stage })]);
      expect(zara.hits(path)).toBe(1);
    });

    it('and with PAGE_WATCH=test-hosts, anywhere the mapping does not name (no lookup)', async () => {
      const { read } = fetcherFor('test-hosts');
      const path = `/redirect?to=${encodeURIComponent('http://internal.zara.test/')}`;
      expect(await read(`https://www.zara.com${path}`)).toMatchObject({ kind: 'unreadable', reason: 'not-a-test-host' });
      expect(lookups).toEqual([]);
    });
  });

  it('follows a redirect within the mapped hosts', async () => {
    const { read } = fetcherFor('test-hosts');
    expect(await read(`https://www.zara.com/redirect?to=${encodeURIComponent('https://www.cos.com/p/41')}`)).toMatchObject({ kind: 'page', finalUrl: 'https://www.cos.com/p/41' });
  });

  describe('limits', () => {
    it.each(['/slow-headers', '/slow-body'])('gives up on %s at the time limit', async (path) => {
      const { read } = fetcherFor('test-hosts', { maxRetries: 0 });
      expect(await read(`https://www.cos.com${path}`)).toMatchObject({ kind: 'unreadable', reason: 'timeout' });
    });

    it('refuses a page whose Content-Length is over the limit before reading it', async () => {
      const { read } = fetcherFor('test-hosts');
      expect(await read('https://www.cos.com/big-declared')).toMatchObject({ kind: 'unreadable', reason: 'too-large', detail: expect.stringMatching(/^Content-Length 1048576 is over/) });
    });

    it('hangs up on a page that streams past the limit', async () => {
      const { read } = fetcherFor('test-hosts');
      expect(await read('https://www.cos.com/big-streamed')).toMatchObject({ kind: 'unreadable', reason: 'too-large', detail: `The page is over the ${MAX_BYTES} byte limit` });
      await pollUntil(() => cos.cutOff, (cut) => cut.includes('/big-streamed'), { what: 'the shop to see the connection cut', timeoutMs: 5_000 });
    });
  });

  describe('PAGE_WATCH', () => {
    it('test-hosts treats every other page as unreadable without a lookup or a connection', async () => {
      const { read, sent } = fetcherFor('test-hosts');
      expect(await read('https://www.hm.com/p/1')).toMatchObject({ kind: 'unreadable', reason: 'not-a-test-host' });
      expect([lookups, sent]).toEqual([[], []]);
    });

    it('off reaches nothing, not even a mapped host', async () => {
      const { read } = fetcherFor('off');
      const before = zara.requests.length;
      expect(await read('https://www.zara.com/p/51')).toMatchObject({ kind: 'unreadable', reason: 'page-watch-off' });
      expect(zara.requests.length).toBe(before);
    });
  });
});
