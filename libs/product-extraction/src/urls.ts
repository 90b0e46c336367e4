import { isTrackingParam, webUrl } from '@closetly/catalogue-rules';

/**
 * Links read from a page. Only the WHATWG `URL` class is used, which
 * browsers and Node both provide.
 */

/** The longest link kept (the save request's limit). */
export const MAX_URL = 2048;

/** `value` resolved against `base` ("/img/a.jpg", "//cdn.shop.com/a.jpg", "a.jpg"); null when it cannot be. */
export function resolveUrl(value: string | null | undefined, base: string | null): URL | null {
  if (typeof value !== 'string') return null;
  // Browsers drop tabs and newlines inside URLs and trim spaces around them.
  const trimmed = value.replace(/[\t\n\r]/g, '').trim();
  if (trimmed === '' || trimmed.length > MAX_URL * 2) return null;
  try {
    return base ? new URL(trimmed, base) : new URL(trimmed);
  } catch {
    return null;
  }
}

/**
 * An image address as a save keeps it: resolved against the page, only
 * http(s), credentials stripped (`webUrl`), at most `MAX_URL` long; null for
 * `data:`, `javascript:`, blank or unresolvable values.
 */
export function imageUrl(value: string | null | undefined, base: string | null): string | null {
  const url = resolveUrl(value, base);
  if (!url) return null;
  const href = webUrl(url.href);
  return href !== null && href.length <= MAX_URL ? href : null;
}

/** The link without tracking parameters (`isTrackingParam`), fragment or credentials; scheme, host and path as the shop wrote them. */
export function withoutTracking(url: URL): string {
  const clean = new URL(url.href);
  clean.hash = '';
  clean.username = '';
  clean.password = '';
  const kept = [...clean.searchParams].filter(([name]) => !isTrackingParam(name));
  if (kept.length !== [...clean.searchParams].length) clean.search = kept.length > 0 ? new URLSearchParams(kept).toString() : '';
  return clean.href;
}

const WWW = /^www\d*\./;

/** The registrable part of a host, near enough: the last two labels, three under a short second level ("shop.co.uk" → "shop.co.uk"). */
function siteOf(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').replace(WWW, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const last = labels[labels.length - 1] as string;
  const second = labels[labels.length - 2] as string;
  const take = last.length === 2 && second.length <= 3 ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** Whether two links are on one site ("www.shop.com", "shop.com", "m.shop.com"). */
export function sameSite(a: URL, b: URL): boolean {
  return siteOf(a.hostname) === siteOf(b.hostname);
}

/** The registrable host's first label ("www.everlane.com" → "everlane"): shops often title pages with it. */
export function siteLabel(url: URL | null): string | null {
  if (!url) return null;
  const site = siteOf(url.hostname);
  return site.split('.')[0] || null;
}

const isWeb = (url: URL): boolean => url.protocol === 'http:' || url.protocol === 'https:';

/**
 * The product's own address:
 * 1. `<link rel="canonical">`, then `og:url`, when it resolves to an http(s)
 *    link on the page's own site and is not the site's home page while the
 *    page is not (a shop that puts "/" in every canonical says nothing);
 * 2. otherwise the page URL.
 * Tracking parameters, fragment and credentials go; anything else stays.
 * '#' (the spec's "no link") when nothing is a web link. When the page URL
 * itself is unusable, an absolute canonical is taken as it is.
 */
export function productSourceUrl(pageUrl: string, declared: ReadonlyArray<string | null | undefined>, base: string | null): string {
  const page = resolveUrl(pageUrl, null);
  const pageIsWeb = page !== null && isWeb(page);
  for (const candidate of declared) {
    const url = resolveUrl(candidate, base ?? (pageIsWeb ? page.href : null));
    if (!url || !isWeb(url) || url.hostname === '' || url.href.length > MAX_URL) continue;
    if (pageIsWeb) {
      if (!sameSite(url, page)) continue;
      if ((url.pathname === '/' || url.pathname === '') && page.pathname !== '/' && url.search === '') continue;
    }
    return withoutTracking(url);
  }
  return pageIsWeb && page.href.length <= MAX_URL ? withoutTracking(page) : '#';
}

/** Host and path without a trailing slash, for "is this the page's product": the query and fragment aside. */
export function pathKey(url: URL): string {
  const path = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  return `${url.hostname.toLowerCase().replace(WWW, '')}${path}`;
}
