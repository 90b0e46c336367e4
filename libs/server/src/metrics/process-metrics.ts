import { collectDefaultMetrics, Counter, Gauge, Histogram, type LabelValues, Registry } from 'prom-client';
import type { CounterDefinition, GaugeDefinition, HistogramDefinition, MetricDefinition } from './metric-catalogue';

/** One reading of a gauge that is read at scrape time (an outbox's backlog, a consumer's lag). */
export interface GaugeReading<L extends string> {
  labels: LabelValues<L>;
  value: number;
}

/** Reads a gauge's current values; called on every scrape. */
export type GaugeSource<L extends string> = () => Promise<Array<GaugeReading<L>>> | Array<GaugeReading<L>>;

/** A scrape waits at most this long for one source (a database or a broker that hangs must not hang the scrape). */
export const GAUGE_SOURCE_TIMEOUT_MS = 2_000;

export interface ProcessMetricsOptions {
  /** Node's default runtime metrics (event loop, heap, GC, CPU, handles). On in a process, off in most unit tests. */
  defaultMetrics?: boolean;
  /** Told when a gauge source fails or times out; its readings are left out of that scrape. */
  onSourceError?: (series: string, error: unknown) => void;
  /** How long a scrape waits for one gauge source; GAUGE_SOURCE_TIMEOUT_MS by default. */
  sourceTimeoutMs?: number;
}

/**
 * The metrics of one process, in a registry of its own (not prom-client's global one, so tests
 * and the embedded process, which hosts every service, stay apart). Series are registered on first
 * use from their definition in the catalogue, so a process exposes only what it does; asking twice
 * for one series gives the same instrument.
 */
export class ProcessMetrics {
  readonly registry = new Registry();
  private readonly instruments = new Map<string, { definition: MetricDefinition; instrument: Counter | Gauge | Histogram }>();
  private readonly sources = new Map<string, Set<GaugeSource<string>>>();

  constructor(private readonly options: ProcessMetricsOptions = {}) {
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
  }

  counter<L extends string>(definition: CounterDefinition<L>): Counter<L> {
    return this.instrument(definition, () => new Counter<L>({ name: definition.name, help: definition.help, labelNames: definition.labelNames, registers: [this.registry] }));
  }

  histogram<L extends string>(definition: HistogramDefinition<L>): Histogram<L> {
    return this.instrument(definition, () =>
      new Histogram<L>({ name: definition.name, help: definition.help, labelNames: definition.labelNames, buckets: [...definition.buckets], registers: [this.registry] }),
    );
  }

  /** A gauge set by the code that owns the value. */
  gauge<L extends string>(definition: GaugeDefinition<L>): Gauge<L> {
    return this.instrument(definition, () => this.newGauge(definition));
  }

  /**
   * A gauge read at scrape time from one or more sources (each service's outbox in the embedded
   * process): every scrape clears it and sets what the sources answer now. Answers a function that
   * removes the source (a module that shuts down).
   */
  observe<L extends string>(definition: GaugeDefinition<L>, source: GaugeSource<L>): () => void {
    this.gauge(definition);
    const sources = this.sources.get(definition.name) ?? new Set();
    this.sources.set(definition.name, sources);
    sources.add(source as GaugeSource<string>);
    return () => void sources.delete(source as GaugeSource<string>);
  }

  /** The exposition in Prometheus's text format, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private newGauge<L extends string>(definition: GaugeDefinition<L>): Gauge<L> {
    const sources = () => this.sources.get(definition.name) ?? new Set<GaugeSource<string>>();
    const onSourceError = this.options.onSourceError;
    const timeoutMs = this.options.sourceTimeoutMs ?? GAUGE_SOURCE_TIMEOUT_MS;
    return new Gauge<L>({
      name: definition.name,
      help: definition.help,
      labelNames: definition.labelNames,
      registers: [this.registry],
      // Only a gauge with sources is cleared and re-read; one set by its owner keeps its values.
      async collect() {
        if (sources().size === 0) return;
        const readings = await Promise.all(
          [...sources()].map(async (source) => {
            try {
              return await withTimeout(Promise.resolve().then(source), timeoutMs);
            } catch (error) {
              onSourceError?.(definition.name, error);
              return [];
            }
          }),
        );
        this.reset();
        for (const { labels, value } of readings.flat()) this.set(labels as LabelValues<L>, value);
      },
    });
  }

  private instrument<T extends Counter | Gauge | Histogram>(definition: MetricDefinition, create: () => T): T {
    const known = this.instruments.get(definition.name);
    if (known) {
      if (known.definition !== definition) throw new Error(`two definitions of the metric ${definition.name}`);
      return known.instrument as T;
    }
    const instrument = create();
    this.instruments.set(definition.name, { definition, instrument });
    return instrument;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
