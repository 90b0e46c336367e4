/**
 * Whether a sender's origin is one of the web origins the manifest lets talk
 * to the extension (externally_connectable). Chrome already refuses other
 * senders; this checks again, so a message never acts on the browser's word
 * alone. Match patterns name a scheme and host, any port ("http://localhost/*").
 */
export function isAllowedWebOrigin(origin: string | undefined, patterns: readonly string[]): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return patterns.some((pattern) => {
    const match = /^(https?):\/\/([^/]+)\/\*$/.exec(pattern);
    if (!match) return false;
    const [, scheme, host] = match;
    if (url.protocol !== `${scheme}:`) return false;
    if (host?.startsWith('*.')) {
      const domain = host.slice(2);
      return url.hostname === domain || url.hostname.endsWith(`.${domain}`);
    }
    return url.hostname === host;
  });
}
