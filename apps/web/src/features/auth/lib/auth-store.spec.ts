import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError, NetworkError, type ApiClient } from '@closetly/api-client';
import type { AuthSession } from '@closetly/contracts';
import { createAuthStore, type AuthEvent } from './auth-store';
import { SESSION_STORAGE_KEY } from './session-storage';

const MINUTE_MS = 60 * 1000;

/** localStorage and sessionStorage as a Map: the part of the Storage interface the store uses. */
class MemoryStorage implements Pick<Storage, 'length' | 'key' | 'getItem' | 'setItem' | 'removeItem' | 'clear'> {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  clear(): void {
    this.items.clear();
  }

  keys(): string[] {
    return [...this.items.keys()];
  }
}

/**
 * The browser page the store lives in (Jest runs in Node): `window` with both storages and its events,
 * and `document` with its visibility. Removed again after each test.
 */
function installPage() {
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  Object.defineProperty(globalThis, 'window', { value: Object.assign(new EventTarget(), { localStorage, sessionStorage }), configurable: true });
  Object.defineProperty(globalThis, 'document', { value: Object.assign(new EventTarget(), { visibilityState: 'visible' }), configurable: true });
  return { localStorage, sessionStorage };
}

let sessionCount = 0;

/** A session as sign-in, sign-up or refresh answers it; each one has its own tokens. */
function authSession(overrides: Partial<AuthSession> = {}): AuthSession {
  sessionCount += 1;
  return {
    accessToken: `access-${sessionCount}`,
    refreshToken: `refresh-${sessionCount}`,
    expiresIn: 3600,
    user: { uid: 'user-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', gender: '', roles: [] },
    ...overrides,
  };
}

