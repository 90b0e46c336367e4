import { canonicalSourceUrl, isTrackingParam } from '@closetly/catalogue-rules';
import type { Capture } from '@closetly/contracts';

/**
 * The address page watch reads for a capture, or null when the product is
 * not a page (its key is name + brand). The saver's own link, as the shop
 * spelled its host ("www." kept: a shop may not answer without it), over
 * https, without credentials, fragment or tracking parameters: the shop
 * learns nothing about who saved it. It must still make the product's key,
 * so a read can only ever be about this product.
 */
export function pageAddress(capture: Pick<Capture, 'sourceUrl' | 'productKey'>): string | null {
  if (!capture.productKey.startsWith('url:')) return null;
  let link: URL;
  try {
    link = new URL(capture.sourceUrl.trim());
  } catch {
    return null;
  }
  if (link.protocol !== 'http:' && link.protocol !== 'https:') return null;
  link.protocol = 'https:';
  link.username = '';
  link.password = '';
  link.hash = '';
  if (link.port === '80' || link.port === '443') link.port = '';
  // Rewritten only when there is something to drop: the shop's own parameters keep their spelling.
  if ([...link.searchParams.keys()].some(isTrackingParam)) {
    link.search = new URLSearchParams([...link.searchParams].filter(([name]) => !isTrackingParam(name))).toString();
  }
  const address = link.href;
  return `url:${canonicalSourceUrl(address)}` === capture.productKey && address.length <= 2048 ? address : null;
}
