import { extractProduct } from '@closetly/product-extraction';

/**
 * Injected into the shop's tab on demand (chrome.scripting, with the user's
 * activeTab grant): defines the capture function the extension then calls.
 * The same extractProduct the Node tests run, on the rendered page.
 */
(globalThis as { __closetlyCapture?: () => unknown }).__closetlyCapture = () => ({
  ...extractProduct(document.documentElement.outerHTML, location.href),
  pageUrl: location.href,
});
