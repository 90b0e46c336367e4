import { parseWebUrl } from './web-links';
import { CATEGORY_IDS, FALLBACK_CATEGORY, type CategoryId } from './categories';
import { CATEGORY_AMBIGUITY_RATIO, CATEGORY_SCORE, inferCategory, tokenise, type CategoryInferenceInput } from './infer-category';

/**
 * A capture's category from what the page itself states about the item,
 * before the spec's name-and-description scoring (§4, `inferCategory`), which
 * this file never changes: it only decides when a page says nothing clear.
 *
 * Why: large retailers name products by model ("Dayzy", "GDC Zoe", "Air Max
 * Plus") and put the garment only in their breadcrumbs, category fields, URL
 * or description. The spec's scoring gives such an item at most 2 (one
 * description word), under the minimum of 3, so it falls to home.
 *
 * Evidence phrases are what a shop writes about where an item belongs: a
 * category field ("Clothing > Women > Jackets"), the shop's own product type
 * ("Sneakers"), a breadcrumb trail ("Home > Women > Shoes > Sneakers"), a URL
 * path ("/en/womens-shoes/dayzy-123"). Each phrase is read as a hierarchy:
 *
 * 1. It is split into segments on ">", "/", "|", "»", "›", "\" and "→".
 * 2. Each segment is scored as if it were a product name, by the same keyword
 *    matching as `inferCategory` (plurals, phrases, neutral phrases:
 *    "Women's Jackets & Coats" → outerwear, "Tops & T-Shirts" → tops). A
 *    segment counts only when it has a clear winner led by a primary keyword
 *    (at least `CATEGORY_SCORE.wordInName`): "Denim" or "Leather Goods" alone
 *    say nothing. Navigation words that are not garments are skipped ("Top
 *    Sellers", "Top Picks" are no tops).
 * 3. The deepest segment that counts is the phrase's vote ("Accessories >
 *    Bags" → accessories; "Clothing > Shirts > Overshirts" → outerwear: the
 *    deeper level is the more specific one).
 *
 * The phrases then vote, one vote each; the winner needs at least
 * `CATEGORY_AMBIGUITY_RATIO` times the runner-up's votes, the same margin
 * the spec asks of scores. No votes, or a close race, is no evidence (null).
 */

/** Most phrases, segments per phrase and characters per phrase read: evidence is short, pages can be hostile. */
const MAX_PHRASES = 32;
const MAX_SEGMENTS = 12;
const MAX_PHRASE_LENGTH = 1000;

const SEGMENT_SEPARATORS = /[>/|»›\\→]/;

/** Words that follow "top" in shop navigation, where "top" is a ranking, not a garment. */
const TOP_AS_RANKING = new Set([
  'sellers', 'seller', 'selling', 'picks', 'pick', 'brands', 'trends', 'trending', 'deals', 'gifts', 'offers', 'styles',
  'searches', 'categories', 'items', 'products', 'rated', 'ten', 'rank', 'ranked',
]);

export type CategoryVotes = Record<CategoryId, number>;

export interface EvidenceCategory {
  category: CategoryId;
  /** Phrases that voted for each category. */
  votes: CategoryVotes;
}

/** The category one evidence phrase names (its deepest segment with a clear primary keyword), or null. */
export function phraseCategory(phrase: string): CategoryId | null {
  if (typeof phrase !== 'string') return null;
  const segments = phrase.slice(0, MAX_PHRASE_LENGTH).split(SEGMENT_SEPARATORS).slice(-MAX_SEGMENTS);
  for (let k = segments.length - 1; k >= 0; k--) {
    const words = withoutRankingTops(tokenise(segments[k] as string));
    if (words.length === 0) continue;
    const inference = inferCategory({ name: words.join(' ') });
    if (inference.reason === 'matched' && inference.scores[inference.category] >= CATEGORY_SCORE.wordInName) return inference.category;
  }
  return null;
}

/** The category the phrases agree on (see the header), or null when they name none or disagree. */
export function categoryFromEvidence(phrases: readonly string[]): EvidenceCategory | null {
  const votes = Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as CategoryVotes;
  for (const phrase of phrases.slice(0, MAX_PHRASES)) {
    const category = phraseCategory(phrase);
    if (category) votes[category] += 1;
  }
  const ranked = CATEGORY_IDS.map((id) => ({ id, votes: votes[id] })).sort((a, b) => b.votes - a.votes);
  const [top, runnerUp] = ranked as [(typeof ranked)[number], (typeof ranked)[number]];
  if (top.votes === 0 || top.votes < CATEGORY_AMBIGUITY_RATIO * runnerUp.votes) return null;
  return { category: top.id, votes };
}

