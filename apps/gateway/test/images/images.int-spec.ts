import { lookup } from 'node:dns/promises';
import { type ArgumentsHost, Catch, Controller, type ExceptionFilter, Get, Global, HttpException, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainError, isForbiddenAddress, METRICS, ProcessMetrics, SigningKeys } from '@closetly/server';
import { installLoopbackTripwire } from '@closetly/testing';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import { BetaTokenGuard } from '../../src/beta/beta-token.guard';
import { BetaTokenService } from '../../src/beta/beta-token.service';
import { GATEWAY_CONFIG } from '../../src/config';
import { ImageUrlSigner } from '../../src/images/image-url-signer';
import { ImagesModule, type ImagesModuleOptions } from '../../src/images/images.module';
import type { HostResolver, RefusalEvent } from '../../src/images/safe-fetch';
import { type ImageOrigin, type RecordingServer, startCanary, startImageOrigin } from './image-test-servers';

const SECRET = 'images-int-spec-secret-0123456789abcdefghij';
const STORED_ID = '0b7c6a52-4a8e-4f43-9d38-5c1f5b0f6a11';
const MISSING_ID = '9d0c3f0e-2b55-4c1e-8a6f-3e2d1c0b9a87';

/**
 * Stands in for the gateway's HttpErrorFilter until IMAGE_URL_UNSIGNED is in
 * API_ERROR_CODES (see the report): same body shape, same statuses.
 */
const STATUS_OF: Record<string, number> = { VALIDATION_FAILED: 400, IMAGE_URL_UNSIGNED: 403, BETA_TOKEN_REQUIRED: 403, BETA_TOKEN_INVALID: 403, FORBIDDEN: 403, NOT_FOUND: 404 };
@Catch()
class ErrorShapeFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const [status, code] =
      exception instanceof DomainError
        ? [STATUS_OF[exception.code] ?? 500, exception.code]
        : exception instanceof HttpException
          ? [exception.getStatus(), 'HTTP']
          : [500, 'INTERNAL'];
    const fields = exception instanceof DomainError && code === 'VALIDATION_FAILED' && exception.details ? { fields: exception.details } : {};
    void reply.status(status).header('cache-control', 'no-store').send({ error: { code, message: exception instanceof Error ? exception.message : 'failed', ...fields } });
  }
}

@Controller('api')
class GuardedController {
  @Get('guarded')
  guarded(): { ok: true } {
    return { ok: true };
  }
}

/** The process's metrics, as the platform provides them to every module. */
@Global()
@Module({ providers: [{ provide: METRICS, useValue: new ProcessMetrics() }], exports: [METRICS] })
class MetricsTestModule {}

