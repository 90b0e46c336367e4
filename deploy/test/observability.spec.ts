/**
 * deploy/observability/ against the code and against Prometheus itself:
 *  - promtool checks the alert rules and the compose scrape configuration, and runs the rules'
 *    scenarios (alerts.test.yml): each alert fires on its failure and stays quiet on the healthy twin;
 *  - every expression of the dashboard and the rules names only series the code registers
 *    (libs/server/src/metrics/metric-catalogue.ts, and prom-client's Node defaults) with their own labels,
 *    and the dashboard shows every series of the catalogue;
 *  - every process is scraped where it serves: compose and Kubernetes give each app the same metrics port.
 *
 * promtool comes with Debian's `prometheus` package; .ci/run installs it when it is missing. Without it
 * these tests fail saying so, rather than pass having checked nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exposedNames, METRIC_CATALOGUE, ProcessMetrics } from '@closetly/server';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = resolve(__dirname, '..', '..');
const OBSERVABILITY = join(ROOT, 'deploy', 'observability');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const APPS = ['gateway', 'identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention', 'pages'];

const promtool = (() => {
  const found = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
  return found.status === 0 ? 'promtool' : undefined;
})();

function runPromtool(...args: string[]): string {
  if (!promtool) throw new Error('promtool is not installed: `apt-get install -y prometheus` (Debian), as .ci/run does. These checks must not pass unchecked.');
  try {
    return execFileSync(promtool, args, { cwd: join(OBSERVABILITY, 'prometheus'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

describe('Prometheus rules and configuration (promtool)', () => {
  it('checks the alert rules', () => {
    expect(runPromtool('check', 'rules', 'alerts.yml')).toContain('SUCCESS: 7 rules found');
  });

  it('runs the rules’ scenarios: each alert fires on its failure, not on the healthy twin', () => {
    expect(runPromtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
  });

  it('checks the compose scrape configuration (with the rules it loads)', () => {
    expect(runPromtool('check', 'config', 'prometheus.yml')).toContain('is valid prometheus config file syntax');
  });
});

// ---- the series the code registers ----

/** Labels Prometheus adds to every target, and the histogram bucket label. */
const TARGET_LABELS = ['job', 'instance'];

/** Every series name a scrape can show, with the labels it can carry. */
async function knownSeries(): Promise<Map<string, Set<string>>> {
  const known = new Map<string, Set<string>>();
  for (const definition of METRIC_CATALOGUE) {
    for (const name of exposedNames(definition)) {
      known.set(name, new Set([...definition.labelNames, ...TARGET_LABELS, ...(name.endsWith('_bucket') ? ['le'] : [])]));
    }
  }
  const defaults = new ProcessMetrics({ defaultMetrics: true });
  for (const metric of await defaults.registry.getMetricsAsJSON()) {
    const labels = new Set([...TARGET_LABELS, ...metric.values.flatMap((value) => Object.keys(value.labels))]);
    const names = String(metric.type) === 'histogram' ? ['_bucket', '_sum', '_count'].map((suffix) => `${metric.name}${suffix}`) : [metric.name];
    for (const name of names) known.set(name, new Set([...labels, ...(name.endsWith('_bucket') ? ['le'] : [])]));
  }
  return known;
}

const PROMQL_WORDS = new Set([
  'sum', 'max', 'min', 'avg', 'count', 'rate', 'irate', 'increase', 'histogram_quantile', 'by', 'without', 'on', 'ignoring',
  'group_left', 'group_right', 'or', 'and', 'unless', 'bool', 'offset', 'vector', 'clamp_min', 'clamp_max', 'abs', 'topk',
  'bottomk', 'delta', 'deriv', 'absent', 'min_over_time', 'max_over_time', 'avg_over_time', 'sort', 'sort_desc', 'time',
]);

/** What a PromQL expression reads: series with the labels their selectors name, and the labels it groups by. */
function readPromql(expr: string): { series: Array<{ name: string; labels: string[] }>; grouping: string[] } {
  const text = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const series: Array<{ name: string; labels: string[] }> = [];
  const grouping: string[] = [];
  for (const [, labels = ''] of text.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)) grouping.push(...labels.split(',').map((label) => label.trim()).filter(Boolean));
  let rest = text.replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  for (const [, name = '', labels = ''] of rest.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)\s*\{([^}]*)\}/g)) {
    series.push({ name, labels: [...labels.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((match) => match[1] ?? '') });
  }
  rest = rest
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\boffset\s+-?\d+[a-z]+/g, ' ')
    .replace(/\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, ' ');
  for (const [word] of rest.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    if (!PROMQL_WORDS.has(word) && !series.some((entry) => entry.name === word)) series.push({ name: word, labels: [] });
  }
  return { series, grouping };
}

