import { PassThrough } from 'node:stream';
import { type Caller, LIVE_EVENTS_BUSY_MESSAGE, LIVE_EVENTS_TOO_MANY_MESSAGE, LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_USER, type LiveEvent } from '@closetly/contracts';
import { ProcessMetrics } from '@closetly/server';
import type { SessionLiveness } from '../auth/session-liveness';
import type { GatewayConfig } from '../config';
import { LiveStreams } from './live-streams';
import { MemoryLiveEventLog } from './memory-live-event-log';

const PRODUCT = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const saved = (productId = PRODUCT): LiveEvent => ({ type: 'item-saved', productId, at: '2026-11-27T10:00:00.000Z' });

/** A client's end of one stream: every frame written, and a way to go away. */
class TestClient {
  readonly body = new PassThrough();
  private text = '';
  private gone: (() => void) | undefined;
  constructor() {
    this.body.on('data', (chunk: Buffer) => (this.text += chunk.toString()));
  }
  readonly sink = { body: this.body, onClientGone: (listener: () => void) => void (this.gone = listener) };
  /** The frames so far, each as its lines. */
  frames(): string[][] {
    return this.text
      .split('\n\n')
      .filter(Boolean)
      .map((frame) => frame.split('\n'));
  }
  /** The data of each frame that has some, parsed. */
  messages(): Array<{ id?: string; data: { type: string; [key: string]: unknown } }> {
    return this.frames().flatMap((lines) => {
      const data = lines.find((line) => line.startsWith('data: '));
      const id = lines.find((line) => line.startsWith('id: '))?.slice(4);
      return data ? [{ ...(id && { id }), data: JSON.parse(data.slice(6)) as { type: string } }] : [];
    });
  }
  get ended(): boolean {
    return this.body.writableEnded;
  }
  leave(): void {
    this.gone?.();
  }
}

function setup(options: { perReplica?: number } = {}) {
  const log = new MemoryLiveEventLog();
  const sessions = { isLive: jest.fn(async () => true) };
  const config = { LIVE_STREAMS_PER_REPLICA: options.perReplica ?? 100 } as GatewayConfig;
  const streams = new LiveStreams(log, sessions as unknown as SessionLiveness, config, new ProcessMetrics());
  const caller = (uid = 'user-1', sid = 'session-1'): Caller => ({ uid, sid, roles: [], scope: 'full' });
  const connect = async (who: Caller = caller(), lastEventId: string | null = null) => {
    const client = new TestClient();
    await streams.start(who, lastEventId, client.sink);
    return client;
  };
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return { log, sessions, streams, caller, connect, flush };
}

