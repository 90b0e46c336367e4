import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HTTP_SERVER_REQUEST_DURATION } from './metric-catalogue';
import type { ProcessMetrics } from './process-metrics';

/** Methods named as they are; any other is `_OTHER`, as the OpenTelemetry convention says (bounded label values). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/** What a request without a matched route (Fastify's 404, a refusal before routing) is labelled. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route template the request matched (`/api/products/:id`), never its URL: a label value
 * per URL would grow without bound. A request Fastify answered before routing has none.
 */
export function routeTemplate(request: Pick<FastifyRequest, 'routeOptions' | 'is404'>): string {
  const url = request.is404 ? undefined : request.routeOptions.url;
  return url ? url : UNMATCHED_ROUTE;
}

/** Times every request this Fastify instance answers, by method, route template and status. */
export function observeHttpRequests(fastify: FastifyInstance, metrics: ProcessMetrics): void {
  const duration = metrics.histogram(HTTP_SERVER_REQUEST_DURATION);
  fastify.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        http_request_method: KNOWN_METHODS.has(request.method) ? request.method : '_OTHER',
        http_route: routeTemplate(request),
        http_response_status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
