import type { IncomingHttpHeaders } from 'node:http';

/** Which wall a page hit, for the "unreadable" record and the logs. */
export interface BotWall {
  /** A short name: cloudflare-challenge, datadome, perimeterx, akamai, imperva, captcha, challenge-status. */
  wall: string;
  /** What gave it away. */
  evidence: string;
}

interface Marker {
  wall: string;
  pattern: RegExp;
}

/**
 * Markers of an anti-bot interstitial, strong enough to call a 200 page a wall:
 * they name a challenge script or page, not a widget a product page may carry
 * (a newsletter form's reCAPTCHA is not a wall).
 */
const CHALLENGE_PAGE: readonly Marker[] = [
  { wall: 'cloudflare-challenge', pattern: /<title>\s*just a moment\.\.\.\s*<\/title>|\/cdn-cgi\/challenge-platform\/|\bcf-chl-|\bcf_chl_opt\b|cf-browser-verification/i },
  { wall: 'datadome', pattern: /captcha-delivery\.com|\bdd\s*=\s*\{[^}]*'cid'/i },
  { wall: 'perimeterx', pattern: /\bpx-captcha\b|_pxCaptcha|captcha\.px-cdn\.net|Press\s*&(?:amp;)?\s*Hold/i },
  { wall: 'imperva', pattern: /_Incapsula_Resource|Incapsula incident ID/i },
  { wall: 'akamai', pattern: /<title>\s*Access Denied\s*<\/title>[\s\S]*errors\.edgesuite\.net|\/_sec\/cp_challenge\//i },
  { wall: 'captcha', pattern: /<title>[^<]*(?:captcha|are you (?:a )?(?:human|robot)|verify(?:ing)? you are (?:a )?human|attention required|security check|bot (?:check|detection))[^<]*<\/title>/i },
];

/** Weaker markers: enough on a 403, 429 or 503, where the status already says "not for you". */
const CHALLENGE_ON_REFUSAL: readonly Marker[] = [
  { wall: 'captcha', pattern: /\bg-recaptcha\b|\bh-captcha\b|hcaptcha\.com|recaptcha\/api\.js|challenges\.cloudflare\.com\/turnstile/i },
  { wall: 'captcha', pattern: /are you (?:a )?(?:human|robot)|verify(?:ing)? (?:that )?you are (?:a )?human|unusual traffic|automated (?:access|queries|requests)|enable (?:javascript and )?cookies to continue/i },
];

/** Headers that announce a challenge whatever the body says. */
function headerWall(headers: IncomingHttpHeaders): BotWall | undefined {
  if (String(headers['cf-mitigated'] ?? '').toLowerCase() === 'challenge') return { wall: 'cloudflare-challenge', evidence: 'cf-mitigated: challenge' };
  if (headers['x-datadome'] !== undefined || headers['x-dd-b'] !== undefined) return { wall: 'datadome', evidence: 'x-datadome header' };
  return undefined;
}

/** Only the start of a page is searched: an interstitial says what it is early, and a product page's size costs nothing. */
const SCANNED_CHARACTERS = 64 * 1024;

/**
 * Whether an answer is an anti-bot wall rather than the shop's page: a
 * challenge header, a challenge page's own markers on any status, or a
 * captcha on a 403, 429 or 503. Such a page is recorded as unreadable with
 * the wall's name, and never retried at once: asking again does not pass it.
 */
export function detectBotWall(status: number, headers: IncomingHttpHeaders, body: string): BotWall | undefined {
  const byHeader = headerWall(headers);
  if (byHeader) return byHeader;
  const head = body.slice(0, SCANNED_CHARACTERS);
  for (const marker of CHALLENGE_PAGE) {
    const match = marker.pattern.exec(head);
    if (match) return { wall: marker.wall, evidence: match[0].slice(0, 80) };
  }
  if (status === 403 || status === 429 || status === 503) {
    for (const marker of CHALLENGE_ON_REFUSAL) {
      const match = marker.pattern.exec(head);
      if (match) return { wall: marker.wall, evidence: `${status} with ${match[0].slice(0, 60)}` };
    }
  }
  return undefined;
}
