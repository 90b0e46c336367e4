import type { ProductGender } from '@closetly/contracts';
import type { CategoryId } from '../categories';
import { type ColourWord, COLOUR_VOCABULARY, colourWanted } from './colours';
import { GARMENT_VOCABULARY, type GarmentWord, garmentLineage } from './garments';
import { PhraseVocabulary, singularForms, typoAllowance, editDistance, queryWords } from './words';

/**
 * Who a query is shopping for. Each spelling shoppers use; "unisex" asks for
 * unisex items only.
 */
const GENDER_VOCABULARY = new PhraseVocabulary<ProductGender>([
  { phrases: ['women', 'womens', 'woman', 'womans', 'ladies', 'lady', 'female', 'females', 'womenswear', 'for her'], value: 'Women' },
  { phrases: ['men', 'mens', 'man', 'male', 'males', 'gents', 'menswear', 'for him'], value: 'Men' },
  { phrases: ['unisex', 'gender neutral'], value: 'Unisex' },
]);

/**
 * Materials, fabrics and finishes: words that describe what an item is made
 * of. They stay text (matched in names and descriptions, ranking items), and
 * are never read as typos of a garment or colour ("linen" is not "linens").
 */
export const MATERIAL_WORDS: ReadonlySet<string> = new Set([
  'linen', 'denim', 'leather', 'suede', 'nubuck', 'cotton', 'organic', 'wool', 'woollen', 'merino', 'cashmere', 'alpaca', 'mohair', 'lambswool',
  'silk', 'satin', 'velvet', 'velour', 'corduroy', 'cord', 'tweed', 'fleece', 'nylon', 'polyester', 'canvas', 'jersey', 'ribbed', 'rib',
  'knit', 'knitted', 'cable', 'crochet', 'lace', 'mesh', 'sequin', 'sequinned', 'sequined', 'chiffon', 'georgette', 'poplin', 'flannel',
  'chambray', 'seersucker', 'twill', 'sherpa', 'shearling', 'quilted', 'padded', 'waterproof', 'recycled', 'vegan', 'faux', 'patent',
  'crepe', 'modal', 'lyocell', 'tencel', 'viscose', 'jacquard', 'boucle', 'bouclé', 'broderie', 'pleated', 'plaid', 'check', 'checked',
  'striped', 'stripe', 'floral', 'printed', 'graphic', 'gingham', 'houndstooth', 'herringbone', 'terry', 'towelling', 'waffle', 'rubber',
  'down', 'bamboo', 'hemp', 'oxford', 'pima', 'supima', 'ripstop', 'gore', 'tex', 'softshell', 'neoprene', 'lycra', 'spandex',
]);

/** Words that join two garments a shopper wants either of ("jeans and tees"). */
const JOINERS: ReadonlySet<string> = new Set(['and', 'or', '&', 'plus']);
/** Words that carry nothing on their own (Lucene's English stop words, and "for"). */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not', 'of', 'on', 'or', 'such',
  'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was', 'will', 'with', 'plus',
]);

/** What a shopper's query asks for, read into parts (issue 20). */
export interface UnderstoodQuery {
  /** Genders an item may have: a gender word's own and Unisex (spec §2: "male shows Men plus Unisex or unspecified items"); empty for any. */
  genders: ProductGender[];
  /** The gender the query named, ranked above Unisex items; null when none. */
  gender: ProductGender | null;
  /** Garment types an item must be, any of (ids of GARMENT_TYPES: "jeans", "boots"). */
  garments: string[];
  /** Categories an item must be in, any of ("shoes", "tops"). */
  categories: CategoryId[];
  /** Colour tags an item must have, any of (a shade, "navy", or a family, "blue"). */
  colours: string[];
  /** Material and style words found ("linen", "ribbed"): they rank, never exclude when other constraints exist. */
  materials: string[];
  /** The words that are text: everything but gender, garment, category and colour words and stop words, in order. */
  words: string[];
  /** The words that named the garments, categories and colours, as typed (corrected when they held a typo): they rank name matches up. */
  constraintWords: string[];
  /** Whether the last of `words` was the query's last word, so it may be an unfinished prefix ("lin" → linen). */
  lastWordIsPrefix: boolean;
  /** Whether the query holds a constraint (gender, garment, category or colour). */
  constrained: boolean;
}

type Reading =
  | { kind: 'gender'; gender: ProductGender }
  | { kind: 'garment'; word: GarmentWord & { kind: 'garment' } }
  | { kind: 'category'; category: CategoryId }
  | { kind: 'colour'; colour: ColourWord }
  | { kind: 'none' };

interface Span {
  start: number;
  length: number;
  reading: Reading;
  /** The words as the vocabulary knows them (a typo corrected). */
  words: string[];
}

