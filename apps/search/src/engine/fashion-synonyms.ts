import { queryWords } from './fashion-text';

/**
 * A synonym rule. `equivalent`: any phrase finds every other ("jumper" finds
 * "Sweater" and "sweater" finds "Jumper"). `expand`: a search for a `from`
 * phrase also finds the `to` phrases, not the other way round ("denim" finds
 * jeans, but "jeans" does not find every denim jacket).
 */
export type SynonymRule = { readonly equivalent: readonly string[] } | { readonly from: readonly string[]; readonly to: readonly string[] };

const equivalent = (...phrases: string[]): SynonymRule => ({ equivalent: phrases });
const expand = (from: string[], to: string[]): SynonymRule => ({ from, to });

/**
 * Fashion words people search with, the one list both engines use
 * (OpenSearch: a `synonym_graph` filter at search time; PostgreSQL: query-time
 * expansion into an OR of tsquery phrases). Phrases are lower case; words are
 * compared after stemming, so "trainer" and "trainers" are one word. No
 * phrase is a source in two rules, and none contains a stop word.
 *
 * Ambiguous words expand one way only: "kicks" finds sneakers, but
 * "sneakers" does not find kick-flare jeans; "thongs" (Australian) finds flip
 * flops; "vest" (a British tank top, an American waistcoat) finds both.
 * Coats and jackets are different things: only "outerwear" finds both.
 */
export const FASHION_SYNONYMS: readonly SynonymRule[] = [
  equivalent('tee', 't-shirt', 'tshirt'),
  equivalent('sneakers', 'trainers', 'running shoes'),
  equivalent('jumper', 'sweater', 'pullover'),
  equivalent('pants', 'trousers', 'slacks'),
  equivalent('hoodie', 'hoody', 'hooded sweatshirt'),
  equivalent('sweatpants', 'joggers', 'jogging bottoms', 'track pants', 'trackpants'),
  equivalent('purse', 'handbag'),
  equivalent('blazer', 'sport coat', 'sports jacket'),
  equivalent('tank top', 'tank', 'singlet'),
  equivalent('flip flops', 'flipflops'),
  equivalent('backpack', 'rucksack'),
  equivalent('swimsuit', 'swimming costume', 'bathing suit'),
  equivalent('pyjamas', 'pajamas', 'pjs'),
  equivalent('dressing gown', 'bathrobe', 'robe'),
  equivalent('grey', 'gray'),
  equivalent('tights', 'pantyhose'),
  equivalent('tuxedo', 'tux', 'dinner jacket'),
  equivalent('wellies', 'wellingtons', 'wellington boots', 'rain boots'),
  equivalent('knickers', 'panties'),
  equivalent('cardigan', 'cardi'),
  expand(['kicks'], ['sneakers', 'trainers']),
  expand(['denim'], ['jeans']),
  expand(['bag'], ['handbag', 'purse', 'backpack']),
  expand(['vest'], ['tank top', 'singlet', 'waistcoat', 'gilet']),
  expand(['thongs'], ['flip flops']),
  expand(['outerwear'], ['coat', 'jacket', 'parka', 'anorak']),
  expand(['knitwear'], ['jumper', 'sweater', 'pullover', 'cardigan']),
  expand(['wool'], ['lambswool', 'merino']),
  expand(['shades', 'sunnies'], ['sunglasses']),
  expand(['swimwear'], ['swimsuit', 'bikini', 'swim shorts']),
];

/**
 * The rules in the Solr format of OpenSearch's synonym filters: `a, b, c`
 * for equivalents, `a => a, x, y` for one-way expansions (the source stays
 * among the targets, so it still finds itself).
 */
export function openSearchSynonymRules(rules: readonly SynonymRule[] = FASHION_SYNONYMS): string[] {
  return rules.map((rule) =>
    'equivalent' in rule ? rule.equivalent.join(', ') : `${rule.from.join(', ')} => ${[...rule.from, ...rule.to].join(', ')}`,
  );
}

/** One phrase a query may contain, as words, and every phrase it also finds (itself first). */
export interface SynonymExpansion {
  source: string[];
  alternatives: string[][];
}

/**
 * Each source phrase with what it expands to, phrases split into words as
 * queries are (`queryWords`: "t-shirt" is "t shirt"). The PostgreSQL twin
 * stems these words and matches them against a query's stemmed words.
 */
export function synonymExpansions(rules: readonly SynonymRule[] = FASHION_SYNONYMS): SynonymExpansion[] {
  const phrase = (text: string): string[] => queryWords(text);
  return rules.flatMap((rule) => {
    const [sources, targets] = 'equivalent' in rule ? [rule.equivalent, rule.equivalent] : [rule.from, [...rule.from, ...rule.to]];
    return sources.map((source) => ({
      source: phrase(source),
      alternatives: [source, ...targets.filter((target) => target !== source)].map(phrase),
    }));
  });
}
