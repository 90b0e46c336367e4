/**
 * Every series the product exposes, in one list: the dashboard and the alert rules
 * (deploy/observability/) are checked against it, and the README's metric table follows it.
 *
 * Names follow the OpenTelemetry semantic conventions as Prometheus spells them (dots become
 * underscores, the unit a suffix, counters end in `_total`) where a convention exists; the
 * product's own series, for which none does, start with `closetly_`. Label values are always
 * from a bounded set (a route template, a contract's pattern, a topic, a policy name), never a
 * raw URL, a user or an id.
 */

interface SeriesDefinition<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly L[];
}

export interface CounterDefinition<L extends string = string> extends SeriesDefinition<L> {
  readonly type: 'counter';
}

export interface GaugeDefinition<L extends string = string> extends SeriesDefinition<L> {
  readonly type: 'gauge';
}

export interface HistogramDefinition<L extends string = string> extends SeriesDefinition<L> {
  readonly type: 'histogram';
  readonly buckets: readonly number[];
}

export type MetricDefinition = CounterDefinition | GaugeDefinition | HistogramDefinition;

const counter = <L extends string>(definition: SeriesDefinition<L>): CounterDefinition<L> => ({ ...definition, type: 'counter' });
const gauge = <L extends string>(definition: SeriesDefinition<L>): GaugeDefinition<L> => ({ ...definition, type: 'gauge' });
const histogram = <L extends string>(definition: SeriesDefinition<L> & { buckets: readonly number[] }): HistogramDefinition<L> => ({ ...definition, type: 'histogram' });

/** The OpenTelemetry default buckets for a duration in seconds (http.server.request.duration and the like). */
export const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10] as const;

// ---- HTTP (every process: the gateway's API and pages, each service's /health and /ready) ----

export const HTTP_SERVER_REQUEST_DURATION = histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Duration of HTTP server requests, by method, route template and status (OpenTelemetry http.server.request.duration).',
  labelNames: ['http_request_method', 'http_route', 'http_response_status_code'],
  buckets: DURATION_BUCKETS_SECONDS,
});

// ---- RPC (server side: each service's handlers) ----

export const RPC_SERVER_CALL_DURATION = histogram({
  name: 'rpc_server_call_duration_seconds',
  help: 'Duration of RPC calls answered, by pattern and outcome: OK or the error code (OpenTelemetry rpc.server.call.duration).',
  labelNames: ['rpc_method', 'rpc_response_status_code'],
  buckets: DURATION_BUCKETS_SECONDS,
});

// ---- Events: consumers (the inbox), the outbox and its relay, the bus ----

export const MESSAGING_PROCESS_DURATION = histogram({
  name: 'messaging_process_duration_seconds',
  help: 'Time a consumer took to process an event or a batch through its inbox, by group, topic and outcome (ok, or failed: redelivered) (OpenTelemetry messaging.process.duration).',
  labelNames: ['messaging_consumer_group_name', 'messaging_destination_name', 'outcome'],
  buckets: DURATION_BUCKETS_SECONDS,
});

export const MESSAGING_CONSUMED_MESSAGES = counter({
  name: 'messaging_client_consumed_messages_total',
  help: 'Events handed to a consumer, duplicates and dead letters included, by group and topic (OpenTelemetry messaging.client.consumed.messages).',
  labelNames: ['messaging_consumer_group_name', 'messaging_destination_name'],
});

export const MESSAGING_SENT_MESSAGES = counter({
  name: 'messaging_client_sent_messages_total',
  help: 'Events the outbox relay published to the bus, by topic (OpenTelemetry messaging.client.sent.messages).',
  labelNames: ['messaging_destination_name'],
});

export const EVENT_CONSUMER_LAG = gauge({
  name: 'closetly_event_consumer_lag',
  help: 'Events on the bus a consumer group has not committed yet, per topic and partition (Kafka: end offset minus committed offset; embedded: events being delivered in-process).',
  labelNames: ['messaging_consumer_group_name', 'messaging_destination_name', 'messaging_destination_partition_id'],
});

export const EVENT_DEAD_LETTERS = counter({
  name: 'closetly_event_dead_letters_total',
  help: 'Events a consumer parked on the dead-letter topic (a bad envelope or payload, or a permanent failure), by group and original topic.',
  labelNames: ['messaging_consumer_group_name', 'messaging_destination_name'],
});

export const OUTBOX_PENDING_EVENTS = gauge({
  name: 'closetly_outbox_pending_events',
  help: "Events committed to a service's outbox and not yet published (read from the outbox table at scrape time).",
  labelNames: ['outbox'],
});

