import { CACHE_LOOKUPS, exposedNames, HTTP_SERVER_REQUEST_DURATION, METRIC_CATALOGUE, OUTBOX_PENDING_EVENTS } from './metric-catalogue';
import { ProcessMetrics } from './process-metrics';

describe('ProcessMetrics', () => {
  it('keeps each process in a registry of its own: two instances never share a count', async () => {
    const first = new ProcessMetrics();
    const second = new ProcessMetrics();
    first.counter(CACHE_LOOKUPS).inc({ cache: 'lists', result: 'hit' });
    expect((await first.scrape()).body).toContain('closetly_cache_lookups_total{cache="lists",result="hit"} 1');
    expect((await second.scrape()).body).not.toContain('closetly_cache_lookups_total');
  });

  it('registers a series once, on first use, and hands out the same instrument after', () => {
    const metrics = new ProcessMetrics();
    expect(metrics.registry.getMetricsAsArray()).toHaveLength(0);
    expect(metrics.counter(CACHE_LOOKUPS)).toBe(metrics.counter(CACHE_LOOKUPS));
    expect(metrics.registry.getMetricsAsArray().map((metric) => metric.name)).toEqual(['closetly_cache_lookups_total']);
  });

  it('refuses a second, different definition under a known name', () => {
    const metrics = new ProcessMetrics();
    metrics.counter(CACHE_LOOKUPS);
    expect(() => metrics.counter({ ...CACHE_LOOKUPS })).toThrow('two definitions of the metric closetly_cache_lookups_total');
  });

  it('reads an observed gauge from every source at scrape time, and forgets a removed source', async () => {
    const metrics = new ProcessMetrics();
    let wardrobe = 3;
    metrics.observe(OUTBOX_PENDING_EVENTS, () => [{ labels: { outbox: 'wardrobe' }, value: wardrobe }]);
    const stopCatalogue = metrics.observe(OUTBOX_PENDING_EVENTS, async () => [{ labels: { outbox: 'catalogue' }, value: 7 }]);
    const first = (await metrics.scrape()).body;
    expect(first).toContain('closetly_outbox_pending_events{outbox="wardrobe"} 3');
    expect(first).toContain('closetly_outbox_pending_events{outbox="catalogue"} 7');
    wardrobe = 0;
    stopCatalogue();
    const body = (await metrics.scrape()).body;
    expect(body).toContain('closetly_outbox_pending_events{outbox="wardrobe"} 0');
    expect(body).not.toContain('outbox="catalogue"');
  });

  it('leaves out a source that fails or hangs, says so, and still answers the scrape with the others', async () => {
    const failures: string[] = [];
    const metrics = new ProcessMetrics({ sourceTimeoutMs: 50, onSourceError: (series, error) => failures.push(`${series}: ${(error as Error).message}`) });
    metrics.observe(OUTBOX_PENDING_EVENTS, () => Promise.reject(new Error('database gone')));
    metrics.observe(OUTBOX_PENDING_EVENTS, () => new Promise(() => undefined));
    metrics.observe(OUTBOX_PENDING_EVENTS, () => [{ labels: { outbox: 'profile' }, value: 1 }]);
    const body = (await metrics.scrape()).body;
    expect(body).toContain('closetly_outbox_pending_events{outbox="profile"} 1');
    expect(failures.sort()).toEqual(['closetly_outbox_pending_events: database gone', 'closetly_outbox_pending_events: no answer in 50 ms']);
  });

  it('adds Node’s default runtime metrics when asked', async () => {
    const body = (await new ProcessMetrics({ defaultMetrics: true }).scrape()).body;
    expect(body).toContain('process_cpu_seconds_total');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('exposes a histogram as its _bucket, _sum and _count series, as the catalogue says', async () => {
    const metrics = new ProcessMetrics();
    metrics.histogram(HTTP_SERVER_REQUEST_DURATION).observe({ http_request_method: 'GET', http_route: '/api/x', http_response_status_code: 200 }, 0.02);
    const body = (await metrics.scrape()).body;
    for (const name of exposedNames(HTTP_SERVER_REQUEST_DURATION)) expect(body).toContain(`${name}{`);
  });

  it('names every series of the catalogue once, in Prometheus’s spelling, with a unit or _total where one applies', () => {
    const names = METRIC_CATALOGUE.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
    for (const definition of METRIC_CATALOGUE) {
      expect(definition.name).toMatch(/^[a-z][a-z0-9_]*$/);
      if (definition.type === 'counter') expect(definition.name).toMatch(/_total$/);
      if (definition.type === 'histogram') expect(definition.name).toMatch(/_seconds$/);
      for (const label of definition.labelNames) expect(label).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });
});
