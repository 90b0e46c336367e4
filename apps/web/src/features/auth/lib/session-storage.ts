import { AuthUser, type AuthSession } from '@closetly/contracts';
import { z } from 'zod';

/** localStorage key of the signed-in session (spec §3: "a stored identity token"; the name is ours). */
export const SESSION_STORAGE_KEY = 'closetly.session';

/** Wardrobe caches (the wardrobe issue) use keys with these prefixes; sign-out removes them all (spec §4). */
export const SIGN_OUT_CLEARED_PREFIXES = ['wardrobe', 'closetly.wardrobe'] as const;

/** The session as kept in storage: the answer of sign-in/refresh with the expiry made absolute. */
export const StoredSession = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** Epoch milliseconds when the access token expires. */
  expiresAt: z.number(),
  user: AuthUser,
});
export type StoredSession = z.infer<typeof StoredSession>;

export function toStoredSession(session: AuthSession, now: number): StoredSession {
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    expiresAt: now + session.expiresIn * 1000,
    user: session.user,
  };
}

/** Parses a stored value; anything unreadable counts as no session. */
export function parseStoredSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const parsed = StoredSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * If storage is blocked the session lives in memory for this page's life (as the beta token does).
 * `undefined`: nothing kept in memory, read storage.
 */
let memorySession: StoredSession | null | undefined;

export function readStoredSession(): StoredSession | null {
  try {
    return parseStoredSession(window.localStorage.getItem(SESSION_STORAGE_KEY));
  } catch {
    return memorySession ?? null;
  }
}

export function writeStoredSession(session: StoredSession): void {
  memorySession = session;
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage blocked or full: this tab keeps the in-memory copy.
  }
}

/**
 * What sign-out clears (spec §4): every wardrobe cache, the stored session and session storage.
 * The beta token and the catalogue caches stay.
 */
export function clearSignedOutData(): void {
  memorySession = undefined;
  try {
    const storage = window.localStorage;
    const doomed: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key && (key === SESSION_STORAGE_KEY || SIGN_OUT_CLEARED_PREFIXES.some((prefix) => key.startsWith(prefix)))) {
        doomed.push(key);
      }
    }
    for (const key of doomed) storage.removeItem(key);
  } catch (error) {
    console.warn('Could not clear local storage on sign-out', error);
  }
  try {
    window.sessionStorage.clear();
  } catch (error) {
    console.warn('Could not clear session storage on sign-out', error);
  }
}
