import type { CategoryId } from '../categories';
import { type PhraseEntry, PhraseVocabulary } from './words';

/**
 * A kind of garment shoppers search for. `phrases` are every way a shop or a
 * shopper names it (singular; plurals fold onto them: "sneakers" is
 * "sneaker"); `parent` is the wider kind a search for it also means ("boots"
 * finds chelsea boots, "bag" finds totes). Kinds that shoppers keep apart
 * stay apart: coats and jackets, shirts and t-shirts, sweaters and
 * sweatshirts.
 */
export interface GarmentType {
  id: string;
  category: CategoryId;
  phrases: readonly string[];
  parent?: string;
}

const g = (id: string, category: CategoryId, phrases: string[], parent?: string): GarmentType => ({ id, category, phrases, ...(parent ? { parent } : {}) });

export const GARMENT_TYPES: readonly GarmentType[] = [
  // Tops (dresses and one-pieces are tops in the catalogue, see categories.ts)
  g('t-shirt', 'tops', ['t shirt', 'tshirt', 'tee', 'tee shirt', 'tees shirt']),
  g('shirt', 'tops', ['shirt', 'button down', 'button up', 'button down shirt', 'button up shirt', 'oxford shirt', 'flannel shirt']),
  // An overshirt is a shirt to shoppers, though shops often file it with jackets.
  g('overshirt', 'tops', ['overshirt', 'over shirt', 'shirt jacket', 'shacket'], 'shirt'),
  g('polo', 'tops', ['polo', 'polo shirt', 'polo top']),
  g('blouse', 'tops', ['blouse']),
  g('tank-top', 'tops', ['tank top', 'tank', 'vest top', 'singlet', 'camisole', 'cami', 'cami top', 'strappy top']),
  g('crop-top', 'tops', ['crop top', 'cropped top', 'bralette top', 'tube top', 'bandeau top']),
  g('bodysuit', 'tops', ['bodysuit', 'leotard']),
  g('sweater', 'tops', ['sweater', 'jumper', 'pullover', 'turtleneck', 'roll neck', 'rollneck', 'polo neck', 'sweater vest', 'knit sweater', 'knitted jumper'], 'knitwear'),
  g('cardigan', 'tops', ['cardigan', 'cardi'], 'knitwear'),
  g('knitwear', 'tops', ['knitwear']),
  g('hoodie', 'tops', ['hoodie', 'hoody', 'hooded sweatshirt', 'hooded top', 'zip hoodie']),
  g('sweatshirt', 'tops', ['sweatshirt', 'crewneck sweatshirt', 'crew sweatshirt', 'sweat top', 'sweat']),
  g('dress', 'tops', ['dress', 'gown', 'sundress', 'frock', 'shirt dress', 'shirtdress', 'slip dress', 'maxi dress', 'midi dress', 'mini dress', 'wrap dress', 'shift dress', 't shirt dress', 'sweater dress']),
  g('jumpsuit', 'tops', ['jumpsuit', 'playsuit', 'romper', 'boilersuit', 'boiler suit', 'catsuit', 'unitard']),
  g('tunic', 'tops', ['tunic', 'kaftan', 'caftan']),
  g('corset', 'tops', ['corset', 'bustier']),
  g('bra', 'tops', ['bra', 'bralette', 'sports bra']),
  g('swimwear', 'tops', ['swimwear', 'swimming costume']),
  g('swimsuit', 'tops', ['swimsuit', 'bathing suit', 'one piece swimsuit', 'swim suit'], 'swimwear'),
  g('bikini', 'tops', ['bikini', 'bikini top', 'bikini bottom', 'bikini set'], 'swimwear'),
  // Bottoms
  g('jeans', 'bottoms', ['jean', 'jeans', 'denim jean', 'jegging']),
  g('trousers', 'bottoms', ['trouser', 'pant', 'slack', 'dress pant', 'cargo pant', 'cargo trouser', 'wide leg pant', 'palazzo pant', 'culotte']),
  g('chinos', 'bottoms', ['chino', 'chino pant', 'chino trouser'], 'trousers'),
  g('shorts', 'bottoms', ['short', 'shorts', 'bermuda', 'bermuda short', 'denim short', 'cargo short', 'hot pant'],),
  g('swim-shorts', 'bottoms', ['swim short', 'swim shorts', 'swim trunk', 'board short', 'boardshort', 'swimming short'], 'shorts'),
  g('skirt', 'bottoms', ['skirt', 'miniskirt', 'mini skirt', 'midi skirt', 'maxi skirt', 'pencil skirt', 'skort']),
  g('leggings', 'bottoms', ['legging', 'leggings', 'cycling short', 'bike short']),
  g('joggers', 'bottoms', ['jogger', 'joggers', 'sweatpant', 'sweatpants', 'track pant', 'trackpant', 'jogging bottom', 'track bottom', 'trackie', 'sweat pant', 'tracksuit bottom', 'track suit bottom', 'tracksuit pant', 'jogging pant']),
  g('tracksuit', 'tops', ['tracksuit', 'track suit', 'jogging suit', 'sweatsuit']),
  g('overalls', 'bottoms', ['overalls', 'dungaree', 'dungarees']),
  // Shoes
  g('sneakers', 'shoes', ['sneaker', 'trainer', 'kick', 'running shoe', 'tennis shoe', 'basketball shoe', 'skate shoe', 'runner', 'plimsoll', 'high top', 'hi top', 'low top']),
  g('boots', 'shoes', ['boot', 'bootie', 'booty']),
  g('ankle-boots', 'shoes', ['ankle boot', 'ankle bootie'], 'boots'),
  g('chelsea-boots', 'shoes', ['chelsea boot'], 'boots'),
  g('knee-boots', 'shoes', ['knee boot', 'knee high boot', 'over the knee boot', 'thigh high boot', 'riding boot'], 'boots'),
  g('hiking-boots', 'shoes', ['hiking boot', 'walking boot', 'combat boot', 'work boot', 'lace up boot', 'biker boot'], 'boots'),
  g('wellies', 'shoes', ['wellie', 'welly', 'wellington', 'wellington boot', 'rain boot', 'rubber boot'], 'boots'),
  g('heels', 'shoes', ['heel', 'high heel', 'stiletto', 'pump', 'court shoe', 'kitten heel', 'slingback', 'platform heel']),
  g('sandals', 'shoes', ['sandal', 'espadrille', 'flip flop', 'flipflop', 'slide', 'slider', 'thong sandal', 'gladiator sandal']),
  g('loafers', 'shoes', ['loafer', 'moccasin', 'penny loafer', 'boat shoe', 'driving shoe']),
  g('flats', 'shoes', ['flats', 'ballet flat', 'ballerina', 'ballet pump', 'mary jane']),
  g('mules', 'shoes', ['mule', 'clog']),
  g('dress-shoes', 'shoes', ['derby', 'brogue', 'oxford shoe', 'dress shoe', 'monk strap', 'derby shoe']),
  g('slippers', 'shoes', ['slipper']),
  // Outerwear
  g('jackets', 'outerwear', ['jacket', 'bomber', 'bomber jacket', 'jean jacket', 'denim jacket', 'trucker jacket', 'biker jacket', 'leather jacket', 'harrington', 'softshell', 'fleece jacket', 'field jacket', 'utility jacket', 'quilted jacket', 'track jacket', 'chore jacket', 'coach jacket']),
  g('rain-jacket', 'outerwear', ['rain jacket', 'raincoat', 'rain coat', 'rain mac', 'mac', 'waterproof jacket', 'windbreaker', 'windcheater', 'wind jacket', 'anorak', 'shell jacket', 'hardshell', 'hardshell jacket', 'cagoule'], 'jackets'),
  g('puffer', 'outerwear', ['puffer', 'puffer jacket', 'down jacket', 'padded jacket', 'puffa', 'puffer coat', 'down coat', 'nuptse'], 'jackets'),
  g('coats', 'outerwear', ['coat', 'overcoat', 'topcoat', 'top coat', 'peacoat', 'pea coat', 'duffle coat', 'car coat', 'parka', 'teddy coat']),
  g('trench', 'outerwear', ['trench', 'trench coat'], 'coats'),
  g('blazer', 'outerwear', ['blazer', 'sport coat', 'sports jacket', 'suit jacket', 'tuxedo jacket', 'dinner jacket']),
  g('gilet', 'outerwear', ['gilet', 'body warmer', 'bodywarmer', 'waistcoat', 'vest', 'puffer vest']),
  g('cape', 'outerwear', ['cape', 'poncho']),
  // Accessories
  g('bag', 'accessories', ['bag', 'handbag', 'purse', 'shoulder bag', 'satchel', 'bucket bag', 'hobo', 'hobo bag', 'baguette bag', 'top handle bag', 'duffle bag', 'weekender', 'holdall', 'messenger bag']),
  g('tote', 'accessories', ['tote', 'tote bag', 'shopper bag'], 'bag'),
  g('backpack', 'accessories', ['backpack', 'rucksack', 'daypack'], 'bag'),
  g('crossbody', 'accessories', ['crossbody', 'cross body', 'crossbody bag', 'cross body bag', 'sling bag', 'camera bag'], 'bag'),
  g('clutch', 'accessories', ['clutch', 'clutch bag', 'evening bag', 'pouch'], 'bag'),
  g('belt-bag', 'accessories', ['belt bag', 'bum bag', 'fanny pack', 'waist bag'], 'bag'),
  g('wallet', 'accessories', ['wallet', 'card holder', 'cardholder', 'coin purse']),
  g('belt', 'accessories', ['belt']),
  g('scarf', 'accessories', ['scarf', 'shawl', 'snood', 'bandana', 'neckerchief', 'stole', 'wrap scarf']),
  g('hat', 'accessories', ['hat', 'bucket hat', 'fedora', 'beret', 'sun hat', 'straw hat', 'panama', 'trilby']),
  g('cap', 'accessories', ['cap', 'baseball cap', 'snapback', 'trucker cap', 'dad cap', 'visor'], 'hat'),
  g('beanie', 'accessories', ['beanie', 'knit hat', 'bobble hat', 'woolly hat', 'toque', 'watch hat', 'watch cap', 'beanie hat'], 'hat'),
  g('sunglasses', 'accessories', ['sunglasses', 'shades', 'sunnies', 'aviators', 'sunglass']),
  g('glasses', 'accessories', ['glasses', 'eyeglasses', 'spectacles', 'optical frame']),
  g('jewellery', 'accessories', ['jewellery', 'jewelry']),
  g('necklace', 'accessories', ['necklace', 'pendant', 'chain necklace', 'choker'], 'jewellery'),
  g('earrings', 'accessories', ['earring', 'hoop', 'hoop earring', 'stud earring', 'stud', 'huggie', 'ear cuff'], 'jewellery'),
  g('bracelet', 'accessories', ['bracelet', 'bangle', 'cuff bracelet', 'anklet'], 'jewellery'),
  g('ring', 'accessories', ['ring', 'signet ring', 'band ring'], 'jewellery'),
  g('watch', 'accessories', ['watch', 'wristwatch', 'smartwatch', 'timepiece']),
  g('gloves', 'accessories', ['glove', 'mitten', 'mitt']),
  g('socks', 'accessories', ['sock', 'ankle sock', 'crew sock', 'trainer sock']),
  g('tights', 'accessories', ['tights', 'pantyhose', 'stocking', 'hosiery']),
  g('tie', 'accessories', ['tie', 'necktie', 'bow tie', 'bowtie']),
  g('hair-accessories', 'accessories', ['scrunchie', 'hair clip', 'hairclip', 'claw clip', 'headband', 'hairband', 'hair tie', 'hair elastic', 'barrette']),
];