/** What is wrong with an expression: unknown series, or labels its series do not have. */
function problemsOf(expr: string, known: Map<string, Set<string>>): string[] {
  const { series, grouping } = readPromql(expr);
  const problems: string[] = [];
  if (series.length === 0) problems.push('reads no series');
  const available = new Set<string>();
  for (const { name, labels } of series) {
    const own = known.get(name);
    if (!own) {
      problems.push(`unknown series ${name}`);
      continue;
    }
    for (const label of own) available.add(label);
    for (const label of labels) if (!own.has(label)) problems.push(`${name} has no label ${label}`);
  }
  for (const label of grouping) if (!available.has(label)) problems.push(`groups by ${label}, which none of its series has`);
  return problems;
}

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { uid?: string };
  targets?: Array<{ expr?: string }>;
}

describe('the expression check itself', () => {
  it('finds a misspelt series, a label its series lacks and a grouping by a label none has, and passes a sound expression', async () => {
    const known = await knownSeries();
    expect(problemsOf('sum(rate(http_server_requests_total[5m]))', known)).toEqual(['unknown series http_server_requests_total']);
    expect(problemsOf('sum by (route) (rate(http_server_request_duration_seconds_count{status="500"}[5m]))', known)).toEqual([
      'http_server_request_duration_seconds_count has no label status',
      'groups by route, which none of its series has',
    ]);
    expect(problemsOf('histogram_quantile(0.95, sum by (le, http_route) (rate(http_server_request_duration_seconds_bucket{http_route=~"/api/.+"}[5m]))) > 0.5', known)).toEqual([]);
    expect(problemsOf('closetly_event_dead_letters_total unless closetly_event_dead_letters_total offset 15m', known)).toEqual([]);
  });
});

describe('the Grafana dashboard', () => {
  const dashboards = readdirSync(join(OBSERVABILITY, 'grafana', 'dashboards')).filter((file) => file.endsWith('.json'));
  const dashboard = JSON.parse(read('deploy/observability/grafana/dashboards/closetly.json')) as { uid: string; panels: Panel[]; templating: { list: Array<{ name: string; type: string }> } };
  const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');

  it('is one JSON dashboard with a stable uid, unique panel ids, panels inside the 24-column grid, and a data source chosen by variable', () => {
    expect(dashboards).toEqual(['closetly.json']);
    expect(dashboard.uid).toBe('closetly-overview');
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) expect({ title: panel.title, fits: panel.gridPos.x + panel.gridPos.w <= 24 }).toEqual({ title: panel.title, fits: true });
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: 'datasource', type: 'datasource' }));
    for (const panel of graphs) expect({ title: panel.title, uid: panel.datasource?.uid }).toEqual({ title: panel.title, uid: '${datasource}' });
  });

  it('has the sections the issue asks for: traffic, errors, latency per route, event lag, outbox and dead letters, cache, sweep', () => {
    const titles = dashboard.panels.map((panel) => panel.title.toLowerCase()).join('\n');
    for (const wanted of ['requests per second by route', '5xx', 'latency by route', 'consumer lag', 'outbox', 'dead letters', 'cache hit ratio', 'sweep']) expect(titles).toContain(wanted);
  });

  it('reads only series the code registers, with labels they have', async () => {
    const known = await knownSeries();
    for (const panel of graphs) {
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const { expr = '' } of panel.targets ?? []) expect({ panel: panel.title, expr, problems: problemsOf(expr, known) }).toEqual({ panel: panel.title, expr, problems: [] });
    }
  });

  it('shows every series of the catalogue somewhere', () => {
    const read = new Set(graphs.flatMap((panel) => (panel.targets ?? []).flatMap(({ expr = '' }) => readPromql(expr).series.map((series) => series.name))));
    const unseen = METRIC_CATALOGUE.filter((definition) => !exposedNames(definition).some((name) => read.has(name))).map((definition) => definition.name);
    expect(unseen).toEqual([]);
  });
});

