import { randomFrom } from '@closetly/all-in-one/demo';
import type { ItemInput, SearchColour } from '@closetly/contracts';
import { type JudgedAttributes, type JudgedCorpus, type JudgedProduct, materialsNamed } from './judged-attributes';

/**
 * The second judged corpus: a big multi-brand marketplace, written in that
 * kind of shop's style ("ASOS DESIGN slim jeans in mid blue wash", "Nike Air
 * Max 90 trainers in white", "New Look women's faux leather biker jacket in
 * black"). British words (trainers, jumper, vest top), the gender sometimes
 * only in the description or the name, the colour sometimes only in the stated
 * colour field, sometimes only in the name, and descriptions that name other
 * garments and colours ("wear it with jeans and white trainers").
 *
 * Generated deterministically from the tables below (same tables, same
 * corpus); each product's attributes come from the table row it was built
 * from, never from its text.
 */

type Fit = 'W' | 'M' | 'U';
type Category = JudgedAttributes['category'];

interface Shade {
  /** As the shop writes it in a name ("in mid blue wash") and, title-cased, in its colour field. */
  name: string;
  families: readonly SearchColour[];
}

export const MARKETPLACE_SHADES = {
  black: { name: 'black', families: ['black'] },
  washedBlack: { name: 'washed black', families: ['black'] },
  white: { name: 'white', families: ['white'] },
  offWhite: { name: 'off white', families: ['white', 'beige'] },
  cream: { name: 'cream', families: ['white', 'beige'] },
  ecru: { name: 'ecru', families: ['white', 'beige'] },
  stone: { name: 'stone', families: ['beige'] },
  beige: { name: 'beige', families: ['beige'] },
  camel: { name: 'camel', families: ['beige', 'brown'] },
  tan: { name: 'tan', families: ['brown', 'beige'] },
  wheat: { name: 'wheat', families: ['brown', 'beige'] },
  chocolate: { name: 'chocolate', families: ['brown'] },
  brown: { name: 'brown', families: ['brown'] },
  chestnut: { name: 'chestnut', families: ['brown'] },
  navy: { name: 'navy', families: ['blue'] },
  midBlue: { name: 'mid blue wash', families: ['blue'] },
  lightWash: { name: 'light wash', families: ['blue'] },
  darkWash: { name: 'dark wash', families: ['blue'] },
  cobalt: { name: 'cobalt', families: ['blue'] },
  blue: { name: 'blue', families: ['blue'] },
  skyBlue: { name: 'sky blue', families: ['blue'] },
  grey: { name: 'grey', families: ['grey'] },
  greyMarl: { name: 'grey marl', families: ['grey'] },
  charcoal: { name: 'charcoal', families: ['grey'] },
  khaki: { name: 'khaki', families: ['green', 'beige'] },
  olive: { name: 'olive', families: ['green'] },
  sage: { name: 'sage', families: ['green'] },
  green: { name: 'green', families: ['green'] },
  forest: { name: 'forest green', families: ['green'] },
  burgundy: { name: 'burgundy', families: ['red'] },
  red: { name: 'red', families: ['red'] },
  pink: { name: 'pink', families: ['pink'] },
  hotPink: { name: 'hot pink', families: ['pink'] },
  lilac: { name: 'lilac', families: ['purple'] },
  purple: { name: 'purple', families: ['purple'] },
  butter: { name: 'butter yellow', families: ['yellow'] },
  mustard: { name: 'mustard', families: ['yellow'] },
  orange: { name: 'orange', families: ['orange'] },
  rust: { name: 'rust', families: ['orange', 'red'] },
  gold: { name: 'gold', families: ['gold'] },
  silver: { name: 'silver', families: ['silver'] },
  floral: { name: 'floral print', families: ['multi'] },
  leopard: { name: 'leopard print', families: ['multi'] },
} as const satisfies Record<string, Shade>;
export type MarketplaceShade = keyof typeof MARKETPLACE_SHADES;

const NEUTRAL: readonly MarketplaceShade[] = ['black', 'white', 'offWhite', 'stone', 'navy', 'greyMarl', 'charcoal', 'camel'];
const DENIM: readonly MarketplaceShade[] = ['midBlue', 'lightWash', 'darkWash', 'washedBlack', 'black', 'ecru', 'blue'];
const LEATHER: readonly MarketplaceShade[] = ['black', 'tan', 'chocolate', 'brown', 'burgundy', 'cream'];

/**
 * A line of the marketplace: one garment type as the shop names it (nouns,
 * rotated), the cuts it comes in (a cut's material words are its materials),
 * who it is for, its shades and brands, and how many products it has.
 */
interface Line {
  type: string;
  family?: string;
  category: Category;
  nouns: readonly string[];
  cuts: readonly string[];
  fits: readonly Fit[];
  shades: readonly MarketplaceShade[];
  brands: readonly string[];
  price: readonly [number, number];
  /** The description's product line. */
  about: string;
  /** What the garment is made of whatever the cut (jeans: denim). */
  materials?: readonly string[];
  count: number;
}

