import { SEARCH_COLOURS, type SearchColour } from '@closetly/contracts';
import { PhraseVocabulary } from './words';

export { SEARCH_COLOURS, type SearchColour };

/**
 * A colour as shops name it, with the families the Colour filter files it
 * under ("navy" is blue; "khaki" is green and beige; "camel" brown and
 * beige). `plain`: the word means a colour wherever it stands, so a name or
 * description that holds it states the colour ("Navy Blazer"). Words that
 * are often something else ("stone", "rose", "sand", "mint", "wine") count
 * only in a stated colour or a query, never read off a name or description.
 */
interface Shade {
  phrases: readonly string[];
  families: readonly SearchColour[];
  plain: boolean;
}

const shade = (families: SearchColour[], plain: boolean, ...phrases: string[]): Shade => ({ phrases, families, plain });

const SHADES: readonly Shade[] = [
  shade(['black'], true, 'black', 'jet black', 'onyx', 'noir'),
  shade(['white'], true, 'white', 'optic white', 'off white', 'bright white'),
  shade(['white', 'beige'], true, 'ivory', 'cream', 'ecru', 'vanilla'),
  shade(['white'], false, 'snow', 'chalk'),
  shade(['grey'], true, 'grey', 'gray', 'charcoal', 'grey marl', 'heather grey', 'marl', 'slate', 'graphite', 'anthracite', 'gunmetal'),
  shade(['grey'], false, 'ash', 'smoke', 'pewter'),
  shade(['beige'], true, 'beige', 'taupe', 'oatmeal', 'nude', 'greige', 'ecru beige'),
  shade(['beige'], false, 'stone', 'sand', 'oat', 'natural', 'biscuit', 'mushroom', 'champagne', 'putty', 'fawn', 'bone'),
  shade(['green', 'beige'], true, 'khaki'),
  shade(['brown', 'beige'], true, 'camel', 'tan'),
  shade(['brown'], true, 'brown', 'chocolate brown', 'dark brown', 'cognac', 'tortoiseshell', 'tortoise', 'mocha', 'espresso'),
  shade(['brown'], false, 'chocolate', 'coffee', 'chestnut', 'walnut', 'caramel', 'toffee', 'cinnamon', 'hazel'),
  shade(['red'], true, 'red', 'burgundy', 'maroon', 'crimson', 'scarlet', 'oxblood', 'bordeaux', 'claret'),
  shade(['red'], false, 'wine', 'cherry', 'brick', 'ruby', 'berry'),
  shade(['pink'], true, 'pink', 'blush', 'dusty pink', 'hot pink', 'baby pink', 'fuchsia', 'light pink'),
  shade(['pink'], false, 'rose', 'bubblegum'),
  shade(['pink', 'purple'], true, 'magenta'),
  shade(['pink', 'orange'], true, 'coral', 'salmon'),
  shade(['pink', 'orange'], false, 'peach'),
  shade(['orange'], true, 'orange', 'burnt orange', 'tangerine'),
  shade(['orange'], false, 'apricot'),
  shade(['orange', 'brown'], true, 'rust', 'terracotta'),
  shade(['yellow'], true, 'yellow', 'mustard', 'butter yellow'),
  shade(['yellow'], false, 'lemon', 'butter'),
  shade(['yellow', 'brown'], true, 'ochre'),
  shade(['green'], true, 'green', 'olive', 'sage', 'sage green', 'forest green', 'emerald', 'bottle green', 'army green', 'khaki green', 'dark green', 'light green', 'mint green'),
  shade(['green'], false, 'mint', 'lime', 'moss', 'pistachio', 'forest', 'jade'),
  shade(['green', 'blue'], true, 'teal', 'turquoise', 'aqua'),
  shade(['blue'], true, 'blue', 'navy', 'navy blue', 'cobalt', 'sky blue', 'royal blue', 'light blue', 'dark blue', 'mid blue', 'baby blue', 'powder blue', 'pale blue', 'indigo', 'cornflower', 'ice blue',
    'light wash', 'mid wash', 'medium wash', 'dark wash', 'stonewash', 'stone wash', 'stonewashed', 'acid wash'),
  shade(['blue'], false, 'sky', 'denim blue', 'petrol', 'midnight'),
  shade(['purple'], true, 'purple', 'lilac', 'lavender', 'violet', 'mauve', 'plum', 'aubergine'),
  shade(['purple'], false, 'grape', 'orchid'),
  shade(['gold'], true, 'gold', 'golden', 'gold tone', 'gold plated'),
  shade(['gold', 'pink'], true, 'rose gold'),
  shade(['gold'], false, 'brass'),
  shade(['silver'], true, 'silver', 'silver tone', 'sterling silver'),
  shade(['silver'], false, 'chrome', 'metallic'),
  shade(['multi'], true, 'multi', 'multicolour', 'multicolor', 'multicoloured', 'multicolored', 'rainbow', 'multi colour', 'multi color'),
];

/** A colour phrase as read ("navy", "sky blue"), the families it is filed under, and whether a name or description may state it. */
export interface ColourWord {
  phrase: string;
  families: readonly SearchColour[];
  plain: boolean;
}

export const COLOUR_VOCABULARY = new PhraseVocabulary<ColourWord>(
  SHADES.flatMap((entry) => entry.phrases.map((phrase) => ({ phrases: [phrase], value: { phrase, families: entry.families, plain: entry.plain } }))),
);

const FAMILY_SET: ReadonlySet<string> = new Set(SEARCH_COLOURS);

/** Other spellings of a family's own name: "gray" is the grey family, not a shade of it. */
const FAMILY_SPELLINGS: ReadonlySet<string> = new Set(['gray', 'multicolour', 'multicolor', 'multicoloured', 'multicolored', 'golden']);

/** The single words of a colour phrase that are shades of their own, not families ("navy blue" → navy; "light blue" → none). */
function shadeWords(word: ColourWord): string[] {
  return word.phrase
    .split(' ')
    .filter((part) => !FAMILY_SET.has(part) && !FAMILY_SPELLINGS.has(part) && COLOUR_VOCABULARY.lookup([part]) !== undefined);
}

/**
 * What a product in this colour is tagged with: its families and every shade
 * word in it ("Navy Blue" → blue, navy), so a search for the family or the
 * shade finds it.
 */
export function colourTags(word: ColourWord): string[] {
  return [...new Set([...word.families, ...shadeWords(word)])];
}

/**
 * What a colour in a query asks for, any of: the shade when it names one
 * ("navy", "navy blue" → navy: a navy item, not any blue), else its families
 * ("light blue" → blue; "khaki" → khaki).
 */
export function colourWanted(word: ColourWord): string[] {
  const shades = shadeWords(word);
  return shades.length > 0 ? shades : [...word.families];
}
