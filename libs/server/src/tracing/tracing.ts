import { type Attributes, context as otelContext, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-node';

/*
 * The SDK (provider, processors, exporters, resources) is loaded only when tracing is on: with tracing off,
 * the default, its ~180 modules cost every process about 0.2 s of its start (BENCH_ONLY=footprint).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- loaded when tracing is configured, synchronously (setUpTracing is synchronous) */
const sdk = () => require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
const otlpExporter = () => (require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter;
const resources = () => require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
const serviceNameAttribute = () => (require('@opentelemetry/semantic-conventions') as typeof import('@opentelemetry/semantic-conventions')).ATTR_SERVICE_NAME;
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * Traces, with the OpenTelemetry SDK: one trace follows a request from the gateway through RPC, the
 * outbox, the bus and every consumer's effect. Where the work context (logging/context.ts) carries the
 * correlation id, it carries the current span as a W3C `traceparent` too: RPC meta, the event envelope
 * (so it rides through the outbox table and Kafka), the consumer's inbox. Spans are made at those seams
 * by hand (startSpan), which reads better than patching the transports, and costs nothing when tracing
 * is off: without a provider the API hands out spans that record nothing.
 *
 * On when OTEL_EXPORTER_OTLP_ENDPOINT is set (OTLP over HTTP, the SDK's own OTEL_* settings apply), or
 * with OTEL_TRACES_EXPORTER=console (one JSON line per span on stdout, for a developer).
 */

const TRACER_NAME = 'closetly';
const propagator = new W3CTraceContextPropagator();

export interface TracingOptions {
  /** service.name of every span of this process. */
  serviceName: string;
  env: NodeJS.ProcessEnv;
  /** Tests: the exporter to use instead of the environment's choice (an InMemorySpanExporter). */
  exporter?: SpanExporter;
}

export interface Tracing {
  readonly enabled: boolean;
  /** Sends what is buffered (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const OFF: Tracing = { enabled: false, flush: () => Promise.resolve(), shutdown: () => Promise.resolve() };

/** Sets up this process's tracer provider once; off unless an exporter is configured. */
export function setUpTracing(options: TracingOptions): Tracing {
  const processor = spanProcessorFor(options);
  if (!processor) return OFF;
  const provider = new (sdk().NodeTracerProvider)({ resource: resources().resourceFromAttributes({ [serviceNameAttribute()]: options.serviceName }), spanProcessors: [processor] });
  trace.setGlobalTracerProvider(provider);
  return {
    enabled: true,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
    },
  };
}

function spanProcessorFor(options: TracingOptions): SpanProcessor | undefined {
  if (options.exporter) return new (sdk().SimpleSpanProcessor)(options.exporter);
  if (options.env.OTEL_EXPORTER_OTLP_ENDPOINT || options.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return new (sdk().BatchSpanProcessor)(new (otlpExporter())());
  if (options.env.OTEL_TRACES_EXPORTER === 'console') return new (sdk().SimpleSpanProcessor)(new (sdk().ConsoleSpanExporter)());
  return undefined;
}

/** A span, child of the span a W3C traceparent names (or a new trace without one). End it with endSpan. */
export function startSpan(name: string, kind: SpanKind, parent: string | undefined, attributes: Attributes = {}): Span {
  const parentContext = parent ? propagator.extract(ROOT_CONTEXT, { traceparent: parent }, { get: (carrier, key) => carrier[key as 'traceparent'], keys: () => ['traceparent'] }) : ROOT_CONTEXT;
  return trace.getTracer(TRACER_NAME).startSpan(name, { kind, attributes }, parentContext);
}

/** The W3C traceparent naming a span (undefined when tracing is off and no trace came in). */
export function traceparentOf(span: Span): string | undefined {
  if (!trace.isSpanContextValid(span.spanContext())) return undefined;
  const carrier: Record<string, string> = {};
  propagator.inject(trace.setSpan(otelContext.active(), span), carrier, { set: (target, key, value) => (target[key] = value) });
  return carrier.traceparent;
}

/** Ends a span with the outcome of its work: an error marks it failed (the message only: never a stack). */
export function endSpan(span: Span, error?: unknown, attributes: Attributes = {}): void {
  span.setAttributes(attributes);
  if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String((error as { code?: unknown })?.code ?? error) });
  span.end();
}

/** Whether a text is a W3C traceparent we may take from outside (a caller's header). */
export const isTraceparent = (value: unknown): value is string => typeof value === 'string' && /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/.test(value);

export { type Span, SpanKind };
