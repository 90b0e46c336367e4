import type { LiveEventsConnection, LiveEventsOptions } from '@closetly/api-client';
import type { LiveEvent } from '@closetly/contracts';
import { createLiveWardrobe, NOTHING_YET, type LiveWardrobeDeps } from './live-wardrobe';
import { savedPagesOf, withoutProduct, type SavedPages } from './saved-pages';
import type { ExtensionSession } from './session';

const COAT = '6f0c1f4e-6d0b-4c1e-9a55-1b1f3f0c0a01';
const SHIRT = '6f0c1f4e-6d0b-4c1e-9a55-1b1f3f0c0a02';
const AT = '2026-11-27T18:00:00.000Z';

const session = (token = 'extension-token'): ExtensionSession => ({ token, betaToken: 'beta', apiBaseUrl: 'https://closetly.test', email: 'ada@example.com' });

/** A stream the test drives: what openLiveEvents was given, and what the client would deliver. */
interface FakeStream {
  options: LiveEventsOptions;
  closed: boolean;
  lastEventId: string | null;
  event(event: LiveEvent, id: string): void;
}

/** The extension's storage and the gateway as plain data: the wardrobe is what a refetch finds. */
function fakeWorld(start: { session?: ExtensionSession | null; wardrobe?: Array<{ id: string; sourceUrl: string }>; liveEventId?: string | null } = {}) {
  const world = {
    session: start.session === undefined ? session() : start.session,
    wardrobe: start.wardrobe ?? [{ id: COAT, sourceUrl: 'https://www.cos.com/en/p/wool-coat.html' }],
    savedPages: {} as SavedPages,
    liveEventId: start.liveEventId ?? null,
    awake: false,
    refetches: 0,
    failRefetch: false,
    signedOut: 0,
    streams: [] as FakeStream[],
  };
  world.savedPages = savedPagesOf(world.wardrobe);
  const deps: LiveWardrobeDeps = {
    openLiveEvents(options): LiveEventsConnection {
      const stream: FakeStream = {
        options,
        closed: false,
        lastEventId: options.lastEventId ?? null,
        event(event, id) {
          stream.lastEventId = id;
          options.onEvent(event, id);
        },
      };
      world.streams.push(stream);
      return {
        close: () => {
          stream.closed = true;
        },
        get lastEventId() {
          return stream.lastEventId;
        },
      };
    },
    readSession: async () => world.session,
    readLiveEventId: async () => world.liveEventId,
    writeLiveEventId: async (id) => {
      world.liveEventId = id;
    },
    readSavedPages: async () => ({ ...world.savedPages }),
    refreshSavedPages: async () => {
      world.refetches++;
      if (world.failRefetch) throw new Error('network down');
      world.savedPages = savedPagesOf(world.wardrobe);
    },
    forgetSavedProduct: async (productId) => {
      world.savedPages = withoutProduct(world.savedPages, productId);
    },
    signOut: async () => {
      world.signedOut++;
      world.session = null;
      world.savedPages = {};
      world.liveEventId = null;
    },
    keepAwake: async (signedIn) => {
      world.awake = signedIn;
    },
  };
  // A restart is a new worker: nothing in memory, the same storage.
  return { world, live: createLiveWardrobe(deps), restart: () => createLiveWardrobe(deps) };
}

const saved = (productId: string): LiveEvent => ({ type: 'item-saved', productId, at: AT });
const removed = (productId: string): LiveEvent => ({ type: 'item-removed', productId, at: AT });

