import Fastify from 'fastify';
import { observeHttpRequests, UNMATCHED_ROUTE } from './http-metrics';
import { HTTP_SERVER_REQUEST_DURATION } from './metric-catalogue';
import { ProcessMetrics } from './process-metrics';

describe('observeHttpRequests', () => {
  it('times each request by method, route template (never the URL) and status', async () => {
    const metrics = new ProcessMetrics();
    const fastify = Fastify();
    observeHttpRequests(fastify, metrics);
    fastify.get('/api/products/:id', async (request, reply) => reply.status((request.params as { id: string }).id === 'gone' ? 410 : 200).send({}));
    await fastify.inject({ method: 'GET', url: '/api/products/one?x=1' });
    await fastify.inject({ method: 'GET', url: '/api/products/two' });
    await fastify.inject({ method: 'GET', url: '/api/products/gone' });
    await fastify.inject({ method: 'POST', url: '/api/nothing-here/123' });
    await fastify.close();

    const counts = (await metrics.histogram(HTTP_SERVER_REQUEST_DURATION).get()).values
      .filter((value) => value.metricName === 'http_server_request_duration_seconds_count')
      .map(({ labels, value }) => [labels.http_request_method, labels.http_route, labels.http_response_status_code, value]);
    expect(counts).toEqual([
      ['GET', '/api/products/:id', 200, 2],
      ['GET', '/api/products/:id', 410, 1],
      ['POST', UNMATCHED_ROUTE, 404, 1],
    ]);
  });
});