/** ImagesModule in a bare Nest + Fastify app with the gateway's beta gate switched on. */
async function startApp(images: ImagesModuleOptions): Promise<NestFastifyApplication> {
  @Module({
    imports: [MetricsTestModule, ImagesModule.forRoot(images)],
    controllers: [GuardedController],
    providers: [
      { provide: GATEWAY_CONFIG, useValue: { betaTokenKeys: new SigningKeys(SECRET), BETA_TOKEN_TTL_DAYS: 90 } },
      BetaTokenService,
      { provide: APP_GUARD, useClass: BetaTokenGuard },
      { provide: APP_FILTER, useClass: ErrorShapeFilter },
    ],
  })
  class ImagesTestModule {}
  const app = await NestFactory.create<NestFastifyApplication>(ImagesTestModule, new FastifyAdapter(), { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** Names the tests use; `localhost` goes to the system resolver (/etc/hosts). Anything else is unknown: no DNS query leaves the box. */
const TEST_NAMES: Record<string, string[]> = {
  'canary.closetly.test': ['127.0.0.1'],
  'mixed.closetly.test': ['93.184.216.34', '127.0.0.1'],
  'metadata.closetly.test': ['169.254.169.254'],
};
const resolved: string[] = [];
const testResolver: HostResolver = async (host) => {
  resolved.push(host);
  if (host === 'localhost') return (await lookup('localhost', { all: true })).map((entry) => entry.address);
  const answer = TEST_NAMES[host];
  if (!answer) throw new Error(`ENOTFOUND ${host}`);
  return answer;
};

describe('image routes (ImagesModule on Nest + Fastify)', () => {
  let tripwire: ReturnType<typeof installLoopbackTripwire>;
  let origin: ImageOrigin;
  let canary: RecordingServer;
  let canary6: RecordingServer;
  let app: NestFastifyApplication;
  let signer: ImageUrlSigner;
  const refusals: RefusalEvent[] = [];
  const stored = new Map<string, Buffer>();

  const get = (path: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: path, headers: { accept: 'image/webp,*/*', ...headers } });
  const proxied = (url: string, width = 320) => signer.sign(url, width);
  const withParams = (signed: string, change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(signed.split('?')[1]);
    change(params);
    return `/api/proxy-image?${params.toString()}`;
  };
  const expectPlaceholder = async (response: Awaited<ReturnType<typeof get>>, status: number, reason: string, width = 320) => {
    expect({ status: response.statusCode, reason: response.headers['x-closetly-image-error'] }).toEqual({ status, reason });
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline; filename="placeholder.png"',
      'x-closetly-image': 'placeholder',
      'cache-control': 'public, max-age=300',
    });
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'png', width });
  };

  beforeAll(async () => {
    tripwire = installLoopbackTripwire();
    [origin, canary, canary6] = await Promise.all([startImageOrigin(), startCanary('127.0.0.1'), startCanary('::1')]);
    stored.set(STORED_ID, origin.png);
    app = await startApp({
      secret: SECRET,
      fetch: {
        // Exactly the origin (address and port) is let through; everything else meets the production policy.
        isForbiddenAddress: (address, port) => !(address === '127.0.0.1' && port === origin.port) && isForbiddenAddress(address),
        isAllowedPort: () => true, // local servers listen on high ports; the real port rule is tested below and in safe-fetch.spec.ts
        resolve: testResolver,
        maxBytes: 1024 * 1024,
        connectTimeoutMs: 800,
        totalTimeoutMs: 800,
        onRefused: (event) => refusals.push(event),
      },
      storedImageSource: { get: (id) => stored.get(id) },
    });
    signer = app.get(ImageUrlSigner);
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([origin?.close(), canary?.close(), canary6?.close()]);
    tripwire.restore();
  });
  beforeEach(() => {
    refusals.length = 0;
    resolved.length = 0;
  });
  afterEach(() => {
    // Nothing ever reached a canary or tried to leave the box.
    expect(tripwire.blocked).toEqual([]);
    expect([canary.connections, canary.requests.length, canary6.connections, canary6.requests.length]).toEqual([0, 0, 0, 0]);
  });

  describe('a real image', () => {
    it.each([
      ['image/avif,image/webp,image/apng,*/*;q=0.8', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['*/*', 'image/jpeg', 'jpeg'],
    ])('is resized and served for Accept %j as %s', async (accept, contentType, sharpFormat) => {
      const response = await get(proxied(origin.url('/photo.png')), { accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': contentType,
        'cache-control': 'public, max-age=86400, immutable',
        vary: 'Accept',
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers['x-closetly-image']).toBeUndefined();
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: sharpFormat, width: 320, height: 240 });
    });

    it.each([
      ['image/avif', 'inline; filename="image.avif"'],
      ['image/webp', 'inline; filename="image.webp"'],
      ['*/*', 'inline; filename="image.jpg"'],
    ])('is served for Accept %j with the fixed %s, whatever the upstream URL is called', async (accept, disposition) => {
      const response = await get(proxied(origin.url('/photo.png?name=%22evil%22.html&x=/../a.svg')), { accept });
      expect([response.statusCode, response.headers['content-disposition']]).toEqual([200, disposition]);
    });

    it('is never enlarged', async () => {
      const response = await get(proxied(origin.url('/photo.jpg'), 1080));
      expect(response.statusCode).toBe(200);
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });
    });

    it('is cached per URL, width and format: a repeat does not reach the origin', async () => {
      const url = origin.url('/photo.png?cached');
      expect((await get(proxied(url, 160))).statusCode).toBe(200);
      expect((await get(proxied(url, 160))).statusCode).toBe(200);
      expect(origin.hits('/photo.png?cached')).toBe(1);
      expect((await get(proxied(url, 160), { accept: 'image/avif' })).headers['content-type']).toBe('image/avif');
      expect(origin.hits('/photo.png?cached')).toBe(2);
      expect((await get(proxied(url, 480))).statusCode).toBe(200);
      expect(origin.hits('/photo.png?cached')).toBe(3);
      expect((await get(proxied(url, 160))).statusCode).toBe(200);
      expect(origin.hits('/photo.png?cached')).toBe(3);
    });

    it('is fetched once for concurrent requests', async () => {
      const path = proxied(origin.url('/photo.png?together'));
      const responses = await Promise.all([get(path), get(path), get(path)]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      expect(origin.hits('/photo.png?together')).toBe(1);
    });

    it('is fetched without any of the client headers', async () => {
      await get(proxied(origin.url('/photo.png?private')), {
        cookie: 'session=secret',
        authorization: 'Bearer secret',
        'x-beta-token': 'v1.secret',
        referer: 'https://closetly.example/wardrobe',
        'x-forwarded-for': '203.0.113.7',
        'user-agent': 'Browser/1.0',
      });
      const seen = origin.requests.find((request) => request.path === '/photo.png?private');
      expect(Object.keys(seen?.headers ?? {}).sort()).toEqual(['accept', 'accept-encoding', 'connection', 'host', 'user-agent']);
      expect(seen?.headers['user-agent']).toBe('ClosetlyImageProxy/1.0');
    });

    it('follows up to three redirects', async () => {
      const response = await get(proxied(origin.url('/hops/3')));
      expect(response.statusCode).toBe(200);
      expect(origin.hits('/hops/0')).toBe(1);
    });

    it('needs no beta token, while the beta gate guards other routes', async () => {
      expect((await get(proxied(origin.url('/photo.png')))).statusCode).toBe(200);
      const guarded = await get('/api/guarded');
      expect([guarded.statusCode, guarded.json<{ error: { code: string } }>().error.code]).toEqual([403, 'BETA_TOKEN_REQUIRED']);
    });
  });

  describe('signatures', () => {
    const unsigned = async (path: string, originPath: string) => {
      const response = await get(path);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('IMAGE_URL_UNSIGNED');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(origin.hits(originPath)).toBe(0);
    };

    it('refuses an unsigned URL with 403 and fetches nothing', async () => {
      await unsigned(`/api/proxy-image?url=${encodeURIComponent(origin.url('/photo.png?u1'))}&w=320`, '/photo.png?u1');
    });

    it('refuses a tampered signature', async () => {
      const path = withParams(proxied(origin.url('/photo.png?u2')), (params) => {
        const sig = params.get('sig') ?? '';
        params.set('sig', `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`);
      });
      await unsigned(path, '/photo.png?u2');
    });

    it('refuses a signature moved to another URL', async () => {
      const path = withParams(proxied(origin.url('/photo.png?u3-signed')), (params) => params.set('url', origin.url('/photo.png?u3')));
      await unsigned(path, '/photo.png?u3');
    });

    it('refuses a signature moved to another width', async () => {
      const path = withParams(proxied(origin.url('/photo.png?u4'), 320), (params) => params.set('w', '1080'));
      await unsigned(path, '/photo.png?u4');
    });

    it('refuses an unsigned SSRF attempt before looking at the address', async () => {
      await unsigned(`/api/proxy-image?url=${encodeURIComponent(canary.url('/'))}&w=320&sig=${'A'.repeat(43)}`, '/');
      expect(refusals).toEqual([]);
    });
  });

  describe('bad requests', () => {
    it.each([
      ['no parameters', () => '/api/proxy-image'],
      ['no width', () => withParams(proxied(origin.url('/photo.png')), (params) => params.delete('w'))],
      ['no URL', () => withParams(proxied(origin.url('/photo.png')), (params) => params.delete('url'))],
      ['a width outside the set', () => withParams(proxied(origin.url('/photo.png')), (params) => params.set('w', '500'))],
      ['a width that is not a number', () => withParams(proxied(origin.url('/photo.png')), (params) => params.set('w', '320px'))],
      ['a repeated URL', () => `${proxied(origin.url('/photo.png'))}&url=${encodeURIComponent(canary.url('/'))}`],
      ['a URL over 2048 characters', () => `/api/proxy-image?url=${encodeURIComponent(`https://shop.example/${'a'.repeat(2100)}`)}&w=320&sig=x`],
      ['a stored image id that is not a UUID', () => '/api/image/not-a-uuid'],
      ['a stored image width outside the set', () => `/api/image/${STORED_ID}?w=100`],
    ])('answers 400 for %s', async (_what, path) => {
      const response = await get(path());
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('SSRF: signed URLs to forbidden places are refused with 403 and the canary sees nothing', () => {
    it.each([
      ['the canary by address', () => `http://127.0.0.1:${canary.port}/`, 'url'],
      ['decimal 2130706433', () => `http://2130706433:${canary.port}/`, 'url'],
      ['hex 0x7f000001', () => `http://0x7f000001:${canary.port}/`, 'url'],
      ['octal 0177.0.0.1', () => `http://0177.0.0.1:${canary.port}/`, 'url'],
      ['short 127.1', () => `http://127.1:${canary.port}/`, 'url'],
      ['0.0.0.0', () => `http://0.0.0.0:${canary.port}/`, 'url'],
      ['IPv6 loopback [::1] (a canary listens there)', () => `http://[::1]:${canary6.port}/`, 'url'],
      ['IPv4-mapped [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${canary.port}/`, 'url'],
      ['NAT64 [64:ff9b::7f00:1]', () => `http://[64:ff9b::7f00:1]:${canary.port}/`, 'url'],
      ['localhost (a name resolving to 127.0.0.1)', () => `http://localhost:${canary.port}/`, 'lookup'],
      ['a test name resolving to 127.0.0.1', () => `http://canary.closetly.test:${canary.port}/`, 'lookup'],
      ['a name with one public and one loopback address', () => `http://mixed.closetly.test:${canary.port}/`, 'lookup'],
      ['the metadata service 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data', 'url'],
      ['the metadata service in hex', () => 'http://0xa9fea9fe/latest/meta-data', 'url'],
      ['a name resolving to the metadata service', () => 'http://metadata.closetly.test/latest/meta-data', 'lookup'],
      ['a private address', () => 'http://10.0.0.1/image.png', 'url'],
      ['a unique-local IPv6 address', () => 'http://[fd00::1]/image.png', 'url'],
      ['a redirect to the canary', () => origin.url(`/redirect?to=${encodeURIComponent(`http://127.0.0.1:${canary.port}/x`)}`), 'url'],
      ['a redirect to localhost', () => origin.url(`/redirect?to=${encodeURIComponent(`http://localhost:${canary.port}/x`)}`), 'lookup'],
      ['a redirect to the metadata service', () => origin.url(`/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data')}`), 'url'],
    ])('%s', async (_what, target, stage) => {
      const response = await get(proxied(target()));
      await expectPlaceholder(response, 403, 'forbidden-address');
      // Refused in the URL or lookup step: no socket was opened to the address.
      expect(refusals).toEqual([expect.objectContaining({ reason: 'FORBIDDEN_ADDRESS', stage })]);
    });

    it('refuses more than three redirects', async () => {
      await expectPlaceholder(await get(proxied(origin.url('/hops/4?over'))), 403, 'too-many-redirects');
      expect(origin.hits('/hops/1?over')).toBe(1);
      expect(origin.hits('/hops/0?over')).toBe(0);
    });

    it.each([
      ['another scheme', () => 'file:///etc/passwd', 'scheme-not-allowed'],
      ['credentials in the URL', () => `http://user:pass@127.0.0.1:${origin.port}/photo.png`, 'credentials-in-url'],
    ])('refuses a redirect to %s', async (_what, target, reason) => {
      // The signer only signs http(s) URLs; a redirect is the way to reach these.
      await expectPlaceholder(await get(proxied(origin.url(`/redirect?to=${encodeURIComponent(target())}`))), 403, reason);
    });
  });

  describe('upstream failures fall back to the placeholder with 404', () => {
    it.each([
      ['/svg', 'not-an-image'],
      ['/html', 'not-an-image'],
      ['/svg-as-png', 'not-decodable'],
      ['/type-smuggled', 'not-an-image'],
      ['/type-list', 'not-an-image'],
      ['/big-declared', 'too-large'],
      ['/big-chunked', 'too-large'],
      ['/slow-headers', 'timeout'],
      ['/status/503', 'upstream-status'],
      ['/truncated', 'network'],
    ])('%s → %s', async (path, reason) => {
      await expectPlaceholder(await get(proxied(origin.url(path), 480)), 404, reason, 480);
    });

    it('remembers a failure for a while instead of refetching', async () => {
      const path = proxied(origin.url('/status/500'));
      await expectPlaceholder(await get(path), 404, 'upstream-status');
      await expectPlaceholder(await get(path), 404, 'upstream-status');
      expect(origin.hits('/status/500')).toBe(1);
    });
  });

  describe('a client that asks for JSON gets a JSON error, never the placeholder', () => {
    const JSON_ACCEPT = { accept: 'application/json' };
    const errorOf = (response: Awaited<ReturnType<typeof get>>) => ({
      status: response.statusCode,
      type: response.headers['content-type'],
      body: response.json<{ error: { code: string; message: string; fields?: Record<string, string[]> } }>().error,
    });

    it.each(['/html?json', '/svg?json', '/svg-as-png?json', '/type-smuggled?json'])('answers 400 on url when %s is not an image', async (path) => {
      expect(errorOf(await get(proxied(origin.url(path)), JSON_ACCEPT))).toEqual({
        status: 400,
        type: expect.stringMatching(/^application\/json/),
        body: { code: 'VALIDATION_FAILED', message: 'The URL does not point to an image', fields: { url: ['The URL does not point to an image (JPEG, PNG, WebP, AVIF or GIF)'] } },
      });
    });

    it('prefers JSON only when it ranks above images: a browser image request still gets the placeholder, with Vary: Accept', async () => {
      const path = proxied(origin.url('/html?negotiated'));
      const forImg = await get(path, { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' });
      await expectPlaceholder(forImg, 404, 'not-an-image');
      expect(forImg.headers.vary).toBe('Accept');
      expect(errorOf(await get(path, { accept: 'application/json, image/*;q=0.5' })).status).toBe(400);
      expect(origin.hits('/html?negotiated')).toBe(1);
    });

    it('answers 403 for a URL the SSRF policy refuses, and the canary sees nothing', async () => {
      expect(errorOf(await get(proxied(`http://127.0.0.1:${canary.port}/json`), JSON_ACCEPT))).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: 'This image URL is not allowed' } });
    });

    it('answers 404 for an upstream that gave no image, and for a missing stored image', async () => {
      expect(errorOf(await get(proxied(origin.url('/status/503?json')), JSON_ACCEPT))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      expect(errorOf(await get(`/api/image/${MISSING_ID}`, JSON_ACCEPT))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Image not found' } });
    });

    it('still serves a real image to a client that asked for JSON', async () => {
      const response = await get(proxied(origin.url('/photo.png?json')), JSON_ACCEPT);
      expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'image/jpeg']);
    });
  });

  describe('stored images and the placeholder', () => {
    it('serves a stored image resized', async () => {
      const response = await get(`/api/image/${STORED_ID}?w=160`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['content-disposition']).toBe('inline; filename="image.webp"');
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160 });
    });

    it('answers a missing stored image with the placeholder and 404', async () => {
      await expectPlaceholder(await get(`/api/image/${MISSING_ID}`), 404, 'not-found', 1080);
    });

    it('serves the placeholder itself', async () => {
      const response = await get('/api/placeholder-image?w=768');
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({ 'content-type': 'image/png', 'content-disposition': 'inline; filename="placeholder.png"', 'x-closetly-image': 'placeholder' });
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 768, height: 960 });
    });
  });

  describe('with the production address policy and port rule', () => {
    let strict: NestFastifyApplication;
    beforeAll(async () => {
      strict = await startApp({ secret: SECRET, fetch: { resolve: testResolver, onRefused: (event) => refusals.push(event) } });
    });
    afterAll(() => strict?.close());
    const strictGet = (path: string) => strict.inject({ method: 'GET', url: path });

    it.each([
      ['the test origin (a high port on loopback)', () => origin.url('/photo.png?strict'), 'port-not-allowed'],
      ['a public name on a non-standard port', () => 'http://images.closetly.test:8080/a.png', 'port-not-allowed'],
      ['https on port 8443', () => 'https://images.closetly.test:8443/a.png', 'port-not-allowed'],
      ['http on the https port 443', () => 'http://images.closetly.test:443/a.png', 'port-not-allowed'],
      ['https on the http port 80', () => 'https://images.closetly.test:80/a.png', 'port-not-allowed'],
      ['localhost on the standard port', () => 'http://localhost/a.png', 'forbidden-address'],
      ['the metadata service on the standard port', () => 'http://169.254.169.254/latest/meta-data', 'forbidden-address'],
    ])('refuses %s', async (_what, target, reason) => {
      const response = await strictGet(signer.sign(target(), 320));
      expect([response.statusCode, response.headers['x-closetly-image-error']]).toEqual([403, reason]);
      expect(refusals.map((event) => event.stage).every((stage) => stage === 'url' || stage === 'lookup')).toBe(true);
      expect(origin.hits('/photo.png?strict')).toBe(0);
      if (reason === 'port-not-allowed') expect(resolved).toEqual([]);
    });

    it('has no stored images by default', async () => {
      expect((await strictGet(`/api/image/${STORED_ID}`)).statusCode).toBe(404);
    });
  });

  describe('with OUTBOUND_TEST_HOSTS mapping a shop host to the origin (production policy and port rule otherwise)', () => {
    let mapped: NestFastifyApplication;
    beforeAll(async () => {
      const testHosts = new Map([['shop.closetly.test', { address: '127.0.0.1', port: origin.port }]]);
      mapped = await startApp({ secret: SECRET, fetch: { testHosts, resolve: testResolver, onRefused: (event) => refusals.push(event) } });
    });
    afterAll(() => mapped?.close());
    const mappedGet = (url: string) => mapped.inject({ method: 'GET', url: signer.sign(url, 320), headers: { accept: 'image/webp' } });

    it('serves the mapped host from its local listener over plain HTTP, without a lookup, naming the host', async () => {
      const response = await mappedGet('https://shop.closetly.test/photo.png?mapped');
      expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'image/webp']);
      expect(origin.requests.find((request) => request.path === '/photo.png?mapped')?.headers.host).toBe('shop.closetly.test');
      expect(resolved).toEqual([]);
    });

    it('reaches loopback only through the mapping: the same listener by address, and a redirect to the canary, are refused', async () => {
      expect((await mappedGet(`http://127.0.0.1:${origin.port}/photo.png?direct`)).headers['x-closetly-image-error']).toBe('port-not-allowed');
      expect((await mappedGet('http://127.0.0.1/photo.png?direct')).headers['x-closetly-image-error']).toBe('forbidden-address');
      const redirect = await mappedGet(`https://shop.closetly.test/redirect?to=${encodeURIComponent('http://127.0.0.1/x.png')}`);
      expect([redirect.statusCode, redirect.headers['x-closetly-image-error']]).toEqual([403, 'forbidden-address']);
      expect(origin.hits('/photo.png?direct')).toBe(0);
    });

    it('refuses a smuggled media type from the mapped host too', async () => {
      expect((await mappedGet('https://shop.closetly.test/type-smuggled?mapped')).headers['x-closetly-image-error']).toBe('not-an-image');
    });
  });
});
