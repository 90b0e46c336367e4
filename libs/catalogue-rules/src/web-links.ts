/**
 * The links Closetly keeps, sends and renders: only absolute http(s) URLs,
 * without credentials, as the URL parser serialises them (never the text as
 * given, so a `\tjavascript:` or upper-case `JAVASCRIPT:` cannot slip past a
 * prefix check). Shared by the wardrobe (captures), the catalogue (derived
 * products), the API answers built from them and the web app's Buy link.
 *
 * Only the WHATWG `URL` class is used, which browsers and Node both provide.
 */
import { supportedRetailerForHost } from './supported-retailers';

/** Each web scheme's own port; the other scheme's default port on it is a smuggling trick, never a real shop. */
const OWN_PORT: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };
const OTHER_SCHEME_PORT: Readonly<Record<string, string>> = { 'http:': '443', 'https:': '80' };

/**
 * The URL when `value` is an absolute http(s) URL with a host whose port is
 * not the other scheme's default (`http://host:443`, `https://host:80`), with
 * any `user:pass@` removed; null otherwise (relative, protocol-relative
 * `//host`, `javascript:`, `data:`, malformed, '#').
 *
 * Credentials are stripped rather than the URL refused: a shopper who saves a
 * page reached through such a link keeps their save, and the secret never
 * reaches storage, other shoppers or an upstream.
 */
export function parseWebUrl(value: string | null | undefined): URL | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value); // no base: relative and protocol-relative links throw
  } catch {
    return null;
  }
  if (OWN_PORT[url.protocol] === undefined || url.hostname === '') return null;
  if (url.port === OTHER_SCHEME_PORT[url.protocol]) return null;
  url.username = '';
  url.password = '';
  return url;
}

/** `parseWebUrl` as text: what captures store as image and source URLs. */
export function webUrl(value: string | null | undefined): string | null {
  return parseWebUrl(value)?.href ?? null;
}

/**
 * The only href a product's source link is ever sent or rendered with: a web
 * URL (see `parseWebUrl`), upgraded from http to https when the host is a
 * supported retailer (all of them serve https, so the upgrade never breaks a
 * link and keeps the shopper's way to the shop off plain http). Other hosts
 * keep http: an unknown shop may have no https at all, and following a link
 * in a new tab is a navigation, not mixed content on our page. A URL with its
 * own non-standard port is left as it is. Null when there is no safe link.
 */
export function safeLinkHref(value: string | null | undefined): string | null {
  const url = parseWebUrl(value);
  if (!url) return null;
  if (url.protocol === 'http:' && url.port === '' && supportedRetailerForHost(url.hostname) !== null) url.protocol = 'https:';
  return url.href;
}
