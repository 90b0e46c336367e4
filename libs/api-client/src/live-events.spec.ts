import { BETA_TOKEN_HEADER, LIVE_RETRY_MS, LIVE_SILENCE_MS, type LiveControl, type LiveEvent } from '@closetly/contracts';
import { LIVE_MAX_BACKOFF_MS, openLiveEvents, type LiveEventsOptions, type LiveEventsState } from './index';

const productId = '7f1c3e0e-2b1a-4c8e-9d1e-0a1b2c3d4e5f';
const at = '2026-11-27T18:00:00.000Z';
const saved = { type: 'item-saved', productId, at };
const removed = { type: 'item-removed', productId, at };

/** One request the fake fetch answered with a stream the test feeds. */
interface FakeStream {
  url: string;
  headers: Record<string, string>;
  push(text: string): void;
  pushBytes(bytes: Uint8Array): void;
  end(): void;
  drop(): void;
  readonly aborted: boolean;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * A fake fetch whose every request opens a stream the test writes into (or, when the test queued one,
 * answers with an error status), and a live events connection recording what it reports.
 */
function liveHarness(overrides: Partial<LiveEventsOptions> = {}) {
  const streams: FakeStream[] = [];
  const answers: Answer[] = [];
  const events: Array<{ event: LiveEvent; id: string }> = [];
  const controls: LiveControl[] = [];
  const states: LiveEventsState[] = [];
  let unauthorized = 0;
  const encoder = new TextEncoder();

  const fakeFetch: typeof fetch = async (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const answer = answers.shift();
    if (answer) {
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let aborted = false;
    let finished = false;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    const stream: FakeStream = {
      url: String(input),
      headers,
      push: (text) => controller.enqueue(encoder.encode(text)),
      pushBytes: (bytes) => controller.enqueue(bytes),
      end: () => {
        finished = true;
        controller.close();
      },
      drop: () => {
        finished = true;
        controller.error(new TypeError('terminated'));
      },
      get aborted() {
        return aborted;
      },
    };
    init?.signal?.addEventListener('abort', () => {
      aborted = true;
      if (!finished) stream.drop();
    });
    streams.push(stream);
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  };

  const connection = openLiveEvents({
    fetch: fakeFetch,
    getBetaToken: () => 'beta-1',
    getAccessToken: () => 'access-1',
    onEvent: (event, id) => events.push({ event, id }),
    onControl: (control) => controls.push(control),
    onUnauthorized: () => unauthorized++,
    onStateChange: (state) => states.push(state),
    ...overrides,
  });
  return {
    connection,
    streams,
    answers,
    events,
    controls,
    states,
    get unauthorized() {
      return unauthorized;
    },
  };
}

/** Lets the streams and promises run (timers are fake; setImmediate is not). */
async function settle(turns = 10): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}

const frame = (id: string | null, message: object) => `${id === null ? '' : `id: ${id}\n`}event: ${(message as { type: string }).type}\ndata: ${JSON.stringify(message)}\n\n`;

describe('openLiveEvents', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    jest.spyOn(Math, 'random').mockReturnValue(1);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('opens GET /api/events with the bearer and beta headers and hands over validated events with their ids', async () => {
    const live = liveHarness({ baseUrl: 'http://gateway.test/' });
    await settle();
    expect(live.streams).toHaveLength(1);
    expect(live.streams[0]?.url).toBe('http://gateway.test/api/events');
    expect(live.streams[0]?.headers).toMatchObject({ Accept: 'text/event-stream', Authorization: 'Bearer access-1', [BETA_TOKEN_HEADER]: 'beta-1' });
    expect(live.streams[0]?.headers['Last-Event-ID']).toBeUndefined();
    expect(live.states).toEqual(['connecting', 'open']);

    live.streams[0]?.push(`retry: 2000\n${frame(null, { type: 'ready', lastEventId: null })}${frame('1-1', saved)}`);
    await settle();
    expect(live.controls).toEqual([{ type: 'ready', lastEventId: null }]);
    expect(live.events).toEqual([{ event: saved, id: '1-1' }]);
    expect(live.connection.lastEventId).toBe('1-1');
    live.connection.close();
  });

  it('parses messages split anywhere across chunks, with CRLF, LF or CR line ends, multi-line data and comments', async () => {
    const live = liveHarness();
    await settle();
    const text = `: heartbeat\r\nid: 5-1\r\nevent: item-saved\r\ndata: {"type":"item-saved",\r\ndata: "productId":"${productId}","at":"${at}"}\r\n\r\n: heartbeat\rid: 5-2\revent: item-removed\rdata: ${JSON.stringify(removed)}\r\r`;
    // One character at a time: every split point, including between a CR and its LF.
    for (const char of text) live.streams[0]?.push(char);
    await settle(text.length);
    expect(live.events).toEqual([
      { event: saved, id: '5-1' },
      { event: removed, id: '5-2' },
    ]);
    // A multi-byte character split between chunks is decoded whole.
    const bytes = new TextEncoder().encode(`id: 5-é\ndata: ${JSON.stringify(saved)}\n\n`);
    const split = bytes.indexOf(0xc3) + 1;
    live.streams[0]?.pushBytes(bytes.slice(0, split));
    live.streams[0]?.pushBytes(bytes.slice(split));
    await settle();
    expect(live.events.at(-1)).toEqual({ event: saved, id: '5-é' });
    live.connection.close();
  });

  it('skips and logs messages that are not JSON or not in the contract, and keeps going (advancing the resume point)', async () => {
    const live = liveHarness();
    await settle();
    live.streams[0]?.push(`id: 2-1\ndata: not json\n\nid: 2-2\nevent: wardrobe-exploded\ndata: {"type":"wardrobe-exploded"}\n\n${frame('2-3', removed)}`);
    await settle();
    expect(live.events).toEqual([{ event: removed, id: '2-3' }]);
    expect(console.warn).toHaveBeenCalledTimes(2);
    live.connection.close();
  });

  it('reconnects after a drop with Last-Event-ID, waiting the advised retry with jitter', async () => {
    const live = liveHarness({ lastEventId: '1-9' });
    await settle();
    expect(live.streams[0]?.headers['Last-Event-ID']).toBe('1-9');
    live.streams[0]?.push(`retry: 4000\n${frame(null, { type: 'ready', lastEventId: '1-9' })}${frame('3-1', saved)}`);
    await settle();
    live.streams[0]?.drop();
    await settle();
    expect(live.states.at(-1)).toBe('waiting');
    // Math.random() is 1: the full advised 4 s (jitter takes from 2 to 4 s).
    jest.advanceTimersByTime(3_999);
    await settle();
    expect(live.streams).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await settle();
    expect(live.streams).toHaveLength(2);
    expect(live.streams[1]?.headers['Last-Event-ID']).toBe('3-1');
    expect(live.states).toEqual(['connecting', 'open', 'waiting', 'connecting', 'open']);
    live.connection.close();
  });

  it('reconnects when the stream ends cleanly, too', async () => {
    const live = liveHarness();
    await settle();
    live.streams[0]?.push(frame('4-1', saved));
    live.streams[0]?.end();
    await settle();
    jest.advanceTimersByTime(LIVE_RETRY_MS);
    await settle();
    expect(live.streams).toHaveLength(2);
    expect(live.streams[1]?.headers['Last-Event-ID']).toBe('4-1');
    live.connection.close();
  });

  it('doubles the wait after each failed attempt up to the cap, and starts again from the advised retry once a message arrives', async () => {
    const live = liveHarness();
    await settle();
    const waits: number[] = [];
    // Every attempt is dropped before a message: 2, 4, 8, 16, 30, 30 s.
    for (let attempt = 0; attempt < 6; attempt++) {
      const count = live.streams.length;
      live.streams[count - 1]?.drop();
      await settle();
      let waited = 0;
      while (live.streams.length === count) {
        jest.advanceTimersByTime(1_000);
        waited += 1_000;
        await settle(3);
      }
      waits.push(waited);
    }
    expect(waits).toEqual([LIVE_RETRY_MS, 4_000, 8_000, 16_000, LIVE_MAX_BACKOFF_MS, LIVE_MAX_BACKOFF_MS]);
    live.streams.at(-1)?.push(frame(null, { type: 'ready', lastEventId: null }));
    live.streams.at(-1)?.drop();
    await settle();
    jest.advanceTimersByTime(LIVE_RETRY_MS);
    await settle();
    expect(live.streams).toHaveLength(8);
    live.connection.close();
  });

  it('honours Retry-After on 503 and 429 when it is longer than the backoff', async () => {
    const live = liveHarness();
    live.answers.push({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } }, headers: { 'retry-after': '7' } });
    live.answers.push({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'slow down' } }, headers: { 'retry-after': '5' } });
    await settle();
    expect(live.streams).toHaveLength(0);
    jest.advanceTimersByTime(6_999);
    await settle();
    expect(live.answers).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await settle();
    expect(live.answers).toHaveLength(0);
    // The 429 came on the second failure: the backoff (4 s) is shorter than its Retry-After (5 s).
    jest.advanceTimersByTime(4_999);
    await settle();
    expect(live.streams).toHaveLength(0);
    jest.advanceTimersByTime(1);
    await settle();
    expect(live.streams).toHaveLength(1);
    expect(live.unauthorized).toBe(0);
    live.connection.close();
  });

  it('reconnects after LIVE_SILENCE_MS without a byte, and a heartbeat counts as a byte', async () => {
    const live = liveHarness();
    await settle();
    live.streams[0]?.push(frame('6-1', saved));
    await settle();
    jest.advanceTimersByTime(LIVE_SILENCE_MS - 1);
    live.streams[0]?.push(': heartbeat\n\n');
    await settle();
    jest.advanceTimersByTime(LIVE_SILENCE_MS - 1);
    await settle();
    expect(live.streams[0]?.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    await settle();
    expect(live.streams[0]?.aborted).toBe(true);
    jest.advanceTimersByTime(LIVE_RETRY_MS);
    await settle();
    expect(live.streams).toHaveLength(2);
    expect(live.streams[1]?.headers['Last-Event-ID']).toBe('6-1');
    live.connection.close();
  });

  it('stops for good on 401 and reports it', async () => {
    const live = liveHarness();
    live.answers.push({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Session ended' } } });
    await settle();
    expect(live.unauthorized).toBe(1);
    expect(live.states).toEqual(['connecting', 'closed']);
    jest.advanceTimersByTime(10 * LIVE_MAX_BACKOFF_MS);
    await settle();
    expect(live.streams).toHaveLength(0);
  });

  it('reports a missing access token as unauthorized without a request', async () => {
    const live = liveHarness({ getAccessToken: () => null });
    await settle();
    expect(live.unauthorized).toBe(1);
    expect(live.streams).toHaveLength(0);
    expect(live.states.at(-1)).toBe('closed');
  });

  it('stops for good on session-ended, after handing it over', async () => {
    const live = liveHarness();
    await settle();
    live.streams[0]?.push(frame('7-1', saved) + frame(null, { type: 'session-ended' }) + frame('7-2', removed));
    await settle();
    expect(live.events.map((each) => each.id)).toEqual(['7-1']);
    expect(live.controls).toEqual([{ type: 'session-ended' }]);
    expect(live.streams[0]?.aborted).toBe(true);
    expect(live.states.at(-1)).toBe('closed');
    jest.advanceTimersByTime(10 * LIVE_MAX_BACKOFF_MS);
    await settle();
    expect(live.streams).toHaveLength(1);
    expect(live.unauthorized).toBe(0);
  });

  it('close() aborts the request, cancels a pending reconnect and reports closed once', async () => {
    const live = liveHarness();
    await settle();
    live.connection.close();
    await settle();
    expect(live.streams[0]?.aborted).toBe(true);
    expect(live.states).toEqual(['connecting', 'open', 'closed']);

    const waiting = liveHarness();
    await settle();
    waiting.streams[0]?.drop();
    await settle();
    expect(waiting.states.at(-1)).toBe('waiting');
    waiting.connection.close();
    waiting.connection.close();
    jest.advanceTimersByTime(10 * LIVE_MAX_BACKOFF_MS);
    await settle();
    expect(waiting.streams).toHaveLength(1);
    expect(waiting.states).toEqual(['connecting', 'open', 'waiting', 'closed']);
  });

  it("logs a listener's failure without taking it for a drop, and keeps delivering", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const live = liveHarness({
      onEvent: () => {
        calls++;
        throw new Error('listener bug');
      },
    });
    await settle();
    live.streams[0]?.push(frame('8-1', saved) + frame('8-2', removed));
    await settle();
    expect(calls).toBe(2);
    expect(console.error).toHaveBeenCalledTimes(2);
    expect(live.states).toEqual(['connecting', 'open']);
    expect(live.connection.lastEventId).toBe('8-2');
    live.connection.close();
  });

  it('tries again later when the tokens cannot be read', async () => {
    let reads = 0;
    const live = liveHarness({
      getAccessToken: () => {
        reads++;
        if (reads === 1) throw new Error('storage unavailable');
        return 'access-1';
      },
    });
    await settle();
    expect(live.streams).toHaveLength(0);
    expect(live.states.at(-1)).toBe('waiting');
    jest.advanceTimersByTime(LIVE_RETRY_MS);
    await settle();
    expect(live.streams).toHaveLength(1);
    live.connection.close();
  });

  it('stops on a refusal that retrying cannot change (403)', async () => {
    const live = liveHarness();
    live.answers.push({ status: 403, body: { error: { code: 'BETA_REQUIRED', message: 'no' } } });
    await settle();
    expect(live.states).toEqual(['connecting', 'closed']);
    expect(live.unauthorized).toBe(0);
  });

  it('retries when something other than an event stream answers 200 (a fallback page)', async () => {
    const live = liveHarness();
    live.answers.push({ status: 200, body: '<html></html>', headers: { 'content-type': 'text/html' } });
    await settle();
    expect(live.states.at(-1)).toBe('waiting');
    jest.advanceTimersByTime(LIVE_RETRY_MS);
    await settle();
    expect(live.streams).toHaveLength(1);
    live.connection.close();
  });
});