const LINES: readonly Line[] = [
  // tops
  { type: 't-shirt', category: 'tops', nouns: ['t-shirt', 'tee', 'T-shirt', 'tshirt'], cuts: ['oversized', 'relaxed', 'slim fit', 'boxy', 'organic cotton', 'heavyweight', 'ribbed fitted', 'longline'], fits: ['W', 'M', 'U'], shades: [...NEUTRAL, 'sage', 'lilac', 'butter'], brands: ['ASOS DESIGN', 'Weekday', 'COLLUSION', 'Jack & Jones', 'Monki'], price: [10, 30], about: 'Soft-touch jersey, crew neck, short sleeves', count: 11 },
  { type: 'tank-top', category: 'tops', nouns: ['vest top', 'tank top', 'vest'], cuts: ['ribbed', 'racer', 'basic', 'linen blend', 'square neck'], fits: ['W', 'M'], shades: ['white', 'black', 'lilac', 'butter', 'cream', 'sage'], brands: ['Monki', 'ASOS DESIGN', 'Weekday', 'Pull&Bear'], price: [8, 22], about: 'Scoop neck, sleeveless, close-fitting cut', count: 8 },
  { type: 'shirt', category: 'tops', nouns: ['shirt', 'overshirt'], cuts: ['oxford', 'linen', 'oversized poplin', 'cord', 'flannel check', 'satin', 'denim', 'revere collar'], fits: ['W', 'M'], shades: ['white', 'skyBlue', 'stone', 'black', 'navy', 'khaki', 'sage', 'pink'], brands: ['ASOS DESIGN', 'Selected Homme', 'River Island', 'Reclaimed Vintage', 'New Look'], price: [25, 60], about: 'Classic collar, button placket, drop shoulders', count: 11 },
  { type: 'blouse', category: 'tops', nouns: ['blouse'], cuts: ['satin', 'broderie', 'tie neck', 'sheer', 'puff sleeve', 'chiffon'], fits: ['W'], shades: ['ecru', 'black', 'pink', 'butter', 'lilac', 'floral'], brands: ['Vero Moda', 'Topshop', 'New Look', 'Only'], price: [20, 45], about: 'Relaxed fit, button cuffs, a soft drape', count: 7 },
  { type: 'sweater', category: 'tops', nouns: ['jumper', 'sweater', 'knitted jumper'], cuts: ['chunky cable knit', 'crew neck', 'merino wool', 'cashmere blend', 'ribbed roll neck', 'fluffy', 'fisherman knit', 'lambswool'], fits: ['W', 'M', 'U'], shades: [...NEUTRAL, 'forest', 'burgundy', 'rust', 'cream'], brands: ['ASOS DESIGN', 'Weekday', 'Jack & Jones', 'Monki', 'Selected Homme'], price: [25, 90], about: 'Knitted fabric, ribbed trims, regular fit', count: 12 },
  { type: 'cardigan', category: 'tops', nouns: ['cardigan'], cuts: ['cropped', 'chunky knit', 'boxy', 'mohair blend', 'fine knit', 'wool blend'], fits: ['W', 'M'], shades: ['cream', 'lilac', 'black', 'greyMarl', 'sage', 'butter', 'chocolate'], brands: ['Monki', 'ASOS DESIGN', 'Pull&Bear', 'Reclaimed Vintage'], price: [25, 60], about: 'V-neck, button placket, ribbed trims', count: 7 },
  { type: 'hoodie', category: 'tops', nouns: ['hoodie', 'hoody'], cuts: ['oversized', 'zip through', 'logo', 'heavyweight', 'essential', 'fleece'], fits: ['W', 'M', 'U'], shades: ['greyMarl', 'black', 'navy', 'stone', 'forest', 'sage', 'burgundy', 'hotPink'], brands: ['Nike', 'COLLUSION', 'Carhartt WIP', 'ASOS DESIGN', 'Tommy Jeans'], price: [30, 90], about: 'Drawstring hood, pouch pocket, brushed-back fabric', count: 10 },
  { type: 'sweatshirt', category: 'tops', nouns: ['sweatshirt', 'sweat'], cuts: ['crew neck', 'varsity', 'half zip', 'oversized', 'logo'], fits: ['W', 'M', 'U'], shades: ['greyMarl', 'stone', 'navy', 'black', 'sage', 'butter'], brands: ['ASOS DESIGN', 'Tommy Jeans', 'Calvin Klein', 'Champion'], price: [25, 70], about: 'Crew neck, ribbed trims, soft fleece back', count: 7 },
  { type: 'dress', category: 'tops', nouns: ['midi dress', 'mini dress', 'maxi dress', 'dress'], cuts: ['satin slip', 'linen', 'floral', 'ribbed knit', 'wrap', 'shirt', 'smock', 'denim', 'bodycon', 'tiered'], fits: ['W'], shades: ['black', 'floral', 'red', 'lilac', 'sage', 'butter', 'navy', 'pink', 'leopard', 'cream', 'cobalt', 'burgundy', 'purple'], brands: ['ASOS DESIGN', 'Topshop', 'Vero Moda', 'Monki', 'New Look', 'Only', 'Bershka'], price: [25, 80], about: 'Fitted bodice, fluid skirt, zip back fastening', count: 16 },
  { type: 'jumpsuit', category: 'tops', nouns: ['jumpsuit'], cuts: ['utility', 'wide leg', 'linen', 'denim'], fits: ['W'], shades: ['black', 'khaki', 'stone', 'rust'], brands: ['ASOS DESIGN', 'Only'], price: [35, 70], about: 'Sleeveless, wide leg, functional pockets', count: 4 },
  { type: 'polo-shirt', category: 'tops', nouns: ['polo shirt', 'polo'], cuts: ['pique', 'knitted', 'slim fit', 'textured'], fits: ['M', 'W'], shades: ['navy', 'white', 'black', 'forest', 'cream'], brands: ['Fred Perry', 'Tommy Jeans', 'ASOS DESIGN'], price: [25, 90], about: 'Polo collar, button placket, short sleeves', count: 5 },
  // bottoms
  { type: 'jeans', category: 'bottoms', nouns: ['jeans'], cuts: ['slim', 'straight leg', 'wide leg', 'skinny', 'baggy', 'mom', 'dad', 'bootcut', '90s straight', 'relaxed', 'tapered', 'barrel leg'], fits: ['W', 'M', 'U'], shades: DENIM, brands: ['ASOS DESIGN', 'Weekday', 'Topshop', 'Pull&Bear', 'Bershka', 'Jack & Jones', 'Tommy Jeans'], price: [30, 90], about: 'Your new go-to pair: belt loops, five pockets, zip fly', materials: ['denim'], count: 16 },
  { type: 'trousers', category: 'bottoms', nouns: ['trousers'], cuts: ['tailored wide leg', 'slim smart', 'linen', 'pleated', 'cigarette', 'straight leg', 'wool blend', 'drawstring'], fits: ['W', 'M'], shades: ['black', 'stone', 'camel', 'charcoal', 'navy', 'chocolate', 'khaki', 'cream'], brands: ['ASOS DESIGN', 'River Island', 'Selected Homme', 'New Look', 'Mango'], price: [25, 70], about: 'High rise, belt loops, side pockets', count: 11 },
  { type: 'cargo-trousers', family: 'trousers', category: 'bottoms', nouns: ['cargo trousers', 'cargos'], cuts: ['parachute', 'relaxed', 'nylon', 'baggy'], fits: ['W', 'M', 'U'], shades: ['khaki', 'black', 'stone', 'olive'], brands: ['Weekday', 'Pull&Bear', 'COLLUSION'], price: [30, 60], about: 'Drawcord hems, utility pockets, relaxed fit', count: 5 },
  { type: 'joggers', category: 'bottoms', nouns: ['joggers'], cuts: ['tech fleece', 'cuffed', 'wide leg', 'essential', 'slim'], fits: ['W', 'M', 'U'], shades: ['greyMarl', 'black', 'navy', 'stone', 'olive'], brands: ['Nike', 'adidas Originals', 'ASOS DESIGN', 'COLLUSION'], price: [25, 90], about: 'Elasticated drawstring waist, side pockets, cuffed hems', count: 8 },
  { type: 'leggings', category: 'bottoms', nouns: ['leggings'], cuts: ['high waisted', 'ribbed', 'training', 'seamless'], fits: ['W'], shades: ['black', 'charcoal', 'navy', 'olive', 'burgundy'], brands: ['Nike', 'ASOS 4505', 'Monki'], price: [15, 50], about: 'High-rise waistband, second-skin fit, squat-proof fabric', count: 5 },
  { type: 'shorts', category: 'bottoms', nouns: ['shorts'], cuts: ['denim', 'linen', 'cargo', 'running', 'jersey', 'tailored', 'swim'], fits: ['W', 'M', 'U'], shades: ['midBlue', 'lightWash', 'stone', 'black', 'navy', 'khaki', 'sage'], brands: ['ASOS DESIGN', "Levi's", 'Nike', 'Pull&Bear'], price: [15, 50], about: 'Elasticated waist, side pockets, regular fit', count: 9 },
  { type: 'skirt', category: 'bottoms', nouns: ['mini skirt', 'midi skirt', 'maxi skirt', 'skirt'], cuts: ['denim', 'satin', 'pleated', 'faux leather', 'linen', 'knitted', 'cargo'], fits: ['W'], shades: ['black', 'midBlue', 'cream', 'chocolate', 'burgundy', 'sage', 'leopard', 'butter'], brands: ['Topshop', 'Monki', 'ASOS DESIGN', 'Bershka', 'Vero Moda'], price: [20, 50], about: 'High rise, concealed zip, skims the body', count: 11 },
  // shoes
  { type: 'sneaker', category: 'shoes', nouns: ['trainers', 'sneakers'], cuts: ['chunky', 'leather', 'canvas', 'retro runner', 'suede', 'platform'], fits: ['W', 'M', 'U'], shades: ['white', 'black', 'offWhite', 'grey', 'tan', 'sage'], brands: ['ASOS DESIGN', 'Pull&Bear', 'New Look', 'River Island'], price: [30, 70], about: 'Low-profile design, lace-up fastening, padded cuff, chunky sole', count: 8 },
  { type: 'boot', family: 'boot', category: 'shoes', nouns: ['boots', 'ankle boots', 'knee high boots'], cuts: ['leather', 'chunky lace up', 'western', 'heeled', 'suede', 'hiker'], fits: ['W', 'M'], shades: LEATHER, brands: ['New Look', 'ASOS DESIGN', 'Public Desire', 'River Island'], price: [40, 120], about: 'Side zip, almond toe, chunky sole', count: 9 },
  { type: 'chelsea-boot', family: 'boot', category: 'shoes', nouns: ['chelsea boots'], cuts: ['leather', 'suede', 'chunky', 'faux leather'], fits: ['W', 'M', 'U'], shades: LEATHER, brands: ['ASOS DESIGN', 'Topshop', 'River Island'], price: [40, 110], about: 'Pull-on style, elasticated side panels, pull tab', count: 6 },
  { type: 'loafer', category: 'shoes', nouns: ['loafers'], cuts: ['leather', 'chunky', 'suede', 'penny', 'tassel'], fits: ['W', 'M'], shades: LEATHER, brands: ['ASOS DESIGN', 'River Island', 'New Look'], price: [30, 90], about: 'Slip-on style, apron toe, low block heel', count: 6 },
  { type: 'sandal', category: 'shoes', nouns: ['sandals', 'flat sandals'], cuts: ['leather', 'strappy', 'footbed', 'sporty', 'toe post'], fits: ['W', 'M', 'U'], shades: ['black', 'tan', 'gold', 'white', 'brown'], brands: ['New Look', 'ASOS DESIGN', 'Teva'], price: [15, 60], about: 'Open toe, buckle fastening, cushioned footbed', count: 7 },
  { type: 'slide', family: 'sandal', category: 'shoes', nouns: ['sliders', 'slides'], cuts: ['rubber', 'padded', 'logo'], fits: ['U', 'W', 'M'], shades: ['black', 'white', 'cream'], brands: ['Nike', 'adidas Originals', 'ASOS DESIGN'], price: [15, 40], about: 'Slip-on style, moulded footbed', count: 4 },
  { type: 'heels', category: 'shoes', nouns: ['heeled sandals', 'heels', 'court shoes', 'heeled mules'], cuts: ['strappy', 'block', 'kitten', 'pointed', 'barely there', 'platform'], fits: ['W'], shades: ['black', 'silver', 'gold', 'red', 'cream', 'hotPink'], brands: ['Public Desire', 'New Look', 'ASOS DESIGN', 'Topshop'], price: [25, 80], about: 'Buckle fastening, pointed toe, high heel', count: 8 },
  // outerwear
  { type: 'coat', family: 'coat', category: 'outerwear', nouns: ['coat', 'overcoat', 'longline coat'], cuts: ['wool blend', 'double breasted', 'smart', 'borg', 'oversized', 'teddy'], fits: ['W', 'M', 'U'], shades: ['camel', 'black', 'charcoal', 'navy', 'cream', 'chocolate', 'khaki'], brands: ['ASOS DESIGN', 'Selected Homme', 'New Look', 'River Island', 'Mango'], price: [60, 180], about: 'Notch lapels, button fastening, side pockets', count: 10 },
  { type: 'trench-coat', family: 'coat', category: 'outerwear', nouns: ['trench coat', 'trench'], cuts: ['classic', 'longline', 'cropped', 'belted'], fits: ['W', 'M'], shades: ['stone', 'camel', 'black', 'khaki'], brands: ['ASOS DESIGN', 'Topshop', 'Mango'], price: [60, 140], about: 'Storm flap, belted waist, double-breasted fastening', count: 5 },
  { type: 'parka', family: 'coat', category: 'outerwear', nouns: ['parka'], cuts: ['padded', 'hooded', 'faux fur trim'], fits: ['W', 'M'], shades: ['khaki', 'black', 'navy', 'olive'], brands: ['Jack & Jones', 'New Look', 'Only'], price: [50, 130], about: 'Fixed hood, zip and popper fastening, padded for warmth', count: 4 },
  { type: 'puffer-jacket', family: 'jacket', category: 'outerwear', nouns: ['puffer jacket', 'padded jacket', 'puffer'], cuts: ['cropped', 'oversized', 'longline', 'nylon', 'hooded', 'shine'], fits: ['W', 'M', 'U'], shades: ['black', 'navy', 'olive', 'cream', 'chocolate', 'cobalt', 'silver'], brands: ['ASOS DESIGN', 'Pull&Bear', 'COLLUSION', 'River Island'], price: [40, 120], about: 'Padded design, high neck, zip fastening', count: 8 },
  { type: 'biker-jacket', family: 'jacket', category: 'outerwear', nouns: ['biker jacket'], cuts: ['faux leather', 'leather', 'suede', 'cropped faux leather'], fits: ['W', 'M'], shades: ['black', 'chocolate', 'burgundy', 'tan'], brands: ['New Look', 'ASOS DESIGN', 'River Island', 'Topshop'], price: [40, 250], about: 'Notch collar, asymmetric zip, zip cuffs', count: 6 },
  { type: 'jacket', family: 'jacket', category: 'outerwear', nouns: ['jacket'], cuts: ['denim', 'harrington', 'bomber', 'corduroy', 'utility', 'fleece', 'coach', 'western suede'], fits: ['W', 'M', 'U'], shades: ['midBlue', 'black', 'khaki', 'olive', 'navy', 'stone', 'chocolate', 'tan'], brands: ['ASOS DESIGN', "Levi's", 'Carhartt WIP', 'Pull&Bear', 'Weekday'], price: [35, 140], about: 'Spread collar, button or zip fastening, chest pockets', count: 12 },
  { type: 'blazer', category: 'outerwear', nouns: ['blazer'], cuts: ['oversized', 'tailored', 'linen', 'double breasted', 'cord', 'wool blend'], fits: ['W', 'M'], shades: ['black', 'navy', 'camel', 'charcoal', 'cream', 'chocolate', 'stone'], brands: ['ASOS DESIGN', 'Mango', 'River Island', 'Topshop', 'Selected Homme'], price: [40, 120], about: 'Notch lapels, padded shoulders, button fastening', count: 9 },
  { type: 'rain-jacket', family: 'jacket', category: 'outerwear', nouns: ['rain jacket', 'raincoat', 'waterproof jacket'], cuts: ['packable', 'hooded', 'lightweight'], fits: ['W', 'M', 'U'], shades: ['black', 'olive', 'butter', 'navy', 'red'], brands: ['Columbia', 'The North Face', 'ASOS 4505'], price: [40, 150], about: 'Waterproof fabric, adjustable hood, taped seams', count: 5 },
  // accessories
  { type: 'bag', family: 'bag', category: 'accessories', nouns: ['shoulder bag', 'bag', 'handbag'], cuts: ['leather', 'quilted', 'faux leather', 'mini', 'baguette', 'woven'], fits: ['W', 'U'], shades: ['black', 'tan', 'cream', 'chocolate', 'silver', 'burgundy', 'butter'], brands: ['ASOS DESIGN', 'Accessorize', 'Topshop', 'Mango'], price: [20, 90], about: 'Top handle, detachable strap, magnetic fastening', count: 8 },
  { type: 'cross-body-bag', family: 'bag', category: 'accessories', nouns: ['cross body bag', 'crossbody bag'], cuts: ['nylon', 'leather', 'mini', 'utility'], fits: ['W', 'M', 'U'], shades: ['black', 'khaki', 'stone', 'tan'], brands: ['ASOS DESIGN', 'Herschel', 'Carhartt WIP'], price: [20, 70], about: 'Adjustable strap, zip fastening, main compartment', count: 5 },
  { type: 'tote-bag', family: 'bag', category: 'accessories', nouns: ['tote bag', 'tote'], cuts: ['canvas', 'leather', 'oversized', 'nylon'], fits: ['W', 'U'], shades: ['black', 'ecru', 'tan', 'navy', 'olive'], brands: ['ASOS DESIGN', 'Monki', 'Accessorize'], price: [12, 70], about: 'Twin handles, open top, internal pocket', count: 5 },
  { type: 'backpack', family: 'bag', category: 'accessories', nouns: ['backpack', 'rucksack'], cuts: ['roll top', 'nylon', 'mini', 'padded'], fits: ['U'], shades: ['black', 'navy', 'olive', 'greyMarl', 'tan'], brands: ['Eastpak', 'The North Face', 'ASOS DESIGN', 'Herschel'], price: [25, 100], about: 'Padded back, adjustable straps, laptop compartment', count: 6 },
  { type: 'cap', category: 'accessories', nouns: ['cap', 'baseball cap'], cuts: ['logo', 'washed cotton', 'corduroy', 'nylon'], fits: ['U'], shades: ['navy', 'black', 'stone', 'khaki', 'forest', 'white'], brands: ['Carhartt WIP', 'Nike', 'ASOS DESIGN', 'New Era'], price: [12, 35], about: 'Curved peak, adjustable back strap', count: 5 },
  { type: 'beanie', family: 'hat', category: 'accessories', nouns: ['beanie', 'beanie hat'], cuts: ['ribbed', 'fisherman', 'chunky knit', 'wool blend'], fits: ['U'], shades: ['black', 'greyMarl', 'navy', 'cream', 'rust', 'forest', 'burgundy'], brands: ['Carhartt WIP', 'ASOS DESIGN', 'The North Face'], price: [10, 35], about: 'Turn-up brim, stretch fit', count: 6 },
  { type: 'hat', family: 'hat', category: 'accessories', nouns: ['bucket hat', 'fedora', 'straw hat'], cuts: ['cotton', 'fleece', 'reversible', 'wide brim'], fits: ['U', 'W'], shades: ['black', 'stone', 'tan', 'cream', 'khaki'], brands: ['ASOS DESIGN', 'Reclaimed Vintage', 'Accessorize'], price: [10, 35], about: 'Structured crown, stitched brim', count: 5 },
  { type: 'scarf', category: 'accessories', nouns: ['scarf'], cuts: ['wool', 'check', 'chunky knit', 'cashmere blend', 'satin'], fits: ['U', 'W', 'M'], shades: ['camel', 'greyMarl', 'navy', 'burgundy', 'cream', 'forest', 'red', 'black'], brands: ['ASOS DESIGN', 'Accessorize', 'Barbour'], price: [12, 70], about: 'Fringed ends, soft handle', count: 6 },
  { type: 'belt', category: 'accessories', nouns: ['belt'], cuts: ['leather', 'western', 'faux leather', 'woven', 'chain'], fits: ['U', 'W', 'M'], shades: ['black', 'brown', 'tan', 'gold'], brands: ['ASOS DESIGN', 'Levi\'s', 'Accessorize'], price: [10, 45], about: 'Metal buckle, adjustable fit', count: 6 },
  { type: 'sunglasses', category: 'accessories', nouns: ['sunglasses'], cuts: ['cat eye', 'square', 'round', 'aviator', 'oversized', 'rectangle'], fits: ['U', 'W', 'M'], shades: ['black', 'gold', 'silver', 'chocolate', 'tan'], brands: ['ASOS DESIGN', 'Quay', 'Le Specs'], price: [12, 60], about: 'UV protection lenses, moulded nose pads', count: 7 },
  { type: 'necklace', category: 'accessories', nouns: ['necklace', 'chain necklace'], cuts: ['chunky chain', 'pearl', 'pendant', 'snake chain'], fits: ['W', 'U', 'M'], shades: ['gold', 'silver'], brands: ['ASOS DESIGN', 'Accessorize', 'Orelia'], price: [8, 40], about: 'Lobster clasp, adjustable length', count: 6 },
  { type: 'earrings', category: 'accessories', nouns: ['earrings', 'hoop earrings'], cuts: ['chunky hoop', 'huggie', 'pearl drop', 'stud'], fits: ['W'], shades: ['gold', 'silver'], brands: ['ASOS DESIGN', 'Orelia', 'Accessorize'], price: [6, 30], about: 'Pack of one pair, post-back fastening', count: 5 },
  { type: 'watch', category: 'accessories', nouns: ['watch'], cuts: ['digital', 'leather strap', 'chronograph', 'minimal', 'mesh strap'], fits: ['U', 'M', 'W'], shades: ['black', 'silver', 'gold', 'brown'], brands: ['ASOS DESIGN', 'Fossil', 'Sekonda'], price: [25, 150], about: 'Round dial, buckle strap, water resistant', count: 5 },
  { type: 'socks', category: 'accessories', nouns: ['socks', 'sports socks'], cuts: ['ribbed', '3 pack', 'logo', 'wool blend'], fits: ['U'], shades: ['white', 'black', 'greyMarl', 'cream'], brands: ['Nike', 'ASOS DESIGN', 'Carhartt WIP'], price: [6, 20], about: 'Ribbed cuffs, cushioned sole', count: 4 },
];

