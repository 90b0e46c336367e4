import { BETA_TOKEN_STORAGE_KEY } from '@closetly/contracts';

/**
 * The beta token lives in localStorage under `betaToken` (spec section 3).
 * If storage is unavailable (blocked or full) the token is kept in memory for this page's life.
 */
let memoryToken: string | null = null;
const listeners = new Set<() => void>();

export function readBetaToken(): string | null {
  try {
    return window.localStorage.getItem(BETA_TOKEN_STORAGE_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

export function storeBetaToken(token: string): void {
  memoryToken = token;
  try {
    window.localStorage.setItem(BETA_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage blocked: the in-memory copy still lets this tab in.
  }
  notify();
}

export function clearBetaToken(): void {
  memoryToken = null;
  try {
    window.localStorage.removeItem(BETA_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  notify();
}

/** For useSyncExternalStore: fires on changes in this tab and in other tabs. */
export function subscribeBetaToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BETA_TOKEN_STORAGE_KEY) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}
