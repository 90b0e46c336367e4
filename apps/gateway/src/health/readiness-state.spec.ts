import type { PingResponse } from '@closetly/contracts';
import { SERVICE_NAMES } from '@closetly/contracts';
import type { RpcClient } from '@closetly/server';
import { gate } from '@closetly/testing';
import Fastify from 'fastify';
import { READINESS_MAX_AGE_MS, ReadinessState } from './readiness-state';

/** An RPC client whose services answer ready unless named in `down`; counts the rounds (one ping per service each). */
function services() {
  const down = new Set<string>();
  let pings = 0;
  let hold: Promise<void> | undefined;
  const rpc = {
    callEach: jest.fn(async (pattern: string) => {
      pings += 1;
      await hold;
      const service = SERVICE_NAMES.find((name) => pattern.startsWith(name)) ?? pattern;
      const answer: PingResponse = { service, ready: !down.has(service), checks: { database: down.has(service) ? 'down' : 'up' } };
      return [{ status: 'fulfilled' as const, value: answer }];
    }),
  } as unknown as RpcClient;
  return {
    rpc,
    down,
    rounds: () => pings / SERVICE_NAMES.length,
    holdRounds: (until: Promise<void>) => (hold = until),
  };
}

describe('ReadinessState', () => {
  it('answers from one round for a second, then waits for a new round, so an outage shows within a second', async () => {
    const { rpc, down, rounds } = services();
    const readiness = new ReadinessState(rpc);
    const t0 = Date.now();
    await expect(readiness.current(t0)).resolves.toMatchObject({ status: 'ok' });
    for (let n = 0; n < 100; n += 1) await readiness.current(t0 + 100);
    expect(rounds()).toBe(1);

    down.add('wardrobe');
    // Still young: the same answer.
    await expect(readiness.current(t0 + 200)).resolves.toMatchObject({ status: 'ok' });
    // Too old: the request waits for a new round, which sees the outage.
    const later = await readiness.current(t0 + READINESS_MAX_AGE_MS + 5_000);
    expect(later.status).toBe('degraded');
    expect(later.services.find((service) => service.service === 'wardrobe')).toMatchObject({ ready: false, checks: { database: 'down' } });
    expect(rounds()).toBe(2);
  });

  it('runs one round at a time however many ask at once', async () => {
    const { rpc, rounds, holdRounds } = services();
    const readiness = new ReadinessState(rpc);
    const release = gate();
    holdRounds(release.opened);
    const asking = Array.from({ length: 50 }, () => readiness.current());
    release.open();
    const answers = await Promise.all(asking);
    expect(new Set(answers).size).toBe(1);
    expect(rounds()).toBe(1);
  });

  it('sends a young answer from its hook, with the status and no-store, and leaves the route to answer when there is none', async () => {
    const { rpc, down } = services();
    const readiness = new ReadinessState(rpc);
    const app = Fastify();
    readiness.register(app);
    let routeAnswered = 0;
    app.get('/api/health', async (_request, reply) => {
      routeAnswered += 1;
      const answer = await readiness.current();
      return reply.status(answer.status === 'ok' ? 200 : 503).send(answer);
    });
    try {
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      expect(routeAnswered).toBe(1);
      const fromHook = await app.inject('/api/health');
      expect(routeAnswered).toBe(1);
      expect(fromHook.statusCode).toBe(200);
      expect(fromHook.headers['cache-control']).toBe('no-store');
      expect(fromHook.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(fromHook.json()).toMatchObject({ status: 'ok', services: expect.arrayContaining([expect.objectContaining({ service: 'catalogue', ready: true })]) });

      down.add('search');
      const degraded = await readiness.current(Date.now() + READINESS_MAX_AGE_MS + 1);
      expect(degraded.status).toBe('degraded');
      const refused = await app.inject('/api/health');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ status: 'degraded' });
    } finally {
      await app.close();
    }
  });
});
