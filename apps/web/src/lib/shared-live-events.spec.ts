import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { LiveEventsConnection } from '@closetly/api-client';
import type { LiveControl, LiveEvent } from '@closetly/contracts';
import { shareLiveEvents, type LiveChannel, type LiveLocks, type LiveStreamCallbacks, type SharedLiveEvents } from './shared-live-events';

const productId = '7f1c3e0e-2b1a-4c8e-9d1e-0a1b2c3d4e5f';
const saved = (n: number): LiveEvent => ({ type: 'item-saved', productId, at: `2026-11-27T18:00:0${n}.000Z` });

/** Web Locks as one browser has them: one holder per name, the others queued in order; a queued request can be abandoned. */
function fakeLocks(): LiveLocks {
  const queue: Array<{ callback: () => Promise<void>; resolve: (value: unknown) => void; reject: (error: unknown) => void }> = [];
  let held = false;
  const grantNext = () => {
    const next = queue.shift();
    if (!next) return;
    held = true;
    next
      .callback()
      .then(next.resolve, next.reject)
      .finally(() => {
        held = false;
        grantNext();
      });
  };
  return {
    request(_name, { signal }, callback) {
      return new Promise((resolve, reject) => {
        const entry = { callback, resolve, reject };
        queue.push(entry);
        signal.addEventListener('abort', () => {
          const index = queue.indexOf(entry);
          if (index === -1) return;
          queue.splice(index, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
        if (!held) grantNext();
      });
    },
  };
}

/** BroadcastChannel between the tabs of one browser: each post reaches every other open channel, later, as a copy. */
function fakeChannels() {
  const open = new Set<FakeChannel>();
  class FakeChannel implements LiveChannel {
    private readonly listeners = new Set<(event: MessageEvent) => void>();
    constructor() {
      open.add(this);
    }
    postMessage(message: unknown): void {
      const copy = JSON.stringify(message);
      for (const channel of open) {
        if (channel !== this) setTimeout(() => channel.deliver(JSON.parse(copy)), 0);
      }
    }
    deliver(data: unknown): void {
      if (!open.has(this)) return;
      for (const listener of this.listeners) listener({ data } as MessageEvent);
    }
    addEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
      this.listeners.add(listener);
    }
    removeEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
      this.listeners.delete(listener);
    }
    close(): void {
      open.delete(this);
    }
  }
  return () => new FakeChannel();
}

interface FakeStream {
  lastEventIdAtOpen: string | null;
  callbacks: LiveStreamCallbacks;
  closed: boolean;
  /** What the server says on this stream. */
  event(event: LiveEvent, id: string): void;
  control(control: LiveControl): void;
}

/** A browser: its lock manager, its channels, and every stream any of its tabs opened. */
function fakeBrowser({ locks = true, channels = true } = {}) {
  const browser = { locks: locks ? fakeLocks() : null, createChannel: channels ? fakeChannels() : null, streams: [] as FakeStream[] };
  return browser;
}

type Browser = ReturnType<typeof fakeBrowser>;

/** A tab of `browser` signed in as `uid`, recording what its handlers heard. */
function openTab(browser: Browser, uid = 'user-1', onUnauthorized: () => boolean = () => false) {
  const heard: Array<LiveEvent | LiveControl> = [];
  const ids: string[] = [];
  const shared: SharedLiveEvents = shareLiveEvents({
    uid,
    locks: browser.locks,
    createChannel: browser.createChannel,
    onEvent: (event, id) => {
      heard.push(event);
      ids.push(id);
    },
    onControl: (control) => heard.push(control),
    onUnauthorized,
    open(lastEventId, callbacks) {
      let lastId = lastEventId;
      const stream: FakeStream = {
        lastEventIdAtOpen: lastEventId,
        callbacks,
        closed: false,
        event(event, id) {
          lastId = id;
          callbacks.onEvent(event, id);
        },
        control: (control) => callbacks.onControl(control),
      };
      browser.streams.push(stream);
      const connection: LiveEventsConnection = {
        close: () => {
          stream.closed = true;
        },
        get lastEventId() {
          return lastId;
        },
      };
      return connection;
    },
  });
  return { shared, heard, ids };
}

/** Lets queued lock grants and channel deliveries run. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

const openStreams = (browser: Browser) => browser.streams.filter((stream) => !stream.closed);

describe('shareLiveEvents: one live stream per browser', () => {
  const tabs: SharedLiveEvents[] = [];
  const tab = (...args: Parameters<typeof openTab>) => {
    const opened = openTab(...args);
    tabs.push(opened.shared);
    return opened;
  };
  afterEach(() => {
    for (const shared of tabs.splice(0)) shared.stop();
    jest.restoreAllMocks();
  });

  it('lets the first tab lead with the one stream, and every tab hears each message once', async () => {
    const browser = fakeBrowser();
    const first = tab(browser);
    const second = tab(browser);
    const third = tab(browser);
    await settle();
    expect([first.shared.role, second.shared.role, third.shared.role]).toEqual(['leader', 'follower', 'follower']);
    expect(openStreams(browser)).toHaveLength(1);

    browser.streams[0]?.control({ type: 'ready', lastEventId: null });
    browser.streams[0]?.event(saved(1), '10-1');
    await settle();
    for (const each of [first, second, third]) {
      expect(each.heard).toEqual([{ type: 'ready', lastEventId: null }, saved(1)]);
      expect(each.ids).toEqual(['10-1']);
    }
    expect(second.shared.lastEventId).toBe('10-1');
  });

  it('hands the stream to another tab when the leader closes, resuming from the last id it heard', async () => {
    const browser = fakeBrowser();
    const first = tab(browser);
    const second = tab(browser);
    await settle();
    browser.streams[0]?.event(saved(1), '10-1');
    browser.streams[0]?.event(saved(2), '10-2');
    await settle();

    first.shared.stop();
    await settle();
    expect(second.shared.role).toBe('leader');
    expect(openStreams(browser)).toHaveLength(1);
    expect(browser.streams[1]?.lastEventIdAtOpen).toBe('10-2');
    expect(browser.streams[0]?.closed).toBe(true);

    browser.streams[1]?.event(saved(3), '10-3');
    await settle();
    expect(second.ids).toEqual(['10-1', '10-2', '10-3']);
    expect(first.ids).toEqual(['10-1', '10-2']);
  });

  it('tells a tab that opens later where the stream is, so it resumes from there if it leads next', async () => {
    const browser = fakeBrowser();
    const first = tab(browser);
    await settle();
    browser.streams[0]?.event(saved(1), '20-1');
    await settle();
    const late = tab(browser);
    await settle();
    expect(late.shared.lastEventId).toBe('20-1');
    first.shared.stop();
    await settle();
    expect(browser.streams[1]?.lastEventIdAtOpen).toBe('20-1');
  });

  it('keeps a stream per tab where Web Locks or BroadcastChannel are missing', async () => {
    for (const missing of [{ locks: false }, { channels: false }]) {
      const browser = fakeBrowser(missing);
      const first = tab(browser);
      const second = tab(browser);
      await settle();
      expect([first.shared.role, second.shared.role]).toEqual(['solo', 'solo']);
      expect(openStreams(browser)).toHaveLength(2);
      browser.streams[0]?.event(saved(1), '30-1');
      await settle();
      expect(first.ids).toEqual(['30-1']);
      expect(second.ids).toEqual([]);
    }
  });

  it("ignores another user's broadcasts and messages outside the contract", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = fakeBrowser();
    const otherUser = tab(browser, 'user-2');
    await settle();
    const mine = tab(browser, 'user-1');
    await settle();
    // user-2's tab leads (it came first); user-1's tab waits for the lock and hears nothing of user-2's.
    browser.streams[0]?.event(saved(1), '40-1');
    const channel = browser.createChannel?.();
    channel?.postMessage({ kind: 'event', uid: 'user-1', event: { type: 'item-saved', productId: 'not-a-uuid' }, id: '40-2', lastEventId: '40-2' });
    await settle();
    expect(otherUser.ids).toEqual(['40-1']);
    expect(mine.heard).toEqual([]);
    channel?.close();
  });

  it('opens the stream again after a 401 only when the caller says the token was replaced, and stops for good otherwise', async () => {
    const browser = fakeBrowser();
    let answer = true;
    tab(browser, 'user-1', () => answer);
    await settle();
    browser.streams[0]?.event(saved(1), '50-1');
    browser.streams[0]?.callbacks.onUnauthorized();
    expect(browser.streams).toHaveLength(2);
    expect(browser.streams[1]?.lastEventIdAtOpen).toBe('50-1');
    answer = false;
    browser.streams[1]?.callbacks.onUnauthorized();
    expect(browser.streams).toHaveLength(2);
  });

  it('stop() closes the stream and gives up a lock it is still waiting for', async () => {
    const browser = fakeBrowser();
    const first = tab(browser);
    const second = tab(browser);
    await settle();
    second.shared.stop();
    first.shared.stop();
    await settle();
    expect(browser.streams).toHaveLength(1);
    expect(browser.streams[0]?.closed).toBe(true);
    expect([first.shared.role, second.shared.role]).toEqual(['stopped', 'stopped']);
  });
});
