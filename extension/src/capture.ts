import { documentFromDom, extractProductFromDocument } from '@closetly/product-extraction';

/**
 * Injected into the shop's tab on demand (chrome.scripting, with the user's
 * activeTab grant): defines the capture function the extension then calls.
 * The same extraction the Node tests run, on the page the browser has
 * already built: its live DOM read into the library's tree (what scripts
 * added included), not its HTML serialised and parsed again.
 */
(globalThis as { __closetlyCapture?: () => unknown }).__closetlyCapture = () => ({
  ...extractProductFromDocument(documentFromDom(document), location.href),
  pageUrl: location.href,
});