/** Words no vocabulary may claim as a typo of one of its own: every known word of every vocabulary, and materials. */
const KNOWN_WORDS: ReadonlySet<string> = new Set([...GARMENT_VOCABULARY.words, ...COLOUR_VOCABULARY.words, ...GENDER_VOCABULARY.words, ...MATERIAL_WORDS]);

/** Every word that names something on its own, in every form the vocabularies write it ("jean" and "jeans"); not "hooded" or "slip". */
const TYPO_TARGETS: readonly string[] = [GARMENT_VOCABULARY, COLOUR_VOCABULARY, GENDER_VOCABULARY].flatMap((vocabulary: PhraseVocabulary<unknown>) =>
  [...vocabulary.words].filter((word) => {
    const value = vocabulary.lookup([word]);
    return value !== undefined && !(typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'none');
  }),
);

/**
 * The vocabulary word a typo stands for ("jaket" → jacket, "sneekers" →
 * sneaker, "wommen" → women), or null. Only a word no vocabulary knows may be
 * a typo, so "skirt" is never "shirt"; it must be 5 letters or more (or 4,
 * missing a letter of a longer word: "blak"), share
 * the first letter, and be closer to one word than to any other ("shrit" →
 * shirt; a word as close to two is left alone).
 */
export function correctTypo(word: string): string | null {
  if (KNOWN_WORDS.has(word) || singularForms(word).some((form) => KNOWN_WORDS.has(form))) return null;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tie = false;
  for (const form of singularForms(word)) {
    // A 4-letter word may miss one letter of a longer word ("blak" → black), never be another 4-letter word ("puma" is not "pump").
    const allowance = Math.max(typoAllowance(form), [...form].length === 4 ? 1 : 0);
    if (allowance === 0) continue;
    for (const target of TYPO_TARGETS) {
      if (target[0] !== form[0] || typoAllowance(target) === 0) continue;
      const distance = editDistance(form, target, allowance);
      if (distance > allowance) continue;
      if (distance < bestDistance) {
        best = target;
        bestDistance = distance;
        tie = false;
      } else if (distance === bestDistance && target !== best && !sameWord(target, best)) tie = true;
    }
  }
  return tie ? null : best;
}

/** Whether a garment span names a narrower kind of the next one ("beanie" of "hat"). */
function narrows(span: Span, next: Span): boolean {
  return span.reading.kind === 'garment' && next.reading.kind === 'garment' && span.reading.word.id !== next.reading.word.id && garmentLineage(span.reading.word.id).includes(next.reading.word.id);
}

/** Two forms of one vocabulary word ("jean", "jeans") are not a tie. */
const sameWord = (a: string, b: string | null): boolean =>
  b !== null && [GARMENT_VOCABULARY, COLOUR_VOCABULARY, GENDER_VOCABULARY].some((vocabulary: PhraseVocabulary<unknown>) => vocabulary.known(a) === vocabulary.known(b));

/** The readings of a run of words: genders, garments (and category words), colours, longest phrase first, each vocabulary in turn. */
function readSpans(words: readonly string[]): Span[] {
  const spans: Span[] = [];
  const taken = new Array<boolean>(words.length).fill(false);
  const claim = <T>(vocabulary: PhraseVocabulary<T>, read: (value: T) => Reading) => {
    // Matches only over words no earlier vocabulary claimed.
    let runStart = 0;
    for (let at = 0; at <= words.length; at++) {
      if (at < words.length && !taken[at]) continue;
      for (const match of vocabulary.matches(words.slice(runStart, at))) {
        const start = runStart + match.start;
        spans.push({ start, length: match.length, reading: read(match.value), words: words.slice(start, start + match.length) });
        for (let i = start; i < start + match.length; i++) taken[i] = true;
      }
      runStart = at + 1;
    }
  };
  claim(GENDER_VOCABULARY, (gender) => ({ kind: 'gender', gender }));
  claim(GARMENT_VOCABULARY, (word) =>
    word.kind === 'garment' ? { kind: 'garment', word } : word.kind === 'category' ? { kind: 'category', category: word.category } : { kind: 'none' },
  );
  claim(COLOUR_VOCABULARY, (colour) => ({ kind: 'colour', colour }));
  spans.sort((a, b) => a.start - b.start);
  // A word that is often not a colour ("stone", "rose", "sand") is one only right before a garment or another colour: "stone chinos", not "Stone Island".
  return spans.map((span, index) => {
    if (span.reading.kind !== 'colour' || span.reading.colour.plain) return span;
    const next = spans[index + 1];
    const describes = next !== undefined && next.start === span.start + span.length && ['garment', 'category', 'colour'].includes(next.reading.kind);
    return describes ? span : { ...span, reading: { kind: 'none' } };
  });
}

