import { CATEGORIES, CATEGORY_IDS, FALLBACK_CATEGORY, NEUTRAL_PHRASES, type CategoryId } from './categories';

/**
 * Item category inference (spec §4): "name and description are scored
 * against keyword lists per category. Scores: exact name match 20; a word in
 * the name 15; in the description 2; secondary terms 3 or 0.5; name starts
 * with the term 5. If the top score is under 3, or a rival scores above 1.5
 * times the top, the category is home."
 *
 * What this file implements, exactly:
 *
 * 1. Tokenising (name and description alike). HTML tags are removed,
 *    apostrophes dropped ("Levi's" → "levis", "Women's" → "womens"), accents
 *    stripped, text lower-cased and split on every run of non-letters, so
 *    digits and punctuation separate words ("T-Shirt" → "t", "shirt";
 *    "501" disappears).
 *
 *    In a name, a singular "short" that describes no word after it is read
 *    as "shorts" ("Running Short"; not "Short Dress", "Short Sleeve Tee"):
 *    see `singularShorts`.
 *
 * 2. Matching terms. Every term (see `categories.ts`) is tokenised the same
 *    way and matches a run of consecutive text words; the last word of the
 *    term may appear in a plural form (+s; +es after s, x, z, ch, sh;
 *    consonant + y → ies). Longer terms claim their words first (more words
 *    first, then more letters, then alphabetical): once "tank top" matched,
 *    its "tank" and "top" are not matched again, so a phrase counts once and
 *    "top handle bag" is not a top. Neutral phrases claim words and score
 *    nothing. A term scores at most once per field, however often it
 *    appears.
 *
 * 3. Scoring, per category, summing over that category's matched terms:
 *    - primary keyword, name:
 *        20 when the whole name is the term ("exact name match"; "Jeans",
 *           "T-Shirt"), otherwise 15 when the term is in the name
 *           ("a word in the name"), and
 *        +5 when the name starts with the term ("name starts with the
 *           term"; word-wise: "Jeans Slim Fit", not "Jeanswear").
 *      So "Jeans" scores 25, "Jeans Slim Fit" 20, "Slim Fit Jeans" 15.
 *    - primary keyword, description: 2.
 *    - secondary term: 3 in the name, 0.5 in the description (the spec's
 *      "secondary terms 3 or 0.5" read as name / description, like the 15 / 2
 *      of primary keywords). The exact and starts-with bonuses are for
 *      primary keywords only.
 *    A term found in both fields scores for both.
 *
 * 4. Deciding. The categories are ranked by score, ties in the order of
 *    `CATEGORY_IDS` (home, shoes, bottoms, tops, outerwear, accessories).
 *    - top score < 3 → home (reason `weak`).
 *    - Ambiguity: the spec's literal "a rival scores above 1.5 times the top"
 *      can never hold, since no rival scores above the top at all. Read as
 *      "a rival scores above the top divided by 1.5", i.e. the runner-up is
 *      within a factor of 1.5 of the top: top < 1.5 × runner-up → home
 *      (reason `ambiguous`). The winner must score at least 1.5 times the
 *      runner-up; exactly 1.5 times wins. A tie for first is always
 *      ambiguous, which is why the tie order never picks a winner.
 *      Example: "Shirt Jacket" without its phrase would be tops 20 against
 *      outerwear 15: 20 < 22.5, so home rather than a coin toss.
 *    - otherwise the top category (reason `matched`); home can win outright
 *      too ("Linen Cushion Cover").
 *
 * Pure and deterministic: same input, same answer; `scores` holds every
 * category.
 */

export const CATEGORY_SCORE = {
  exactName: 20,
  wordInName: 15,
  nameStartsWith: 5,
  wordInDescription: 2,
  secondaryInName: 3,
  secondaryInDescription: 0.5,
} as const;

/** Below this top score the evidence is too weak and the category is home. */
export const MIN_CATEGORY_SCORE = 3;