/** A named model, as brands sell their icons: "Nike Air Max 90 trainers in white". */
interface Model {
  brand: string;
  /** The name after the brand, before the colour. */
  name: string;
  type: string;
  family?: string;
  category: Category;
  fit: Fit;
  shade: MarketplaceShade;
  materials: readonly string[];
  price: number;
  about: string;
}

const MODELS: readonly Model[] = [
  { brand: 'Nike', name: 'Air Max 90 trainers', type: 'sneaker', category: 'shoes', fit: 'M', shade: 'white', materials: [], price: 140, about: 'Visible Air cushioning and the waffle outsole of an icon' },
  { brand: 'Nike', name: "Air Force 1 '07 trainers", type: 'sneaker', category: 'shoes', fit: 'U', shade: 'white', materials: ['leather'], price: 110, about: 'The hoops original in crisp leather' },
  { brand: 'Nike', name: 'Dunk Low trainers', type: 'sneaker', category: 'shoes', fit: 'W', shade: 'pink', materials: ['leather'], price: 110, about: 'Retro basketball style with a padded collar' },
  { brand: 'Nike', name: 'Tech Fleece joggers', type: 'joggers', category: 'bottoms', fit: 'M', shade: 'charcoal', materials: ['fleece'], price: 100, about: 'Tapered fit with zip pockets' },
  { brand: 'adidas Originals', name: 'Samba OG trainers', type: 'sneaker', category: 'shoes', fit: 'U', shade: 'black', materials: ['leather', 'suede'], price: 100, about: 'Born on the football pitch, with a gum sole' },
  { brand: 'adidas Originals', name: 'Gazelle trainers', type: 'sneaker', category: 'shoes', fit: 'W', shade: 'burgundy', materials: ['suede'], price: 100, about: 'Soft suede upper and the 3-Stripes' },
  { brand: 'adidas Originals', name: 'Stan Smith trainers', type: 'sneaker', category: 'shoes', fit: 'U', shade: 'white', materials: ['leather'], price: 100, about: 'Clean leather upper, perforated 3-Stripes' },
  { brand: 'adidas Originals', name: 'Superstar trainers', type: 'sneaker', category: 'shoes', fit: 'M', shade: 'black', materials: ['leather'], price: 100, about: 'The shell toe since 1969' },
  { brand: "Levi's", name: '501 original straight jeans', type: 'jeans', category: 'bottoms', fit: 'M', shade: 'black', materials: ['denim'], price: 98, about: 'The original button-fly jean' },
  { brand: "Levi's", name: "501 '90s jeans", type: 'jeans', category: 'bottoms', fit: 'W', shade: 'midBlue', materials: ['denim'], price: 98, about: 'A loose, vintage-inspired 501' },
  { brand: "Levi's", name: 'ribcage straight ankle jeans', type: 'jeans', category: 'bottoms', fit: 'W', shade: 'lightWash', materials: ['denim'], price: 98, about: 'A towering high rise and a straight leg' },
  { brand: "Levi's", name: 'trucker jacket', type: 'jacket', family: 'jacket', category: 'outerwear', fit: 'U', shade: 'midBlue', materials: ['denim'], price: 90, about: 'The original denim jacket with point flap pockets' },
  { brand: "Levi's", name: 'sherpa trucker jacket', type: 'jacket', family: 'jacket', category: 'outerwear', fit: 'M', shade: 'black', materials: ['denim', 'sherpa'], price: 128, about: 'Lined with warm sherpa' },
  { brand: 'Dr Martens', name: '1460 boots', type: 'boot', family: 'boot', category: 'shoes', fit: 'U', shade: 'black', materials: ['leather'], price: 170, about: 'The original 8-eye boot in smooth leather' },
  { brand: 'Dr Martens', name: '2976 chelsea boots', type: 'chelsea-boot', family: 'boot', category: 'shoes', fit: 'U', shade: 'brown', materials: ['leather'], price: 160, about: 'Smooth leather with elastic gussets' },
  { brand: 'Dr Martens', name: 'Jadon platform boots', type: 'boot', family: 'boot', category: 'shoes', fit: 'W', shade: 'black', materials: ['leather'], price: 210, about: 'The 1460 on a chunky platform sole' },
  { brand: 'Dr Martens', name: 'Adrian tassel loafers', type: 'loafer', category: 'shoes', fit: 'U', shade: 'burgundy', materials: ['leather'], price: 150, about: 'Smooth leather on the air-cushioned sole' },
  { brand: 'Converse', name: 'Chuck Taylor All Star Hi trainers', type: 'sneaker', category: 'shoes', fit: 'U', shade: 'black', materials: ['canvas'], price: 65, about: 'The canvas high top that started it all' },
  { brand: 'Converse', name: 'Chuck 70 Ox trainers', type: 'sneaker', category: 'shoes', fit: 'U', shade: 'cream', materials: ['canvas'], price: 85, about: 'Heavier canvas and vintage details' },
  { brand: 'Converse', name: 'Run Star Hike trainers', type: 'sneaker', category: 'shoes', fit: 'W', shade: 'white', materials: ['canvas'], price: 110, about: 'A Chuck on a jagged platform sole' },
  { brand: 'Vans', name: 'Old Skool trainers', type: 'sneaker', category: 'shoes', fit: 'U', shade: 'black', materials: ['canvas', 'suede'], price: 70, about: 'The skate classic with the sidestripe' },
  { brand: 'Vans', name: 'Authentic trainers', type: 'sneaker', category: 'shoes', fit: 'U', shade: 'navy', materials: ['canvas'], price: 55, about: 'The original low top' },
  { brand: 'New Balance', name: '550 trainers', type: 'sneaker', category: 'shoes', fit: 'U', shade: 'white', materials: ['leather'], price: 110, about: 'A late-80s basketball shoe, back again' },
  { brand: 'New Balance', name: '530 trainers', type: 'sneaker', category: 'shoes', fit: 'W', shade: 'silver', materials: [], price: 100, about: 'A 2000s running look in mesh' },
  { brand: 'New Balance', name: '9060 trainers', type: 'sneaker', category: 'shoes', fit: 'M', shade: 'grey', materials: ['suede'], price: 150, about: 'Sculpted design on an oversized sole' },
  { brand: 'The North Face', name: '1996 Retro Nuptse puffer jacket', type: 'puffer-jacket', family: 'jacket', category: 'outerwear', fit: 'U', shade: 'black', materials: [], price: 320, about: 'Boxy baffles and 700-fill down' },
  { brand: 'The North Face', name: 'Himalayan puffer jacket', type: 'puffer-jacket', family: 'jacket', category: 'outerwear', fit: 'M', shade: 'orange', materials: [], price: 350, about: 'Expedition warmth, city-ready' },
  { brand: 'The North Face', name: 'Denali fleece jacket', type: 'jacket', family: 'jacket', category: 'outerwear', fit: 'M', shade: 'forest', materials: ['fleece'], price: 180, about: 'Recycled fleece with reinforced overlays' },
  { brand: 'Birkenstock', name: 'Arizona leather sandals', type: 'sandal', category: 'shoes', fit: 'U', shade: 'tan', materials: ['leather'], price: 135, about: 'The two-strap classic on a cork footbed' },
  { brand: 'Birkenstock', name: 'Boston suede clogs', type: 'clog', category: 'shoes', fit: 'U', shade: 'chocolate', materials: ['suede'], price: 160, about: 'A suede clog on the contoured footbed' },
  { brand: 'Birkenstock', name: 'Gizeh sandals', type: 'sandal', category: 'shoes', fit: 'W', shade: 'gold', materials: [], price: 110, about: 'A toe post sandal with a slim strap' },
  { brand: 'Ray-Ban', name: 'Wayfarer sunglasses', type: 'sunglasses', category: 'accessories', fit: 'U', shade: 'black', materials: [], price: 171, about: 'The most recognisable shape in sunglasses' },
  { brand: 'Ray-Ban', name: 'Aviator sunglasses', type: 'sunglasses', category: 'accessories', fit: 'U', shade: 'gold', materials: [], price: 181, about: 'The pilot shape from 1937' },
  { brand: 'Ray-Ban', name: 'Clubmaster sunglasses', type: 'sunglasses', category: 'accessories', fit: 'M', shade: 'tan', materials: [], price: 181, about: 'A browline frame with a retro feel' },
  { brand: 'Casio', name: 'F-91W digital watch', type: 'watch', category: 'accessories', fit: 'U', shade: 'black', materials: [], price: 25, about: 'The classic digital with alarm and stopwatch' },
  { brand: 'Casio', name: 'Vintage bracelet watch', type: 'watch', category: 'accessories', fit: 'U', shade: 'gold', materials: [], price: 70, about: 'A retro digital on a metal bracelet' },
  { brand: 'Timberland', name: '6 inch premium boots', type: 'boot', family: 'boot', category: 'shoes', fit: 'M', shade: 'wheat', materials: ['nubuck'], price: 210, about: 'Waterproof nubuck and a padded collar' },
  { brand: 'UGG', name: 'Classic Mini boots', type: 'boot', family: 'boot', category: 'shoes', fit: 'W', shade: 'chestnut', materials: ['suede'], price: 170, about: 'Twin-face sheepskin and a light sole' },
  { brand: 'Carhartt WIP', name: 'Detroit jacket', type: 'jacket', family: 'jacket', category: 'outerwear', fit: 'M', shade: 'tan', materials: ['canvas'], price: 248, about: 'Organic cotton canvas with a corduroy collar' },
  { brand: 'Carhartt WIP', name: 'acrylic watch hat', type: 'beanie', family: 'hat', category: 'accessories', fit: 'U', shade: 'black', materials: ['ribbed'], price: 29, about: 'The rib-knit beanie with the square label' },
];