describe('LiveStreams', () => {
  afterEach(() => jest.useRealTimers());

  it('opens with the retry advice and ready at the newest id, then writes each new event with its id', async () => {
    const { log, connect, flush } = setup();
    await log.append('user-1', 'before', saved());
    const head = (await log.readAfter('user-1', null)).head;
    const client = await connect();
    expect(client.frames()[0]).toEqual(['retry: 2000']);
    expect(client.messages()).toEqual([{ data: { type: 'ready', lastEventId: head } }]);

    await log.append('user-1', 'after', saved());
    await flush();
    const { head: newest } = await log.readAfter('user-1', null);
    expect(client.messages().at(-1)).toEqual({ id: newest, data: saved() });
    expect(client.frames().at(-1)).toEqual([`id: ${newest}`, 'event: item-saved', `data: ${JSON.stringify(saved())}`]);
  });

  it('replays what came after the client’s id before ready, and tells it to resync when that id cannot be served', async () => {
    const { log, connect } = setup();
    await log.append('user-1', 'a', saved());
    const seen = (await log.readAfter('user-1', null)).head!;
    await log.append('user-1', 'b', saved('11111111-2222-4333-8444-555555555555'));
    const resumed = await connect(undefined, seen);
    expect(resumed.messages().map((message) => message.data.type)).toEqual(['item-saved', 'ready']);
    expect(resumed.messages()[0]!.data).toMatchObject({ productId: '11111111-2222-4333-8444-555555555555' });

    const lost = await connect(undefined, 'unknown');
    expect(lost.messages().map((message) => message.data.type)).toEqual(['resync', 'ready']);
  });

  it('ends a stream with session-ended when its session or all the user’s end, and leaves other sessions open', async () => {
    const { streams, connect, caller, flush } = setup();
    const laptop = await connect(caller('user-1', 'laptop'));
    const phone = await connect(caller('user-1', 'phone'));
    const stranger = await connect(caller('user-2', 'laptop'));

    await streams.endSessions('user-1', 'phone');
    await flush();
    expect(phone.messages().at(-1)?.data).toEqual({ type: 'session-ended' });
    expect(phone.ended).toBe(true);
    expect(laptop.ended).toBe(false);

    await streams.endSessions('user-1', null);
    await flush();
    expect(laptop.ended).toBe(true);
    expect(stranger.ended).toBe(false);
    expect(streams.size).toBe(1);
  });

  it('passes a resync from the log (its channel came back after a drop) to the client, and stays open', async () => {
    const { log, connect, flush } = setup();
    const client = await connect();
    log['signal']('user-1', { kind: 'resync' });
    await flush();
    expect(client.messages().map((message) => message.data.type)).toEqual(['ready', 'resync']);
    expect(client.ended).toBe(false);
  });

  it('beats every LIVE_HEARTBEAT_MS, and ends the stream when the session is found ended (a revocation it was not told of)', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const { sessions, connect } = setup();
    const client = await connect();
    await jest.advanceTimersByTimeAsync(LIVE_HEARTBEAT_MS);
    expect(client.frames().at(-1)).toEqual([': heartbeat']);
    expect(sessions.isLive).toHaveBeenCalledWith('session-1');

    sessions.isLive.mockResolvedValue(false);
    await jest.advanceTimersByTimeAsync(LIVE_HEARTBEAT_MS);
    expect(client.messages().at(-1)?.data).toEqual({ type: 'session-ended' });
    expect(client.ended).toBe(true);
  });

  it('refuses a user past their cap (429) and a full replica (503 with Retry-After); a client that leaves frees both', async () => {
    const { connect, caller, streams } = setup({ perReplica: LIVE_STREAMS_PER_USER + 1 });
    const clients = [];
    for (let i = 0; i < LIVE_STREAMS_PER_USER; i += 1) clients.push(await connect());
    await expect(connect()).rejects.toMatchObject({ code: 'RATE_LIMITED', message: LIVE_EVENTS_TOO_MANY_MESSAGE, details: { retryAfterSeconds: 30 } });
    clients.push(await connect(caller('user-2')));
    await expect(connect(caller('user-3'))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: LIVE_EVENTS_BUSY_MESSAGE, details: { retryAfterSeconds: 5 } });

    clients[0]!.leave();
    await new Promise((resolve) => setImmediate(resolve));
    expect(streams.size).toBe(LIVE_STREAMS_PER_USER);
    await expect(connect()).resolves.toBeDefined();
  });

  it('answers 503 with Retry-After, never a 500, when the shared log cannot count the stream (Redis away)', async () => {
    const { log, connect } = setup();
    jest.spyOn(log, 'claimStream').mockRejectedValue(new Error('Command timed out'));
    await expect(connect()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retryAfterSeconds: 5 } });
  });

  it('ends the stream of a client too slow to read (it resumes later from its last id), and every stream when the replica stops', async () => {
    const { log, connect, streams, flush } = setup();
    const slow = new TestClient();
    slow.body.removeAllListeners('data');
    slow.body.pause();
    await streams.start({ uid: 'user-1', sid: 'session-1', roles: [], scope: 'full' }, null, slow.sink);
    const steady = await connect();
    const big: LiveEvent = { type: 'price-changed', productId: PRODUCT, price: 1, currency: 'EUR', at: '2026-11-27T10:00:00.000Z' };
    for (let i = 0; i < 3_000; i += 1) await log.append('user-1', `e${i}`, big);
    await flush();
    expect(slow.ended).toBe(true);
    expect(steady.ended).toBe(false);
    expect(steady.messages().filter((message) => message.data.type === 'price-changed')).toHaveLength(3_000);

    await streams.onModuleDestroy();
    expect(steady.ended).toBe(true);
    expect(streams.size).toBe(0);
  });
});
