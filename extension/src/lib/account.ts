import { ApiError, createApiClient, NetworkError } from '@closetly/api-client';
import type { ExtensionLoginMessage, ItemInput, PriceObservationRequest, WardrobeItem } from '@closetly/contracts';
import { showSavedPages, unmarkTabs } from './saved-icon';
import { holdsProduct, savedPageKey, withoutProduct } from './saved-pages';
import { clearSession, readSavedPages, readSession, replaceSavedPages, writeSavedPages, writeSession, type ExtensionSession } from './session';

/** The gateway client for a session; a 401 (the session ended) signs the extension out. */
function apiFor(session: ExtensionSession) {
  return createApiClient({
    baseUrl: session.apiBaseUrl,
    getBetaToken: () => session.betaToken,
    getAccessToken: () => session.token,
    onUnauthorized: () => void signOut(),
  });
}

/** The web app signed the extension in: keep the token, then learn which pages are saved. */
export async function signIn(message: ExtensionLoginMessage, webOrigin: string): Promise<void> {
  const session: ExtensionSession = { token: message.token, betaToken: message.betaToken, apiBaseUrl: webOrigin, ...(message.email ? { email: message.email } : {}) };
  await writeSession(session);
  await refreshSavedPages(session);
}

export async function signOut(): Promise<void> {
  await unmarkTabs();
  await clearSession();
  await showSavedPages({});
}

/** Fills the saved-pages set from the wardrobe (on sign-in, and when the extension starts). */
export async function refreshSavedPages(session: ExtensionSession): Promise<void> {
  const items = await apiFor(session).getWardrobe();
  await showSavedPages(await replaceSavedPages(items));
}

/** Saves an item; the page it came from (and its canonical address) count as saved from now on. */
export async function saveItem(item: ItemInput, pageUrl: string | null): Promise<WardrobeItem> {
  const session = await requireSession();
  const saved = await apiFor(session).saveItem(item);
  const pages = await readSavedPages();
  for (const url of [item.sourceUrl, pageUrl, saved.sourceUrl]) {
    const key = savedPageKey(url);
    if (key) pages[key] = saved.id;
  }
  await writeSavedPages(pages);
  await showSavedPages(pages);
  return saved;
}

export async function removeItem(productId: string): Promise<void> {
  const session = await requireSession();
  await apiFor(session).removeFromWardrobe(productId);
  await forgetSavedProduct(productId);
}

/**
 * A product left the wardrobe (removed here, on the web or on another device): its pages are no longer
 * saved, so the browser drops their check icon, and no tab keeps a ✓ badge for it.
 */
export async function forgetSavedProduct(productId: string): Promise<void> {
  const pages = await readSavedPages();
  if (holdsProduct(pages, productId)) {
    const left = withoutProduct(pages, productId);
    await writeSavedPages(left);
    await showSavedPages(left);
  }
  await unmarkTabs(productId);
}

/**
 * Sends what a saved page shows as a price observation (POST /api/price-observations). Best effort: the
 * popup does not wait for it, and a failure (the server busy, the session ended) is only logged; the save
 * and remove buttons deal with an ended session.
 */
export async function reportPriceSeen(observation: PriceObservationRequest): Promise<boolean> {
  const session = await readSession();
  if (!session) return false;
  try {
    const answer = await apiFor(session).recordPriceObservation(observation, { reportUnauthorized: false });
    return answer.recorded;
  } catch (error) {
    console.warn('The price this page shows was not recorded', error);
    return false;
  }
}

export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
}

async function requireSession(): Promise<ExtensionSession> {
  const session = await readSession();
  if (!session) throw new SignedOutError('Not signed in');
  return session;
}

/** What the popup says for a failed call (the server's own message when it sent one, e.g. a 429's). */
export function describeFailure(error: unknown): string {
  if (error instanceof SignedOutError) return 'Please sign in to Closetly first.';
  if (error instanceof NetworkError) return 'Could not reach Closetly. Check your connection and try again.';
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Your session has ended. Please sign in again.';
    if (error.status === 429) return error.serverMessage ?? 'Too many saves at once. Please wait a minute and try again.';
    return error.serverMessage ?? 'Something went wrong. Please try again.';
  }
  return 'Something went wrong. Please try again.';
}
