import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { RUNTIME_MODES, type RunningProduct, type RuntimeMode, type StartedProduct, startEmbeddedProduct } from '@closetly/all-in-one/testing';
import { type MetricSample, pollUntil, samplesOf, scrapeMetrics } from '@closetly/testing';
import { type Answer, Client } from './support/http-client';

/** The proxy this product trusts (TRUSTED_PROXIES): only its X-Forwarded-For names the client. */
const TRUSTED_PROXY = '127.1.200.1';
const PUBLIC_URL = 'https://closetly.test';
const WEB_DIST = join(__dirname, '..', '..', 'web', 'dist');

type ErrorBody = { error: { code: string; message: string } };
const errorOf = (answer: Answer) => (answer.body as ErrorBody).error;

/** The CSP's directives by name. */
function cspOf(answer: Answer): Map<string, string[]> {
  const header = String(answer.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** A hashed script of the built SPA, as index.html names it. */
function builtScript(): string {
  const match = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(WEB_DIST, 'index.html'), 'utf8'));
  if (!match?.[1]) throw new Error('build the SPA first: npx vite build --config apps/web/vite.config.ts');
  return match[1];
}

/** A GET whose body is kept as bytes, as sent (no decoding). */
function getRaw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe.each(RUNTIME_MODES)('HTTP hardening through the gateway ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let product: RunningProduct;
  let betaToken: string;
  const clients: Client[] = [];
  const client = (address?: string) => {
    const made = new Client(product.baseUrl, address);
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    // A sweep every second, so the metrics test sees one without waiting the first sweep's 30 s.
    started = await mode.start({ PUBLIC_URL, TRUSTED_PROXIES: TRUSTED_PROXY, RETENTION_SWEEP_INTERVAL_MS: '1000' });
    product = started.product;
    betaToken = await product.betaToken();
  }, 180_000);

  afterAll(async () => {
    for (const made of clients) made.close();
    await started?.stop();
  });

  /** Twelve listed products (a multi-brand supported shop lists at once), so Popular Items is a few KB of JSON. */
  let popularPath: Promise<string> | undefined;
  const listWithProducts = () =>
    (popularPath ??= (async () => {
      const post = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
        const response = await fetch(`${product.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-beta-token': betaToken, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        return (await response.json()) as T;
      };
      const email = `compress-${Math.random().toString(36).slice(2)}@example.com`;
      const { accessToken } = await post<{ accessToken: string }>('/api/auth/signup', { firstName: 'Zip', lastName: 'Per', email, password: 'Compr3ss!Pass', gender: 'other' });
      // Only confirmed accounts list what they save.
      await product.confirmEmail(email);
      for (let n = 0; n < 12; n += 1) {
        const data = { name: `Compressible Linen Shirt ${n}`, brand: 'Toteme', price: 100 + n, description: 'A relaxed linen shirt. '.repeat(8), sourceUrl: `https://www.nordstrom.com/s/item/${Math.floor(Math.random() * 1e9)}` };
        await post('/api/save', { data }, accessToken);
      }
      const path = '/api/popular-items?category=all';
      await pollUntil(
        async () => ((await (await fetch(`${product.baseUrl}${path}`, { headers: { 'x-beta-token': betaToken } })).json()) as unknown[]).length,
        (count) => count >= 12,
        { what: 'twelve popular items' },
      );
      return path;
    })());

  describe('security headers', () => {
    const pages = () => [
      ['the home page', '/'],
      ['a deep SPA route', '/my-wardrobe'],
      ['an unknown path (the SPA fallback)', '/no/such/page'],
      ['a static file', '/favicon.svg'],
      ['a built script', builtScript()],
    ];

    it.each(pages())('sends the CSP and the other headers on %s', async (_what, path) => {
      const answer = await client().send(path);
      expect(answer.status).toBe(200);
      const csp = cspOf(answer);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
      expect(answer.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'strict-transport-security': expect.stringMatching(/^max-age=\d{7,}; includeSubDomains$/),
      });
      // Every feature off, and only features Chromium knows (an unknown one is a console warning on every page).
      expect(answer.headers['permissions-policy']).toBe(
        'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), ' +
          'payment=(), publickey-credentials-get=(), serial=(), usb=(), xr-spatial-tracking=()',
      );
    });

    it.each([['/reset-password?token=abc'], ['/reset-password/?token=abc'], ['/Reset-Password?token=abc'], ['/%72eset-password?token=abc']])(
      'sends no referrer at all from the password-reset page (%s), whose URL carries the token',
      async (path) => {
        const answer = await client().send(path);
        expect(answer.status).toBe(200);
        expect(answer.headers['referrer-policy']).toBe('no-referrer');
        expect(cspOf(answer).get('script-src')).toEqual(["'self'"]);
      },
    );

    it.each([
      ['brotli-compressed', 'br, gzip, deflate', 'br', brotliDecompressSync],
      ['gzip-compressed', 'gzip, deflate', 'gzip', gunzipSync],
      ['as built', 'identity', undefined, (bytes: Buffer) => bytes],
    ] as const)('sends a built script %s to a client that accepts %s (the built bytes once decoded), cached for a year', async (_what, accept, encoding, decode) => {
      const path = builtScript();
      const answer = await getRaw(`${product.baseUrl}${path}`, { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(answer.body).equals(readFileSync(join(WEB_DIST, path)))).toBe(true);
      if (encoding) expect(answer.body.length).toBeLessThan(readFileSync(join(WEB_DIST, path)).length / 2);
    });

    it.each([
      ['brotli-compressed', 'br, gzip, deflate', 'br', brotliDecompressSync],
      ['gzip-compressed', 'gzip, deflate', 'gzip', gunzipSync],
      ['plain', 'identity', undefined, (bytes: Buffer) => bytes],
    ] as const)('sends a large JSON answer %s to a client that accepts %s', async (_what, accept, encoding, decode) => {
      const popular = await listWithProducts();
      const answer = await getRaw(`${product.baseUrl}${popular}`, { 'accept-encoding': accept, 'x-beta-token': betaToken });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      if (encoding) expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      const body = decode(answer.body);
      expect((JSON.parse(body.toString()) as unknown[]).length).toBeGreaterThanOrEqual(12);
      if (encoding) expect(answer.body.length).toBeLessThan(body.length / 2);
      // Under a kilobyte (an unknown call's 404) is not worth compressing.
      const small = await getRaw(`${product.baseUrl}/api/no-such-call`, { 'accept-encoding': accept, 'x-beta-token': betaToken });
      expect(small.status).toBe(404);
      expect(small.headers['content-encoding']).toBeUndefined();
    });

    it('sends nosniff and the referrer policy on API answers too', async () => {
      const answer = await client().send('/api/verify-beta', { method: 'POST', body: { code: 'not-a-code' } });
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
    });
  });

  describe('methods and media types', () => {
    it.each([['/'], ['/api/save'], ['/api/verify-beta'], ['/no/such/path']])('answers TRACE %s with 405 and the JSON error', async (path) => {
      const answer = await client().send(path, { method: 'TRACE', headers: { 'x-beta-token': betaToken } });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toMatch(/^GET, HEAD, POST/);
      expect(answer.headers.allow).not.toMatch(/TRACE/);
      expect(errorOf(answer).code).toBe('METHOD_NOT_ALLOWED');
    });

    it.each([
      ['text/plain', 'code=closetly-beta'],
      ['text/plain; charset=utf-8', '{"code":"closetly-beta"}'],
      ['application/x-www-form-urlencoded', 'code=closetly-beta'],
      ['multipart/form-data; boundary=x', '--x--'],
    ])('answers a %s body to a JSON route with 415 and a clear JSON error', async (contentType, rawBody) => {
      const answer = await client().send('/api/verify-beta', { method: 'POST', rawBody, headers: { 'content-type': contentType } });
      expect(answer.status).toBe(415);
      expect(errorOf(answer)).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('application/json') });
    });
  });

  describe('rate limits (production numbers; each test its own client addresses)', () => {
    const beta = () => ({ 'x-beta-token': betaToken });
    const retryAfterOf = (answer: Answer) => Number(answer.headers['retry-after']);
    /** `count` calls, a few at a time (the limits count per window, not per moment). */
    async function repeat(count: number, call: () => Promise<Answer>): Promise<number[]> {
      const statuses: number[] = [];
      for (let sent = 0; sent < count; sent += 8) {
        const batch = await Promise.all(Array.from({ length: Math.min(8, count - sent) }, call));
        statuses.push(...batch.map((answer) => answer.status));
      }
      return statuses;
    }
    const unsignedImage = (from: Client, headers: Record<string, string> = {}) =>
      from.send(`/api/proxy-image?url=${encodeURIComponent('https://images.example.com/shirt.jpg')}&w=320&sig=not-signed`, { headers });
    async function signUp(): Promise<string> {
      const answer = await client().send('/api/auth/signup', {
        method: 'POST',
        headers: beta(),
        body: { firstName: 'Rate', lastName: 'Limited', email: `rate-${Math.random().toString(36).slice(2)}@example.com`, password: 'Passw0rd!' },
      });
      expect(answer.status).toBe(201);
      return (answer.body as { accessToken: string }).accessToken;
    }
    const save = (from: Client, accessToken: string, data: unknown) =>
      from.send('/api/save', { method: 'POST', headers: { ...beta(), authorization: `Bearer ${accessToken}` }, body: { data } });
    const sock = () => ({ name: `Sock ${Math.random().toString(36).slice(2)}`, brand: 'Pairs', price: 5 });

    it('answers the 601st image request of a minute from one client with 429, Retry-After and the JSON error, on every image route', async () => {
      const one = client();
      // Unsigned URLs are refused (403) after they are counted: cheap calls that still spend the limit.
      expect(new Set(await repeat(600, () => unsignedImage(one)))).toEqual(new Set([403]));
      const over = await unsignedImage(one);
      expect(over.status).toBe(429);
      expect(errorOf(over)).toEqual({ code: 'RATE_LIMITED', message: 'Too many image requests. Please wait a minute and try again.' });
      expect(retryAfterOf(over)).toBeGreaterThan(0);
      expect(retryAfterOf(over)).toBeLessThanOrEqual(60);
      expect((await one.send('/api/image/00000000-0000-4000-8000-000000000000?w=320')).status).toBe(429);
      expect((await one.send('/api/placeholder-image?w=160')).status).toBe(429);
      // Another client is not limited by it.
      expect((await unsignedImage(client())).status).toBe(403);
    });

    it('takes the client address from X-Forwarded-For only when a trusted proxy sends it', async () => {
      const one = client();
      await repeat(600, () => unsignedImage(one));
      // A client writing the header itself is still itself: no fresh bucket.
      expect((await unsignedImage(one, { 'x-forwarded-for': '203.0.113.77' })).status).toBe(429);
      // The trusted proxy's word is taken: the client it names is limited, another is not.
      const proxy = client(TRUSTED_PROXY);
      expect((await unsignedImage(proxy, { 'x-forwarded-for': one.address })).status).toBe(429);
      expect((await unsignedImage(proxy, { 'x-forwarded-for': '203.0.113.78' })).status).toBe(403);
    });

    it('limits saves per user (the 61st of a minute) and per client across users (the 301st), with 429 and Retry-After', async () => {
      const shared = client();
      const [first, ...others] = await Promise.all(Array.from({ length: 6 }, signUp));
      if (!first) throw new Error('no users');
      // Malformed saves (400) are counted before the body is checked: cheap calls that still spend the limits.
      expect(new Set(await repeat(60, () => save(shared, first, {})))).toEqual(new Set([400]));
      const overUser = await save(client(), first, sock());
      expect(overUser.status).toBe(429);
      expect(errorOf(overUser)).toEqual({ code: 'RATE_LIMITED', message: 'Too many saves at once. Please wait a minute and try again.' });
      expect(retryAfterOf(overUser)).toBeGreaterThan(0);
      expect(retryAfterOf(overUser)).toBeLessThanOrEqual(60);

      // 60 from the first user, then 60 + 60 + 60 + 60 from four more: the shared client's 300th call is the last one it gets.
      const [second, third, fourth, fifth, sixth] = others;
      for (const user of [second, third, fourth, fifth]) expect(new Set(await repeat(60, () => save(shared, user ?? '', {})))).toEqual(new Set([400]));
      const overClient = await save(shared, sixth ?? '', sock());
      expect(overClient.status).toBe(429);
      expect(errorOf(overClient).code).toBe('RATE_LIMITED');
      expect(retryAfterOf(overClient)).toBeGreaterThan(0);
      // The sixth user has saved nothing: from another client the save goes through.
      expect((await save(client(), sixth ?? '', sock())).status).toBe(200);
    });

    it('answers the 4th forgot-password request for one address within the hour with 429, from whichever client', async () => {
      const email = `forgetful-${Math.random().toString(36).slice(2)}@example.com`;
      const forgot = (address: string) => client().send('/api/auth/forgot-password', { method: 'POST', headers: beta(), body: { email: address } });
      for (let i = 0; i < 3; i += 1) expect((await forgot(email)).status).toBe(202);
      const over = await forgot(`  ${email.toUpperCase()} `);
      expect(over.status).toBe(429);
      expect(errorOf(over).code).toBe('RATE_LIMITED');
      expect(retryAfterOf(over)).toBeGreaterThan(0);
      expect(retryAfterOf(over)).toBeLessThanOrEqual(3600);
      expect((await forgot(`other-${email}`)).status).toBe(202);
    });
  });

  describe('metrics (issue 24: every process on a port of its own)', () => {
    /** The process that runs a part of the product: one process embedded, its own distributed. */
    const processOf = (name: string) => (mode.name === 'embedded' ? 'closetly' : name);
    const sum = (samples: readonly MetricSample[]) => samples.reduce((total, sample) => total + sample.value, 0);

    it('serves each process’s series on its metrics port, not the public one, and they moved with a journey of saves, lists, searches and refusals', async () => {
      // The journey: sign-up and confirmation mail, twelve saves through every consumer, the popular list; a search; a refused fourth reset mail.
      const popular = await listWithProducts();
      expect((await client().send(popular, { headers: { 'x-beta-token': betaToken } })).status).toBe(200);
      expect((await client().send('/api/search?q=linen', { headers: { 'x-beta-token': betaToken } })).status).toBe(200);
      const email = `metrics-${Math.random().toString(36).slice(2)}@example.com`;
      const forgot = () => client().send('/api/auth/forgot-password', { method: 'POST', headers: { 'x-beta-token': betaToken }, body: { email } });
      for (let i = 0; i < 3; i += 1) await forgot();
      expect((await forgot()).status).toBe(429);

      const expected = mode.name === 'embedded' ? ['closetly'] : ['gateway', 'identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention', 'pages'];
      expect([...started.metricsUrls.keys()].sort()).toEqual([...expected].sort());
      for (const url of started.metricsUrls.values()) expect(new URL(url).port).not.toBe(new URL(product.baseUrl).port);
      // The public port has no /metrics of its own (whatever answers there, it is no exposition).
      expect(await (await fetch(`${product.baseUrl}/metrics`)).text()).not.toContain('# TYPE');

      // The sweep runs every second; metrics are read live, so wait for the first one.
      const scrape = async (name: string) => (await scrapeMetrics(started.metricsUrls.get(processOf(name)) ?? '')).samples;
      await pollUntil(async () => sum(samplesOf(await scrape('retention'), 'closetly_retention_sweep_duration_seconds_count', { outcome: 'ok' })), (sweeps) => sweeps > 0, { what: 'a retention sweep in the metrics' });
      // Catalogue consumes the saves after they are answered: wait for its inbox to have them.
      await pollUntil(async () => sum(samplesOf(await scrape('catalogue'), 'messaging_client_consumed_messages_total', { messaging_destination_name: 'wardrobe.item-saved.v1' })), (events) => events >= 12, { what: 'the saves consumed by the catalogue' });

      const scrapes = new Map<string, { text: string; samples: MetricSample[] }>();
      for (const [name, url] of started.metricsUrls) scrapes.set(name, await scrapeMetrics(url));
      /** The samples of a series in the process that runs `part`, whose labels include `labels`. */
      const of = (part: string, name: string, labels: Record<string, string> = {}) => samplesOf(scrapes.get(processOf(part))?.samples ?? [], name, labels);

      for (const [name, { samples }] of scrapes) {
        // Node's runtime metrics, and HTTP timing (the launcher's readiness probes, the API) in every process.
        expect({ name, cpu: sum(samplesOf(samples, 'process_cpu_seconds_total')) > 0 }).toEqual({ name, cpu: true });
        expect({ name, lag: samplesOf(samples, 'nodejs_eventloop_lag_seconds').length }).toEqual({ name, lag: 1 });
        expect({ name, http: sum(samplesOf(samples, 'http_server_request_duration_seconds_count')) > 0 }).toEqual({ name, http: true });
      }
      const moved: Array<[string, string, Record<string, string>]> = [
        ['gateway', 'http_server_request_duration_seconds_count', { http_request_method: 'POST', http_route: '/api/save', http_response_status_code: '200' }],
        ['gateway', 'closetly_rate_limit_rejections_total', { policy: 'forgot-password', scope: 'account' }],
        ['gateway', 'closetly_cache_lookups_total', { cache: 'gateway-session-liveness' }],
        ['identity', 'rpc_server_call_duration_seconds_count', { rpc_method: 'identity.sign-up', rpc_response_status_code: 'OK' }],
        ['wardrobe', 'rpc_server_call_duration_seconds_count', { rpc_method: 'wardrobe.save', rpc_response_status_code: 'OK' }],
        ['wardrobe', 'messaging_client_sent_messages_total', { messaging_destination_name: 'wardrobe.item-saved.v1' }],
        ['catalogue', 'messaging_process_duration_seconds_count', { messaging_destination_name: 'wardrobe.item-saved.v1', outcome: 'ok' }],
        ['catalogue', 'closetly_cache_lookups_total', { cache: 'catalogue-lists' }],
        ['search', 'rpc_server_call_duration_seconds_count', { rpc_method: 'search.search', rpc_response_status_code: 'OK' }],
        ['search', 'messaging_process_duration_seconds_count', { messaging_destination_name: 'catalogue.product-upserted.v1', outcome: 'ok' }],
        ['profile', 'messaging_process_duration_seconds_count', { messaging_destination_name: 'identity.account-registered.v1', outcome: 'ok' }],
        ['pages', 'messaging_process_duration_seconds_count', { messaging_destination_name: 'wardrobe.item-saved.v1', outcome: 'ok' }],
        ['retention', 'closetly_retention_sweep_duration_seconds_count', { outcome: 'ok' }],
      ];
      for (const [part, name, labels] of moved) expect({ part, name, labels, moved: sum(of(part, name, labels)) > 0 }).toEqual({ part, name, labels, moved: true });

      const present: Array<[string, string, Record<string, string>]> = [
        ['wardrobe', 'closetly_outbox_pending_events', { outbox: 'wardrobe' }],
        ['wardrobe', 'closetly_outbox_oldest_pending_age_seconds', { outbox: 'wardrobe' }],
        ['wardrobe', 'closetly_outbox_publish_failures_total', { outbox: 'wardrobe' }],
        ['catalogue', 'closetly_outbox_pending_events', { outbox: 'catalogue' }],
        ['catalogue', 'closetly_event_consumer_lag', { messaging_destination_name: 'wardrobe.item-saved.v1' }],
        ['identity', 'closetly_mail_queue_depth', {}],
        ['identity', 'closetly_mail_failures_total', { kind: 'gave_up' }],
        ['retention', 'closetly_retention_swept_products_total', {}],
      ];
      for (const [part, name, labels] of present) expect({ part, name, labels, present: of(part, name, labels).length > 0 }).toEqual({ part, name, labels, present: true });
      // Dead letters: declared by every consumer, with no sample until one happens.
      expect(scrapes.get(processOf('catalogue'))?.text).toContain('# TYPE closetly_event_dead_letters_total counter');
    }, 90_000);
  });
});

describe('HSTS on a product served over plain http (embedded mode)', () => {
  let product: RunningProduct;
  let plain: Client;

  beforeAll(async () => {
    product = await startEmbeddedProduct({ PUBLIC_URL: 'http://localhost:8080' });
    plain = new Client(product.baseUrl);
  }, 180_000);

  afterAll(async () => {
    plain?.close();
    await product?.stop();
  });

  it('sends no Strict-Transport-Security and no upgrade-insecure-requests when PUBLIC_URL is http', async () => {
    const answer = await plain.send('/');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(cspOf(answer).has('upgrade-insecure-requests')).toBe(false);
  });
});
