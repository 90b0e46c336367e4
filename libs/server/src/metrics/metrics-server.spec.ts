import { CACHE_LOOKUPS } from './metric-catalogue';
import { startMetricsServer } from './metrics-server';
import { ProcessMetrics } from './process-metrics';

describe('startMetricsServer', () => {
  it('serves GET /metrics in Prometheus’s text format on the port it was given (0: a free one), and nothing else', async () => {
    const metrics = new ProcessMetrics();
    metrics.counter(CACHE_LOOKUPS).inc({ cache: 'lists', result: 'miss' });
    const server = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0 });
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/metrics`);
      const scrape = await fetch(server.url);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(await scrape.text()).toContain('closetly_cache_lookups_total{cache="lists",result="miss"} 1');
      const other = await fetch(`http://127.0.0.1:${server.port}/health`);
      expect(other.status).toBe(404);
      await other.body?.cancel();
    } finally {
      await server.close();
    }
    await expect(fetch(server.url)).rejects.toThrow();
  });

  it('fails to start on a port already taken, rather than running without metrics', async () => {
    const first = await startMetricsServer(new ProcessMetrics(), { host: '127.0.0.1', port: 0 });
    try {
      await expect(startMetricsServer(new ProcessMetrics(), { host: '127.0.0.1', port: first.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
  });
});
