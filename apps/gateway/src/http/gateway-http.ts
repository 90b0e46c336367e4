import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { type ApiErrorBody, CORRELATION_ID_HEADER, ONE_CLICK_UNSUBSCRIBE_PATH } from '@closetly/contracts';
import { acceptCorrelationId, endSpan, isTraceparent, runWithContext, type Span, SpanKind, startSpan, traceparentOf } from '@closetly/server';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config';
import { ReadinessState } from '../health/readiness-state';
import { ListAnswerCache } from '../lists/list-answer-cache';
import { API_COMPRESSION, IMMUTABLE_CACHE_CONTROL } from './compression';
import { HASHED_ASSET_PREFIX, HashedAssets } from './hashed-assets';

/**
 * Browser features the product never uses, off for the page and anything it embeds. Helmet has no
 * option for this header, so it is written here. Only features Chromium knows: it logs a warning on
 * every page for any other (Web Bluetooth has no policy feature there; `bluetooth` was one).
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The SPA route whose URL carries a password-reset token (apps/web/src/app/router.tsx). */
const RESET_PASSWORD_PATH = '/reset-password';

/**
 * The path as the SPA's router will match it: decoded, trailing slashes dropped, case ignored
 * (react-router's default). A spelling the router accepts must get the reset page's headers too.
 */
export function spaRoutePath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Fastify refuses malformed encodings before any hook; keep the raw path otherwise.
  }
  return (decoded.replace(/\/+$/, '') || '/').toLowerCase();
}

/**
 * Security headers for every answer, from helmet. The SPA is built with no inline
 * script (vite emits module files; the service worker is registered from the bundle), so scripts
 * come only from this origin. Third-party sign-in opens a popup the provider sends back to our callback,
 * which hands the result to `window.opener`: same-origin-allow-popups keeps that opener.
 *
 * Helmet's headers are worked out once and written on each reply. (The Fastify plugin built a new
 * helmet for every request: 0.4 ms of the gateway's 2 ms of CPU per search; running the one built
 * helmet per request was still a tenth of a static file's cost.)
 */
function registerSecurityHeaders(app: NestFastifyApplication, config: GatewayConfig): void {
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Dialogs lock page scroll with a generated <style> element (react-remove-scroll): inline styles, never scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Over plain http (a developer's machine) there is nothing to upgrade to.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only a site served over https may pin browsers to https.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  // The headers are the same on every answer but one page's: worked out once here, not by running helmet per request.
  const everywhere = { ...headersSetBy(securityHeaders), 'permissions-policy': PERMISSIONS_POLICY };
  // The reset page's URL carries the token: no request it makes, and no link it follows, may send it on.
  const onResetPage = { ...everywhere, 'referrer-policy': 'no-referrer' };
  const everywhereList = Object.entries(everywhere);
  const onResetPageList = Object.entries(onResetPage);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    const headers = spaRoutePath(request.url) === RESET_PASSWORD_PATH ? onResetPageList : everywhereList;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * The headers a helmet middleware writes, read once from a stand-in response. Helmet's answer does not
 * depend on the request (no nonces; the CSP is fixed), which the HTTP hardening tests check on every kind of path.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let outcome: { error?: unknown } | undefined;
  middleware({} as Parameters<typeof middleware>[0], response as unknown as Parameters<typeof middleware>[1], (error?: unknown) => (outcome = { error }));
  // Helmet answers synchronously; were that to change, fail at start rather than send no headers.
  if (!outcome) throw new Error('helmet did not answer synchronously');
  if (outcome.error) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
  return headers;
}

/**
 * TRACE echoes the request (cookies and tokens included) back to whoever can read the answer: no
 * path answers it. A hook, not a route: the API's own catch-all route would take TRACE for /api paths.
 */
/** What a 405 must list (RFC 9110): every method some route of the gateway answers. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

function refuseTrace(app: NestFastifyApplication): void {
  const refusal: ApiErrorBody = { error: { code: 'METHOD_NOT_ALLOWED', message: 'TRACE is not allowed.' } };
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'TRACE') return done();
      void reply.status(405).header('allow', ALLOWED_METHODS).header('cache-control', 'no-store').send(refusal);
    });
}

/**
 * Fastify-level wiring of the gateway: security headers, correlation ids and access logs for
 * every request, TRACE refused, and the built SPA's files with cache headers. Errors raised
 * before routing (bad JSON, body too large, a body that is not JSON) reach HttpErrorFilter through Nest.
 */
/**
 * RFC 8058: a mail client unsubscribes with a form-encoded POST (`List-Unsubscribe=One-Click`) to the
 * digest's List-Unsubscribe address. That one route takes such a body (and needs nothing from it: the token
 * is in the query); every other route still answers a form body 415, as it does any body that is not JSON.
 */
function acceptOneClickUnsubscribeForms(app: NestFastifyApplication): void {
  app.getHttpAdapter().getInstance().addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (request, _body, done) => {
    if (request.url.split('?')[0] === ONE_CLICK_UNSUBSCRIBE_PATH) return done(null, {});
    done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined);
  });
}

