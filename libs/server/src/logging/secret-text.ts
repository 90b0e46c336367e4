/**
 * Masks what looks like a secret inside free text: the last line of defence
 * for strings no key names, such as an error message that quotes its input, a
 * URL, a library's log text. Redaction by key (logger.ts) comes first; this
 * catches what travels inside values.
 *
 *   scheme://user:password@host   → scheme://[credentials]@host
 *   Bearer <anything> / Basic …   → Bearer [token]
 *   eyJ… (a JWT, or any base64url JSON)                    → [token]
 *   an e-mail address, also percent-encoded (ada%40x.com)  → [email]
 *   a long random-looking base64url run, dotted parts included
 *   (refresh, reset and login tokens, HMACs, beta tokens)  → [token]
 *
 * Passwords cannot be recognised in free text: they stay out by key
 * (`password`, request `body`) and by never being put into messages.
 */
export const MASKED_EMAIL = '[email]';
export const MASKED_TOKEN = '[token]';
const MASKED_CREDENTIALS = '[credentials]';

/** Shorter runs are ids, words and numbers; every token the product issues has a part this long or longer. */
const OPAQUE_MIN_LENGTH = 32;

// One pass per string, alternatives in priority order; each names its group so the replacer knows which matched.
// Every alternative starts only where a run of its characters starts (the lookbehinds), so a long string
// costs a pass over each run, never a retry at each of its characters.
const SECRET_PATTERN = new RegExp(
  [
    // userinfo of a URL (a database or broker URL in a connection error)
    String.raw`(?<![A-Za-z0-9+.-])(?<userinfo>[A-Za-z][A-Za-z0-9+.-]*://)[^\s/@:]*:[^\s/@]*@`,
    // the credentials of an Authorization header quoted in text, in any case
    String.raw`(?<![A-Za-z])(?<scheme>(?:[Bb][Ee][Aa][Rr][Ee][Rr]|[Bb][Aa][Ss][Ii][Cc])\s+)[A-Za-z0-9._~+/=-]+`,
    // JSON in base64url starts with eyJ ('{"'): a JWT with or without its other parts
    String.raw`(?<![A-Za-z0-9_-])(?<jwt>eyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){0,2})`,
    // the characters the product's e-mail rule (zod's) allows, and letters of any script
    String.raw`(?<![\p{L}\p{N}._%+'-])(?<email>[\p{L}\p{N}._%+'-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,})(?![\p{L}\p{N}-])`,
    // base64url parts joined by dots, one of them long; masked whole when a part looks random (isOpaque)
    String.raw`(?<![A-Za-z0-9_.-])(?<run>(?:[A-Za-z0-9_-]+\.)*[A-Za-z0-9_-]{${OPAQUE_MIN_LENGTH},}(?:\.[A-Za-z0-9_-]+)*)`,
  ].join('|'),
  'gu',
);

/**
 * Random base64url mixes cases evenly; identifiers (`PasswordResetRequestedHandler`)
 * have one capital per word, UUIDs and hex digests no capital at all. A part is
 * opaque when it is long, has both cases and either a digit or a capital for
 * every four letters. A 43-character random token escapes this about once in
 * a million (no digit, and under a quarter of one case).
 */
export function isOpaque(part: string): boolean {
  if (part.length < OPAQUE_MIN_LENGTH) return false;
  let upper = 0;
  let lower = 0;
  let digits = 0;
  for (const char of part) {
    if (char >= 'A' && char <= 'Z') upper += 1;
    else if (char >= 'a' && char <= 'z') lower += 1;
    else if (char >= '0' && char <= '9') digits += 1;
  }
  if (upper === 0 || lower === 0) return false;
  return digits > 0 || Math.min(upper, lower) * 4 >= upper + lower;
}

type Groups = Partial<Record<'userinfo' | 'scheme' | 'jwt' | 'email' | 'run', string>>;

function replace(match: string, ...rest: unknown[]): string {
  const groups = rest.at(-1) as Groups;
  if (groups.userinfo !== undefined) return `${groups.userinfo}${MASKED_CREDENTIALS}@`;
  if (groups.scheme !== undefined) return `${groups.scheme}${MASKED_TOKEN}`;
  if (groups.jwt !== undefined) return MASKED_TOKEN;
  if (groups.email !== undefined) return MASKED_EMAIL;
  return match.split('.').some(isOpaque) ? MASKED_TOKEN : match;
}

/**
 * What the alternatives above other than a run need somewhere in the text: `@` (a URL's credentials end
 * with it) or `%40`, a scheme's name, or `eyJ`. A run is masked only when one of its dotted parts, each a
 * whole run of base64url characters, is opaque. Most strings of a log line (its keys, a path, a message, a
 * correlation id) have neither, and these two checks tell so at a fraction of the full pattern's cost (a
 * cached list's access line spent a tenth of the request's CPU in it).
 */
const SECRET_MARKS = /@|%40|bearer|basic|eyJ/i;
const LONG_RUN = new RegExp(`[A-Za-z0-9_-]{${OPAQUE_MIN_LENGTH},}`, 'g');

function hasOpaqueRun(text: string): boolean {
  // An opaque part has both cases: text without a capital (a path, a UUID) has none.
  if (!/[A-Z]/.test(text)) return false;
  for (const [run] of text.matchAll(LONG_RUN)) if (isOpaque(run)) return true;
  return false;
}

/** The text with every e-mail address, token and URL credential in it masked. */
export function maskSecretText(text: string): string {
  if (!SECRET_MARKS.test(text) && !hasOpaqueRun(text)) return text;
  return text.replace(SECRET_PATTERN, replace);
}