/** Words that name a whole category: "shoes" is every shoe, "tops" every top. */
export const CATEGORY_WORDS: readonly { category: CategoryId; phrases: readonly string[] }[] = [
  { category: 'tops', phrases: ['top', 'tops'] },
  { category: 'bottoms', phrases: ['bottom', 'bottoms'] },
  { category: 'shoes', phrases: ['shoe', 'shoes', 'footwear'] },
  { category: 'outerwear', phrases: ['outerwear', 'outer wear'] },
  { category: 'accessories', phrases: ['accessory', 'accessories'] },
];

/**
 * Phrases that hold a garment word without naming the garment: "short
 * sleeve" is not shorts, "tie dye" not a tie, "boot cut" not a boot. They
 * match like garments and count for nothing.
 */
export const NOT_GARMENT_PHRASES: readonly string[] = [
  'short sleeve', 'short sleeved', 'long sleeve', 'long sleeved', 'tie dye', 'tie front', 'tie waist', 'tie neck', 'tie detail',
  'boot cut', 'bootcut', 'belt loop', 'ring detail', 'ring pull', 'shirt collar', 'dress code', 'watch strap', 'cap sleeve',
  'tank style', 'bag strap', 'heel height', 'heel tab', 'bra friendly', 'sock liner', 'hood', 'hooded', 'slip on', 'slip', 'shift',
  'skater', 'tee time', 'vest pocket', 'coat hanger', 'pump bottle', 'runner bean', 'bomber style', 'vintage wash',
];

