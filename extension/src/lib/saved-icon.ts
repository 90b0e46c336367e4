import { pageMatcherParts, type SavedPages } from './saved-pages';
import { readMarkedTabs, writeMarkedTabs } from './session';

/**
 * The toolbar shows a check on saved pages without the extension ever
 * learning which pages the user visits: declarativeContent rules, one
 * condition per saved page, let the browser swap the icon itself. (Reading
 * tab addresses would need the "tabs" permission, a warning about browsing
 * history, for a set the extension already holds.)
 */
export async function showSavedPages(pages: SavedPages): Promise<void> {
  await removeRules();
  const keys = Object.keys(pages);
  if (keys.length === 0) return;
  const imageData = await savedIconImages();
  const conditions = keys.map((key) => {
    const { hostSuffix, pathEquals } = pageMatcherParts(key);
    return new chrome.declarativeContent.PageStateMatcher({ pageUrl: { hostSuffix, pathEquals, schemes: ['https', 'http'] } });
  });
  await new Promise<void>((resolve) =>
    chrome.declarativeContent.onPageChanged.addRules(
      [{ id: SAVED_RULE_ID, conditions, actions: [new chrome.declarativeContent.SetIcon({ imageData })] }],
      () => resolve(),
    ),
  );
}

export const SAVED_RULE_ID = 'closetly-saved-pages';

function removeRules(): Promise<void> {
  return new Promise((resolve) => chrome.declarativeContent.onPageChanged.removeRules(undefined, () => resolve()));
}

let images: Record<number, ImageData> | undefined;

/** The "saved" icon as the image data SetIcon needs (it takes no file paths), at the toolbar's two sizes. */
async function savedIconImages(): Promise<Record<number, ImageData>> {
  if (images) return images;
  const entries = await Promise.all(
    [16, 32].map(async (size) => {
      const blob = await (await fetch(chrome.runtime.getURL(`icons/saved-${size}.png`))).blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(size, size);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0, size, size);
      return [size, context.getImageData(0, 0, size, size)] as const;
    }),
  );
  images = Object.fromEntries(entries);
  return images;
}

/**
 * On a tab where the user just saved or opened the popup: a check badge for that product until the tab
 * navigates (null clears it). The tab is remembered, so a removal made elsewhere can clear it too
 * without the extension asking which tabs show which page.
 */
export async function markTab(tabId: number | undefined, productId: string | null): Promise<void> {
  if (tabId === undefined) return;
  await chrome.action.setBadgeBackgroundColor({ tabId, color: '#1f7a4d' });
  await chrome.action.setBadgeText({ tabId, text: productId ? '✓' : '' });
  const tabs = await readMarkedTabs();
  if (productId) tabs[tabId] = productId;
  else delete tabs[tabId];
  await writeMarkedTabs(tabs);
}

/** Clears the check badge on every tab marked for this product (every marked tab, without one). */
export async function unmarkTabs(productId?: string): Promise<void> {
  const tabs = await readMarkedTabs();
  const cleared = Object.keys(tabs).filter((tabId) => productId === undefined || tabs[tabId] === productId);
  if (cleared.length === 0) return;
  await Promise.all(
    cleared.map(async (tabId) => {
      delete tabs[tabId];
      // A tab closed since has nothing to clear (and Chrome refuses its id).
      await chrome.action.setBadgeText({ tabId: Number(tabId), text: '' }).catch(() => undefined);
    }),
  );
  await writeMarkedTabs(tabs);
}
