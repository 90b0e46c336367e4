import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiCall, apiCaller, productAt, type RunningProduct } from '@closetly/all-in-one/testing';
import { INTERNAL_CALL_REFUSED, type LiveControl, type LiveEvent } from '@closetly/contracts';
import { openLiveEvents } from '@closetly/api-client';
import { InternalCallSigner, privateKeyFromPem, randomSecret } from '@closetly/server';
import { DISTRIBUTED_SERVICES } from '@closetly/local-deploy';
import jwt from 'jsonwebtoken';
import { createTestDatabase, engines, freePortBlock, newKafkaNamespace, removeCacheKeys, removeKafkaNamespace, pollUntil, removeSearchIndices, sendRawRpc, startOtlpCollector, startTcpOutageProxy, type OtlpCollector, type TcpOutageProxy, uniqueName } from '@closetly/testing';
import { type DistributedProduct, startDistributedProduct } from '@closetly/local-deploy';

/** The ports this product takes: RPC (+1..7, and +51..57 for second replicas), health (+11..17, +61..67), two gateways (+40, +41). */
const PORT_OFFSETS = [40, 41, ...[1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i, 10 + i, 50 + i, 60 + i])];

/**
 * The distributed mode for real: seven service processes (two of the wardrobe) and the gateway,
 * talking over NestJS TCP, on PostgreSQL, Kafka, Redis and OpenSearch. Redis is reached through a
 * relay the suite can cut, as an outage would, without touching the machine's Redis.
 */
