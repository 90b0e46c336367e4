/**
 * The text rules both engines share, so a query finds the same products in
 * OpenSearch and in the PostgreSQL twin. OpenSearch applies them through its
 * analyzers and its fuzzy queries; the twin applies them in TypeScript while
 * it builds its tsquery (see `postgres-text-query.ts`).
 */

/**
 * Words that never match on their own: Lucene's English stop words, the
 * `_english_` list of the OpenSearch analyzer. The PostgreSQL twin indexes
 * every word and drops these from queries instead, so both engines ignore
 * exactly the same words (PostgreSQL's own English list also drops "t", "s"
 * and "don", which would lose the T of "T-Shirt").
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not',
  'of', 'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was', 'will', 'with',
]);

/**
 * Typo tolerance by word length (after stemming), as OpenSearch's
 * `fuzziness: AUTO:4,8`: words under 4 letters must match exactly ("tee"
 * never finds "tie"), 4 to 7 letters may have one edit, 8 or more two. An
 * edit is an insertion, deletion, substitution or transposition of adjacent
 * letters, so one typo is always one edit. Two edits start at 8 letters, not
 * 7: "sneaker" and "sweater" are two edits apart. The first letter must be
 * right (`prefix_length: 1`): typos there are rare, and it keeps "coat" from
 * finding "boat". Each word expands to at most 50 indexed words
 * (`max_expansions`). Typos are looked for in names and brands only; the
 * words of a description must be spelled right.
 */
export const FUZZINESS = 'AUTO:4,8';
export const FUZZY_PREFIX_LENGTH = 1;
export const FUZZY_MAX_EXPANSIONS = 50;

/** Edits a query word of this length may differ by (see FUZZINESS). */
export function maxEditsFor(word: string): number {
  const length = [...word].length;
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Optimal string alignment distance (Damerau-Levenshtein where a substring is
 * edited once): Lucene's fuzzy distance with transpositions, over code points.
 * Stops early and returns `max + 1` once the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = new Array<number>(t.length + 1).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[t.length] ?? 0;
}

const WORD = /\p{N}+(?:\.\p{N}+)+|[\p{L}\p{M}\p{N}]+/gu;
const POSSESSIVE = /['’]s(?![\p{L}\p{M}\p{N}])/gu;

/**
 * The words of a query, lower case, in order: letters and digits, a decimal
 * number kept whole ("7.5"), a possessive dropped ("Levi's" → "levi", as the
 * `possessive_english` filter does). Punctuation and query syntax characters
 * (`"`, `*`, `:`, `(`, `\`) separate words and are otherwise ignored; "t-shirt"
 * is the two words "t shirt".
 */
export function queryWords(text: string): string[] {
  return text.toLowerCase().replace(POSSESSIVE, '').match(WORD) ?? [];
}

/** `queryWords` without the stop words: the words a query must match. */
export function searchableWords(text: string): string[] {
  return queryWords(text).filter((word) => !ENGLISH_STOP_WORDS.has(word));
}
