import { ApiError, type ApiClient, type UnauthorizedEvent } from '@closetly/api-client';
import { TOKEN_REFRESH_INTERVAL_MS, type AuthSession } from '@closetly/contracts';
import {
  SESSION_STORAGE_KEY,
  clearSignedOutData,
  parseStoredSession,
  readStoredSession,
  toStoredSession,
  writeStoredSession,
  type StoredSession,
} from './session-storage';

/** Spec §4: unknown/loading, then signed in or signed out. */
export type AuthState =
  | { status: 'loading'; session: null }
  | { status: 'signedIn'; session: StoredSession }
  | { status: 'signedOut'; session: null };

/**
 * What the rest of the app may react to (the app layer forwards these to the extension):
 * - signedIn: a new access token exists (sign-in, refresh, or a stored session confirmed on load);
 * - signedOut: the session ended and local data was cleared;
 * - sessionExpired: a 401 ended (or found no) session, so the UI goes to /signin (spec §7).
 */
export type AuthEvent = { type: 'signedIn'; accessToken: string } | { type: 'signedOut' } | { type: 'sessionExpired' };

export interface AuthStoreOptions {
  api: Pick<ApiClient, 'me' | 'refresh' | 'logout'>;
  now?: () => number;
  /** Runs `task` exclusively across this origin's tabs (refresh tokens rotate, and a reused one ends the session). */
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}

/** An access token this close to its expiry is refreshed before it is sent. */
const SEND_MARGIN_MS = 60 * 1000;
/** When the tab becomes visible, refresh if the access token expires within this. */
const VISIBLE_MARGIN_MS = 5 * 60 * 1000;
const REFRESH_LOCK = 'closetly.session-refresh';

type RefreshResult = { ok: true; session: StoredSession } | { ok: false; rejected: boolean };

export type AuthStore = ReturnType<typeof createAuthStore>;