export interface CategoryEvidenceInput extends CategoryInferenceInput {
  /** What the page states: category fields, the shop's product type, breadcrumb trails (one phrase per trail). */
  stated?: readonly string[];
  /** Weaker hints read only when the stated evidence is not clear: URL paths. */
  hinted?: readonly string[];
}

export interface CategoryDecision {
  category: CategoryId;
  /**
   * `stated`: the page's category fields and breadcrumbs; `hinted`: with the
   * URL's help; `scores`: the spec's §4 scoring of name and description;
   * `description`: a model name with a clear garment in its description;
   * `fallback`: nothing clear, home.
   */
  source: 'stated' | 'hinted' | 'scores' | 'description' | 'fallback';
}

/**
 * A capture's category, most trusted evidence first:
 * 1. the stated phrases (`categoryFromEvidence`);
 * 2. the stated and hinted phrases together (a URL can decide alone, or break
 *    a tie between stated phrases);
 * 3. the spec's scoring of name and description (`inferCategory`), when it
 *    finds a clear winner;
 * 4. a model name: when the name holds no category term at all and the
 *    description alone has a clear winner led by a primary keyword ("Dayzy":
 *    "a platform sneaker in soft leather"), that category. The spec's
 *    scoring would call it home only because one description word scores 2;
 *    a name that says anything (even a secondary term) never gets here;
 * 5. home (`FALLBACK_CATEGORY`).
 */
export function categoryWithEvidence(input: CategoryEvidenceInput): CategoryDecision {
  const stated = input.stated ?? [];
  const fromStated = categoryFromEvidence(stated);
  if (fromStated) return { category: fromStated.category, source: 'stated' };
  const fromHints = categoryFromEvidence([...stated, ...(input.hinted ?? [])]);
  if (fromHints) return { category: fromHints.category, source: 'hinted' };
  const inferred = inferCategory(input);
  if (inferred.reason === 'matched') return { category: inferred.category, source: 'scores' };
  const fromDescription = modelNameCategory(input);
  if (fromDescription) return { category: fromDescription, source: 'description' };
  return { category: FALLBACK_CATEGORY, source: 'fallback' };
}

function modelNameCategory(input: CategoryInferenceInput): CategoryId | null {
  if (!input.description) return null;
  const nameScores = inferCategory({ name: input.name }).scores;
  if (CATEGORY_IDS.some((id) => nameScores[id] > 0)) return null;
  const scores = inferCategory({ name: '', description: input.description }).scores;
  const ranked = CATEGORY_IDS.map((id) => ({ id, score: scores[id] })).sort((a, b) => b.score - a.score);
  const [top, runnerUp] = ranked as [(typeof ranked)[number], (typeof ranked)[number]];
  if (top.score < CATEGORY_SCORE.wordInDescription || top.score < CATEGORY_AMBIGUITY_RATIO * runnerUp.score) return null;
  return top.id;
}

function withoutRankingTops(words: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const next = words[i + 1];
    if (word === 'top' && next !== undefined && TOP_AS_RANKING.has(next)) {
      i++;
      continue;
    }
    kept.push(word);
  }
  return kept;
}

/**
 * A saved item's category when all the server has is what a save carries:
 * its name and description first (`categoryWithEvidence`: the spec's scores,
 * then a model name's description), and only when they say nothing clear,
 * the source address's path ("/womens-shoes/dayzy-123"). A save's address is
 * whatever the client sent, so it never overrules the name.
 */
export function captureCategory(input: { name: string; description?: string | null; sourceUrl?: string | null }): CategoryId {
  const fromText = categoryWithEvidence({ name: input.name, description: input.description ?? '' });
  const path = parseWebUrl(input.sourceUrl)?.pathname;
  if (fromText.source !== 'fallback' || !path || path === '/') return fromText.category;
  return categoryFromEvidence([decodeURIComponentSafely(path)])?.category ?? fromText.category;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
