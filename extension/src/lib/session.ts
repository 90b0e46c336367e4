import { savedPagesOf, type SavedPages } from './saved-pages';

/** What the extension keeps in chrome.storage.local while the user is signed in. */
export interface ExtensionSession {
  /** The extension-scoped token: it can save, list and remove wardrobe items, nothing else. */
  token: string;
  betaToken: string;
  /** The gateway's origin: the web origin that signed the extension in (the gateway serves the app). */
  apiBaseUrl: string;
  email?: string;
}

const SESSION = 'session';
const SAVED_PAGES = 'savedPages';
// In chrome.storage.session (memory, gone when the browser quits): they mean nothing in another browser session.
const LIVE_EVENT_ID = 'liveEventId';
const MARKED_TABS = 'markedTabs';

export async function readSession(): Promise<ExtensionSession | null> {
  const stored = await chrome.storage.local.get(SESSION);
  return (stored[SESSION] as ExtensionSession | undefined) ?? null;
}

/** A new session may be another user's: the previous one's resume point goes with it. */
export async function writeSession(session: ExtensionSession): Promise<void> {
  await chrome.storage.session.remove(LIVE_EVENT_ID);
  await chrome.storage.local.set({ [SESSION]: session });
}

/** Signing out forgets the token and every saved page: nothing of the user stays behind. */
export async function clearSession(): Promise<void> {
  await chrome.storage.session.remove([LIVE_EVENT_ID, MARKED_TABS]);
  await chrome.storage.local.remove([SESSION, SAVED_PAGES]);
}

/** Whether a chrome.storage change signed the extension in or out (in any of its pages, or the worker). */
export function changesSession(changes: Record<string, unknown>, area: string): boolean {
  return area === 'local' && SESSION in changes;
}

export async function readSavedPages(): Promise<SavedPages> {
  const stored = await chrome.storage.local.get(SAVED_PAGES);
  return (stored[SAVED_PAGES] as SavedPages | undefined) ?? {};
}

export async function writeSavedPages(pages: SavedPages): Promise<void> {
  await chrome.storage.local.set({ [SAVED_PAGES]: pages });
}

export async function replaceSavedPages(items: ReadonlyArray<{ id: string; sourceUrl?: string | null }>): Promise<SavedPages> {
  const pages = savedPagesOf(items);
  await writeSavedPages(pages);
  return pages;
}

/**
 * The id of the last live event applied to the saved set (issue 26): a worker that Chrome stopped while
 * idle resumes its stream from here (Last-Event-ID). Null: nothing applied yet, or an update failed and
 * the next stream starts with a full refetch.
 */
export async function readLiveEventId(): Promise<string | null> {
  const stored = await chrome.storage.session.get(LIVE_EVENT_ID);
  return (stored[LIVE_EVENT_ID] as string | undefined) ?? null;
}

export async function writeLiveEventId(id: string | null): Promise<void> {
  if (id === null) await chrome.storage.session.remove(LIVE_EVENT_ID);
  else await chrome.storage.session.set({ [LIVE_EVENT_ID]: id });
}

/** Tabs showing the ✓ badge: tab id → the product it was shown for, so a removal elsewhere can clear it. */
export type MarkedTabs = Record<string, string>;

export async function readMarkedTabs(): Promise<MarkedTabs> {
  const stored = await chrome.storage.session.get(MARKED_TABS);
  return (stored[MARKED_TABS] as MarkedTabs | undefined) ?? {};
}

export async function writeMarkedTabs(tabs: MarkedTabs): Promise<void> {
  await chrome.storage.session.set({ [MARKED_TABS]: tabs });
}
