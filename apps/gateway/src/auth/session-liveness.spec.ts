import { type Cache, MemoryCache, ProcessMetrics, RevokedSessions, type RpcClient } from '@closetly/server';
import { DomainError } from '@closetly/server';
import { SessionLiveness } from './session-liveness';

/** Identity's answers by session id, counting the calls; `down` makes it unreachable. */
function identity(live: Record<string, boolean>) {
  const state = { calls: 0, down: false };
  const rpc = {
    call: async (_pattern: string, { sessionId }: { sessionId: string }) => {
      state.calls += 1;
      if (state.down) throw new DomainError('SERVICE_UNAVAILABLE', 'identity is unavailable');
      return { live: live[sessionId] ?? false };
    },
  } as unknown as RpcClient;
  return { rpc, state };
}

/** A cache whose every call fails, as Redis does while it is down. */
const unreachableCache = (): Cache =>
  new Proxy({} as Cache, {
    get: () => async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    },
  });

describe('SessionLiveness', () => {
  it('refuses a session the cache names revoked, without asking identity', async () => {
    const cache = new MemoryCache();
    await new RevokedSessions(cache).revoke('s-1', 60);
    const { rpc, state } = identity({ 's-1': true });
    expect(await new SessionLiveness(cache, rpc, new ProcessMetrics()).isLive('s-1')).toBe(false);
    expect(state.calls).toBe(0);
  });

  it('asks identity when the cache knows nothing (a flushed or restarted Redis), so a revoked session stays refused', async () => {
    const { rpc } = identity({ live: true, ended: false });
    const liveness = new SessionLiveness(new MemoryCache(), rpc, new ProcessMetrics());
    expect(await liveness.isLive('ended')).toBe(false);
    expect(await liveness.isLive('live')).toBe(true);
  });

  it('keeps a live answer briefly and an ended one for good, so identity is asked once per device at most every few seconds', async () => {
    const { rpc, state } = identity({ live: true, ended: false });
    const liveness = new SessionLiveness(new MemoryCache(), rpc, new ProcessMetrics());
    for (let n = 0; n < 5; n++) await liveness.isLive('live');
    for (let n = 0; n < 5; n++) await liveness.isLive('ended');
    expect(state.calls).toBe(2);
  });

  it('authorises correctly while Redis is down: identity decides, and no error becomes a 401', async () => {
    const { rpc } = identity({ live: true, ended: false });
    const liveness = new SessionLiveness(unreachableCache(), rpc, new ProcessMetrics());
    expect(await liveness.isLive('live')).toBe(true);
    expect(await liveness.isLive('ended')).toBe(false);
  });

  it('answers 503 when identity cannot be asked, never "not live"', async () => {
    const { rpc, state } = identity({ live: true });
    state.down = true;
    await expect(new SessionLiveness(new MemoryCache(), rpc, new ProcessMetrics()).isLive('live')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retryAfterSeconds: 5 } });
  });

  it('refuses a session this gateway ended itself at once', async () => {
    const { rpc } = identity({ live: true });
    const liveness = new SessionLiveness(new MemoryCache(), rpc, new ProcessMetrics());
    expect(await liveness.isLive('live')).toBe(true);
    liveness.forget('live');
    expect(await liveness.isLive('live')).toBe(false);
  });
});
