/**
 * Retailer links (spec §2 quick view: the buy link is "Buy on {retailer}" for
 * the supported retailers, otherwise "Buy on {brand}", and a disabled "Buy Now"
 * when there is no source link; spec §3: sourceUrl defaults to '#').
 *
 * Only the WHATWG `URL` class is used, which browsers and Node both provide.
 */
import { supportedRetailerForHost } from './supported-retailers';
import { safeLinkHref } from './web-links';

/** A leading "www." (or "www2." and the like) is not part of the retailer's name. */
const WWW_PREFIX = /^www\d*\./;

/** The parsed link when it is an absolute http(s) URL with a host; '#', relative and other schemes are not links. */
function parseLink(url: string | null | undefined): URL | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (trimmed === '' || trimmed === '#') return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.hostname === '' ? null : parsed;
}

/** The retailer's host without "www." ("https://www.zara.com/us/x" → "zara.com"); null for '#', invalid or non-http(s) links. */
export function retailerFromUrl(sourceUrl: string | null | undefined): string | null {
  const link = parseLink(sourceUrl);
  return link ? link.hostname.replace(WWW_PREFIX, '') : null;
}

export interface BuyLink {
  label: string;
  /** The link to open in a new tab; null when disabled. */
  href: string | null;
  disabled: boolean;
}

/**
 * The quick view's buy link: "Buy on ASOS" for a supported retailer, otherwise
 * "Buy on {brand}" (the host when the brand is blank), and a disabled
 * "Buy Now" without a safe link ('#', blank, relative, invalid, not http(s)).
 * The href is `safeLinkHref`: never anything but http(s), upgraded to https
 * for supported retailers.
 */
export function buyLinkLabel({ sourceUrl, brand }: { sourceUrl: string | null | undefined; brand: string | null | undefined }): BuyLink {
  const href = safeLinkHref(sourceUrl);
  if (!href) return { label: 'Buy Now', href: null, disabled: true };
  const host = new URL(href).hostname.replace(WWW_PREFIX, '');
  const name = supportedRetailerForHost(host)?.name ?? (brand?.trim() || host);
  return { label: `Buy on ${name}`, href, disabled: false };
}

/** Query parameters that only track the visit; dropped from canonical links. */
const TRACKING_PARAMS = new Set([
  'gclid', 'gclsrc', 'dclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid', 'yclid', 'twclid', 'ttclid', 'igshid', 'li_fat_id',
  'mc_cid', 'mc_eid', 'ref', 'ref_', 'ref_src', 'referrer', 'srsltid', '_ga', '_gl', 'cjevent', 'irclickid', 'ranmid',
  'raneaid', 'ransiteid', 'epik', 'spm', 'scid', 'sc_cid', 'affid', 'clickid',
]);
const TRACKING_PREFIXES = ['utm_', 'mc_', 'pk_', 'hsa_'];

/** Whether a query parameter only tracks the visit (utm_*, mc_*, gclid, fbclid, ref, srsltid, …): links drop it. */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * One spelling per product page, for de-duplication: the same page reached
 * over http or https, with the host in any case, with or without "www.", a
 * trailing slash, tracking parameters (utm_*, mc_*, gclid, fbclid, ref,
 * srsltid, …), credentials or a fragment is one product. The scheme becomes
 * https, credentials go (a key must never carry a password into product ids,
 * events or other shoppers' links), the host is lower-cased and loses "www.",
 * the fragment and tracking parameters go, the other parameters are sorted by
 * name then value, and one trailing slash leaves the path. The path keeps its case: shops tell products apart
 * by it. Null for '#', invalid or non-http(s) links.
 */
export function canonicalSourceUrl(url: string | null | undefined): string | null {
  const link = parseLink(url);
  if (!link) return null;
  link.protocol = 'https:';
  link.username = '';
  link.password = '';
  link.hash = '';
  link.hostname = link.hostname.replace(WWW_PREFIX, '');
  if (link.port === '80' || link.port === '443') link.port = '';
  if (link.pathname.length > 1 && link.pathname.endsWith('/')) link.pathname = link.pathname.slice(0, -1);
  const kept = [...link.searchParams].filter(([name]) => !isTrackingParam(name));
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  link.search = kept.length > 0 ? new URLSearchParams(kept).toString() : '';
  return link.href;
}
