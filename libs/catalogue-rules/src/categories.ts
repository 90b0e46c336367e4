/**
 * The product categories (spec §3 "Categories list"): home, shoes, bottoms,
 * tops, outerwear, accessories, each with an icon, a label and keywords.
 *
 * - `icon` is a plain key; the UI maps it to an icon component.
 * - `keywords` are primary terms: nouns that name the kind of item
 *   ("jeans", "sneaker"). They score 20 / 15 / 5 in a name and 2 in a
 *   description (see `infer-category.ts`).
 * - `secondaryTerms` are weaker hints (materials, fits, cuts, features:
 *   "denim", "high rise", "waterproof"). They score 3 in a name and 0.5 in a
 *   description.
 *
 * How terms are written:
 * - Lower case letters and spaces only after tokenising: "t-shirt" and
 *   "t shirt" are the same two-word phrase. Multi-word terms match as phrases.
 * - Nouns in the singular ("sneaker", "boot", "jean" so that both "Skinny
 *   Jean" and "Jeans" match): the last word of a term matches a text word
 *   that is the word itself, the word + "s", the word + "es" (words ending in
 *   s, x, z, ch or sh: "dress" → "dresses") or, for a consonant + "y" ending,
 *   "ies" ("accessory" → "accessories"). Nouns used only in the plural
 *   ("shorts", "tights", "sunglasses", "flats", "overalls") are written in the
 *   plural, so "short sleeve" never means shorts, "flat front" never means
 *   flat shoes and "overall fit" never means overalls.
 * - Longer phrases win over the words inside them (see `infer-category.ts`),
 *   so a phrase listed here can steal a word from another category:
 *   "top handle" (a bag) keeps "top" away from tops, "jean jacket" keeps
 *   "jean" away from bottoms, "oxford shirt" keeps "oxford" away from shoes.
 * - A primary keyword belongs to one category only (a spec checks it). A
 *   secondary term may hint at several ("leather": shoes and accessories).
 * - `NEUTRAL_PHRASES` match like terms but score nothing: they only stop the
 *   words inside them from being read as keywords ("tie dye" is a print, not a tie).
 *
 * Dresses, jumpsuits, swimsuits and other one-piece garments are filed under tops: the
 * catalogue for women and men has only tops, bottoms, shoes and outerwear
 * (spec §3), and a dress is worn as a top layer.
 */

