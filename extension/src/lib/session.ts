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

export async function readSession(): Promise<ExtensionSession | null> {
  const stored = await chrome.storage.local.get(SESSION);
  return (stored[SESSION] as ExtensionSession | undefined) ?? null;
}

export async function writeSession(session: ExtensionSession): Promise<void> {
  await chrome.storage.local.set({ [SESSION]: session });
}

/** Signing out forgets the token and every saved page: nothing of the user stays behind. */
export async function clearSession(): Promise<void> {
  await chrome.storage.local.remove([SESSION, SAVED_PAGES]);
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
