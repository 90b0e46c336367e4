import { queryWords } from '@closetly/catalogue-rules';

/** One tokeniser and one typo distance for query understanding and both engines (`@closetly/catalogue-rules`). */
export { editDistance, queryWords } from '@closetly/catalogue-rules';

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

/** `queryWords` without the stop words: the words a query must match. */
export function searchableWords(text: string): string[] {
  return queryWords(text).filter((word) => !ENGLISH_STOP_WORDS.has(word));
}