export type GarmentWord = { kind: 'garment'; id: string } | { kind: 'category'; category: CategoryId } | { kind: 'none' };

export const GARMENTS_BY_ID: ReadonlyMap<string, GarmentType> = new Map(GARMENT_TYPES.map((type) => [type.id, type]));

/** Every garment word and phrase, category words and the phrases that are not garments. */
export const GARMENT_VOCABULARY = new PhraseVocabulary<GarmentWord>([
  ...GARMENT_TYPES.map((type): PhraseEntry<GarmentWord> => ({ phrases: type.phrases, value: { kind: 'garment', id: type.id } })),
  ...CATEGORY_WORDS.map((entry): PhraseEntry<GarmentWord> => ({ phrases: entry.phrases, value: { kind: 'category', category: entry.category } })),
  { phrases: NOT_GARMENT_PHRASES, value: { kind: 'none' } },
]);

/** A garment type with every wider kind it belongs to: "chelsea-boots" → chelsea-boots, boots. */
export function garmentLineage(id: string): string[] {
  const lineage: string[] = [];
  for (let type = GARMENTS_BY_ID.get(id); type && !lineage.includes(type.id); type = type.parent ? GARMENTS_BY_ID.get(type.parent) : undefined) {
    lineage.push(type.id);
  }
  return lineage;
}

/**
 * Garment words one typo apart that name different things. A word that is
 * itself in a vocabulary is never read as a typo of another, so none of these
 * ever turns into the other; the list is what the specs check.
 */
export const CONFUSABLE_GARMENT_WORDS: readonly (readonly [string, string])[] = [
  ['shirt', 'skirt'], ['shirts', 'skirts'], ['shorts', 'skorts'], ['coat', 'cape'], ['cape', 'cap'], ['boot', 'boat'], ['tote', 'tee'],
  ['tank', 'tan'], ['heel', 'hell'], ['vest', 'west'], ['bra', 'bag'], ['sock', 'stock'], ['tie', 'tee'], ['shift', 'shirt'],
  ['slip', 'slipper'], ['jean', 'bean'], ['belt', 'bolt'], ['gown', 'down'], ['mule', 'mile'], ['tank', 'tunic'],
];
