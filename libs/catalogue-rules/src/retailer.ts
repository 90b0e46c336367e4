/**
 * Retailer links (spec §2 quick view: the buy link is "Buy on {retailer}" for
 * a few known retailers, otherwise "Buy on {brand}", and a disabled "Buy Now"
 * when there is no source link; spec §3: sourceUrl defaults to '#').
 *
 * Only the WHATWG `URL` class is used, which browsers and Node both provide.
 */

/** The known retailers: the site's name label (the part before the public suffix) and its display name. */
export const KNOWN_RETAILERS: Readonly<Record<string, string>> = {
  asos: 'ASOS',
  zara: 'Zara',
  hm: 'H&M',
  nordstrom: 'Nordstrom',
  uniqlo: 'Uniqlo',
  mango: 'Mango',
  'net-a-porter': 'NET-A-PORTER',
  mrporter: 'MR PORTER',
  farfetch: 'Farfetch',
  ssense: 'SSENSE',
  everlane: 'Everlane',
  jcrew: 'J.Crew',
  madewell: 'Madewell',
  urbanoutfitters: 'Urban Outfitters',
  revolve: 'Revolve',
  shopbop: 'Shopbop',
  zalando: 'Zalando',
  selfridges: 'Selfridges',
};

/** Two-part public suffixes of the countries retailers commonly use; any other host ends in a one-part suffix. */
const TWO_PART_SUFFIXES = new Set([
  'co.uk', 'org.uk', 'com.au', 'net.au', 'co.nz', 'co.jp', 'co.kr', 'co.in', 'co.za', 'com.br', 'com.mx', 'com.ar',
  'com.tr', 'com.sg', 'com.hk', 'com.cn', 'com.tw', 'co.il', 'com.my', 'com.ph', 'co.id', 'co.th',
]);

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

/** The display name of a known retailer, whatever its subdomain or country suffix ("www2.hm.com", "asos.de", "zara.co.uk"). */
export function knownRetailerName(host: string): string | null {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length < 2) return null;
  const suffixLength = TWO_PART_SUFFIXES.has(labels.slice(-2).join('.')) ? 2 : 1;
  const name = labels[labels.length - suffixLength - 1];
  return name !== undefined && Object.hasOwn(KNOWN_RETAILERS, name) ? (KNOWN_RETAILERS[name] ?? null) : null;
}

export interface BuyLink {
  label: string;
  /** The link to open in a new tab; null when disabled. */
  href: string | null;
  disabled: boolean;
}

/**
 * The quick view's buy link: "Buy on ASOS" for a known retailer, otherwise
 * "Buy on {brand}" (the host when the brand is blank), and a disabled
 * "Buy Now" without a usable link ('#', blank, invalid, not http(s)). The
 * href is the link as given, normalised by the URL parser.
 */
export function buyLinkLabel({ sourceUrl, brand }: { sourceUrl: string | null | undefined; brand: string | null | undefined }): BuyLink {
  const link = parseLink(sourceUrl);
  if (!link) return { label: 'Buy Now', href: null, disabled: true };
  const host = link.hostname.replace(WWW_PREFIX, '');
  const name = knownRetailerName(host) ?? (brand?.trim() || host);
  return { label: `Buy on ${name}`, href: link.href, disabled: false };
}

/** Query parameters that only track the visit; dropped from canonical links. */
const TRACKING_PARAMS = new Set([
  'gclid', 'gclsrc', 'dclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid', 'yclid', 'twclid', 'ttclid', 'igshid', 'li_fat_id',
  'mc_cid', 'mc_eid', 'ref', 'ref_', 'ref_src', 'referrer', 'srsltid', '_ga', '_gl', 'cjevent', 'irclickid', 'ranmid',
  'raneaid', 'ransiteid', 'epik', 'spm', 'scid', 'sc_cid', 'affid', 'clickid',
]);
const TRACKING_PREFIXES = ['utm_', 'mc_', 'pk_', 'hsa_'];

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * One spelling per product page, for de-duplication: host lower-cased and
 * without "www.", fragment dropped, tracking parameters (utm_*, mc_*, gclid,
 * fbclid, ref, srsltid, …) dropped, the other parameters sorted by name then
 * value. Scheme, path and default-port removal are left to the URL parser
 * (http and https stay distinct; the path keeps its case and trailing
 * slash). Null for '#', invalid or non-http(s) links.
 */
export function canonicalSourceUrl(url: string | null | undefined): string | null {
  const link = parseLink(url);
  if (!link) return null;
  link.hash = '';
  link.hostname = link.hostname.replace(WWW_PREFIX, '');
  const kept = [...link.searchParams].filter(([name]) => !isTrackingParam(name));
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  link.search = kept.length > 0 ? new URLSearchParams(kept).toString() : '';
  return link.href;
}
