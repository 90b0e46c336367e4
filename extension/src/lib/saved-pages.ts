/**
 * "Already saved" is known locally (issue 12): the extension keeps the pages
 * of the user's saves in chrome.storage.local, keyed by host and path, and
 * never asks the gateway about a page the user did not save.
 *
 * A page's key ignores the scheme, `www.`, the query, the fragment and a
 * trailing slash: shops add tracking and colour parameters to the same
 * product page, and the saved address is the canonical one.
 */
export function savedPageKey(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const path = parsed.pathname.replace(/\/+$/, '') || '/';
  return `${host}${path}`;
}

/** Saved pages: page key → the saved product's id (what Remove needs). */
export type SavedPages = Record<string, string>;

/** The saved pages of a wardrobe list (items without a web address have no page). */
export function savedPagesOf(items: ReadonlyArray<{ id: string; sourceUrl?: string | null }>): SavedPages {
  const pages: SavedPages = {};
  for (const item of items) {
    const key = savedPageKey(item.sourceUrl);
    if (key) pages[key] = item.id;
  }
  return pages;
}

/** The product saved for a page, looking at each address the page goes by (its own and its canonical one). */
export function savedProductFor(pages: SavedPages, urls: ReadonlyArray<string | null | undefined>): string | null {
  for (const url of urls) {
    const key = savedPageKey(url);
    if (key && pages[key]) return pages[key];
  }
  return null;
}

/** Splits a key back into what a declarativeContent PageStateMatcher compares (host without www., and path). */
export function pageMatcherParts(key: string): { hostSuffix: string; pathEquals: string } {
  const slash = key.indexOf('/');
  return { hostSuffix: key.slice(0, slash), pathEquals: key.slice(slash) };
}

/** Whether any page of the set is saved as this product. */
export function holdsProduct(pages: SavedPages, productId: string): boolean {
  return Object.values(pages).includes(productId);
}

/** The set without the pages saved as this product (a removal: a product may go by several addresses). */
export function withoutProduct(pages: SavedPages, productId: string): SavedPages {
  return Object.fromEntries(Object.entries(pages).filter(([, id]) => id !== productId));
}
