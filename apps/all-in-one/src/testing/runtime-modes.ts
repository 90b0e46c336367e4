import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DistributedProduct, REPLICA_PORT_STEP, startDistributedProduct } from '@closetly/local-deploy';
import { randomSecret } from '@closetly/server';
import { createTestDatabase, engines, freePortBlock, newKafkaNamespace, removeKafkaNamespace, removeSearchIndices, startSmtpCapture, uniqueName } from '@closetly/testing';
import { buildEnvelope } from '@closetly/server';
import { Client } from 'pg';
import { productAt, type PublishEvent, type RunningProduct, startEmbeddedProduct } from './product';

/** A product started for a test file, with the keys it signs with (to forge near-valid tokens). */
export interface StartedProduct {
  product: RunningProduct;
  /** AUTH_JWT_SECRET: access tokens. */
  jwtSecret: string;
  /** BETA_TOKEN_SECRET: beta tokens and image URLs. */
  betaTokenSecret: string;
  /**
   * Distributed mode only: the PostgreSQL database the services' schemas live
   * in, for a test that must see a fact no API shows yet (e.g. that an event
   * was consumed before any call). Embedded mode keeps its database in memory.
   */
  databaseUrl?: string;
  /**
   * Each process's `/metrics` address by process name: `closetly` embedded, `gateway`, `identity`, ...
   * distributed. Every product serves metrics on ports of its own (embedded: a free one).
   */
  metricsUrls: Map<string, string>;
  /** Writes an event into the catalogue's outbox; the catalogue's relay publishes it on the product's bus (see PublishEvent). */
  publishEvent: PublishEvent;
  /** Distributed mode only: crash (SIGKILL) or stop (SIGTERM) one service process, and start it again; each process by name. */
  processes?: Pick<DistributedProduct, 'crash' | 'terminate' | 'restart' | 'processes'>;
  /** Every gateway's address: one embedded; one per gateway replica distributed (the first is product.baseUrl). */
  gatewayUrls: string[];
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Keep everything the product logs under this folder: the embedded process's log lines in
   * `closetly.log` (its LOG_FILE), each distributed process's output in `<process>.log`. The
   * level is the environment's LOG_LEVEL.
   */
  logDir?: string;
  /**
   * Distributed mode only: how many gateway processes to run (default 1), e.g. 2 to follow a live event
   * from one replica to another. Gateway r serves metrics as `gateway` (r = 0) or `gateway-<r+1>`.
   */
  gatewayReplicas?: number;
  /** Distributed mode only: extra Node flags for a process, by its name (see DistributedProductOptions.nodeArgs). */
  nodeArgs?: Partial<Record<string, string[]>>;
}

/** A way to run the whole product; the same API suite runs against each. */
export interface RuntimeMode {
  name: 'embedded' | 'distributed';
  start(env: Record<string, string>, options?: StartOptions): Promise<StartedProduct>;
}

const ROOT = join(__dirname, '..', '..', '..', '..');

/** One process, in-memory database; the keys the product generates for itself unless the test names its own (e.g. to rotate them). */
const embedded: RuntimeMode = {
  name: 'embedded',
  async start(env, options = {}) {
    const product = await startEmbeddedProduct({ METRICS_PORT: '0', ...(options.logDir ? { LOG_FILE: join(options.logDir, 'closetly.log') } : {}), ...env });
    const { AUTH_JWT_SECRET, BETA_TOKEN_SECRET } = product.signingSecrets;
    const metricsUrls = new Map(product.metricsUrl ? [['closetly', product.metricsUrl]] : []);
    return { product, jwtSecret: AUTH_JWT_SECRET, betaTokenSecret: BETA_TOKEN_SECRET, metricsUrls, gatewayUrls: [product.baseUrl], publishEvent: product.publishEvent, stop: () => product.stop() };
  },
};

/**
 * The distributed product takes base (gateway), base+1..7 (RPC), base+11..17 (health) and base+20..27 (metrics).
 * With several gateways, gateway r takes base+40+r (base+1 is identity's RPC) and serves metrics on
 * base+20+REPLICA_PORT_STEP×r, as startDistributedProduct places a replica's.
 */
const GATEWAY_REPLICAS_OFFSET = 40;
const distributedPortOffsets = (gateways: number): number[] => [
  ...[...Array(gateways).keys()].flatMap((r) => [(gateways > 1 ? GATEWAY_REPLICAS_OFFSET : 0) + r, 20 + REPLICA_PORT_STEP * r]),
  ...[1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i, 10 + i, 20 + i]),
];

