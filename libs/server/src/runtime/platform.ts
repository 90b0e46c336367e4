import type { ClientProxy } from '@nestjs/microservices';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { callersOfService, EVENT_TOPICS, INTERNAL_CALLERS, type InternalCaller, SERVICE_NAMES, type ServiceName } from '@closetly/contracts';
import pino, { type Logger } from 'pino';
import { type Cache, MemoryCache, RedisCache } from '../cache/cache';
import { generateInProcessCallKey, InternalCallSigner, InternalCallVerifier, privateKeyFromPem, publicKeysFromPem, type TrustedCallerKey } from '../auth/internal-calls';
import { ConfigError, kafkaAuthOf, parseHostPort, type PlatformEnv, type ServiceAddressEnv } from '../config/env';
import { type DatabaseConnection, openConnection, type SchemaMigrations } from '../db/database';
import type { EventTransport } from '../events/event-transport';
import { InProcessEventBus } from '../events/in-process-event-bus';
import { KafkaEventTransport } from '../events/kafka-event-transport';
import { createRootLogger } from '../logging/logger';
import { InProcessRpcClient, InProcessRpcServer } from '../rpc/in-process-rpc';
import { RpcClient } from '../rpc/rpc-client';
import { ReadinessRegistry } from '../health/readiness';
import { RpcTcpSocket } from '../rpc/rpc-tcp-socket';
import { setUpTracing, type Tracing } from '../tracing/tracing';
import { observeInProcessLag } from '../metrics/event-metrics';
import { type MetricsServer, startMetricsServer } from '../metrics/metrics-server';
import { ProcessMetrics } from '../metrics/process-metrics';

/**
 * The engines one process talks to, chosen by mode. Built before Nest so the
 * in-process transports can be handed both to the modules and to
 * `connectMicroservice`, and closed after Nest has drained.
 */
export interface Platform {
  readonly env: PlatformEnv;
  /** The raw environment this process was started with; each module parses its own part (config.ts). */
  readonly rawEnv: NodeJS.ProcessEnv;
  readonly logger: Logger;
  readonly database: DatabaseConnection | undefined;
  readonly events: EventTransport;
  readonly cache: Cache;
  readonly rpc: RpcClient;
  readonly readiness: ReadinessRegistry;
  /** This process's traces (off unless an exporter is configured). */
  readonly tracing: Tracing;
  /** How this process proves its RPC calls (signer, when it makes any) and checks the ones it answers (the RPC guard). */
  readonly internalCalls: InternalCalls;
  /** This process's metrics, one registry for every module it runs (injectable as METRICS). */
  readonly metrics: ProcessMetrics;
  /** The `/metrics` listener when METRICS_PORT is set (its bound port, for tests that ask for port 0). */
  readonly metricsServer: MetricsServer | undefined;
  /** Embedded mode only: the strategies to pass to `app.connectMicroservice`. */
  readonly inProcess: { rpc: InProcessRpcServer; events: InProcessEventBus } | undefined;
  close(): Promise<void>;
}

export interface PlatformOptions {
  env: PlatformEnv;
  /** Defaults to process.env; the embedded entry and tests pass their own. */
  rawEnv?: NodeJS.ProcessEnv;
  addresses: ServiceAddressEnv;
  /** Who runs in this process, for logs and client ids. */
  processName: string;
  needsDatabase: boolean;
  /** The schemas this process migrates, so an in-memory database starts with them applied (see openConnection). */
  migrations?: readonly SchemaMigrations[];
  /** Prefix for cache keys, so test runs sharing one Redis stay apart. */
  cachePrefix?: string;
  /**
   * Whom this process signs its calls as, and whose calls it answers. By default from the process's name and
   * the contract: `gateway` and `search` sign as themselves; a service trusts the callers of its calls in RPC_CALLS.
   */
  internalCalls?: { signsAs?: InternalCaller; trusts?: readonly InternalCaller[] };
}

export interface InternalCalls {
  signer: InternalCallSigner | undefined;
  verifier: InternalCallVerifier;
}

const PUBLIC_KEY_VARIABLE: Record<InternalCaller, 'GATEWAY_CALLS_PUBLIC_KEY' | 'SEARCH_CALLS_PUBLIC_KEY'> = {
  gateway: 'GATEWAY_CALLS_PUBLIC_KEY',
  search: 'SEARCH_CALLS_PUBLIC_KEY',
};

/**
 * The process's internal-call keys. Embedded: one fresh secret key per start, speaking for every caller
 * (it never leaves the process). Distributed: from the environment, and a process that signs or
 * answers calls refuses to start without its keys (rather than refusing every call once running).
 */
