import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startDistributedProduct } from '@closetly/local-deploy';
import { DEVELOPMENT_JWT_SECRET } from '@closetly/server';
import { createTestDatabase, engines, uniqueName } from '@closetly/testing';
import { productAt, type RunningProduct, startEmbeddedProduct } from './product';

/** A product started for a test file, with the key its access tokens are signed with (to forge near-valid ones). */
export interface StartedProduct {
  product: RunningProduct;
  jwtSecret: string;
  stop(): Promise<void>;
}

/** A way to run the whole product; the same API suite runs against each. */
export interface RuntimeMode {
  name: 'embedded' | 'distributed';
  start(env: Record<string, string>): Promise<StartedProduct>;
}

const ROOT = join(__dirname, '..', '..', '..', '..');

/** One process, in-memory database; the key is the development default both sides fall back to. */
const embedded: RuntimeMode = {
  name: 'embedded',
  async start(env) {
    const product = await startEmbeddedProduct(env);
    return { product, jwtSecret: process.env.AUTH_JWT_SECRET ?? DEVELOPMENT_JWT_SECRET, stop: () => product.stop() };
  },
};

/** Six service processes and the gateway over TCP, on a fresh PostgreSQL database, Kafka, Redis and OpenSearch; its own key. */
const distributed: RuntimeMode = {
  name: 'distributed',
  async start(env) {
    const database = await createTestDatabase('closetly_identity_api');
    const jwtSecret = randomBytes(32).toString('base64url');
    const base = await freePortBlock();
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
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          AUTH_JWT_SECRET: jwtSecret,
          ...env,
        },
        // A caller that must know the address up front (e.g. for PUBLIC_URL) passes PORT.
        gatewayPort: env.PORT ? Number(env.PORT) : base,
        rpcPortBase: base,
        httpPortBase: base + 10,
        output: 'ignore',
      });
      const stop = async () => {
        await running.stop();
        await database.drop();
      };
      return { product: productAt(running.baseUrl, stop), jwtSecret, stop };
    } catch (error) {
      await database.drop();
      throw error;
    }
  },
};

export const RUNTIME_MODES: readonly RuntimeMode[] = [embedded, distributed];

/** The distributed product takes base (gateway), base+1..6 (RPC) and base+11..16 (health): find a block where all are free. */
async function freePortBlock(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const base = 41_000 + Math.floor(Math.random() * 1_000) * 20;
    const ports = [base, ...[1, 2, 3, 4, 5, 6].flatMap((i) => [base + i, base + 10 + i])];
    const free = await Promise.all(ports.map(isFree));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free block of ports for the distributed product');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
