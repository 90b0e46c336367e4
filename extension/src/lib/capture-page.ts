import type { ExtractedProduct } from '@closetly/product-extraction';

/** What a page yields: the extraction library's answer plus the address the tab shows. */
export interface PageCapture extends ExtractedProduct {
  pageUrl: string;
}

/** The page could not be read at all (the browser's own pages, the extension gallery, a closed tab). */
export class PageUnreadableError extends Error {
  override readonly name = 'PageUnreadableError';
}

/**
 * Runs the extraction library in the tab (capture.js, the same extraction
 * the Node tests run, on the page's live DOM) and returns its answer. It runs in the user's own browser, past any bot wall; the page's
 * HTML never leaves it.
 */
export async function capturePage(tabId: number): Promise<PageCapture> {
  try {
    await chrome.scripting.executeScript({ target: { tabId }, files: ['capture.js'] });
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () => (globalThis as { __closetlyCapture?: () => unknown }).__closetlyCapture?.(),
    });
    const capture = frame?.result as PageCapture | undefined;
    if (!capture) throw new PageUnreadableError('The page gave no answer');
    return capture;
  } catch (error) {
    if (error instanceof PageUnreadableError) throw error;
    throw new PageUnreadableError(error instanceof Error ? error.message : String(error));
  }
}

/** Enough to show a preview: a name and a price, or a name the extractor is fairly sure of. */
export function isProduct(capture: ExtractedProduct): boolean {
  return Boolean(capture.name) && (capture.price !== null || capture.confidence >= 0.5);
}