function internalCallsFor(options: PlatformOptions): InternalCalls {
  if (options.env.CLOSETLY_MODE === 'embedded') {
    const key = generateInProcessCallKey();
    return { signer: new InternalCallSigner(key), verifier: new InternalCallVerifier(INTERNAL_CALLERS.map((caller) => ({ caller, publicKey: key }))) };
  }
  const signsAs = options.internalCalls?.signsAs ?? INTERNAL_CALLERS.find((caller) => caller === options.processName);
  const trusts = options.internalCalls?.trusts ?? callersOfService(options.processName);
  const problems: string[] = [];
  const privatePem = options.env.INTERNAL_CALLS_PRIVATE_KEY;
  if (signsAs && !privatePem) problems.push(`INTERNAL_CALLS_PRIVATE_KEY: is required: ${options.processName} signs its calls to other services (see README, "Trust boundary")`);
  const trusted: TrustedCallerKey[] = [];
  for (const caller of trusts) {
    const variable = PUBLIC_KEY_VARIABLE[caller];
    const keys = publicKeysFromPem(options.env[variable] ?? '');
    if (keys.length === 0) problems.push(`${variable}: is required: ${options.processName} answers calls from ${caller} (see README, "Trust boundary")`);
    trusted.push(...keys.map((publicKey) => ({ caller, publicKey })));
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { signer: signsAs && privatePem ? new InternalCallSigner(privateKeyFromPem(privatePem)) : undefined, verifier: new InternalCallVerifier(trusted) };
}

/** Closing twice (a signal and an explicit close) must not close the engines twice. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

function forEachService<T>(make: (name: ServiceName) => T): Record<ServiceName, T> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, make(name)])) as Record<ServiceName, T>;
}

export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const { env } = options;
  const rawEnv = options.rawEnv ?? process.env;
  // First: a process missing its keys stops before it opens any connection.
  const internalCalls = internalCallsFor(options);
  const tracing = setUpTracing({ serviceName: options.processName, env: rawEnv });
  // Synchronous, so a line is in the file once logged, even if the process dies next. The file stays open
  // for the process's life, as stdout does: lines are still logged after the platform closes.
  const destination = env.LOG_FILE ? pino.destination({ dest: env.LOG_FILE, append: true, mkdir: true, sync: true }) : undefined;
  const logger = createRootLogger(env.LOG_LEVEL, { process: options.processName }, destination);
  const metricsLog = logger.child({ context: 'metrics' });
  const metrics = new ProcessMetrics({
    // Node's runtime metrics sample the event loop for the process's life: only when someone can read them.
    defaultMetrics: env.METRICS_PORT !== undefined,
    onSourceError: (series, error) => metricsLog.warn({ series, err: error instanceof Error ? error.message : String(error) }, 'a metric could not be read for this scrape'),
  });
  const metricsServer = env.METRICS_PORT === undefined ? undefined : await startMetricsServer(metrics, { host: env.METRICS_HOST, port: env.METRICS_PORT });
  if (metricsServer) metricsLog.info({ url: metricsServer.url }, 'metrics listening');
  let database: DatabaseConnection | undefined;
  try {
    database = options.needsDatabase
      ? await openConnection({ mode: env.CLOSETLY_MODE, dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, migrations: options.migrations })
      : undefined;
  } catch (error) {
    await metricsServer?.close();
    throw error;
  }

  if (env.CLOSETLY_MODE === 'embedded') {
    const rpcServer = new InProcessRpcServer();
    const events = new InProcessEventBus();
    const client = new InProcessRpcClient(rpcServer);
    const proxies = forEachService((): ClientProxy => client);
    const cache = new MemoryCache();
    observeInProcessLag(metrics, events);
    return {
      env,
      rawEnv,
      logger,
      database,
      events,
      cache,
      rpc: RpcClient.forProduct(proxies, env.RPC_TIMEOUT_MS, internalCalls.signer),
      readiness: new ReadinessRegistry(),
      internalCalls,
      tracing,
      metrics,
      metricsServer,
      inProcess: { rpc: rpcServer, events },
      close: once(async () => {
        await metricsServer?.close();
        await cache.close();
        await database?.close();
        await tracing.shutdown();
      }),
    };
  }

  const addressOf: Record<ServiceName, string> = {
    identity: options.addresses.IDENTITY_RPC,
    catalogue: options.addresses.CATALOGUE_RPC,
    wardrobe: options.addresses.WARDROBE_RPC,
    profile: options.addresses.PROFILE_RPC,
    search: options.addresses.SEARCH_RPC,
    retention: options.addresses.RETENTION_RPC,
    pages: options.addresses.PAGES_RPC,
  };
  // A service with replicas has a comma-separated list of addresses: one connection to each.
  const proxies = forEachService((name) =>
    addressOf[name]
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean)
      .map((address) => ClientProxyFactory.create({ transport: Transport.TCP, options: { ...parseHostPort(address), socketClass: RpcTcpSocket } })),
  );
  const events = new KafkaEventTransport({
    brokers: env.KAFKA_BROKERS,
    clientId: `${env.KAFKA_CLIENT_ID}-${options.processName}`,
    topics: Object.keys(EVENT_TOPICS),
    topicPrefix: env.KAFKA_TOPIC_PREFIX,
    auth: kafkaAuthOf(env),
  });
  const cache = new RedisCache(env.REDIS_URL, options.cachePrefix ?? env.CACHE_PREFIX);
  const rpc = RpcClient.forProduct(proxies, env.RPC_TIMEOUT_MS, internalCalls.signer);
  return {
    env,
    rawEnv,
    logger,
    database,
    events,
    cache,
    rpc,
    readiness: new ReadinessRegistry(),
    internalCalls,
    tracing,
    metrics,
    metricsServer,
    inProcess: undefined,
    close: once(async () => {
      await metricsServer?.close();
      await rpc.close();
      await events.close();
      await cache.close();
      await database?.close();
      await tracing.shutdown();
    }),
  };
}
