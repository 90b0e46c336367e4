import { join } from 'node:path';
import { productAt, type RunningProduct } from '@closetly/all-in-one/testing';
import { randomSecret } from '@closetly/server';
import { createTestDatabase, engines, uniqueName } from '@closetly/testing';
import { Redis } from 'ioredis';
import { type DistributedProduct, startDistributedProduct } from '@closetly/local-deploy';

/**
 * The distributed mode for real: six service processes and the gateway,
 * talking over NestJS TCP, on PostgreSQL, Kafka, Redis and OpenSearch.
 */
describe('distributed mode: gateway → every service over TCP', () => {
  let distributed: DistributedProduct;
  let product: RunningProduct;
  let dropDatabase: () => Promise<void>;
  /** This product's keys in the machine's Redis: a test deletes them all, as a FLUSHALL would for it. */
  const cachePrefix = `${uniqueName('closetly')}:`;

  beforeAll(async () => {
    const database = await createTestDatabase('closetly_distributed');
    dropDatabase = database.drop;
    const base = 30_000 + Math.floor(Math.random() * 200) * 20;
    distributed = await startDistributedProduct({
      root: join(__dirname, '..', '..', '..'),
      env: {
        DATABASE_URL: database.url,
        KAFKA_BROKERS: engines.kafkaBrokers.join(','),
        KAFKA_CLIENT_ID: uniqueName('closetly'),
        CACHE_PREFIX: cachePrefix,
        REDIS_URL: engines.redisUrl,
        OPENSEARCH_URL: engines.openSearchUrl,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // Every process refuses to start without explicit keys; fresh ones per run.
        AUTH_JWT_SECRET: randomSecret(),
        BETA_TOKEN_SECRET: randomSecret(),
      },
      gatewayPort: base,
      rpcPortBase: base,
      httpPortBase: base + 10,
      output: 'ignore',
    });
    product = productAt(distributed.baseUrl, () => distributed.stop());
  }, 180_000);

  afterAll(async () => {
    await distributed?.stop();
    await dropDatabase?.();
  });

  it('gathers every service readiness over RPC, each with its engines up', async () => {
    const response = await fetch(`${product.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; services: Array<{ service: string; ready: boolean; checks: Record<string, string> }> };
    expect(body.services.map((s) => s.service).sort()).toEqual(['catalogue', 'identity', 'pages', 'profile', 'retention', 'search', 'wardrobe']);
    for (const service of body.services) {
      expect(service).toMatchObject({ ready: true, checks: { database: 'up', events: 'up', cache: 'up' } });
    }
    expect(body.services.find((s) => s.service === 'search')?.checks.searchEngine).toBe('up');
  });

  it('verifies the beta code through identity over TCP', async () => {
    const token = await product.betaToken();
    const guarded = await fetch(`${product.baseUrl}/api/verify-beta`, { headers: { 'x-beta-token': token } });
    expect(guarded.status).toBe(200);
    const wrong = await fetch(`${product.baseUrl}/api/verify-beta`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'nope' }) });
    expect(await wrong.json()).toEqual({ verified: false });
  });

  it('answers liveness and readiness on each service process', async () => {
    const base = Number(new URL(product.baseUrl).port);
    for (let index = 1; index <= 6; index += 1) {
      const live = await fetch(`http://127.0.0.1:${base + 10 + index}/health`);
      expect(live.status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${base + 10 + index}/ready`);
      expect(ready.status).toBe(200);
    }
  });

  it('keeps a session ended elsewhere refused after the cache loses its deny-list (identity\'s database decides)', async () => {
    const betaToken = await product.betaToken();
    const call = async (method: string, path: string, options: { body?: unknown; token?: string } = {}) => {
      const response = await fetch(`${product.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-beta-token': betaToken, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as { accessToken?: string } | null };
    };
    const email = `revoked-${uniqueName('s')}@example.com`;
    const password = 'Rev0ked!Session';
    const first = await call('POST', '/api/auth/signup', { body: { firstName: 'Rae', lastName: 'Voke', email, password } });
    expect(first.status).toBe(201);
    // A second device, whose token this gateway has never checked.
    const second = await call('POST', '/api/auth/signin', { body: { email, password } });
    expect((await call('POST', '/api/auth/sign-out-everywhere', { token: first.body?.accessToken })).status).toBe(204);

    const redis = new Redis(engines.redisUrl);
    try {
      let cursor = '0';
      let deleted = 0;
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${cachePrefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) deleted += await redis.del(...keys);
      } while (cursor !== '0');
      expect(deleted).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }

    expect((await call('GET', '/api/get-wardrobe', { token: second.body?.accessToken })).status).toBe(401);
    expect((await call('POST', '/api/save', { token: second.body?.accessToken, body: { data: { name: 'Linen Shirt', brand: 'Arket', price: 49 } } })).status).toBe(401);
  });

  it('reports a stopped service as not ready, and the rest keep answering', async () => {
    const retention = distributed.processes.get('retention');
    retention?.kill('SIGTERM');
    const exitCode = await new Promise((resolve) => retention?.once('exit', (code) => resolve(code)));
    expect(exitCode).toBe(0); // a graceful shutdown: HTTP drained, relay stopped, engines closed
    const response = await fetch(`${product.baseUrl}/api/health`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { status: string; services: Array<{ service: string; ready: boolean; error?: string }> };
    expect(body.status).toBe('degraded');
    expect(body.services.find((s) => s.service === 'retention')).toMatchObject({ ready: false });
    expect(body.services.filter((s) => s.service !== 'retention').every((s) => s.ready)).toBe(true);
  });
});