describe('the live wardrobe', () => {
  it('opens one stream for the stored session, with its tokens and the stored resume point, and keeps the worker awake', async () => {
    const { world, live } = fakeWorld({ liveEventId: '1700000000000-3' });
    await live.sync();
    await live.sync();
    expect(world.streams).toHaveLength(1);
    const [stream] = world.streams;
    expect(stream?.options.baseUrl).toBe('https://closetly.test');
    expect(await stream?.options.getAccessToken()).toBe('extension-token');
    expect(await stream?.options.getBetaToken()).toBe('beta');
    expect(stream?.options.lastEventId).toBe('1700000000000-3');
    expect(world.awake).toBe(true);
  });

  it('opens nothing while signed out', async () => {
    const { world, live } = fakeWorld({ session: null });
    await live.sync();
    expect(world.streams).toHaveLength(0);
    expect(world.awake).toBe(false);
  });

  it('forgets a product removed elsewhere, and stores the event as the resume point', async () => {
    const { world, live } = fakeWorld({ wardrobe: [{ id: COAT, sourceUrl: 'https://www.cos.com/en/p/wool-coat.html' }, { id: SHIRT, sourceUrl: 'https://arket.com/p/shirt' }] });
    await live.sync();
    world.streams[0]?.event(removed(COAT), '1700000000000-4');
    await live.settled();
    expect(world.savedPages).toEqual({ 'arket.com/p/shirt': SHIRT });
    expect(world.liveEventId).toBe('1700000000000-4');
    expect(world.refetches).toBe(0);
  });

  it('learns the page of a product saved elsewhere by refetching, and not for its own saves', async () => {
    const { world, live } = fakeWorld();
    await live.sync();
    world.streams[0]?.event(saved(COAT), '1700000000000-5');
    await live.settled();
    expect(world.refetches).toBe(0);

    world.wardrobe.push({ id: SHIRT, sourceUrl: 'https://arket.com/p/shirt?colour=sand' });
    world.streams[0]?.event(saved(SHIRT), '1700000000000-6');
    await live.settled();
    expect(world.refetches).toBe(1);
    expect(world.savedPages['arket.com/p/shirt']).toBe(SHIRT);
    expect(world.liveEventId).toBe('1700000000000-6');
  });

  it('applies events one at a time, in order: a save then its removal leaves the page unsaved', async () => {
    const { world, live } = fakeWorld();
    await live.sync();
    world.wardrobe.push({ id: SHIRT, sourceUrl: 'https://arket.com/p/shirt' });
    world.streams[0]?.event(saved(SHIRT), '1700000000000-7');
    world.wardrobe.pop();
    world.streams[0]?.event(removed(SHIRT), '1700000000000-8');
    await live.settled();
    expect(world.savedPages).not.toHaveProperty('arket.com/p/shirt');
    expect(world.liveEventId).toBe('1700000000000-8');
  });

  it('refetches when a stream starts without a resume point, and not when it resumes', async () => {
    const { world, live } = fakeWorld();
    await live.sync();
    world.streams[0]?.options.onControl?.({ type: 'ready', lastEventId: '1700000000000-9' });
    await live.settled();
    expect(world.refetches).toBe(1);
    expect(world.liveEventId).toBe('1700000000000-9');

    // The client reconnects from its own point: the server replays what was missed.
    world.streams[0]?.options.onControl?.({ type: 'ready', lastEventId: '1700000000000-9' });
    await live.settled();
    expect(world.refetches).toBe(1);
  });

  it('refetches once when the server no longer holds the resume point, then resumes from its ready', async () => {
    const { world, live } = fakeWorld({ liveEventId: '1600000000000-1' });
    await live.sync();
    world.streams[0]?.options.onControl?.({ type: 'resync' });
    world.streams[0]?.options.onControl?.({ type: 'ready', lastEventId: '1700000000000-20' });
    await live.settled();
    expect(world.refetches).toBe(1);
    expect(world.liveEventId).toBe('1700000000000-20');
  });

  it('stores the replayed events, then the ready after them, when it resumes', async () => {
    const { world, live } = fakeWorld({ liveEventId: '1700000000000-1' });
    await live.sync();
    world.streams[0]?.event(removed(COAT), '1700000000000-2');
    world.streams[0]?.options.onControl?.({ type: 'ready', lastEventId: '1700000000000-2' });
    await live.settled();
    expect(world.savedPages).toEqual({});
    expect(world.refetches).toBe(0);
    expect(world.liveEventId).toBe('1700000000000-2');
  });

  it('does not refetch at every wake while the user’s event log stays empty, and does once it is not', async () => {
    const { world, live, restart } = fakeWorld();
    await live.sync();
    world.streams[0]?.options.onControl?.({ type: 'ready', lastEventId: null });
    await live.settled();
    expect(world.refetches).toBe(1);
    expect(world.liveEventId).toBe(NOTHING_YET);

    // Chrome stopped the worker; the alarm wakes a new one. The marker is never sent as Last-Event-ID.
    const woken = restart();
    await woken.sync();
    expect(world.streams[1]?.options.lastEventId).toBeNull();
    world.streams[1]?.options.onControl?.({ type: 'ready', lastEventId: null });
    await woken.settled();
    expect(world.refetches).toBe(1);

    // A save made while no worker ran: the log is no longer empty, and what it holds was missed.
    world.wardrobe.push({ id: SHIRT, sourceUrl: 'https://arket.com/p/shirt' });
    const wokenAgain = restart();
    await wokenAgain.sync();
    world.streams[2]?.options.onControl?.({ type: 'ready', lastEventId: '1700000000000-30' });
    await wokenAgain.settled();
    expect(world.refetches).toBe(2);
    expect(world.savedPages).toHaveProperty(['arket.com/p/shirt'], SHIRT);
    expect(world.liveEventId).toBe('1700000000000-30');
  });

  it('signs out when the session ends or the token is refused', async () => {
    for (const end of [(options: LiveEventsOptions) => options.onControl?.({ type: 'session-ended' }), (options: LiveEventsOptions) => options.onUnauthorized?.()]) {
      const { world, live } = fakeWorld();
      await live.sync();
      const [stream] = world.streams;
      if (stream) end(stream.options);
      await live.settled();
      expect(world.signedOut).toBe(1);
      expect(world.savedPages).toEqual({});
      expect(stream?.closed).toBe(true);
      await live.sync();
      expect(world.streams).toHaveLength(1);
      expect(world.awake).toBe(false);
    }
  });

  it('closes the stream on sign-out, ignoring what it still delivers, and opens a new one for another sign-in', async () => {
    const { world, live } = fakeWorld();
    await live.sync();
    const first = world.streams[0];
    world.session = null;
    await live.sync();
    expect(first?.closed).toBe(true);
    expect(world.awake).toBe(false);
    first?.event(removed(COAT), '1700000000000-10');
    await live.settled();
    expect(world.liveEventId).toBeNull();

    world.session = session('another-token');
    world.savedPages = savedPagesOf(world.wardrobe);
    await live.sync();
    expect(world.streams).toHaveLength(2);
    expect(await world.streams[1]?.options.getAccessToken()).toBe('another-token');
    first?.event(removed(COAT), '1700000000000-11');
    await live.settled();
    expect(world.savedPages).toHaveProperty(['cos.com/en/p/wool-coat.html'], COAT);

    // A token replaced without a sign-out in between (the web app signed in as someone else).
    world.session = session('third-token');
    await live.sync();
    expect(world.streams[1]?.closed).toBe(true);
    expect(world.streams).toHaveLength(3);
  });

  it('writes nothing for an event that arrives after a sign-out elsewhere, before the stream is closed', async () => {
    const { world, live } = fakeWorld();
    await live.sync();
    world.session = null; // the popup signed out; the storage listener's sync has not run yet
    world.streams[0]?.event(removed(COAT), '1700000000000-12');
    await live.settled();
    expect(world.savedPages).toHaveProperty(['cos.com/en/p/wool-coat.html'], COAT);
    expect(world.liveEventId).toBeNull();
  });

  it('after a failed update, stores no resume point until a refetch at the next wake catches up', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { world, live } = fakeWorld({ liveEventId: '1700000000000-1' });
    await live.sync();
    world.failRefetch = true;
    world.wardrobe.push({ id: SHIRT, sourceUrl: 'https://arket.com/p/shirt' });
    world.streams[0]?.event(saved(SHIRT), '1700000000000-2');
    await live.settled();
    expect(world.liveEventId).toBeNull();
    world.wardrobe.shift();
    world.streams[0]?.event(removed(COAT), '1700000000000-3');
    await live.settled();
    expect(world.liveEventId).toBeNull();
    expect(world.savedPages).toEqual({});

    world.failRefetch = false;
    await live.sync(); // the alarm
    expect(world.savedPages).toEqual({ 'arket.com/p/shirt': SHIRT });
    expect(world.liveEventId).toBe('1700000000000-3');
    expect(world.streams).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('Closetly: a live wardrobe update failed', expect.any(Error));
    warn.mockRestore();
  });
});