export const CATEGORY_IDS = ['home', 'shoes', 'bottoms', 'tops', 'outerwear', 'accessories'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

/** The category inference falls back to this one when the evidence is weak or ambiguous (spec §4). */
export const FALLBACK_CATEGORY: CategoryId = 'home';

export interface Category {
  id: CategoryId;
  label: string;
  /** An icon key the UI maps to an icon. */
  icon: string;
  keywords: readonly string[];
  secondaryTerms: readonly string[];
}

const home: Category = {
  id: 'home',
  label: 'Home',
  icon: 'home',
  keywords: [
    'homeware', 'cushion', 'cushion cover', 'pillow', 'pillowcase', 'throw', 'throw pillow', 'blanket',
    'candle', 'candle holder', 'diffuser', 'towel', 'bath towel', 'bath mat', 'bathrobe', 'bedding', 'duvet',
    'duvet cover', 'bed sheet', 'fitted sheet', 'bedspread', 'quilt', 'comforter', 'mug', 'vase', 'planter',
    'rug', 'doormat', 'lamp', 'lampshade', 'picture frame', 'photo frame', 'mirror', 'curtain', 'tablecloth',
    'table runner', 'placemat', 'napkin', 'coaster', 'plate', 'bowl', 'tumbler', 'wine glass', 'tableware',
    'dinnerware', 'glassware', 'teapot', 'ornament', 'storage basket', 'basket', 'tray',
  ],
  secondaryTerms: [
    'ceramic', 'stoneware', 'porcelain', 'scented', 'linen', 'decor', 'decorative', 'kitchen',
    'dining', 'bathroom', 'bedroom', 'living room', 'queen size', 'king size', 'double bed', 'single bed',
    'soy wax', 'thread count',
  ],
};

const shoes: Category = {
  id: 'shoes',
  label: 'Shoes',
  icon: 'shoe',
  keywords: [
    'shoe', 'footwear', 'sneaker', 'trainer', 'boot', 'bootie', 'ankle boot', 'chelsea boot', 'heel', 'high heel',
    'kitten heel', 'stiletto', 'pump', 'sandal', 'slide', 'flip flop', 'espadrille', 'loafer', 'flats',
    'ballet flat', 'mule', 'clog', 'slipper', 'moccasin', 'derby', 'brogue', 'monk strap', 'slingback',
    'wedge', 'platform shoe', 'court shoe', 'boat shoe', 'dress shoe', 'plimsoll', 'running shoe', 'sock boot', 'cleat',
    // A hi-top is a shoe when a name calls it one ("Canvas Hi-Tops"), not a kind of top.
    'high top', 'hi top', 'welly', 'wellington boot',
  ],
  secondaryTerms: [
    'suede', 'leather', 'lace up', 'slip on', 'low top', 'sole', 'rubber sole', 'outsole',
    'insole', 'midsole', 'toe', 'pointed toe', 'square toe', 'round toe', 'open toe', 'toe cap', 'cap toe', 'block heel',
    'platform', 'oxford', 'running', 'trail', 'cushioning',
  ],
};

const bottoms: Category = {
  id: 'bottoms',
  label: 'Bottoms',
  icon: 'bottoms',
  keywords: [
    'jean', 'trouser', 'pant', 'dress pant', 'dress trouser', 'shorts', 'skirt', 'skort', 'legging', 'chino', 'jogger', 'sweatpant',
    'track pant', 'tracksuit bottom', 'track suit bottom', 'tracksuit pant', 'jogging bottom', 'cargo pant', 'culotte', 'capri', 'jegging', 'dungaree', 'overalls', 'bermuda', 'hot pants',
    'bikini bottom', 'swim trunk', 'kilt', 'sarong', 'boardshorts', 'board shorts',
  ],
  secondaryTerms: [
    'denim', 'high rise', 'mid rise', 'low rise', 'high waisted', 'high waist', 'wide leg', 'straight leg',
    'slim leg', 'tapered', 'skinny', 'bootcut', 'boot cut', 'flare', 'flared', 'cargo', 'pleated', 'inseam',
    'selvedge', 'distressed', 'ripped', 'paperbag waist', 'paper bag waist', 'elasticated waist', 'palazzo',
    'carpenter', 'five pocket', 'mom fit', 'relaxed leg',
  ],
};

const tops: Category = {
  id: 'tops',
  label: 'Tops',
  icon: 'shirt',
  keywords: [
    'top', 'shirt', 't shirt', 'tshirt', 'tee', 'blouse', 'sweater', 'jumper', 'hoodie', 'hoody', 'sweatshirt',
    'pullover', 'cardigan', 'tank', 'tank top', 'vest top', 'crop top', 'tube top', 'camisole', 'cami', 'polo',
    'polo shirt', 'oxford shirt', 'tunic', 'bodysuit', 'turtleneck', 'rollneck', 'henley', 'sweater vest',
    'knitwear', 'bralette', 'bra', 'corset', 'bustier', 'dress', 'jumpsuit', 'romper', 'playsuit', 'swimsuit', 'swimwear', 'bikini',
    'singlet', 'tracksuit', 'track suit', 'tracksuit top', 'zip hood', 'zip through hood', 'pullover hood', 'overhead hood',
    // An overshirt or a shacket is a shirt unless its name says jacket ("Overshirt Jacket" is outerwear).
    'overshirt', 'shacket', 'kaftan', 'caftan', 'pinafore',
  ],
  secondaryTerms: [
    'knit', 'knitted', 'cable knit', 'ribbed', 'jersey', 'oxford cloth', 'cashmere', 'merino', 'long sleeve', 'long sleeved', 'short sleeve',
    'short sleeved', 'sleeveless', 'crew neck', 'crewneck', 'v neck', 'mock neck', 'cowl neck', 'scoop neck',
    'button down', 'button up', 'cap sleeve', 'puff sleeve', 'halter', 'halterneck', 'off shoulder',
    'one shoulder', 'peplum', 'graphic', 'slogan', 'cropped',
  ],
};

const outerwear: Category = {
  id: 'outerwear',
  label: 'Outerwear',
  icon: 'jacket',
  keywords: [
    'outerwear', 'jacket', 'coat', 'overcoat', 'topcoat', 'top coat', 'peacoat', 'pea coat', 'trench',
    'trench coat', 'raincoat', 'rain jacket', 'parka', 'anorak', 'windbreaker', 'blazer', 'bomber', 'puffer',
    'gilet', 'vest', 'waistcoat', 'poncho', 'cape', 'shirt jacket', 'overshirt jacket', 'shacket jacket', 'tracksuit jacket', 'jean jacket',
    'fleece jacket', 'softshell', 'hardshell', 'body warmer',
  ],
  secondaryTerms: [
    'waterproof', 'windproof', 'water resistant', 'water repellent', 'insulated', 'padded', 'quilted',
    'down filled', 'shearling', 'sherpa', 'faux fur', 'fleece', 'double breasted', 'single breasted', 'hood',
    'storm flap',
  ],
};

const accessories: Category = {
  id: 'accessories',
  label: 'Accessories',
  icon: 'bag',
  keywords: [
    'accessory', 'bag', 'handbag', 'tote', 'shopper', 'backpack', 'rucksack', 'wallet', 'purse', 'clutch',
    'crossbody', 'satchel', 'bum bag', 'belt bag', 'puffer bag', 'fanny pack', 'card holder', 'basket bag', 'belt', 'scarf',
    'blanket scarf', 'shawl', 'bandana', 'hat', 'cap', 'beanie', 'beret', 'fedora', 'sunglasses', 'eyewear',
    'watch', 'dress watch', 'jewelry', 'jewellery', 'necklace', 'pendant', 'earring', 'stud earring', 'hoop', 'bracelet', 'bangle',
    'ring', 'anklet', 'brooch', 'cufflink', 'glove', 'mitten', 'tie', 'bow tie', 'pocket square', 'sock', 'tights',
    'headband', 'hair clip', 'scrunchie', 'umbrella', 'keyring', 'phone case', 'hairband', 'hair band', 'hair elastic',
    'hair tie', 'hair slide', 'claw clip', 'hair accessory', 'snood', 'balaclava', 'visor', 'earmuff',
  ],
  secondaryTerms: [
    'leather', 'gold', 'silver', 'sterling', 'plated', 'gold plated', 'chain', 'strap', 'top handle',
    'shoulder strap', 'polarised', 'polarized', 'uv protection', 'stainless steel', 'charm', 'pearl', 'gemstone',
    'diamond', 'monogram', 'zip pouch',
  ],
};

/** The categories in spec order; ties are broken by this order. */
export const CATEGORIES: readonly Category[] = [home, shoes, bottoms, tops, outerwear, accessories];

export const CATEGORY_BY_ID: Readonly<Record<CategoryId, Category>> = { home, shoes, bottoms, tops, outerwear, accessories };

/**
 * Phrases that score nothing but keep their words from being read as
 * keywords: "tie dye" and "tie front" are not ties, a "ring detail" is not a
 * ring, "top quality" is not a top.
 */
export const NEUTRAL_PHRASES: readonly string[] = [
  'tie dye', 'tie front', 'tie waist', 'self tie', 'tie neck', 'belt loop', 'belted waist', 'ring detail',
  'sleeping bag', 'top quality', 'top rated', 'top stitching', 'on top',
];