/** What shops write after the product line: other garments and colours, as real copy does (wear it with jeans). */
const STYLING: readonly string[] = [
  'Wear it with jeans and white trainers',
  'Style with a black leather jacket',
  'Team with wide-leg trousers and loafers',
  'Pair with a denim skirt and sandals',
  'Layer under a wool coat when it gets cold',
  'Goes with everything from joggers to a midi dress',
  'Throw it on over a t-shirt',
  'Complete the look with a crossbody bag and sunglasses',
  'Looks great with chelsea boots',
  'Pair it with a grey hoodie for off-duty days',
  'Add a blazer to take it to the office',
  'Works with a white shirt and a gold necklace',
];

/** How a shop's gender field may read (the catalogue normalises every one). */
const GENDER_FIELD: Readonly<Record<Fit, readonly string[]>> = {
  W: ['Women', 'womens', "Women's", 'female', 'WOMEN', 'Ladies'],
  M: ['Men', 'mens', "Men's", 'male', 'MEN'],
  U: ['Unisex', 'unisex'],
};
const GENDER_IN_NAME: Readonly<Record<Fit, readonly string[]>> = { W: ["women's", 'womens'], M: ["men's", 'mens'], U: ['unisex'] };
const GENDER_IN_DESCRIPTION: Readonly<Record<Fit, readonly string[]>> = {
  W: ["Part of our women's edit.", 'Designed for women.', 'Ladies fit: true to size.'],
  M: ["Part of our men's edit.", 'Designed for men.', 'Mens fit: true to size.'],
  U: ['Unisex sizing: take your usual size.'],
};

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const at = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;