/**
 * Reads a shopper's query into parts (issue 20): gender words become a
 * gender constraint; garment words (any plural, hyphen or spacing, synonym)
 * the garment type; category words the category; colour words the colour;
 * everything else is text, materials among it. In "shirt dress" the last
 * garment is the one wanted (a dress) and "shirt" describes it, as in shop
 * names; garments joined by "and" or "or" are each wanted. A word no
 * vocabulary knows may be a typo of a garment, colour or gender word
 * (`correctTypo`), never of another known word.
 */
export function parseSearchQuery(query: string): UnderstoodQuery {
  const typed = queryWords(query);
  const corrected = typed.map((word) => correctTypo(word) ?? word);
  const spans = readSpans(corrected);
  const inSpan = new Array<Span | undefined>(corrected.length);
  for (const span of spans) for (let i = span.start; i < span.start + span.length; i++) inSpan[i] = span;

  const garmentSpans = spans.filter((span) => span.reading.kind === 'garment' || span.reading.kind === 'category');
  // The wanted garments: the last one (or a narrower kind right before it: "beanie hat"), and any joined to the one after it by "and"/"or".
  const wanted = new Set<Span>();
  for (let i = garmentSpans.length - 1; i >= 0; i--) {
    const span = garmentSpans[i] as Span;
    const next = garmentSpans[i + 1];
    const joined = next !== undefined && corrected.slice(span.start + span.length, next.start).some((word) => JOINERS.has(word));
    if (next === undefined || (joined && wanted.has(next))) wanted.add(span);
    else if (next !== undefined && i === garmentSpans.length - 2 && narrows(span, next)) {
      wanted.delete(next);
      wanted.add(span);
    }
  }
  // A specific garment before a category word names the item ("bikini top" is a bikini, "knit top" a top).
  const specific = [...wanted].filter((span) => span.reading.kind === 'garment');

  const genders = new Set<ProductGender>();
  const garments = new Set<string>();
  const categories = new Set<CategoryId>();
  const colours = new Set<string>();
  const constraintWords: string[] = [];
  const words: string[] = [];
  for (const span of spans) {
    const reading = span.reading;
    if (reading.kind === 'gender') genders.add(reading.gender);
    else if (reading.kind === 'colour') {
      for (const id of colourWanted(reading.colour)) colours.add(id);
      constraintWords.push(...span.words);
    } else if ((reading.kind === 'garment' || reading.kind === 'category') && wanted.has(span)) {
      if (reading.kind === 'garment') garments.add(reading.word.id);
      else if (specific.length === 0) categories.add(reading.category);
      constraintWords.push(...span.words);
    }
  }
  let lastTextIndex = -1;
  corrected.forEach((word, index) => {
    const span = inSpan[index];
    const isConstraint = span !== undefined && (span.reading.kind === 'gender' || span.reading.kind === 'colour' || (span.reading.kind !== 'none' && wanted.has(span)));
    // A material inside a garment phrase ("leather jacket", "denim shorts") still ranks as text.
    if ((isConstraint && !MATERIAL_WORDS.has(word)) || STOP_WORDS.has(word)) return;
    // A word that is not a constraint stays text as the shopper typed it.
    words.push(typed[index] ?? word);
    lastTextIndex = index;
  });

  const genderList = genders.size === 1 ? [...genders] : [];
  const gender = genderList[0] ?? null;
  return {
    genders: gender === null ? [] : gender === 'Unisex' ? ['Unisex'] : [gender, 'Unisex'],
    gender,
    garments: [...garments],
    categories: [...categories],
    colours: [...colours],
    materials: words.filter((word) => MATERIAL_WORDS.has(word)),
    words,
    constraintWords: [...new Set(constraintWords)],
    lastWordIsPrefix: lastTextIndex >= 0 && lastTextIndex === typed.length - 1 && !/\s$/.test(query),
    constrained: gender !== null || garments.size > 0 || categories.size > 0 || colours.size > 0,
  };
}

/**
 * A query without its gender words ("women jea" → "jea"), for the header's
 * suggestions: names rarely hold the gender, so the other words are what a
 * name can start with. The query itself when nothing else is left.
 */
export function withoutGenderWords(query: string): string {
  const words = queryWords(query);
  const spans = GENDER_VOCABULARY.matches(words);
  if (spans.length === 0) return query;
  const gendered = new Set(spans.flatMap((span) => Array.from({ length: span.length }, (_, i) => span.start + i)));
  const rest = words.filter((_, index) => !gendered.has(index));
  return rest.length > 0 ? rest.join(' ') : query;
}