/** The winner must score at least this many times the runner-up, otherwise home. */
export const CATEGORY_AMBIGUITY_RATIO = 1.5;

export type CategoryScores = Record<CategoryId, number>;

export interface CategoryInferenceInput {
  name: string | null | undefined;
  description?: string | null | undefined;
}

export interface CategoryInference {
  category: CategoryId;
  /** `matched`: a clear winner; `weak`: top score under 3; `ambiguous`: runner-up within a factor 1.5. */
  reason: 'matched' | 'weak' | 'ambiguous';
  scores: CategoryScores;
}

export function inferCategory(input: CategoryInferenceInput): CategoryInference {
  const scores = emptyScores();
  const nameTokens = singularShorts(tokenise(input.name ?? ''));
  for (const match of findTerms(nameTokens)) {
    for (const role of match.term.roles) {
      if (role.kind === 'secondary') {
        scores[role.category] += CATEGORY_SCORE.secondaryInName;
        continue;
      }
      const exact = match.start === 0 && match.term.words.length === nameTokens.length;
      scores[role.category] += exact ? CATEGORY_SCORE.exactName : CATEGORY_SCORE.wordInName;
      if (match.start === 0) scores[role.category] += CATEGORY_SCORE.nameStartsWith;
    }
  }
  for (const match of findTerms(tokenise(input.description ?? ''))) {
    for (const role of match.term.roles) {
      scores[role.category] += role.kind === 'primary' ? CATEGORY_SCORE.wordInDescription : CATEGORY_SCORE.secondaryInDescription;
    }
  }
  return decide(scores);
}

/** Words right after "short" that it describes ("Short Sleeve", "Short Length"). */
const SHORT_DESCRIBES = new Set(['sleeve', 'sleeves', 'sleeved', 'length', 'fit', 'cut', 'rise', 'leg', 'hair']);

/**
 * A name's singular "short" is shorts ("Running Short", "Linen Short in
 * Navy", "Boxer Short 3 Pack"), as shops write it, unless it describes what
 * follows: a length word right after it ("Short Sleeve Tee") or a garment
 * anywhere after it ("Short Dress", "Short Wool Coat"). Only in names: a
 * description's "a short walk" says nothing.
 */
function singularShorts(words: string[]): string[] {
  return words.map((word, at) => {
    if (word !== 'short') return word;
    const next = words[at + 1];
    if (next !== undefined && SHORT_DESCRIBES.has(next)) return word;
    return words.slice(at + 1).some(startsGarment) ? word : 'shorts';
  });
}

/** Whether a word (or its singular) begins a primary keyword of any category. */
function startsGarment(word: string): boolean {
  return singularCandidates(word).some((form) => (TERMS_BY_FIRST_WORD.get(form) ?? []).some((term) => term.roles.some((role) => role.kind === 'primary')));
}

function decide(scores: CategoryScores): CategoryInference {
  const ranked = CATEGORY_IDS.map((id, order) => ({ id, order, score: scores[id] })).sort((a, b) => b.score - a.score || a.order - b.order);
  const [top, runnerUp] = ranked as [(typeof ranked)[number], (typeof ranked)[number]];
  if (top.score < MIN_CATEGORY_SCORE) return { category: FALLBACK_CATEGORY, reason: 'weak', scores };
  if (top.score < CATEGORY_AMBIGUITY_RATIO * runnerUp.score) return { category: FALLBACK_CATEGORY, reason: 'ambiguous', scores };
  return { category: top.id, reason: 'matched', scores };
}

function emptyScores(): CategoryScores {
  return Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as CategoryScores;
}

