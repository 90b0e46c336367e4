import type { Location } from 'react-router';

/** Router state a guard leaves behind so sign-in can return to the page that asked for it. */
export interface ReturnToState {
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function returnToState(location: Pick<Location, 'pathname' | 'search' | 'hash'>): ReturnToState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** The in-app path saved by a guard, or null when there is none (or it is not a plain in-app path). */
export function returnToPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash } = from as Partial<Record<'pathname' | 'search' | 'hash', unknown>>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}
