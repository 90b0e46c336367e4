import type { SynonymExpansion } from './fashion-synonyms';
import { editDistance, ENGLISH_STOP_WORDS, FUZZY_MAX_EXPANSIONS, FUZZY_PREFIX_LENGTH, maxEditsFor, searchableWords } from './fashion-text';

/**
 * How the PostgreSQL twin turns search terms into a tsquery, as pure
 * functions (the adapter supplies what only the database knows: the stem of
 * each word, and the indexed words near a typo).
 *
 *   terms ──searchableWords──▶ words ──stem (database)──▶ lexemes
 *         ──synonyms──▶ plan: per term, segments that must all match, each a
 *                        list of alternatives (a lexeme, or a phrase of them)
 *         ──fuzzy candidates (database) + editDistance──▶ typo alternatives
 *         ──render──▶ `('denim') & ('jacket' | 'jaket')`
 */

/** A lexeme sequence: one lexeme, or a phrase whose lexemes must be adjacent. */
export type Alternative = readonly string[];
/** Words that must match: any one of the alternatives. */
export type Segment = readonly Alternative[];
/** One search term: every segment must match. Terms are ORed. */
export type TermPlan = readonly Segment[];

/** Stems each word the way the index does: its lexemes in order (none for a word the index drops). */
export type Stemmer = (word: string) => readonly string[];

/** Synonym sources keyed by their stemmed words, each with the lexeme sequences it also finds. */
export interface SynonymIndex {
  bySource: ReadonlyMap<string, readonly Alternative[]>;
  /** The longest source, in words. */
  longest: number;
}

const keyOf = (lexemes: readonly string[]): string => lexemes.join(' ');

/**
 * Stems every phrase of the synonym list. Two sources that stem alike
 * ("hoodie", "hoody") share their alternatives, as OpenSearch merges them.
 */
export function buildSynonymIndex(expansions: readonly SynonymExpansion[], stem: Stemmer): SynonymIndex {
  const bySource = new Map<string, Map<string, Alternative>>();
  let longest = 0;
  for (const expansion of expansions) {
    const source = expansion.source.map((word) => keyOf(stem(word)));
    if (source.some((key) => key.length === 0)) continue;
    longest = Math.max(longest, source.length);
    const key = source.join(' ');
    const alternatives = bySource.get(key) ?? new Map<string, Alternative>();
    for (const phrase of expansion.alternatives) {
      const lexemes = phrase.flatMap((word) => stem(word));
      if (lexemes.length > 0) alternatives.set(keyOf(lexemes), lexemes);
    }
    bySource.set(key, alternatives);
  }
  return { bySource: new Map([...bySource].map(([key, alternatives]) => [key, [...alternatives.values()]])), longest };
}

/**
 * The plan of one term: its words stemmed, the longest synonym source at each
 * position replaced by its alternatives (as OpenSearch's synonym graph does),
 * every other word a segment of its own. Words the index drops are skipped; a
 * term of stop words only has no segments and matches nothing.
 */
export function planTerm(term: string, stem: Stemmer, synonyms: SynonymIndex): TermPlan {
  const words = searchableWords(term)
    .map((word) => stem(word))
    .filter((lexemes) => lexemes.length > 0);
  const keys = words.map(keyOf);
  const segments: Segment[] = [];
  for (let at = 0; at < words.length; ) {
    let matched = false;
    for (let length = Math.min(synonyms.longest, words.length - at); length >= 1 && !matched; length--) {
      const alternatives = synonyms.bySource.get(keys.slice(at, at + length).join(' '));
      if (alternatives) {
        segments.push(alternatives);
        at += length;
        matched = true;
      }
    }
    if (!matched) {
      segments.push([words[at] ?? []]);
      at += 1;
    }
  }
  return segments;
}

/** Lexemes of a plan that may match with typos: single words (not phrases) long enough for an edit. */
export function fuzzySources(plans: readonly TermPlan[]): string[] {
  const sources = new Set<string>();
  for (const alternative of plans.flat(2)) {
    const [lexeme] = alternative;
    if (alternative.length === 1 && lexeme !== undefined && maxEditsFor(lexeme) > 0) sources.add(lexeme);
  }
  return [...sources];
}

const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

/**
 * Of the indexed words a database lookup returned for `source`, those within
 * its typo allowance: same first letter, edit distance within `maxEditsFor`,
 * plain words (OpenSearch indexes no hyphenated compounds or stop words),
 * closest first, then alphabetical, at most FUZZY_MAX_EXPANSIONS.
 */
export function typoMatches(source: string, candidates: Iterable<string>): string[] {
  const max = maxEditsFor(source);
  const prefix = [...source].slice(0, FUZZY_PREFIX_LENGTH).join('');
  const scored: Array<[string, number]> = [];
  for (const candidate of new Set(candidates)) {
    if (candidate === source || !candidate.startsWith(prefix) || !PLAIN_WORD.test(candidate) || ENGLISH_STOP_WORDS.has(candidate)) continue;
    const distance = editDistance(source, candidate, max);
    if (distance <= max) scored.push([candidate, distance]);
  }
  return scored
    .sort(([a, da], [b, db]) => da - db || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, FUZZY_MAX_EXPANSIONS)
    .map(([candidate]) => candidate);
}

/** The lexemes of a tsquery's text, in order: `'t-shirt' <-> 't' <-> 'shirt'` → t-shirt, t, shirt (how the twin reads `phraseto_tsquery`). */
export function lexemesOf(tsquery: string): string[] {
  return [...tsquery.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)].map((match) => (match[1] ?? '').replace(/''/g, "'").replace(/\\(.)/g, '$1'));
}

/** A lexeme as a tsquery operand: quoted, so it is taken as is (no parsing, no stemming). */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The tsquery text of a search: terms ORed, segments ANDed, alternatives
 * ORed, phrases with `<->`, each single lexeme also ORed with its typo
 * matches when `typos` is given. Null when no term has anything to match.
 */
export function renderTsQuery(plans: readonly TermPlan[], typos?: ReadonlyMap<string, readonly string[]>): string | null {
  const terms = plans
    .filter((plan) => plan.length > 0)
    .map((plan) =>
      plan
        .map((segment) => {
          const operands = segment.flatMap((alternative) => {
            if (alternative.length > 1) return [`(${alternative.map(quoteLexeme).join(' <-> ')})`];
            const [lexeme] = alternative;
            return lexeme === undefined ? [] : [lexeme, ...(typos?.get(lexeme) ?? [])].map(quoteLexeme);
          });
          return `(${[...new Set(operands)].join(' | ')})`;
        })
        .join(' & '),
    );
  return terms.length === 0 ? null : terms.map((term) => `(${term})`).join(' | ');
}