describe('distributed mode: gateway → every service over TCP', () => {
  let distributed: DistributedProduct;
  let product: RunningProduct;
  let dropDatabase: () => Promise<void>;
  let redisRelay: TcpOutageProxy;
  /** Every process exports its spans here (OTLP over HTTP), as to an operator's collector. */
  let collector: OtlpCollector;
  let logDir: string;
  /** Calls the gateway as a client would, with the beta token and, when given, a bearer token. */
  let call: ApiCall;
  /** Where this product's ports start (see PORT_OFFSETS). */
  let base: number;
  /** This product's keys in the machine's Redis: a test deletes them all, as a FLUSHALL would for it. */
  const cachePrefix = `${uniqueName('closetly')}:`;
  const kafka = newKafkaNamespace();
  const searchIndex = uniqueName('products').toLowerCase();

  beforeAll(async () => {
    collector = await startOtlpCollector();
    const database = await createTestDatabase('closetly_distributed');
    dropDatabase = database.drop;
    const redis = new URL(engines.redisUrl);
    redisRelay = await startTcpOutageProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    base = await freePortBlock(PORT_OFFSETS);
    logDir = await mkdtemp(join(tmpdir(), 'closetly-distributed-'));
    distributed = await startDistributedProduct({
      root: join(__dirname, '..', '..', '..'),
      env: {
        DATABASE_URL: database.url,
        KAFKA_BROKERS: engines.kafkaBrokers.join(','),
        KAFKA_CLIENT_ID: uniqueName('closetly'),
        KAFKA_TOPIC_PREFIX: kafka.topicPrefix,
        KAFKA_CONSUMER_GROUP_PREFIX: kafka.groupPrefix,
        CACHE_PREFIX: cachePrefix,
        REDIS_URL: `redis://${redisRelay.address}`,
        OPENSEARCH_URL: engines.openSearchUrl,
        SEARCH_INDEX: searchIndex,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        // Every process refuses to start without explicit keys; fresh ones per run.
        AUTH_JWT_SECRET: randomSecret(),
        BETA_TOKEN_SECRET: randomSecret(),
      },
      gatewayPort: base + 40,
      rpcPortBase: base,
      httpPortBase: base + 10,
      // A start that fails quotes the end of each unready process's log from here.
      output: process.env.TEST_PRODUCT_OUTPUT === 'inherit' ? 'inherit' : { dir: logDir },
      replicas: { wardrobe: 2, gateway: 2 },
    });
    product = productAt(distributed.baseUrl, () => distributed.stop());
    const betaToken = await product.betaToken();
    call = apiCaller(() => product.baseUrl, () => betaToken);
  }, 180_000);

  afterAll(async () => {
    await distributed?.stop();
    await dropDatabase?.();
    await redisRelay?.close();
    await collector?.close();
    await removeKafkaNamespace(kafka);
    await removeSearchIndices(searchIndex);
    await rm(logDir, { recursive: true, force: true });
  });

  it('gathers every service readiness over RPC, each with its engines up', async () => {
    const response = await fetch(`${product.baseUrl}/api/health`);
    const body = (await response.json()) as { status: string; services: Array<{ service: string; ready: boolean; checks: Record<string, string> }> };
    expect(body.services.filter((service) => !service.ready)).toEqual([]);
    expect(response.status).toBe(200);
    expect(body.services.map((s) => s.service).sort()).toEqual(['catalogue', 'identity', 'pages', 'profile', 'retention', 'search', 'wardrobe']);
    for (const service of body.services) {
      expect(service).toMatchObject({ ready: true, checks: { database: 'up', events: 'up', cache: 'up', rpc: 'up' } });
      // Live consumer state: every service but identity consumes events, and has joined its group.
      if (service.service !== 'identity') expect(service.checks.consumer).toBe('up');
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
    for (let index = 1; index <= 6; index += 1) {
      const live = await fetch(`http://127.0.0.1:${base + 10 + index}/health`);
      expect(live.status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${base + 10 + index}/ready`);
      expect(ready.status).toBe(200);
    }
  });

  it('keeps a session ended elsewhere refused after the cache loses its deny-list (identity\'s database decides)', async () => {
    const email = `revoked-${uniqueName('s')}@example.com`;
    const password = 'Rev0ked!Session';
    const first = await call<{ accessToken: string }>('POST', '/api/auth/signup', { body: { firstName: 'Rae', lastName: 'Voke', email, password } });
    expect(first.status).toBe(201);
    // A second device, whose token this gateway has never checked.
    const second = await call<{ accessToken: string }>('POST', '/api/auth/signin', { body: { email, password } });
    expect((await call('POST', '/api/auth/sign-out-everywhere', { token: first.body?.accessToken })).status).toBe(204);

    expect(await removeCacheKeys(cachePrefix)).toBeGreaterThan(0);

    expect((await call('GET', '/api/get-wardrobe', { token: second.body?.accessToken })).status).toBe(401);
    expect((await call('POST', '/api/save', { token: second.body?.accessToken, body: { data: { name: 'Linen Shirt', brand: 'Arket', price: 49 } } })).status).toBe(401);
  });

  async function signUp(label: string): Promise<{ email: string; token: string }> {
    const email = `${label}-${uniqueName('s')}@example.com`;
    const answer = await call<{ accessToken: string }>('POST', '/api/auth/signup', { body: { firstName: 'Fay', lastName: 'Ult', email, password: 'Fault!Passw0rd' } });
    expect(answer.status).toBe(201);
    return { email, token: answer.body.accessToken };
  }

  it('follows one save in one trace: gateway → wardrobe → Kafka → catalogue → search, each span a child of the one before', async () => {
    const shopper = await signUp('traced');
    const traceId = randomBytes(16).toString('hex');
    const rootSpanId = randomBytes(8).toString('hex');
    const saved = await call('POST', '/api/save', {
      token: shopper.token,
      headers: { traceparent: `00-${traceId}-${rootSpanId}-01` },
      body: { data: { name: 'Traced Linen Shirt', brand: 'Arket', price: 49, sourceUrl: 'https://shop.example/traced-shirt' } },
    });
    expect(saved.status).toBeLessThan(300);
    const expected = [
      ['gateway', 'POST /api/save'],
      ['gateway', 'wardrobe.save'],
      ['wardrobe', 'wardrobe.save'],
      ['wardrobe', 'wardrobe.item-saved.v1 create'],
      ['catalogue', 'wardrobe.item-saved.v1 process'],
      ['catalogue', 'catalogue.product-upserted.v1 create'],
      ['search', 'catalogue.product-upserted.v1 process'],
    ];
    const inTrace = () => collector.spans().filter((span) => span.traceId === traceId);
    await pollUntil(
      () => expected.every(([service, name]) => inTrace().some((span) => span.service === service && span.name === name)),
      Boolean,
      { timeoutMs: 20_000, what: 'every hop of the save in its trace' },
    );
    const spans = inTrace();
    // One tree: every span's parent is in the trace, up to the caller's span that started it.
    const ids = new Set([rootSpanId, ...spans.map((span) => span.spanId)]);
    expect(spans.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId)).map((span) => span.name)).toEqual([]);
    // Each hop hangs under the one before it.
    const find = (service: string, name: string) => spans.find((span) => span.service === service && span.name === name)!;
    for (let index = 1; index < expected.length; index += 1) {
      const [service, name] = expected[index]!;
      const [parentService, parentName] = expected[index - 1]!;
      expect({ span: name, parent: find(service!, name!).parentSpanId }).toEqual({ span: name, parent: find(parentService!, parentName!).spanId });
    }
    expect(find('gateway', 'POST /api/save').attributes).toMatchObject({ 'http.route': '/api/save', 'closetly.correlation_id': expect.any(String) });
  });

  it('carries live events across gateway replicas: a save with the extension’s token through one reaches a stream on the other, a dropped stream resumes on the first without loss, and sign-out everywhere ends it', async () => {
    const [firstGateway, secondGateway] = distributed.gatewayUrls as [string, string];
    const shopper = await signUp('live');
    const betaToken = await product.betaToken();
    const received: Array<{ id: string; event: LiveEvent }> = [];
    const controls: LiveControl[] = [];
    const listen = (baseUrl: string, lastEventId: string | null) =>
      openLiveEvents({ baseUrl, lastEventId, getBetaToken: () => betaToken, getAccessToken: () => shopper.token, onEvent: (event, id) => received.push({ id, event }), onControl: (control) => controls.push(control) });
    const readies = () => controls.filter((control) => control.type === 'ready').length;
    const onSecond = listen(secondGateway, null);
    await pollUntil(readies, (n) => n === 1, { what: 'the stream on the second replica' });

    const extensionToken = (await call<{ token: string }>('POST', '/api/auth/extension-token', { token: shopper.token })).body.token;
    const save = (name: string) =>
      fetch(`${firstGateway}/api/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-beta-token': betaToken, authorization: `Bearer ${extensionToken}` },
        body: JSON.stringify({ data: { name, brand: 'Arket', price: 49, sourceUrl: `https://shop.example/${uniqueName('live')}` } }),
      }).then(async (response) => ((await response.json()) as { id: string }).id);
    const firstId = await save('Live Linen Shirt');
    await pollUntil(() => received.map(({ event }) => event.productId), (ids) => ids.includes(firstId), { timeoutMs: 20_000, what: 'the save on the other replica’s stream' });

    onSecond.close();
    const duringDrop = [await save('Live Wool Scarf'), await save('Live Denim Jacket')];
    const onFirst = listen(firstGateway, onSecond.lastEventId);
    await pollUntil(() => received.length, (n) => n === 3, { timeoutMs: 20_000, what: 'the saves made during the drop' });
    expect(received.map(({ event }) => [event.type, event.productId])).toEqual([['item-saved', firstId], ...duringDrop.map((id) => ['item-saved', id])]);
    expect(controls.filter((control) => control.type === 'resync')).toEqual([]);

    expect((await call('POST', '/api/auth/sign-out-everywhere', { token: shopper.token })).status).toBe(204);
    await pollUntil(() => controls.at(-1), (control) => control?.type === 'session-ended', { what: 'the stream to end with the sessions' });
    onFirst.close();
  });

  describe('the trust boundary: only the gateway speaks to the services', () => {
    /** A service's first RPC listener (rpcPortBase + its place + 1). */
    const rpcAddressOf = (service: (typeof DISTRIBUTED_SERVICES)[number]) => ({ host: '127.0.0.1', port: base + DISTRIBUTED_SERVICES.indexOf(service) + 1 });
    const raw = (service: (typeof DISTRIBUTED_SERVICES)[number], pattern: string, data: unknown, assertion?: string) =>
      sendRawRpc(rpcAddressOf(service), pattern, { meta: { correlationId: uniqueName('raw'), deadline: Date.now() + 5_000, ...(assertion && { assertion }) }, data });

    it('refuses, at every service, a well-formed message claiming an administrator without the gateway’s assertion, and nothing changes', async () => {
      const victim = await signUp('victim');
      const saved = await call<{ id: string }>('POST', '/api/save', { token: victim.token, body: { data: { name: 'Trusted Linen Shirt', brand: 'Arket', price: 59, sourceUrl: 'https://shop.example/trusted-shirt' } } });
      expect(saved.status).toBeLessThan(300);
      const { sub, sid } = jwt.decode(victim.token) as { sub: string; sid: string };
      const asAdmin = { uid: sub, sid, roles: ['admin'] };
      const attempts: Array<[(typeof DISTRIBUTED_SERVICES)[number], string, unknown]> = [
        ['identity', 'identity.list-accounts', { caller: asAdmin }],
        ['catalogue', 'catalogue.set-hidden', { caller: asAdmin, productId: saved.body.id, hidden: true }],
        ['wardrobe', 'wardrobe.remove', { caller: asAdmin, productId: saved.body.id }],
        ['profile', 'profile.save-search', { caller: asAdmin, term: 'forged search' }],
        ['search', 'search.reindex', { caller: asAdmin, from: 'catalogue' }],
        ['retention', 'retention.sweep-now', { caller: asAdmin }],
        ['pages', 'pages.run-now', { caller: asAdmin }],
        // The calls every service answers alike are guarded too.
        ['wardrobe', 'wardrobe.system-status', { caller: asAdmin }],
        ['identity', 'identity.ping', {}],
      ];
      expect([...new Set(attempts.map(([service]) => service))].sort()).toEqual([...DISTRIBUTED_SERVICES].sort());
      for (const [service, pattern, data] of attempts) {
        await expect(raw(service, pattern, data)).rejects.toMatchObject({ code: INTERNAL_CALL_REFUSED });
      }
      const wardrobe = await call<Array<{ id: string; hidden?: boolean }>>('GET', '/api/get-wardrobe', { token: victim.token });
      expect(wardrobe.body.map((item) => item.id)).toEqual([saved.body.id]);
      const searches = await call<unknown>('GET', '/api/recent-searches', { token: victim.token });
      expect(JSON.stringify(searches.body)).not.toContain('forged search');
    });

    it('answers the gateway’s assertion, and refuses the same message replayed past its lifetime', async () => {
      const shopper = await signUp('replayed');
      const { sub, sid } = jwt.decode(shopper.token) as { sub: string; sid: string };
      const data = { caller: { uid: sub, sid, roles: [] } };
      const assertion = new InternalCallSigner(privateKeyFromPem(distributed.gatewayCallsPrivateKey)).assert('wardrobe', 'wardrobe.list', data, Date.now() + 1_000);
      await expect(raw('wardrobe', 'wardrobe.list', data, assertion)).resolves.toEqual([]);
      const { exp } = jwt.decode(assertion) as { exp: number };
      // Past its expiry and the two seconds of clock difference a service allows.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, (exp + 3) * 1000 - Date.now())));
      await expect(raw('wardrobe', 'wardrobe.list', data, assertion)).rejects.toMatchObject({ code: INTERNAL_CALL_REFUSED });
    });
  });

  it('authorises correctly while Redis is down: a live session is served, an ended one refused, health names only the cache', async () => {
    const live = await signUp('live');
    const ended = await signUp('ended');
    expect((await call('POST', '/api/auth/sign-out-everywhere', { token: ended.token })).status).toBe(204);
    expect((await call('GET', '/api/get-wardrobe', { token: live.token })).status).toBe(200);

    await redisRelay.cut();
    try {
      // Nobody is signed out by an outage of the cache, and nobody ended is let back in.
      expect((await call('GET', '/api/get-wardrobe', { token: live.token })).status).toBe(200);
      const saved = await call('POST', '/api/save', { token: live.token, body: { data: { name: 'Outage Linen Shirt', brand: 'Arket', price: 49, sourceUrl: 'https://shop.example/outage-shirt' } } });
      expect(saved.status).toBeLessThan(300);
      expect((await call('GET', '/api/get-wardrobe', { token: ended.token })).status).toBe(401);
      // Health says what is down, and only that: each service answers, its cache check down, its database up.
      const health = await call<{ services: Array<{ service: string; checks: Record<string, string> }> }>('GET', '/api/health');
      expect(health.status).toBe(503);
      const services = health.body.services;
      expect(services).toHaveLength(7);
      for (const service of services) expect(service.checks).toMatchObject({ cache: 'down', database: 'up' });
    } finally {
      await redisRelay.restore();
    }
    const healthy = async () => (await call('GET', '/api/health')).status === 200;
    for (let waited = 0; !(await healthy()); waited += 500) {
      if (waited > 20_000) throw new Error('health did not recover within 20 s of Redis returning');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  it('hands over cleanly: stopping one wardrobe replica (SIGTERM) during a stream of saves costs no save its answer', async () => {
    const shopper = await signUp('handover');
    const replica = distributed.processes.get('wardrobe-2');
    expect(replica).toBeDefined();
    const statuses: number[] = [];
    const ids: string[] = [];
    let answered = 0;
    const stopped = new Promise<number | null>((resolve) => replica?.once('exit', (code) => resolve(code)));
    const client = async (worker: number) => {
      for (let index = 0; index < 12; index += 1) {
        const answer = await call<{ id?: string }>('POST', '/api/save', {
          token: shopper.token,
          body: { data: { name: `Hand-over Tee ${worker}-${index}`, brand: 'Arket', price: 25, sourceUrl: `https://shop.example/handover/${worker}/${index}` } },
        });
        statuses.push(answer.status);
        if (typeof answer.body.id === 'string') ids.push(answer.body.id);
        answered += 1;
        if (answered === 8) replica?.kill('SIGTERM');
      }
    };
    await Promise.all([0, 1, 2, 3].map(client));
    expect(await stopped).toBe(0);
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    const wardrobe = await call<Array<{ id: string }>>('GET', '/api/get-wardrobe', { token: shopper.token });
    const listed = new Set(wardrobe.body.map((item) => item.id));
    expect(ids).toHaveLength(48);
    expect(ids.filter((id) => !listed.has(id))).toEqual([]);
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
