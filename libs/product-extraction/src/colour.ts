import { cleanText } from './text';

/**
 * The colour a page states, as a shopper would type it: "Navy", "Mid Wash
 * Blue", "Black / White" for a two-tone item.
 * - each value is cleaned like other text (entities decoded, tags stripped,
 *   whitespace collapsed);
 * - values that are clearly not colours are dropped: no letter ("001",
 *   "12-34"), a web address, a hex code ("#1a2b3c", a swatch, not a name),
 *   a placeholder ("N/A", "none", "Select a colour"), or a sentence (more
 *   than `MAX_COLOUR_WORDS` words: a description put in the colour field);
 * - distinct values (without case) are joined with " / " in the page's
 *   order, as many as fit in `MAX_COLOUR` characters; a single value longer
 *   than that is cut after a word (no "…": the result is a field value that
 *   is saved, not a preview).
 * Null when no value is left.
 */

/** `MAX_COLOUR_LENGTH` of ItemInput in @closetly/contracts: a longer colour would be refused by the save. */
export const MAX_COLOUR = 60;
/** More words than this is a sentence, not a colour ("Heather Grey Marl With Navy Contrast Stripe" is seven). */
const MAX_COLOUR_WORDS = 8;

const PLACEHOLDERS = new Set(['n/a', 'na', 'none', 'null', 'undefined', 'default', 'other', 'various', 'see image', 'as shown', 'no colour', 'no color']);
const CHOOSE = /^(please\s+)?(select|choose|pick)\b/i;

export function colourOf(values: readonly unknown[]): string | null {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const value of values.slice(0, 20)) {
    const colour = oneColour(value);
    if (colour === null) continue;
    const key = colour.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(colour);
  }
  const [first, ...rest] = kept;
  if (first === undefined) return null;
  let joined = cutAfterWord(first, MAX_COLOUR);
  for (const colour of rest) {
    const next = `${joined} / ${colour}`;
    if (next.length > MAX_COLOUR) break;
    joined = next;
  }
  return joined;
}

/** One stated value, cleaned; null when it is not a colour. */
function oneColour(value: unknown): string | null {
  const text = cleanText(value, 1000);
  if (text === null || text.endsWith('…')) return null;
  if (!/\p{L}/u.test(text)) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^(www\.|\/)/i.test(text)) return null;
  if (/^#[0-9a-f]{3,8}$/i.test(text)) return null;
  const lower = text.toLowerCase();
  if (PLACEHOLDERS.has(lower) || CHOOSE.test(lower)) return null;
  if (text.split(' ').length > MAX_COLOUR_WORDS) return null;
  return text;
}

function cutAfterWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, maxLength)).replace(/[\s/,;:-]+$/, '');
}