const slugOf = (text: string): string =>
  text
    .toLowerCase()
    .replace(/['’&.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const titleCase = (text: string): string => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Where the colour shows: the name only, the stated colour field only, or both. */
type ColourChannel = 'name' | 'field' | 'both';
/** Where the gender shows: the shop's gender field, the name, the description only, or the field and the name. */
type GenderChannel = 'field' | 'name' | 'description' | 'field+name' | 'none';

interface Draft {
  brand: string;
  /** The name without brand, gender or colour: "slim jeans". */
  body: string;
  nounForDescription: string;
  attributes: Omit<JudgedAttributes, 'shade' | 'colourFamilies'>;
  fit: Fit;
  shade: MarketplaceShade;
  price: number;
  about: string;
}

function genderChannel(random: Random, fit: Fit): GenderChannel {
  const roll = random();
  if (fit === 'U') return roll < 0.5 ? 'field' : roll < 0.7 ? 'description' : 'none';
  return roll < 0.45 ? 'field' : roll < 0.65 ? 'name' : roll < 0.85 ? 'description' : 'field+name';
}

function colourChannel(random: Random): ColourChannel {
  const roll = random();
  return roll < 0.45 ? 'name' : roll < 0.7 ? 'field' : 'both';
}

/** A name is unique within the shop: one that would repeat another (same cut, no colour in it) names its colour. */
function productOf(draft: Draft, serial: number, random: Random, names: Set<string>): JudgedProduct {
  const shade: Shade = MARKETPLACE_SHADES[draft.shade];
  const gender = genderChannel(random, draft.fit);
  const genderWord = pick(random, GENDER_IN_NAME[draft.fit]);
  const nameWith = (colour: ColourChannel) =>
    [draft.brand, gender === 'name' || gender === 'field+name' ? genderWord : null, draft.body, colour === 'field' ? null : `in ${shade.name}`].filter(Boolean).join(' ');
  let colour = colourChannel(random);
  if (names.has(nameWith(colour).toLowerCase())) colour = 'both';
  const name = nameWith(colour);
  names.add(name.toLowerCase());
  const description = [
    `${capitalise(draft.nounForDescription)} by ${draft.brand}.`,
    `${draft.about}.`,
    `${pick(random, STYLING)}.`,
    gender === 'description' ? pick(random, GENDER_IN_DESCRIPTION[draft.fit]) : null,
    `Product code: ${100000 + serial * 37}.`,
  ]
    .filter(Boolean)
    .join(' ');
  const item: ItemInput = {
    name,
    brand: draft.brand,
    price: `$${draft.price.toFixed(2)}`,
    description,
    sourceUrl: `https://www.asos.com/us/${slugOf(draft.brand)}/${slugOf(name)}/prd/${200000000 + serial * 7919}`,
  };
  if (gender === 'field' || gender === 'field+name') item.gender = pick(random, GENDER_FIELD[draft.fit]);
  if (colour !== 'name') item.colour = titleCase(shade.name);
  return { key: `marketplace/${serial}`, item, attributes: { ...draft.attributes, colourFamilies: shade.families, shade: draft.shade } };
}

const GENDER_OF: Readonly<Record<Fit, JudgedAttributes['gender']>> = { W: 'Women', M: 'Men', U: 'Unisex' };

/** "faux leather" is its own material: a leather query accepts it only when it says so. */
function cutMaterials(cut: string): string[] {
  if (/\bfaux leather\b/i.test(cut)) return ['faux-leather', ...materialsNamed(cut.replace(/faux leather/i, ''))];
  return materialsNamed(cut);
}

/** Denim washes only for denim: a linen short or a bomber jacket is never "in light wash". */
const WASHES: ReadonlySet<MarketplaceShade> = new Set(['midBlue', 'lightWash', 'darkWash', 'washedBlack']);

function shadeFor(random: Random, line: Line, cut: string): MarketplaceShade {
  const denim = (line.materials ?? []).includes('denim') || /\bdenim\b/i.test(cut);
  const shades = denim ? line.shades : line.shades.filter((shade) => !WASHES.has(shade));
  return pick(random, shades.length > 0 ? shades : line.shades);
}

function lineDrafts(line: Line, random: Random, taken: Set<string>): Draft[] {
  const drafts: Draft[] = [];
  for (let i = 0; drafts.length < line.count && i < line.count * 4; i += 1) {
    const cut = at(line.cuts, i);
    const noun = at(line.nouns, i + Math.floor(i / line.cuts.length));
    const brand = at(line.brands, i * 3 + Math.floor(i / line.brands.length));
    const fit = at(line.fits, i);
    const shade = shadeFor(random, line, cut);
    const body = `${cut} ${noun}`;
    const identity = `${brand}|${body}|${shade}`.toLowerCase();
    if (taken.has(identity)) continue;
    taken.add(identity);
    const [low, high] = line.price;
    drafts.push({
      brand,
      body,
      nounForDescription: noun.replace(/^(midi|mini|maxi|ankle|knee high|flat|heeled|chain|hoop|sports|beanie|baseball) /i, '').replace(/^tshirt$/i, 't-shirt'),
      attributes: {
        type: line.type,
        typeFamily: line.family ?? null,
        category: line.category,
        gender: GENDER_OF[fit],
        materials: [...new Set([...(line.materials ?? []), ...cutMaterials(cut)])],
      },
      fit,
      shade,
      price: Math.round(low + (high - low) * random()) + 0.99,
      about: line.about,
    });
  }
  return drafts;
}

function modelDraft(model: Model): Draft {
  return {
    brand: model.brand,
    body: model.name,
    nounForDescription: model.name.split(' ').at(-1) as string,
    attributes: { type: model.type, typeFamily: model.family ?? null, category: model.category, gender: GENDER_OF[model.fit], materials: model.materials },
    fit: model.fit,
    shade: model.shade,
    price: model.price,
    about: model.about,
  };
}

export const MARKETPLACE_SEED = 'closetly-relevance-marketplace-v1';

export function marketplaceCorpus(seed = MARKETPLACE_SEED): JudgedCorpus {
  const random = randomFrom(seed);
  const taken = new Set<string>();
  const drafts = [...LINES.flatMap((line) => lineDrafts(line, random, taken)), ...MODELS.map(modelDraft)];
  const names = new Set<string>();
  const products = drafts.map((draft, serial) => productOf(draft, serial, random, names));
  return {
    id: 'marketplace',
    title: `marketplace (${products.length} products in a multi-brand shop's style; gender and colour in varying places)`,
    products,
  };
}