export const OUTBOX_OLDEST_PENDING_AGE = gauge({
  name: 'closetly_outbox_oldest_pending_age_seconds',
  help: "Age of the oldest unpublished event in a service's outbox, 0 when there is none (read at scrape time).",
  labelNames: ['outbox'],
});

export const OUTBOX_PUBLISH_FAILURES = counter({
  name: 'closetly_outbox_publish_failures_total',
  help: "The outbox relay's failed publish attempts (the events stay in the outbox and are tried again).",
  labelNames: ['outbox'],
});

// ---- Caches ----

export const CACHE_LOOKUPS = counter({
  name: 'closetly_cache_lookups_total',
  help: 'Cache lookups by cache and result (hit or miss); the hit ratio is hits over all lookups.',
  labelNames: ['cache', 'result'],
});

// ---- The gateway: rate limits and the image proxy ----

export const RATE_LIMIT_REJECTIONS = counter({
  name: 'closetly_rate_limit_rejections_total',
  help: 'Requests refused with 429 by a rate-limit policy, by policy and the scope whose window was spent (client, user or account).',
  labelNames: ['policy', 'scope'],
});

export const IMAGE_PROXY_REQUESTS = counter({
  name: 'closetly_image_proxy_requests_total',
  help: 'Images the gateway served or refused, by source (proxy: a retailer address; stored: a stored image) and outcome.',
  labelNames: ['source', 'outcome'],
});

// ---- Outbound fetches (page watch: retailers' pages) ----

export const OUTBOUND_FETCHES = counter({
  name: 'closetly_outbound_fetches_total',
  help: "Pages read from retailers' sites through the shared outbound fetcher, by outcome.",
  labelNames: ['outcome'],
});

// ---- Retention sweep ----

export const RETENTION_SWEEP_DURATION = histogram({
  name: 'closetly_retention_sweep_duration_seconds',
  help: 'Duration of retention sweeps, by outcome (ok or failed); the count is the number of sweeps.',
  labelNames: ['outcome'],
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
});

export const RETENTION_SWEEP_EXPIRED = counter({
  name: 'closetly_retention_swept_products_total',
  help: 'Products the retention sweep removed (no active save for the retention period).',
  labelNames: [],
});

// ---- Mail (identity) ----

export const MAIL_QUEUE_DEPTH = gauge({
  name: 'closetly_mail_queue_depth',
  help: 'Mails waiting to be sent or waiting for a retry in this process.',
  labelNames: [],
});

export const MAIL_FAILURES = counter({
  name: 'closetly_mail_failures_total',
  help: 'Mail failures by kind: retrying (a send failed and will be tried again), gave_up (the last attempt failed), queue_full (dropped).',
  labelNames: ['kind'],
});

// ---- Live events (gateway) ----

export const LIVE_STREAMS_OPEN = gauge({
  name: 'closetly_live_streams_open',
  help: 'Live-event streams (GET /api/events) this gateway replica holds open.',
  labelNames: [],
});

export const LIVE_EVENTS_SENT = counter({
  name: 'closetly_live_events_sent_total',
  help: 'Messages written to live-event streams, by type (item-saved, item-removed, price-changed, alert, resync, session-ended).',
  labelNames: ['type'],
});

/** Every series of the product's own (Node's default runtime metrics come on top, from prom-client). */
export const METRIC_CATALOGUE: readonly MetricDefinition[] = [
  HTTP_SERVER_REQUEST_DURATION,
  RPC_SERVER_CALL_DURATION,
  MESSAGING_PROCESS_DURATION,
  MESSAGING_CONSUMED_MESSAGES,
  MESSAGING_SENT_MESSAGES,
  EVENT_CONSUMER_LAG,
  EVENT_DEAD_LETTERS,
  OUTBOX_PENDING_EVENTS,
  OUTBOX_OLDEST_PENDING_AGE,
  OUTBOX_PUBLISH_FAILURES,
  CACHE_LOOKUPS,
  RATE_LIMIT_REJECTIONS,
  IMAGE_PROXY_REQUESTS,
  OUTBOUND_FETCHES,
  RETENTION_SWEEP_DURATION,
  RETENTION_SWEEP_EXPIRED,
  MAIL_QUEUE_DEPTH,
  MAIL_FAILURES,
  LIVE_STREAMS_OPEN,
  LIVE_EVENTS_SENT,
];

/** The names a definition shows in an exposition: a histogram's `_bucket`, `_sum` and `_count` series. */
export function exposedNames(definition: MetricDefinition): string[] {
  return definition.type === 'histogram' ? ['_bucket', '_sum', '_count'].map((suffix) => `${definition.name}${suffix}`) : [definition.name];
}
