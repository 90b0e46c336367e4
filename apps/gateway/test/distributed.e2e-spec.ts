import { join } from 'node:path';
import { productAt, type RunningProduct } from '@closetly/all-in-one/testing';
import { randomSecret } from '@closetly/server';
import { createTestDatabase, engines, uniqueName } from '@closetly/testing';
import { type DistributedProduct, startDistributedProduct } from '@closetly/local-deploy';

/**
 * The distributed mode for real: six service processes and the gateway,
 * talking over NestJS TCP, on PostgreSQL, Kafka, Redis and OpenSearch.
 */
describe('distributed mode: gateway → every service over TCP', () => {
  let distributed: DistributedProduct;
  let product: RunningProduct;
  let dropDatabase: () => Promise<void>;

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
        CACHE_PREFIX: `${uniqueName('closetly')}:`,
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
