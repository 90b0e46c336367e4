import Bowser from 'bowser';

/**
 * What opened a session, coarsely: "Chrome on macOS". Stored with the session so its owner can recognise it in
 * their data export; the browser and system names only, never versions or the whole User-Agent (which would
 * help fingerprint them). Undefined when the header says nothing recognisable.
 */
export function deviceOf(userAgent: string | undefined): string | undefined {
  if (!userAgent) return undefined;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  const described = browser && system ? `${browser} on ${system}` : (browser ?? system);
  return described ? described.slice(0, 100) : undefined;
}
