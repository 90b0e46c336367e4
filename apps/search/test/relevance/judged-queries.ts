import type { ProductGender, SearchColour } from '@closetly/contracts';
import type { CorpusId, JudgedAttributes, JudgedCorpus } from './judged-attributes';

/**
 * The judged queries: what shoppers type, each with its intent in our own
 * attribute terms. A product is relevant when its attributes satisfy the
 * intent; the text of the query is never compared with the text of a product.
 *
 * Graded gain (NDCG): 2 for a product that meets the intent exactly, 1 for a
 * Unisex product under a gendered query (the spec's gender rule shows Unisex
 * items to both, but the shopper named a gender), 0 otherwise. Precision
 * counts every product with a gain above 0 as relevant.
 */

export const QUERY_KINDS = ['garment', 'synonym', 'typo', 'gender+garment', 'colour+garment', 'gender+colour+garment', 'material+garment'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface QueryIntent {
  /** Any of these garment types or type families; absent = any type (then `category` says what). */
  types?: readonly string[];
  category?: JudgedAttributes['category'];
  /** Women accepts Women and Unisex products, Men accepts Men and Unisex. */
  gender?: Exclude<ProductGender, 'Unisex'>;
  colour?: SearchColour;
  /** A query that names a shade ("navy", "camel") accepts only those shades, not the whole family. */
  shades?: readonly string[];
  /** Any of these materials. */
  materials?: readonly string[];
}

export interface JudgedQuery {
  q: string;
  kind: QueryKind;
  intent: QueryIntent;
  corpus: CorpusId;
}

export type Gain = 0 | 1 | 2;

export function gainOf(product: JudgedAttributes, intent: QueryIntent): Gain {
  if (intent.types && !intent.types.some((type) => type === product.type || type === product.typeFamily)) return 0;
  if (intent.category && product.category !== intent.category) return 0;
  if (intent.colour && !product.colourFamilies.includes(intent.colour)) return 0;
  if (intent.shades && !intent.shades.includes(product.shade)) return 0;
  if (intent.materials && !intent.materials.some((material) => product.materials.includes(material))) return 0;
  if (!intent.gender || product.gender === intent.gender) return 2;
  return product.gender === 'Unisex' ? 1 : 0;
}

type Template = readonly [q: string, kind: QueryKind, intent: QueryIntent];

const W = 'Women' as const;
const M = 'Men' as const;
const t = (...types: string[]): { types: readonly string[] } => ({ types });
const LEATHER = ['leather', 'faux-leather'];
const WOOL = ['wool', 'merino', 'lambswool'];
const CREAM = ['ecru', 'oat', 'cream', 'offWhite'];

const TEMPLATES: readonly Template[] = [
  // garment: the word a shop uses, singular or plural
  ['jeans', 'garment', t('jeans')],
  ['dress', 'garment', t('dress')],
  ['dresses', 'garment', t('dress')],
  ['boots', 'garment', t('boot')],
  ['sneakers', 'garment', t('sneaker')],
  ['jacket', 'garment', t('jacket')],
  ['jackets', 'garment', t('jacket')],
  ['coat', 'garment', t('coat')],
  ['coats', 'garment', t('coat')],
  ['t-shirt', 'garment', t('t-shirt')],
  ['t-shirts', 'garment', t('t-shirt')],
  ['hoodie', 'garment', t('hoodie')],
  ['hoodies', 'garment', t('hoodie')],
  ['sweater', 'garment', t('sweater')],
  ['sweaters', 'garment', t('sweater')],
  ['skirt', 'garment', t('skirt')],
  ['skirts', 'garment', t('skirt')],
  ['shorts', 'garment', t('shorts')],
  ['trousers', 'garment', t('trousers')],
  ['blazer', 'garment', t('blazer')],
  ['cardigan', 'garment', t('cardigan')],
  ['bag', 'garment', t('bag')],
  ['bags', 'garment', t('bag')],
  ['sandals', 'garment', t('sandal')],
  ['loafers', 'garment', t('loafer')],
  ['heels', 'garment', t('heels')],
  ['scarf', 'garment', t('scarf')],
  ['belt', 'garment', t('belt')],
  ['sunglasses', 'garment', t('sunglasses')],
  ['backpack', 'garment', t('backpack')],
  ['beanie', 'garment', t('beanie')],
  ['watch', 'garment', t('watch')],
  ['necklace', 'garment', t('necklace')],
  ['earrings', 'garment', t('earrings')],
  ['leggings', 'garment', t('leggings')],
  ['joggers', 'garment', t('joggers')],
  ['shirt', 'garment', t('shirt')],
  ['blouse', 'garment', t('blouse')],
  ['tank top', 'garment', t('tank-top')],
  ['polo shirt', 'garment', t('polo-shirt')],
  ['puffer jacket', 'garment', t('puffer-jacket')],
  ['trench coat', 'garment', t('trench-coat')],
  ['chelsea boots', 'garment', t('chelsea-boot')],
  ['tote bag', 'garment', t('tote-bag')],
  ['sweatshirt', 'garment', t('sweatshirt')],
  ['shoes', 'garment', { category: 'shoes' }],
  ['hats', 'garment', t('hat')],
  ['socks', 'garment', t('socks')],
  // synonym: another word (or spelling) for the same garment
  ['trainers', 'synonym', t('sneaker')],
  ['trainer', 'synonym', t('sneaker')],
  ['jumper', 'synonym', t('sweater')],
  ['jumpers', 'synonym', t('sweater')],
  ['pants', 'synonym', t('trousers')],
  ['tee', 'synonym', t('t-shirt')],
  ['tees', 'synonym', t('t-shirt')],
  ['tshirt', 'synonym', t('t-shirt')],
  ['t shirt', 'synonym', t('t-shirt')],
  ['sweatpants', 'synonym', t('joggers')],
  ['tracksuit bottoms', 'synonym', t('joggers')],
  ['handbag', 'synonym', t('bag')],
  ['purse', 'synonym', t('bag')],
  ['rucksack', 'synonym', t('backpack')],
  ['vest top', 'synonym', t('tank-top')],
  ['raincoat', 'synonym', t('rain-jacket')],
  ['down jacket', 'synonym', t('puffer-jacket')],
  ['puffer coat', 'synonym', t('puffer-jacket')],
  ['knitwear', 'synonym', t('sweater', 'cardigan')],
  ['shades', 'synonym', t('sunglasses')],
  ['overcoat', 'synonym', t('coat')],
  ['windbreaker', 'synonym', t('rain-jacket')],
  ['hoody', 'synonym', t('hoodie')],
  ['court shoes', 'synonym', t('heels')],
  // typo: the intent of the correct spelling
  ['jeens', 'typo', t('jeans')],
  ['snekers', 'typo', t('sneaker')],
  ['sneekers', 'typo', t('sneaker')],
  ['hoddie', 'typo', t('hoodie')],
  ['sweatr', 'typo', t('sweater')],
  ['jackt', 'typo', t('jacket')],
  ['cardigon', 'typo', t('cardigan')],
  ['trousres', 'typo', t('trousers')],
  ['blazr', 'typo', t('blazer')],
  ['sandels', 'typo', t('sandal')],
  ['sunglases', 'typo', t('sunglasses')],
  ['backpak', 'typo', t('backpack')],
  ['lofers', 'typo', t('loafer')],
  ['skrit', 'typo', t('skirt')],
  ['leggins', 'typo', t('leggings')],
  ['tshrit', 'typo', t('t-shirt')],
  ['dresss', 'typo', t('dress')],
  ['botts', 'typo', t('boot')],
  ['womens dreses', 'typo', { ...t('dress'), gender: W }],
  ['mens jaket', 'typo', { ...t('jacket'), gender: M }],
  ['blak boots', 'typo', { ...t('boot'), colour: 'black' }],
  // gender + garment: every spelling of both genders
  ['women jeans', 'gender+garment', { ...t('jeans'), gender: W }],
  ['women sneakers', 'gender+garment', { ...t('sneaker'), gender: W }],
  ['women hoodies', 'gender+garment', { ...t('hoodie'), gender: W }],
  ['womens sneakers', 'gender+garment', { ...t('sneaker'), gender: W }],
  ['womens jeans', 'gender+garment', { ...t('jeans'), gender: W }],
  ['womens t-shirts', 'gender+garment', { ...t('t-shirt'), gender: W }],
  ['womens boots', 'gender+garment', { ...t('boot'), gender: W }],
  ['womens loafers', 'gender+garment', { ...t('loafer'), gender: W }],
  ['womens blazers', 'gender+garment', { ...t('blazer'), gender: W }],
  ["women's coats", 'gender+garment', { ...t('coat'), gender: W }],
  ["women's jeans", 'gender+garment', { ...t('jeans'), gender: W }],
  ["women's jackets", 'gender+garment', { ...t('jacket'), gender: W }],
  ["women's trousers", 'gender+garment', { ...t('trousers'), gender: W }],
  ["women's shirts", 'gender+garment', { ...t('shirt'), gender: W }],
  ['ladies dresses', 'gender+garment', { ...t('dress'), gender: W }],
  ['ladies boots', 'gender+garment', { ...t('boot'), gender: W }],
  ['ladies jeans', 'gender+garment', { ...t('jeans'), gender: W }],
  ['ladies bags', 'gender+garment', { ...t('bag'), gender: W }],
  ['ladies sandals', 'gender+garment', { ...t('sandal'), gender: W }],
  ['female boots', 'gender+garment', { ...t('boot'), gender: W }],
  ['female jackets', 'gender+garment', { ...t('jacket'), gender: W }],
  ['female sweaters', 'gender+garment', { ...t('sweater'), gender: W }],
  ['men jeans', 'gender+garment', { ...t('jeans'), gender: M }],
  ['men sneakers', 'gender+garment', { ...t('sneaker'), gender: M }],
  ['men coats', 'gender+garment', { ...t('coat'), gender: M }],
  ['mens shoes', 'gender+garment', { category: 'shoes', gender: M }],
  ['mens jeans', 'gender+garment', { ...t('jeans'), gender: M }],
  ['mens t-shirts', 'gender+garment', { ...t('t-shirt'), gender: M }],
  ['mens boots', 'gender+garment', { ...t('boot'), gender: M }],
  ['mens trainers', 'gender+garment', { ...t('sneaker'), gender: M }],
  ['mens chinos', 'gender+garment', { ...t('chinos'), gender: M }],
  ['mens shorts', 'gender+garment', { ...t('shorts'), gender: M }],
  ['mens loafers', 'gender+garment', { ...t('loafer'), gender: M }],
  ['mens blazers', 'gender+garment', { ...t('blazer'), gender: M }],
  ["men's jackets", 'gender+garment', { ...t('jacket'), gender: M }],
  ["men's shirts", 'gender+garment', { ...t('shirt'), gender: M }],
  ["men's sweaters", 'gender+garment', { ...t('sweater'), gender: M }],
  ["men's coats", 'gender+garment', { ...t('coat'), gender: M }],
  ["men's sunglasses", 'gender+garment', { ...t('sunglasses'), gender: M }],
  ['male hoodies', 'gender+garment', { ...t('hoodie'), gender: M }],
  ['male boots', 'gender+garment', { ...t('boot'), gender: M }],
  ['male jeans', 'gender+garment', { ...t('jeans'), gender: M }],
  // colour + garment
  ['blue jeans', 'colour+garment', { ...t('jeans'), colour: 'blue' }],
  ['black jeans', 'colour+garment', { ...t('jeans'), colour: 'black' }],
  ['black boots', 'colour+garment', { ...t('boot'), colour: 'black' }],
  ['brown boots', 'colour+garment', { ...t('boot'), colour: 'brown' }],
  ['burgundy boots', 'colour+garment', { ...t('boot'), shades: ['burgundy'] }],
  ['navy blazer', 'colour+garment', { ...t('blazer'), shades: ['navy'] }],
  ['white sneakers', 'colour+garment', { ...t('sneaker'), colour: 'white' }],
  ['black sneakers', 'colour+garment', { ...t('sneaker'), colour: 'black' }],
  ['black dress', 'colour+garment', { ...t('dress'), colour: 'black' }],
  ['red dress', 'colour+garment', { ...t('dress'), colour: 'red' }],
  ['pink dress', 'colour+garment', { ...t('dress'), colour: 'pink' }],
  ['yellow dress', 'colour+garment', { ...t('dress'), colour: 'yellow' }],
  ['purple dress', 'colour+garment', { ...t('dress'), colour: 'purple' }],
  ['beige coat', 'colour+garment', { ...t('coat'), colour: 'beige' }],
  ['camel coat', 'colour+garment', { ...t('coat'), shades: ['camel'] }],
  ['black coat', 'colour+garment', { ...t('coat'), colour: 'black' }],
  ['grey hoodie', 'colour+garment', { ...t('hoodie'), colour: 'grey' }],
  ['black hoodie', 'colour+garment', { ...t('hoodie'), colour: 'black' }],
  ['white shirt', 'colour+garment', { ...t('shirt'), colour: 'white' }],
  ['blue shirt', 'colour+garment', { ...t('shirt'), colour: 'blue' }],
  ['white t-shirt', 'colour+garment', { ...t('t-shirt'), colour: 'white' }],
  ['black t-shirt', 'colour+garment', { ...t('t-shirt'), colour: 'black' }],
  ['navy sweater', 'colour+garment', { ...t('sweater'), shades: ['navy'] }],
  ['grey sweater', 'colour+garment', { ...t('sweater'), colour: 'grey' }],
  ['cream sweater', 'colour+garment', { ...t('sweater'), shades: CREAM }],
  ['green jacket', 'colour+garment', { ...t('jacket'), colour: 'green' }],
  ['olive jacket', 'colour+garment', { ...t('jacket'), shades: ['olive'] }],
  ['black jacket', 'colour+garment', { ...t('jacket'), colour: 'black' }],
  ['gold necklace', 'colour+garment', { ...t('necklace'), colour: 'gold' }],
  ['silver earrings', 'colour+garment', { ...t('earrings'), colour: 'silver' }],
  ['black bag', 'colour+garment', { ...t('bag'), colour: 'black' }],
  ['brown loafers', 'colour+garment', { ...t('loafer'), colour: 'brown' }],
  ['khaki chinos', 'colour+garment', { ...t('chinos'), shades: ['khaki'] }],
  ['black trousers', 'colour+garment', { ...t('trousers'), colour: 'black' }],
  ['grey joggers', 'colour+garment', { ...t('joggers'), colour: 'grey' }],
  ['beige trench coat', 'colour+garment', { ...t('trench-coat'), colour: 'beige' }],
  ['red scarf', 'colour+garment', { ...t('scarf'), colour: 'red' }],
  ['blue jacket', 'colour+garment', { ...t('jacket'), colour: 'blue' }],
  ['black leggings', 'colour+garment', { ...t('leggings'), colour: 'black' }],
  // gender + colour + garment
  ['mens white sneakers', 'gender+colour+garment', { ...t('sneaker'), colour: 'white', gender: M }],
  ['womens white sneakers', 'gender+colour+garment', { ...t('sneaker'), colour: 'white', gender: W }],
  ['womens black boots', 'gender+colour+garment', { ...t('boot'), colour: 'black', gender: W }],
  ['mens black boots', 'gender+colour+garment', { ...t('boot'), colour: 'black', gender: M }],
  ["women's blue jeans", 'gender+colour+garment', { ...t('jeans'), colour: 'blue', gender: W }],
  ["men's blue jeans", 'gender+colour+garment', { ...t('jeans'), colour: 'blue', gender: M }],
  ["men's black jeans", 'gender+colour+garment', { ...t('jeans'), colour: 'black', gender: M }],
  ['mens navy blazer', 'gender+colour+garment', { ...t('blazer'), shades: ['navy'], gender: M }],
  ['ladies red dress', 'gender+colour+garment', { ...t('dress'), colour: 'red', gender: W }],
  ['womens black dress', 'gender+colour+garment', { ...t('dress'), colour: 'black', gender: W }],
  ["women's pink dress", 'gender+colour+garment', { ...t('dress'), colour: 'pink', gender: W }],
  ['womens white shirt', 'gender+colour+garment', { ...t('shirt'), colour: 'white', gender: W }],
  ['mens grey hoodie', 'gender+colour+garment', { ...t('hoodie'), colour: 'grey', gender: M }],
  ['female black coat', 'gender+colour+garment', { ...t('coat'), colour: 'black', gender: W }],
  ['womens camel coat', 'gender+colour+garment', { ...t('coat'), shades: ['camel'], gender: W }],
  ['male brown boots', 'gender+colour+garment', { ...t('boot'), colour: 'brown', gender: M }],
  ["women's beige trench coat", 'gender+colour+garment', { ...t('trench-coat'), colour: 'beige', gender: W }],
  ['mens green jacket', 'gender+colour+garment', { ...t('jacket'), colour: 'green', gender: M }],
  ['mens black t-shirt', 'gender+colour+garment', { ...t('t-shirt'), colour: 'black', gender: M }],
  ['mens navy sweater', 'gender+colour+garment', { ...t('sweater'), shades: ['navy'], gender: M }],
  // material + garment
  ['linen shirt', 'material+garment', { ...t('shirt'), materials: ['linen'] }],
  ['leather jacket', 'material+garment', { ...t('jacket'), materials: LEATHER }],
  ['faux leather jacket', 'material+garment', { ...t('jacket'), materials: ['faux-leather'] }],
  ['denim skirt', 'material+garment', { ...t('skirt'), materials: ['denim'] }],
  ['ribbed tank top', 'material+garment', { ...t('tank-top'), materials: ['ribbed'] }],
  ['denim jacket', 'material+garment', { ...t('jacket'), materials: ['denim'] }],
  ['denim shirt', 'material+garment', { ...t('shirt'), materials: ['denim'] }],
  ['denim shorts', 'material+garment', { ...t('shorts'), materials: ['denim'] }],
  ['cashmere sweater', 'material+garment', { ...t('sweater'), materials: ['cashmere'] }],
  ['wool sweater', 'material+garment', { ...t('sweater'), materials: WOOL }],
  ['merino sweater', 'material+garment', { ...t('sweater'), materials: ['merino'] }],
  ['wool coat', 'material+garment', { ...t('coat'), materials: WOOL }],
  ['suede boots', 'material+garment', { ...t('boot'), materials: ['suede'] }],
  ['leather boots', 'material+garment', { ...t('boot'), materials: LEATHER }],
  ['leather chelsea boots', 'material+garment', { ...t('chelsea-boot'), materials: LEATHER }],
  ['linen dress', 'material+garment', { ...t('dress'), materials: ['linen'] }],
  ['satin skirt', 'material+garment', { ...t('skirt'), materials: ['satin'] }],
  ['satin dress', 'material+garment', { ...t('dress'), materials: ['satin'] }],
  ['satin blouse', 'material+garment', { ...t('blouse'), materials: ['satin'] }],
  ['linen trousers', 'material+garment', { ...t('trousers'), materials: ['linen'] }],
  ['linen shorts', 'material+garment', { ...t('shorts'), materials: ['linen'] }],
  ['leather bag', 'material+garment', { ...t('bag'), materials: LEATHER }],
  ['canvas sneakers', 'material+garment', { ...t('sneaker'), materials: ['canvas'] }],
  ['suede sneakers', 'material+garment', { ...t('sneaker'), materials: ['suede'] }],
  ['leather sneakers', 'material+garment', { ...t('sneaker'), materials: LEATHER }],
  ['corduroy jacket', 'material+garment', { ...t('jacket'), materials: ['corduroy'] }],
  ['cotton t-shirt', 'material+garment', { ...t('t-shirt'), materials: ['cotton'] }],
  ['leather loafers', 'material+garment', { ...t('loafer'), materials: LEATHER }],
  ['suede loafers', 'material+garment', { ...t('loafer'), materials: ['suede'] }],
  ['wool scarf', 'material+garment', { ...t('scarf'), materials: WOOL }],
  ['cashmere scarf', 'material+garment', { ...t('scarf'), materials: ['cashmere'] }],
  ['leather belt', 'material+garment', { ...t('belt'), materials: LEATHER }],
  ['fleece jacket', 'material+garment', { ...t('jacket'), materials: ['fleece'] }],
  ['ribbed beanie', 'material+garment', { ...t('beanie'), materials: ['ribbed'] }],
  ['leather sandals', 'material+garment', { ...t('sandal'), materials: LEATHER }],
  ['flannel shirt', 'material+garment', { ...t('shirt'), materials: ['flannel'] }],
  ['leather tote bag', 'material+garment', { ...t('tote-bag'), materials: LEATHER }],
];

/**
 * The judged queries of a corpus: every template with at least one relevant
 * product in it (a query with nothing to find measures nothing here).
 */
export function judgedQueries(corpus: JudgedCorpus): JudgedQuery[] {
  return TEMPLATES.filter(([, , intent]) => corpus.products.some((product) => gainOf(product.attributes, intent) > 0)).map(([q, kind, intent]) => ({ q, kind, intent, corpus: corpus.id }));
}

/** Every template, for checks on the set itself. */
export const QUERY_TEMPLATES: ReadonlyArray<{ q: string; kind: QueryKind; intent: QueryIntent }> = TEMPLATES.map(([q, kind, intent]) => ({ q, kind, intent }));