/**
 * Seven service processes and the gateway over TCP, on a fresh PostgreSQL
 * database, Kafka, Redis and OpenSearch. Every process requires explicit
 * keys: fresh random ones per product unless the test names its own.
 */
const distributed: RuntimeMode = {
  name: 'distributed',
  async start(env, options = {}) {
    const database = await createTestDatabase('closetly_identity_api');
    const mail = env.SMTP_URL ? null : await startSmtpCapture();
    // Each product searches its own OpenSearch alias, so suites running side by side never see each other's products.
    const searchIndex = uniqueName('products').toLowerCase();
    // Its own topics and consumer groups: products sharing Kafka (a parallel suite, an earlier run) never meet.
    const kafka = newKafkaNamespace();
    const keys = { AUTH_JWT_SECRET: env.AUTH_JWT_SECRET ?? randomSecret(), BETA_TOKEN_SECRET: env.BETA_TOKEN_SECRET ?? randomSecret() };
    const gateways = Math.max(1, options.gatewayReplicas ?? 1);
    const base = await freePortBlock(distributedPortOffsets(gateways));
    // Unless the test keeps them itself, the processes' logs go to a folder of their own: a start that fails
    // quotes the end of each unready process's log in its error, and the folder stays for a closer look.
    const logDir = options.logDir ?? (await mkdtemp(join(tmpdir(), 'closetly-distributed-')));
    try {
      const running = await startDistributedProduct({
        root: ROOT,
        env: {
          DATABASE_URL: database.url,
          KAFKA_BROKERS: engines.kafkaBrokers.join(','),
          KAFKA_CLIENT_ID: uniqueName('closetly'),
          CACHE_PREFIX: `${uniqueName('closetly')}:`,
          REDIS_URL: engines.redisUrl,
          OPENSEARCH_URL: engines.openSearchUrl,
          SEARCH_INDEX: searchIndex,
          KAFKA_CONSUMER_GROUP_PREFIX: kafka.groupPrefix,
          KAFKA_TOPIC_PREFIX: kafka.topicPrefix,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          ...(mail ? { SMTP_URL: mail.url } : {}),
          ...env,
          ...keys,
        },
        // A caller that must know the address up front (e.g. for PUBLIC_URL) passes PORT.
        gatewayPort: env.PORT ? Number(env.PORT) : base + (gateways > 1 ? GATEWAY_REPLICAS_OFFSET : 0),
        rpcPortBase: base,
        httpPortBase: base + 10,
        metricsPortBase: base + 20,
        // TEST_PRODUCT_OUTPUT=inherit shows the processes' logs as they come.
        output: process.env.TEST_PRODUCT_OUTPUT === 'inherit' && !options.logDir ? 'inherit' : { dir: logDir },
        replicas: { gateway: gateways },
        ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
      });
      const stop = async () => {
        await running.stop();
        await database.drop();
        await removeSearchIndices(searchIndex);
        await removeKafkaNamespace(kafka);
        await mail?.close();
        if (!options.logDir) await rm(logDir, { recursive: true, force: true });
      };
      const publishEvent: PublishEvent = async (topic, key, payload) => {
        // As OutboxWriter.add writes it; the catalogue's relay finds it at its next poll.
        const envelope = buildEnvelope(topic, key, payload);
        const client = new Client({ connectionString: database.url });
        await client.connect();
        try {
          await client.query('insert into catalogue.outbox (event_id, topic, key, envelope) values ($1, $2, $3, $4)', [envelope.id, topic, key, JSON.stringify(envelope)]);
        } finally {
          await client.end();
        }
      };
      return { product: productAt(running.baseUrl, stop, mail), jwtSecret: keys.AUTH_JWT_SECRET, betaTokenSecret: keys.BETA_TOKEN_SECRET, databaseUrl: database.url, processes: running, metricsUrls: running.metricsUrls, gatewayUrls: running.gatewayUrls, publishEvent, stop };
    } catch (error) {
      await database.drop();
      await removeKafkaNamespace(kafka).catch(() => undefined);
      await mail?.close();
      if (error instanceof Error) error.message += `\n(the processes' logs: ${logDir})`;
      throw error;
    }
  },
};

export const RUNTIME_MODES: readonly RuntimeMode[] = [embedded, distributed];
