/** One sample of a Prometheus text exposition. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition (`# HELP` and `# TYPE` lines left out), as a scrape gives them. */
export function parseExposition(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name = '', value = ''] of (match[2] ?? '').matchAll(/([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of one series whose labels include `labels`. */
export function samplesOf(samples: readonly MetricSample[], name: string, labels: Record<string, string> = {}): MetricSample[] {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** Scrapes a `/metrics` address. */
export async function scrapeMetrics(url: string): Promise<{ text: string; samples: MetricSample[] }> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  return { text, samples: parseExposition(text) };
}