export function createAuthStore({ api, now = Date.now, withLock = defaultWithLock }: AuthStoreOptions) {
  // Nothing stored: signed out from the first render (the home page asks for its rows at once);
  // a stored session stays loading until the server confirms it (restore, below).
  let state: AuthState = readStoredSession() ? { status: 'loading', session: null } : { status: 'signedOut', session: null };
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: AuthEvent) => void>();
  /** Bumped whenever a session starts or ends, so late answers for an older session are dropped. */
  let generation = 0;
  let restoring: Promise<void> | null = null;
  let refreshing: Promise<RefreshResult> | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let started = 0;

  function setState(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function emit(event: AuthEvent): void {
    for (const listener of eventListeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('Auth event listener failed', error);
      }
    }
  }

  function expiresWithin(session: StoredSession, marginMs: number): boolean {
    return session.expiresAt - now() <= marginMs;
  }

  /** Spec §4: every 45 minutes while signed in, and earlier if the access token would expire first. */
  function scheduleRefresh(): void {
    clearTimeout(refreshTimer);
    refreshTimer = undefined;
    if (started === 0 || state.status !== 'signedIn') return;
    const untilExpiry = state.session.expiresAt - now() - SEND_MARGIN_MS;
    const delay = Math.max(1000, Math.min(TOKEN_REFRESH_INTERVAL_MS, untilExpiry));
    refreshTimer = setTimeout(() => void refresh(), delay);
  }

  function adopt(session: StoredSession, announce: boolean): void {
    writeStoredSession(session);
    setState({ status: 'signedIn', session });
    scheduleRefresh();
    if (announce) emit({ type: 'signedIn', accessToken: session.accessToken });
  }

  /** Clears everything sign-out clears and tells listeners (the extension among them). */
  function endLocally(): void {
    generation += 1;
    clearTimeout(refreshTimer);
    clearSignedOutData();
    setState({ status: 'signedOut', session: null });
    emit({ type: 'signedOut' });
  }

  /** One refresh at a time in this tab, and under a lock across tabs. */
  function refreshPair(from: StoredSession): Promise<RefreshResult> {
    refreshing ??= withLock(REFRESH_LOCK, async (): Promise<RefreshResult> => {
      const startedIn = generation;
      // Another tab may have rotated the pair while we waited: carry on from its session, never
      // from the spent refresh token (reusing one ends the whole session on the server).
      const stored = readStoredSession();
      const rotatedElsewhere = stored !== null && stored.refreshToken !== from.refreshToken;
      if (rotatedElsewhere && !expiresWithin(stored, SEND_MARGIN_MS)) {
        if (startedIn === generation) adopt(stored, false);
        return { ok: true, session: stored };
      }
      const base = rotatedElsewhere ? stored : from;
      try {
        const session = toStoredSession(await api.refresh(base.refreshToken), now());
        if (startedIn !== generation) return { ok: false, rejected: false };
        adopt(session, true);
        return { ok: true, session };
      } catch (error) {
        const rejected = error instanceof ApiError && (error.status === 401 || error.status === 400);
        if (!rejected) console.warn('Token refresh failed; keeping the current session for now', error);
        return { ok: false, rejected };
      }
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Refreshes the signed-in session; a refused refresh token signs out and sends the user to /signin. */
  async function refresh(): Promise<StoredSession | null> {
    if (state.status !== 'signedIn') return null;
    const from = state.session;
    const result = await refreshPair(from);
    if (result.ok) return result.session;
    if (result.rejected && state.session?.refreshToken === from.refreshToken) {
      endLocally();
      emit({ type: 'sessionExpired' });
    } else {
      scheduleRefresh();
    }
    return null;
  }

  /** On load: confirm a stored session with /api/auth/me, refreshing first if needed (spec §4). */
  async function restore(): Promise<void> {
    const stored = readStoredSession();
    if (!stored) {
      if (state.status !== 'signedOut') setState({ status: 'signedOut', session: null });
      return;
    }
    let session = stored;
    let refreshed = false;
    if (expiresWithin(session, SEND_MARGIN_MS)) {
      const result = await refreshPair(session);
      if (!result.ok && result.rejected) return endLocally();
      if (result.ok) {
        session = result.session;
        refreshed = true;
      }
    }
    for (;;) {
      try {
        const user = await api.me({ accessToken: session.accessToken, reportUnauthorized: false });
        return adopt({ ...session, user }, !refreshed);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) {
          // Offline or the server is unwell: keep the stored session; a later 401 still signs out.
          console.warn('Could not confirm the stored session', error);
          return adopt(session, !refreshed);
        }
        if (refreshed) return endLocally();
        const result = await refreshPair(session);
        if (!result.ok) return endLocally();
        session = result.session;
        refreshed = true;
      }
    }
  }

  /** Clears local data at once, then ends the session on the server (best effort). */
  async function signOut(): Promise<void> {
    const session = state.session ?? readStoredSession();
    endLocally();
    if (!session) return;
    try {
      await api.logout(session.refreshToken, { accessToken: session.accessToken });
    } catch (error) {
      console.warn('Logout call failed; the session was cleared locally', error);
    }
  }

  function onVisibilityChange(): void {
    if (document.visibilityState !== 'visible' || state.status !== 'signedIn') return;
    if (expiresWithin(state.session, VISIBLE_MARGIN_MS)) void refresh();
    else scheduleRefresh();
  }

  /** Another tab signed in, refreshed or signed out: follow it without calling the server. */
  function onStorage(event: StorageEvent): void {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    if (state.status === 'loading') return;
    const session = parseStoredSession(event.key === null ? null : event.newValue);
    if (session) {
      if (session.accessToken !== state.session?.accessToken) {
        generation += 1;
        setState({ status: 'signedIn', session });
        scheduleRefresh();
      }
    } else if (state.status === 'signedIn') {
      generation += 1;
      clearTimeout(refreshTimer);
      try {
        window.sessionStorage.clear();
      } catch {
        // Nothing to clear.
      }
      setState({ status: 'signedOut', session: null });
    }
  }

  return {
    getState: (): AuthState => state,

    /** For useSyncExternalStore. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    onEvent(listener: (event: AuthEvent) => void): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },

    /**
     * Restores the stored session (once per page) and keeps it fresh while started.
     * Returns the matching stop; safe to call twice (React StrictMode).
     */
    start(): () => void {
      started += 1;
      restoring ??= restore();
      if (started === 1) {
        document.addEventListener('visibilitychange', onVisibilityChange);
        window.addEventListener('storage', onStorage);
        scheduleRefresh();
      }
      return () => {
        started -= 1;
        if (started > 0) return;
        document.removeEventListener('visibilitychange', onVisibilityChange);
        window.removeEventListener('storage', onStorage);
        clearTimeout(refreshTimer);
      };
    },

    /** A sign-in, sign-up or third-party sign-in answered with a session. */
    completeSignIn(session: AuthSession): void {
      generation += 1;
      adopt(toStoredSession(session, now()), true);
    },

    signOut,

    /**
     * Signs out here only, clearing exactly what sign-out clears, for a session the server has already
     * ended (the account was deleted): there is nothing left to tell the server.
     */
    endSessionLocally(): void {
      if (state.status !== 'signedOut') endLocally();
    },

    refresh,

    /** For the API client: waits for the restore on load, and refreshes a token about to expire. */
    async getAccessToken(): Promise<string | null> {
      if (state.status === 'loading') await restoring;
      if (state.status !== 'signedIn') return null;
      if (!expiresWithin(state.session, SEND_MARGIN_MS)) return state.session.accessToken;
      const session = await refresh();
      return session?.accessToken ?? state.session?.accessToken ?? null;
    },

    /** Spec §7: any 401 from an authenticated call signs the user out and leads to /signin. */
    handleUnauthorized(event: UnauthorizedEvent): void {
      if (state.status === 'loading') return;
      // An answer to a token this tab has already replaced, or whose session it has already ended (a call
      // still on its way at sign-out or account deletion), says nothing about the current session.
      if (event.accessToken && event.accessToken !== state.session?.accessToken) return;
      if (state.status === 'signedIn') void signOut();
      emit({ type: 'sessionExpired' });
    },
  };
}

function defaultWithLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, task) as Promise<T>) : task();
}