const unauthorized = () => new ApiError(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in again.' } });

/** The calls the store makes, as mocks: refresh answers with a fresh session unless a test says otherwise. */
function fakeApi() {
  return {
    me: jest.fn<ApiClient['me']>(),
    refresh: jest.fn<ApiClient['refresh']>(async () => authSession()),
    logout: jest.fn<ApiClient['logout']>(async () => undefined),
  };
}

/** A started store over `api`, and the events it emitted. */
function startedStore(api = fakeApi()) {
  const store = createAuthStore({ api, withLock: (_name, task) => task() });
  const events: AuthEvent['type'][] = [];
  store.onEvent((event) => events.push(event.type));
  const stop = store.start();
  return { api, store, events, stop };
}

/** A started store, signed in with `session`. */
async function signedInStore(session: AuthSession = authSession()) {
  const started = startedStore();
  await started.store.getAccessToken();
  started.store.completeSignIn(session);
  return { ...started, session };
}

describe('auth store', () => {
  let page: ReturnType<typeof installPage>;

  beforeEach(() => {
    jest.useFakeTimers();
    page = installPage();
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    Reflect.deleteProperty(globalThis, 'window');
    Reflect.deleteProperty(globalThis, 'document');
  });

  it('is signed out from the start when nothing is stored, and loading while a stored session waits for the server', async () => {
    const visitor = createAuthStore({ api: fakeApi() });
    expect(visitor.getState()).toEqual({ status: 'signedOut', session: null });

    const session = authSession();
    page.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: session.accessToken, refreshToken: session.refreshToken, expiresAt: Date.now() + 3_600_000, user: session.user }));
    const api = fakeApi();
    api.me.mockResolvedValue(session.user);
    const { store } = startedStore(api);
    expect(store.getState().status).toBe('loading');
    await store.getAccessToken();
    expect(store.getState()).toMatchObject({ status: 'signedIn', session: { accessToken: session.accessToken } });
  });

  it('keeps a completed sign-in in local storage and announces it', async () => {
    const { store, events, session } = await signedInStore();

    expect(store.getState()).toMatchObject({ status: 'signedIn', session: { accessToken: session.accessToken, user: session.user } });
    expect(page.localStorage.getItem(SESSION_STORAGE_KEY)).toContain(session.refreshToken);
    expect(events).toEqual(['signedIn']);
  });

  describe('sign-out (spec §4)', () => {
    it('clears every wardrobe cache, the stored session and session storage, and keeps the beta token and catalogue caches', async () => {
      const { store } = await signedInStore();
      page.localStorage.setItem('betaToken', 'beta-1');
      page.localStorage.setItem('popularItems_women', '{"items":[]}');
      page.localStorage.setItem('closetly.wardrobe.v1', '{"items":[]}'); // the wardrobe feature's cache
      page.localStorage.setItem('wardrobe_items', '[]');
      page.sessionStorage.setItem('closetly.oidc-popup', 'pending');

      await store.signOut();
      expect(page.localStorage.keys().sort()).toEqual(['betaToken', 'popularItems_women']);
      expect(page.sessionStorage.length).toBe(0);
      expect(store.getState()).toEqual({ status: 'signedOut', session: null });
    });

    it('ends the session on the server and tells listeners (the extension) it signed out', async () => {
      const { store, api, events, session } = await signedInStore();

      await store.signOut();
      expect(api.logout).toHaveBeenCalledWith(session.refreshToken, { accessToken: session.accessToken });
      expect(events).toEqual(['signedIn', 'signedOut']);
    });

    it('ends a session the server has already ended locally only: the same clearing, no logout call', async () => {
      const { store, api, events } = await signedInStore();
      page.localStorage.setItem('betaToken', 'beta-1');
      page.localStorage.setItem('popularItems_women', '{"items":[]}');
      page.localStorage.setItem('closetly.wardrobe.v1', '{"items":[]}');
      page.sessionStorage.setItem('closetly.oidc-popup', 'pending');

      store.endSessionLocally();
      expect(page.localStorage.keys().sort()).toEqual(['betaToken', 'popularItems_women']);
      expect(page.sessionStorage.length).toBe(0);
      expect(store.getState()).toEqual({ status: 'signedOut', session: null });
      expect(events).toEqual(['signedIn', 'signedOut']);
      expect(api.logout).not.toHaveBeenCalled();

      // A second call has nothing left to end.
      store.endSessionLocally();
      expect(events).toEqual(['signedIn', 'signedOut']);
    });

    it('clears everything locally even when the server cannot be told', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { store, api } = await signedInStore();
      api.logout.mockRejectedValue(new NetworkError(new Error('offline')));

      await store.signOut();
      expect(store.getState().status).toBe('signedOut');
      expect(page.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    });
  });

  describe('any 401 signs out (spec §4, §7)', () => {
    it('signs out on a 401 for the current token, clears local data and sends the user to /signin', async () => {
      const { store, api, events, session } = await signedInStore();
      page.localStorage.setItem('closetly.wardrobe.v1', '{"items":[]}');
      page.sessionStorage.setItem('closetly.oidc-popup', 'pending');

      store.handleUnauthorized({ error: unauthorized(), path: '/api/get-wardrobe', accessToken: session.accessToken });
      await jest.advanceTimersByTimeAsync(0);
      expect(store.getState().status).toBe('signedOut');
      expect(page.localStorage.length).toBe(0);
      expect(page.sessionStorage.length).toBe(0);
      expect(events).toEqual(['signedIn', 'signedOut', 'sessionExpired']);
      expect(api.logout).toHaveBeenCalledWith(session.refreshToken, { accessToken: session.accessToken });
    });

    it('ignores a 401 answering an access token this tab has already replaced', async () => {
      const { store, session } = await signedInStore();
      const refreshed = await store.refresh();

      store.handleUnauthorized({ error: unauthorized(), path: '/api/get-wardrobe', accessToken: session.accessToken });
      expect(store.getState()).toMatchObject({ status: 'signedIn', session: { accessToken: refreshed?.accessToken } });
    });

    it('ignores a 401 answering the token of a session already ended here (a call still on its way at sign-out)', async () => {
      const { store, events, session } = await signedInStore();
      store.endSessionLocally();

      store.handleUnauthorized({ error: unauthorized(), path: '/api/get-wardrobe', accessToken: session.accessToken });
      expect(events).toEqual(['signedIn', 'signedOut']);
    });

    it('still sends a signed-out visitor whose call needed a session to /signin', async () => {
      const { store, events } = startedStore();
      await store.getAccessToken();

      store.handleUnauthorized({ error: unauthorized(), path: '/api/get-wardrobe', accessToken: null });
      expect(events).toEqual(['sessionExpired']);
    });

    it('signs out when the server refuses the refresh token', async () => {
      const { store, api, events } = await signedInStore();
      api.refresh.mockRejectedValue(unauthorized());

      await expect(store.refresh()).resolves.toBeNull();
      expect(store.getState().status).toBe('signedOut');
      expect(page.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      expect(events).toEqual(['signedIn', 'signedOut', 'sessionExpired']);
    });

    it('keeps the session when a refresh fails for another reason (offline), and tries again later', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { store, api, session } = await signedInStore();
      api.refresh.mockRejectedValueOnce(new NetworkError(new Error('offline')));

      await expect(store.refresh()).resolves.toBeNull();
      expect(store.getState()).toMatchObject({ status: 'signedIn', session: { accessToken: session.accessToken } });
      await jest.advanceTimersByTimeAsync(45 * MINUTE_MS);
      expect(api.refresh).toHaveBeenCalledTimes(2);
    });

    it('ends a stored session the server no longer accepts when the app loads', async () => {
      const { accessToken, refreshToken, user } = authSession();
      page.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken, refreshToken, user, expiresAt: Date.now() + 30 * MINUTE_MS }));
      const api = fakeApi();
      api.me.mockRejectedValue(unauthorized());
      api.refresh.mockRejectedValue(unauthorized());
      const { store } = startedStore(api);

      await expect(store.getAccessToken()).resolves.toBeNull();
      expect(api.refresh).toHaveBeenCalledWith(refreshToken);
      expect(store.getState().status).toBe('signedOut');
      expect(page.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    });
  });

  describe('token refresh (spec §4, §9: every 45 minutes)', () => {
    it('refreshes 45 minutes after sign-in and every 45 minutes after that, keeping each new pair', async () => {
      const { store, api, session } = await signedInStore(authSession({ expiresIn: 3600 }));

      await jest.advanceTimersByTimeAsync(45 * MINUTE_MS - 1);
      expect(api.refresh).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(api.refresh).toHaveBeenCalledWith(session.refreshToken);

      const second = store.getState().session;
      if (!second) throw new Error('the refresh signed the user out');
      expect(second.accessToken).not.toBe(session.accessToken);
      expect(page.localStorage.getItem(SESSION_STORAGE_KEY)).toContain(second.refreshToken);
      await jest.advanceTimersByTimeAsync(45 * MINUTE_MS);
      expect(api.refresh).toHaveBeenCalledTimes(2);
      expect(api.refresh).toHaveBeenLastCalledWith(second.refreshToken);
    });

    it('refreshes a minute before expiry when the access token lives less than 45 minutes', async () => {
      const { api } = await signedInStore(authSession({ expiresIn: 15 * 60 }));

      await jest.advanceTimersByTimeAsync(14 * MINUTE_MS - 1);
      expect(api.refresh).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(api.refresh).toHaveBeenCalledTimes(1);
    });

    it('stops refreshing once signed out, or once the app stops the store', async () => {
      const signedOut = await signedInStore();
      await signedOut.store.signOut();
      const stopped = await signedInStore();
      stopped.stop();

      await jest.advanceTimersByTimeAsync(3 * 45 * MINUTE_MS);
      expect(signedOut.api.refresh).not.toHaveBeenCalled();
      expect(stopped.api.refresh).not.toHaveBeenCalled();
    });
  });
});
