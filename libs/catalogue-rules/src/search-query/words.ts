/**
 * Words as the query understanding reads them: lower case, possessives
 * dropped ("women's" → "women"), hyphens and punctuation split ("t-shirt" →
 * "t shirt"), and plural forms folded onto the form a vocabulary knows.
 */

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

/**
 * The forms a word may stand for, most literal first: itself, then its
 * singulars ("dresses" → "dresse", "dress"; "accessories" → "accessory";
 * "ties" → "tie"). A vocabulary takes the first form it knows, so "capes"
 * is "cape" (not "cap") and "shoes" is "shoe".
 */
export function singularForms(word: string): string[] {
  const forms = [word];
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) {
    forms.push(word.slice(0, -1));
    if (word.endsWith('es')) forms.push(word.slice(0, -2));
    if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  }
  return forms;
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

/**
 * Typos a word of this length may hold: none under 5 letters ("tee" is
 * never "tie", "coat" never "boat"), one from 5, two from 8 ("sneekers").
 */
export function typoAllowance(word: string): number {
  const length = [...word].length;
  if (length < 5) return 0;
  return length < 8 ? 1 : 2;
}

/** One entry of a phrase vocabulary: its phrases, as words. */
export interface PhraseEntry<T> {
  phrases: readonly string[];
  value: T;
}

/** A match of a vocabulary phrase in a list of words: where it starts, how many words it spans. */
export interface PhraseMatch<T> {
  start: number;
  length: number;
  value: T;
}

/**
 * A vocabulary of phrases ("t shirt", "chelsea boot"), matched longest first
 * at each position, each word in any of its singular forms.
 */
export class PhraseVocabulary<T> {
  private readonly byPhrase = new Map<string, T>();
  /** Every word any phrase uses. */
  readonly words = new Set<string>();
  private longest = 1;

  constructor(entries: Iterable<PhraseEntry<T>>) {
    const phrases: Array<[string[], T]> = [];
    for (const entry of entries) {
      for (const phrase of entry.phrases) {
        const words = queryWords(phrase);
        phrases.push([words, entry.value]);
        for (const word of words) this.words.add(word);
        this.longest = Math.max(this.longest, words.length);
      }
    }
    // Keys are built once every word is known, so "cycling short" and "cycling shorts" are one phrase.
    for (const [words, value] of phrases) {
      const key = words.map((word) => this.known(word)).join(' ');
      if (this.byPhrase.has(key) && this.byPhrase.get(key) !== value) throw new Error(`"${words.join(' ')}" is in the vocabulary twice`);
      this.byPhrase.set(key, value);
    }
  }

  /**
   * The form of a word this vocabulary knows, its singular first
   * ("sneakers" → "sneaker", "shorts" → "short", "capes" → "cape"; "tights"
   * stays "tights" as "tight" is not a word of it), else the word itself.
   */
  known(word: string): string {
    const [, ...singulars] = singularForms(word);
    return singulars.find((form) => this.words.has(form)) ?? word;
  }

  /** Whether a whole phrase (as words) is in the vocabulary, plurals folded. */
  lookup(words: readonly string[]): T | undefined {
    return this.byPhrase.get(words.map((word) => this.known(word)).join(' '));
  }

  /** Non-overlapping matches, left to right, the longest phrase at each position. */
  matches(words: readonly string[]): PhraseMatch<T>[] {
    const known = words.map((word) => this.known(word));
    const found: PhraseMatch<T>[] = [];
    for (let start = 0; start < known.length; ) {
      let matched = false;
      for (let length = Math.min(this.longest, known.length - start); length >= 1 && !matched; length--) {
        const value = this.byPhrase.get(known.slice(start, start + length).join(' '));
        if (value !== undefined) {
          found.push({ start, length, value });
          start += length;
          matched = true;
        }
      }
      if (!matched) start += 1;
    }
    return found;
  }
}
