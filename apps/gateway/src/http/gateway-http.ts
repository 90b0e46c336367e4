import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CORRELATION_ID_HEADER } from '@closetly/contracts';
import { acceptCorrelationId, runWithContext } from '@closetly/server';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config';

/**
 * Fastify-level wiring of the gateway: correlation ids and access logs for
 * every request, and the built SPA's files with cache headers. Errors raised
 * before routing (bad JSON, body too large) reach HttpErrorFilter through Nest.
 */
export async function configureGatewayHttp(app: NestFastifyApplication, config: GatewayConfig, logger: Logger): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const access = logger.child({ context: 'http' });

  fastify.addHook('onRequest', (request, reply, done) => {
    // The web app sends JSON headers on every call (spec §7), bodiless DELETEs and GETs included;
    // a JSON content type with no body is not an error.
    const length = request.headers['content-length'];
    if ((length === '0' || (length === undefined && request.headers['transfer-encoding'] === undefined)) && request.headers['content-type']) {
      delete request.headers['content-type'];
    }
    const correlationId = acceptCorrelationId(request.headers[CORRELATION_ID_HEADER]);
    void reply.header(CORRELATION_ID_HEADER, correlationId);
    runWithContext({ correlationId }, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    access.info({ method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });
  await app.register(fastifyStatic, {
    root: config.WEB_DIST_DIR,
    prefix: '/',
    wildcard: false, // only files that exist get routes; everything else falls to the SPA fallback
    index: false,
    setHeaders: (response, path) => {
      const hashedAsset = path.startsWith(join(config.WEB_DIST_DIR, 'assets'));
      response.raw.setHeader('cache-control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
