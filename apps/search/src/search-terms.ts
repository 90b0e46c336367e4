import { MULTI_SEARCH_SEPARATOR } from '@closetly/contracts';

/** Most terms one multi-search runs (a category's keywords are a handful). */
export const MAX_SEARCH_TERMS = 32;

/** A term must hold a letter or a digit: "!!!" or "--" searches for nothing rather than everything. */
const MEANINGFUL = /[\p{L}\p{N}]/u;

/**
 * The terms a search runs (spec §7): a plain search is one term, the whole
 * query; a multi-search (isMultiSearch, a category's keywords) splits on
 * " OR " and matches a product that matches any term. Terms are trimmed, inner
 * whitespace collapsed, repeats (in any letter case) and meaningless terms
 * dropped. No terms means an empty result, never a browse of everything.
 */
export function searchTerms(q: string, multi: boolean): string[] {
  const parts = multi ? q.split(MULTI_SEARCH_SEPARATOR) : [q];
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const part of parts) {
    const term = part.trim().replace(/\s+/g, ' ');
    const key = term.toLowerCase();
    if (!MEANINGFUL.test(term) || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  return terms.slice(0, MAX_SEARCH_TERMS);
}
