import { z } from 'zod';

/** Thrown at boot when the environment is wrong; lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses an environment with a zod schema. The only place that reads
 * `process.env` is each app's `config.ts`, which calls this once at boot.
 */
export function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
  );
}

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * A PEM text from the environment: empty is unset (compose passes `${VAR:-}`), and a `\n` written out
 * (a one-line .env file) is a line break.
 */
function pemText(label: 'PRIVATE KEY' | 'PUBLIC KEY') {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.replaceAll('\\n', '\n') : undefined),
    z.string().includes(`-----BEGIN ${label}-----`, { message: `must be a PEM text with a "BEGIN ${label}" block` }).optional(),
  );
}

/**
 * Settings every process shares. `CLOSETLY_MODE` picks the adapters:
 * embedded = PGlite, in-process bus and RPC, in-memory cache;
 * distributed = PostgreSQL, Kafka, TCP RPC, Redis.
 */
export const PlatformEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  CLOSETLY_MODE: z.enum(['embedded', 'distributed']).default('embedded'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Appends the JSON log lines to this file instead of writing them to stdout (a test reads what a run logged). */
  LOG_FILE: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/closetly'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .default('127.0.0.1:9092')
    .transform((value) => value.split(',').map((broker) => broker.trim()).filter(Boolean)),
  KAFKA_CLIENT_ID: z.string().min(1).default('closetly'),
  /**
   * How this process proves itself to Kafka where ACLs decide who writes which topic (README "Trust
   * boundary"): TLS, and SASL with the service's own user. Unset: no authentication (local engines, tests).
   */
  KAFKA_SSL: booleanFromEnv.default(false),
  KAFKA_SASL_MECHANISM: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional()),
  KAFKA_SASL_USERNAME: z.string().optional(),
  KAFKA_SASL_PASSWORD: z.string().optional(),
  /**
   * Prefixed to every service's consumer group (the group is the service's name). Empty in a deployment;
   * each test product has its own, so products sharing one Kafka never split each other's partitions.
   */
  KAFKA_CONSUMER_GROUP_PREFIX: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, . _ and - only')
    .default(''),
  /**
   * Prefixed to every topic name on the broker (`<prefix>wardrobe.item-saved.v1`). Empty in a deployment.
   * Each test product has its own, so products sharing one Kafka never see (nor spend work on) each
   * other's events: with shared topics every running product derived every other's saves.
   */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, . _ and - only')
    .default(''),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Keeps deployments (and test runs) that share one Redis apart. */
  CACHE_PREFIX: z.string().min(1).max(100).default('closetly:'),
  OPENSEARCH_URL: z.string().url().default('http://127.0.0.1:9200'),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /** How often each outbox relay looks for rows nobody kicked it for; unset, outboxPollMs() picks by mode. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).optional(),
  OUTBOX_EAGER: booleanFromEnv.default(true),
  /**
   * Internal calls (distributed mode; the embedded process makes its own keys each start). The key this
   * process signs its RPC calls with (the gateway, and search for its snapshot calls): an EC P-256
   * private key, PKCS#8 PEM.
   */
  INTERNAL_CALLS_PRIVATE_KEY: pemText('PRIVATE KEY'),
  /** The public key(s) of the gateway's calls, SPKI PEM; several blocks during a rotation. Every service. */
  GATEWAY_CALLS_PUBLIC_KEY: pemText('PUBLIC KEY'),
  /** The public key(s) of search's calls (the catalogue, which search asks for its snapshot). */
  SEARCH_CALLS_PUBLIC_KEY: pemText('PUBLIC KEY'),
  /**
   * Where this process serves Prometheus metrics (`GET /metrics`), apart from its public port. Unset: no
   * metrics listener. 0: a free port (tests read the bound address). Each process of the distributed mode
   * needs its own when they share a host; in a container every process can use the same (9464).
   */
  METRICS_PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65_535).optional()),
  /** The metrics listener's interface: loopback by default; 0.0.0.0 in a container, for Prometheus to reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});
export type PlatformEnv = z.infer<typeof PlatformEnv>;

/** Kafka's TLS and SASL settings, as kafkajs takes them. */
export interface KafkaAuth {
  ssl: boolean;
  sasl?: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string };
}

export function kafkaAuthOf(env: Pick<PlatformEnv, 'KAFKA_SSL' | 'KAFKA_SASL_MECHANISM' | 'KAFKA_SASL_USERNAME' | 'KAFKA_SASL_PASSWORD'>): KafkaAuth {
  if (!env.KAFKA_SASL_MECHANISM) return { ssl: env.KAFKA_SSL };
  if (!env.KAFKA_SASL_USERNAME || !env.KAFKA_SASL_PASSWORD) {
    throw new ConfigError(['KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD: are required with KAFKA_SASL_MECHANISM']);
  }
  return { ssl: env.KAFKA_SSL, sasl: { mechanism: env.KAFKA_SASL_MECHANISM, username: env.KAFKA_SASL_USERNAME, password: env.KAFKA_SASL_PASSWORD } };
}

/** host:port pairs of every service's TCP RPC listener (distributed mode). */
export const ServiceAddressEnv = z.object({
  IDENTITY_RPC: z.string().default('127.0.0.1:4101'),
  CATALOGUE_RPC: z.string().default('127.0.0.1:4102'),
  WARDROBE_RPC: z.string().default('127.0.0.1:4103'),
  PROFILE_RPC: z.string().default('127.0.0.1:4104'),
  SEARCH_RPC: z.string().default('127.0.0.1:4105'),
  RETENTION_RPC: z.string().default('127.0.0.1:4106'),
  PAGES_RPC: z.string().default('127.0.0.1:4107'),
});
export type ServiceAddressEnv = z.infer<typeof ServiceAddressEnv>;

export function parseHostPort(value: string): { host: string; port: number } {
  const index = value.lastIndexOf(':');
  const host = index > 0 ? value.slice(0, index) : value;
  const portText = value.slice(index + 1);
  const port = Number(portText);
  if (index <= 0 || !/^\d{1,5}$/.test(portText) || !Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError([`"${value}" is not host:port`]);
  }
  return { host, port };
}

export const HostPort = z.string().refine((value) => {
  try {
    parseHostPort(value);
    return true;
  } catch {
    return false;
  }
}, 'must be host:port');

/**
 * Where users reach the product when PUBLIC_URL is not set: the gateway on
 * this machine at its PORT (`http://localhost:28080` for PORT=28080), so
 * e-mailed links, the extension's sign-in link and stored image addresses
 * follow the port a developer chose. PORT 0 (a random port, in tests) or
 * none gives the default 8080.
 */
export function defaultPublicUrl(env: { PUBLIC_URL?: string | undefined; PORT?: string | undefined }): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) return configured;
  const port = Number(env.PORT);
  return `http://localhost:${Number.isInteger(port) && port > 0 && port <= 65_535 ? port : 8080}`;
}

/**
 * The relay's poll when OUTBOX_POLL_MS is unset. Embedded, every writer of an outbox is in this process and
 * wakes the relay as it commits (UnitOfWork, EventInbox), so the poll is only a safety net: at 500 ms the
 * seven relays' idle polls were a sixth of a core on PGlite. Distributed, another replica may write rows
 * while this one holds the publishing lease, and a poll is how they are found.
 */
export const outboxPollMs = (env: { CLOSETLY_MODE: 'embedded' | 'distributed'; OUTBOX_POLL_MS?: number | undefined }): number =>
  env.OUTBOX_POLL_MS ?? (env.CLOSETLY_MODE === 'embedded' ? 15_000 : 500);