const isPage = (contentType: unknown): boolean => typeof contentType === 'string' && contentType.startsWith('text/html');

export async function configureGatewayHttp(app: NestFastifyApplication, config: GatewayConfig, logger: Logger): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const access = logger.child({ context: 'http' });
  registerSecurityHeaders(app, config);
  refuseTrace(app);
  acceptOneClickUnsubscribeForms(app);

  // Each API request's span: the root of its trace (or a child of the caller's traceparent), named by its route once routed.
  const spans = new WeakMap<object, Span>();
  fastify.addHook('onRequest', (request, reply, done) => {
    // The web app sends JSON headers on every call (spec §7), bodiless DELETEs and GETs included;
    // a JSON content type with no body is not an error.
    const length = request.headers['content-length'];
    if ((length === '0' || (length === undefined && request.headers['transfer-encoding'] === undefined)) && request.headers['content-type']) {
      delete request.headers['content-type'];
    }
    const correlationId = acceptCorrelationId(request.headers[CORRELATION_ID_HEADER]);
    void reply.header(CORRELATION_ID_HEADER, correlationId);
    // A built file runs none of our code that logs: no context to carry.
    if (request.url.startsWith(HASHED_ASSET_PREFIX)) return done();
    if (!request.url.startsWith('/api/')) return runWithContext({ correlationId }, done);
    const incoming = request.headers.traceparent;
    const span = startSpan(request.method, SpanKind.SERVER, isTraceparent(incoming) ? incoming : undefined, {
      'http.request.method': request.method,
      'url.path': request.url.split('?')[0],
      'closetly.correlation_id': correlationId,
    });
    spans.set(request, span);
    const traceparent = traceparentOf(span);
    runWithContext({ correlationId, ...(traceparent && { traceparent }) }, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      const route = request.routeOptions.url;
      if (route) span.updateName(`${request.method} ${route}`);
      endSpan(span, reply.statusCode >= 500 ? `HTTP ${reply.statusCode}` : undefined, { 'http.route': route ?? '', 'http.response.status_code': reply.statusCode });
    }
    // A line per API call, page and failure. A file the page loads (script, style, image, font) sent as asked
    // gets none: a page view is a dozen of them, the line cost more than sending a cached file, and the
    // request histogram still counts them.
    if (span || reply.statusCode >= 400 || isPage(reply.getHeader('content-type'))) {
      access.info({ method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });
  new HashedAssets(config.WEB_DIST_DIR).register(fastify);
  app.get(ReadinessState).register(fastify);
  // Before compression registers: the cache keeps each list as the route answered it, and sends its own compressed copies.
  app.get(ListAnswerCache).register(fastify);
  // API answers compressed for clients that accept it (the Popular Items list is ~30 KB of JSON, on the
  // home page's LCP path); the build's pre-compressed assets are sent as they are (a reply with
  // Content-Encoding is never compressed again).
  await app.register(fastifyCompress, {
    global: true,
    threshold: API_COMPRESSION.thresholdBytes,
    encodings: API_COMPRESSION.encodings,
    brotliOptions: API_COMPRESSION.brotliOptions,
    zlibOptions: API_COMPRESSION.gzipOptions,
  });
  await app.register(fastifyStatic, {
    root: config.WEB_DIST_DIR,
    prefix: '/',
    wildcard: false, // only files that exist get routes; everything else falls to the SPA fallback
    index: false,
    // The build writes .br and .gz beside each text asset (apps/web/precompress.ts): sent to browsers that accept them.
    preCompressed: true,
    // On the reply, not its raw response: Fastify writes the reply's own headers (send's `max-age=0`) over raw ones.
    setHeaders: (reply, path) => {
      const hashedAsset = path.startsWith(join(config.WEB_DIST_DIR, 'assets'));
      void reply.header('cache-control', hashedAsset ? IMMUTABLE_CACHE_CONTROL : 'no-cache');
    },
  });
}
