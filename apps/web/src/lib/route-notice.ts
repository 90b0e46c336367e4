/**
 * A message for the page a navigation leads to (e.g. "your account has been deleted" on the home page),
 * carried in the history entry's state and shown by the app shell's message area. `at` dates it, so it
 * vanishes after 5 s (spec §9) and does not come back with Back or a reload later on.
 */
export interface RouteNotice {
  tone: 'success' | 'info';
  text: string;
  at: number;
}

/** The router state for `navigate(to, { state: withNotice(...) })`. */
export function withNotice(tone: RouteNotice['tone'], text: string, now: number = Date.now()): { notice: RouteNotice } {
  return { notice: { tone, text, at: now } };
}

/** The notice a history entry carries, or null (any other state, or none). */
export function noticeOf(state: unknown): RouteNotice | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const notice = (state as { notice: unknown }).notice;
  if (typeof notice !== 'object' || notice === null) return null;
  const { tone, text, at } = notice as Partial<Record<keyof RouteNotice, unknown>>;
  if ((tone !== 'success' && tone !== 'info') || typeof text !== 'string' || typeof at !== 'number') return null;
  return { tone, text, at };
}
