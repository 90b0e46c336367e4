import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProcessMetrics } from './process-metrics';

/** The metrics listener of a process, and where it is bound (port 0 picks a free one). */
export interface MetricsServer {
  readonly host: string;
  readonly port: number;
  /** `http://host:port/metrics`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on a port of its own (METRICS_PORT), apart from the public one: the
 * gateway's port faces the internet, and a scrape must not go through its rate limits, beta gate
 * or access log. Plain node:http, so it answers while Nest starts and until the platform closes.
 */
export async function startMetricsServer(metrics: ProcessMetrics, address: { host: string; port: number }): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  // A scrape is one short request; a Prometheus that keeps its connection open must not hold the close.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const host = address.host === '0.0.0.0' || address.host === '::' ? '127.0.0.1' : address.host;
  return {
    host: bound.address,
    port: bound.port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