/** Lower-case letter words; see step 1 of the header. */
export function tokenise(text: string): string[] {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/['’‘`]/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 0);
}

interface TermRole {
  category: CategoryId;
  kind: 'primary' | 'secondary';
}

interface Term {
  key: string;
  words: readonly string[];
  /** Empty for a neutral phrase. */
  roles: TermRole[];
  /** Claim order: lower claims first. */
  rank: number;
}

interface TermMatch {
  term: Term;
  /** Index of the first word of the first occurrence. */
  start: number;
}

const TERMS: readonly Term[] = buildTerms();

/** Terms by their first word, for a quick candidate look-up. */
const TERMS_BY_FIRST_WORD: ReadonlyMap<string, readonly Term[]> = indexByFirstWord(TERMS);

function buildTerms(): Term[] {
  const byKey = new Map<string, { words: string[]; roles: TermRole[] }>();
  const add = (text: string, role: TermRole | null) => {
    const words = tokenise(text);
    if (words.length === 0) return;
    const key = words.join(' ');
    const entry = byKey.get(key) ?? { words, roles: [] };
    byKey.set(key, entry);
    if (role && !entry.roles.some((r) => r.category === role.category && r.kind === role.kind)) entry.roles.push(role);
  };
  for (const category of CATEGORIES) {
    for (const keyword of category.keywords) add(keyword, { category: category.id, kind: 'primary' });
    for (const term of category.secondaryTerms) add(term, { category: category.id, kind: 'secondary' });
  }
  for (const phrase of NEUTRAL_PHRASES) add(phrase, null);
  const terms = [...byKey].map(([key, { words, roles }]) => ({ key, words, roles, rank: 0 }));
  terms.sort((a, b) => b.words.length - a.words.length || b.key.length - a.key.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  terms.forEach((term, rank) => (term.rank = rank));
  return terms;
}

function indexByFirstWord(terms: readonly Term[]): Map<string, Term[]> {
  const index = new Map<string, Term[]>();
  for (const term of terms) {
    const first = term.words[0] as string;
    index.set(first, [...(index.get(first) ?? []), term]);
  }
  return index;
}

/** The words a text word could be the plural of (itself included). */
function singularCandidates(word: string): string[] {
  const candidates = [word];
  if (word.endsWith('ies') && word.length > 3) candidates.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es') && word.length > 2) candidates.push(word.slice(0, -2));
  if (word.endsWith('s') && word.length > 1) candidates.push(word.slice(0, -1));
  return candidates;
}

/** Whether a text word is the term's word or (for the term's last word) one of its plurals. */
function wordMatches(termWord: string, textWord: string, last: boolean): boolean {
  if (termWord === textWord) return true;
  if (!last) return false;
  if (textWord === `${termWord}s`) return true;
  if (/(s|x|z|ch|sh)$/.test(termWord) && textWord === `${termWord}es`) return true;
  return /[^aeiou]y$/.test(termWord) && textWord === `${termWord.slice(0, -1)}ies`;
}

function occursAt(term: Term, tokens: readonly string[], start: number): boolean {
  if (start + term.words.length > tokens.length) return false;
  return term.words.every((word, i) => wordMatches(word, tokens[start + i] as string, i === term.words.length - 1));
}

/**
 * Every term found in the tokens, longest first, each word claimed by at
 * most one term (step 2 of the header).
 */
function findTerms(tokens: readonly string[]): TermMatch[] {
  const candidates: TermMatch[] = [];
  tokens.forEach((token, start) => {
    const seen = new Set<Term>();
    for (const first of singularCandidates(token)) {
      for (const term of TERMS_BY_FIRST_WORD.get(first) ?? []) {
        if (!seen.has(term) && occursAt(term, tokens, start)) candidates.push({ term, start });
        seen.add(term);
      }
    }
  });
  candidates.sort((a, b) => a.term.rank - b.term.rank || a.start - b.start);

  const claimed = new Array<boolean>(tokens.length).fill(false);
  const found = new Map<Term, TermMatch>();
  for (const candidate of candidates) {
    const span = candidate.term.words.length;
    if (claimed.slice(candidate.start, candidate.start + span).some(Boolean)) continue;
    claimed.fill(true, candidate.start, candidate.start + span);
    if (!found.has(candidate.term)) found.set(candidate.term, candidate);
  }
  return [...found.values()];
}