describe('the alert rules', () => {
  const rules = (parse(read('deploy/observability/prometheus/alerts.yml')) as { groups: Array<{ rules: Array<{ alert: string; expr: string; annotations: Record<string, string> }> }> }).groups.flatMap((group) => group.rules);

  it('read only series the code registers, with labels they have', async () => {
    const known = await knownSeries();
    for (const rule of rules) expect({ alert: rule.alert, problems: problemsOf(rule.expr, known) }).toEqual({ alert: rule.alert, problems: [] });
  });

  it('name their runbook (README "Operating Closetly" > Alerts > the alert)', () => {
    for (const rule of rules) expect(rule.annotations.runbook).toBe(`README.md: Operating Closetly > Alerts > ${rule.alert}`);
  });

  it('cover the failures the issue names', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(['ClosetlyOutboxStuck', 'ClosetlyDeadLettersGrowing', 'ClosetlyConsumerLagging', 'ClosetlyHttp5xxOverOnePercent', 'ClosetlyLatencyP95OverBudget', 'ClosetlyRetentionSweepFailed']),
    );
  });
});

describe('where each process is scraped', () => {
  it('compose: every Node app serves metrics on 9464 on all interfaces, and Prometheus scrapes each app by name there', () => {
    const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, { environment?: Record<string, unknown>; profiles?: string[] }> };
    for (const app of APPS) {
      expect({ app, port: compose.services[app]?.environment?.METRICS_PORT, host: compose.services[app]?.environment?.METRICS_HOST }).toEqual({ app, port: '9464', host: '0.0.0.0' });
    }
    for (const tool of ['prometheus', 'grafana']) expect(compose.services[tool]?.profiles).toEqual(['observability']);
    const prometheus = parse(read('deploy/observability/prometheus/prometheus.yml')) as { scrape_configs: Array<{ job_name: string; dns_sd_configs: Array<{ names: string[]; port: number }> }> };
    expect(prometheus.scrape_configs.map((job) => [job.job_name, job.dns_sd_configs[0]?.names, job.dns_sd_configs[0]?.port])).toEqual(APPS.map((app) => [app, [app], 9464]));
  });

  it('Kubernetes: every Deployment has the metrics port the ConfigMap sets, which the metrics Service and the ServiceMonitor use', () => {
    const configMap = parse(read('deploy/k8s/configmap.yaml')) as { data: Record<string, string> };
    expect(configMap.data).toMatchObject({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
    const deployments = readdirSync(join(ROOT, 'deploy', 'k8s'))
      .filter((file) => file.endsWith('.yaml'))
      .flatMap((file) => parseAllDocuments(read(`deploy/k8s/${file}`)).map((document) => document.toJS() as { kind?: string; metadata: { name: string }; spec: { template: { metadata: { labels: Record<string, string> }; spec: { containers: Array<{ ports?: Array<{ name: string; containerPort: number }> }> } } } }))
      .filter((document) => document.kind === 'Deployment');
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual([...APPS].sort());
    for (const deployment of deployments) {
      const ports = deployment.spec.template.spec.containers.flatMap((container) => container.ports ?? []);
      expect({ app: deployment.metadata.name, metrics: ports.find((port) => port.name === 'metrics')?.containerPort }).toEqual({ app: deployment.metadata.name, metrics: 9464 });
      expect(deployment.spec.template.metadata.labels['app.kubernetes.io/part-of']).toBe('closetly');
    }
    const service = parse(read('deploy/observability/kubernetes/metrics-service.yaml')) as { metadata: { labels: Record<string, string> }; spec: { selector: Record<string, string>; ports: Array<{ name: string; targetPort: string }> } };
    expect(service.spec.selector).toEqual({ 'app.kubernetes.io/part-of': 'closetly' });
    expect(service.spec.ports).toEqual([expect.objectContaining({ name: 'metrics', targetPort: 'metrics' })]);
    const monitor = parse(read('deploy/observability/kubernetes/servicemonitor.yaml')) as { kind: string; spec: { selector: { matchLabels: Record<string, string> }; endpoints: Array<{ port: string; path: string }> } };
    expect(monitor.kind).toBe('ServiceMonitor');
    expect(monitor.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': service.metadata.labels['app.kubernetes.io/name'] });
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    const kustomization = parse(read('deploy/observability/kubernetes/kustomization.yaml')) as { resources: string[] };
    expect(kustomization.resources.sort()).toEqual(['metrics-service.yaml', 'servicemonitor.yaml']);
  });
});
