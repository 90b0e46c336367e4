/**
 * The demo catalogue's tables: colours, garments (each with the cuts a shop
 * would name and a sentence about each), brands (where each sells, for whom,
 * at what price level, in which style, and a few of its real signature
 * pieces), shopper personas and names. `demo-catalogue.ts` turns them into
 * products, shoppers and saves; nothing here is random.
 *
 * Every name must read as its category under the catalogue's own inference
 * (libs/catalogue-rules/src/infer-category.ts): the spec checks each product.
 */
import type { GarmentShape } from './garment-art';

export type DemoCategory = 'tops' | 'bottoms' | 'shoes' | 'outerwear' | 'accessories';
/** Who a garment or brand is made for: Women, Men, Unisex. */
export type Fit = 'W' | 'M' | 'U';
export type Style = 'minimal' | 'street' | 'outdoor' | 'classic' | 'romantic' | 'active' | 'trend' | 'luxe';

export interface Colour {
  name: string;
  hex: string;
}

export const COLOURS = {
  black: { name: 'Black', hex: '#1e1e1f' },
  white: { name: 'White', hex: '#f7f6f2' },
  ecru: { name: 'Ecru', hex: '#e9e0cc' },
  oat: { name: 'Oatmeal', hex: '#d8cbb3' },
  navy: { name: 'Navy', hex: '#1f2a44' },
  charcoal: { name: 'Charcoal', hex: '#3b3d41' },
  grey: { name: 'Grey Marl', hex: '#a9aaad' },
  camel: { name: 'Camel', hex: '#c09465' },
  tan: { name: 'Tan', hex: '#b98a5e' },
  brown: { name: 'Chocolate Brown', hex: '#5a3b2a' },
  khaki: { name: 'Khaki', hex: '#b9ad86' },
  olive: { name: 'Olive', hex: '#65683c' },
  sage: { name: 'Sage Green', hex: '#9fb18f' },
  forest: { name: 'Forest Green', hex: '#2f4a37' },
  burgundy: { name: 'Burgundy', hex: '#6b1f2e' },
  rust: { name: 'Rust', hex: '#b0532c' },
  red: { name: 'Red', hex: '#b3262b' },
  pink: { name: 'Dusty Pink', hex: '#e2b2b0' },
  lilac: { name: 'Lilac', hex: '#b9abd8' },
  butter: { name: 'Butter Yellow', hex: '#f0dc9a' },
  sky: { name: 'Sky Blue', hex: '#a6c8e6' },
  cobalt: { name: 'Cobalt Blue', hex: '#2b52a3' },
  indigo: { name: 'Indigo', hex: '#283a5e' },
  midwash: { name: 'Mid Wash', hex: '#5b7ea3' },
  lightwash: { name: 'Light Wash', hex: '#9bb8d2' },
  gold: { name: 'Gold', hex: '#c9a646' },
  silver: { name: 'Silver', hex: '#b8bcc2' },
  tortoise: { name: 'Tortoiseshell', hex: '#6e4526' },
} as const satisfies Record<string, Colour>;
export type ColourKey = keyof typeof COLOURS;

const NEUTRALS: readonly ColourKey[] = ['black', 'white', 'ecru', 'navy', 'grey', 'camel', 'charcoal', 'oat'];
const DENIM: readonly ColourKey[] = ['indigo', 'midwash', 'lightwash', 'black', 'ecru'];
const LEATHER: readonly ColourKey[] = ['black', 'brown', 'tan', 'burgundy', 'camel', 'ecru'];
const METAL: readonly ColourKey[] = ['gold', 'silver'];

/** What a cut narrows of its garment: its colours, and who it is made for (a subset of the garment's fits). */
export interface Cut {
  colours?: readonly ColourKey[];
  fits?: readonly Fit[];
}

/**
 * A kind of garment: its category and drawing, who it is made for, its price
 * range at a mid-market shop (brands scale it), and the cuts a shop names it
 * by, each with a sentence that opens the description.
 */
export interface Garment {
  noun: string;
  category: DemoCategory;
  shape: GarmentShape;
  fits: readonly Fit[];
  price: readonly [number, number];
  colours: readonly ColourKey[];
  /**
   * [cut, opening sentence, what the cut narrows]: "Relaxed Linen" + noun "Shirt" → "Relaxed Linen Shirt".
   * A cut may come in fewer colours than its garment, and be made for fewer
   * people: a knee-high boot on a block heel is a women's boot even though
   * boots are made for men too.
   */
  cuts: ReadonlyArray<readonly [cut: string, opening: string, narrows?: Cut]>;
  /** How to care for it, the description's last sentence. */
  care: string;
}

export const GARMENTS = {
  tee: {
    noun: 'T-Shirt', category: 'tops', shape: 'tee', fits: ['W', 'M', 'U'], price: [22, 45], colours: [...NEUTRALS, 'sage', 'sky', 'butter'],
    cuts: [
      ['Essential Crew-Neck', 'An everyday crew-neck in soft combed cotton jersey with a regular fit and a clean, narrow neckband'],
      ['Heavyweight Boxy', 'A boxy, dropped-shoulder cut in dense 240 gsm cotton that holds its shape wash after wash'],
      ['Organic Cotton', 'Made from certified organic cotton in a straight, easy fit with a ribbed crew neck'],
      ['Pima Cotton Slim-Fit', 'Smooth long-staple Pima cotton with a subtle sheen, in a slim fit through the chest and sleeves'],
      ['Striped Breton', 'A nautical classic in midweight cotton with yarn-dyed stripes and a wide boat neck', { colours: ['navy', 'ecru', 'white', 'red'] }],
      ['Pocket', 'A relaxed cotton tee with a patch pocket at the chest and a slightly longer back hem'],
      ['Ribbed Fitted', 'A close-fitting tee in stretch rib that works on its own or layered under knitwear', { fits: ['W'] }],
      ['Vintage Wash Graphic', 'A garment-washed cotton tee with a faded print for a lived-in feel'],
    ],
    care: 'Machine wash cold; tumble dry low.',
  },
  shirt: {
    noun: 'Shirt', category: 'tops', shape: 'shirt', fits: ['W', 'M'], price: [45, 95], colours: ['white', 'sky', 'ecru', 'navy', 'sage', 'black', 'oat', 'pink'],
    cuts: [
      ['Relaxed Linen', 'Cut from breathable washed linen in a relaxed fit, with a camp collar and a straight hem that sits well untucked'],
      ['Oxford Button-Down', 'A wardrobe staple in soft cotton Oxford cloth with a button-down collar, chest pocket and curved hem'],
      ['Crisp Poplin', 'A sharp cotton poplin shirt with a classic collar, single-button cuffs and a tailored back'],
      ['Striped Cotton', 'Fine vertical stripes on a lightweight cotton shirting, finished with mother-of-pearl-effect buttons'],
      ['Brushed Flannel', 'A soft, brushed cotton flannel with a point collar and two flap chest pockets'],
      ['Camp-Collar', 'A short-sleeved shirt with an open camp collar in a fluid, drapey weave'],
      ['Oversized Denim', 'An oversized shirt in washed denim with dropped shoulders and press-stud fastening', { colours: DENIM }],
      ['Silk-Blend', 'A lustrous silk-blend shirt with a concealed placket and a softly relaxed shape'],
    ],
    care: 'Machine wash at 30°C; iron on medium heat.',
  },
  blouse: {
    noun: 'Blouse', category: 'tops', shape: 'blouse', fits: ['W'], price: [45, 110], colours: ['ecru', 'white', 'black', 'pink', 'butter', 'sage', 'burgundy', 'lilac'],
    cuts: [
      ['Satin Wrap', 'A fluid satin blouse that wraps and ties at the side, with long blouson sleeves'],
      ['Puff-Sleeve Poplin', 'Crisp cotton poplin with gathered puff sleeves and a neat round neckline'],
      ['Pintucked Cotton', 'Delicate pintucks run down the front of this airy cotton voile blouse'],
      ['Tie-Neck Georgette', 'A soft georgette blouse with a tie-neck detail and buttoned cuffs'],
      ['Broderie Anglaise', 'Cotton broderie with scalloped edges and a relaxed, summery shape'],
      ['Sheer Button-Through', 'A sheer, lightweight blouse with a button-through front and a softly rounded hem'],
    ],
    care: 'Hand wash cold or dry clean.',
  },
  sweater: {
    noun: 'Sweater', category: 'tops', shape: 'knit', fits: ['W', 'M', 'U'], price: [60, 150], colours: [...NEUTRALS, 'forest', 'burgundy', 'rust', 'sage'],
    cuts: [
      ['Merino Crew-Neck', 'Knitted from fine extra-soft merino wool in a classic crew-neck shape with ribbed trims'],
      ['Chunky Cable-Knit', 'A chunky wool-blend knit with raised cables down the front and a relaxed, slouchy fit'],
      ['Cashmere V-Neck', 'Pure cashmere in a lightweight gauge with a flattering V-neck and fully fashioned seams'],
      ['Ribbed Turtleneck', 'A slim turtleneck in stretchy ribbed knit, made for layering'],
      ['Mohair-Blend', 'An airy mohair-blend knit with a brushed, halo finish and dropped shoulders'],
      ['Fisherman Rib', 'A heritage fisherman-rib knit in soft lambswool with a boxy shape'],
      ['Fair Isle Lambswool', 'A classic Fair Isle yoke worked in warm lambswool'],
    ],
    care: 'Hand wash cold and dry flat.',
  },
  cardigan: {
    noun: 'Cardigan', category: 'tops', shape: 'cardigan', fits: ['W', 'M'], price: [60, 140], colours: ['ecru', 'oat', 'navy', 'black', 'grey', 'sage', 'butter', 'brown'],
    cuts: [
      ['Cropped Cotton', 'A cropped, close-fitting cardigan in soft cotton knit with pearlescent buttons', { fits: ['W'] }],
      ['Chunky Knit', 'A chunky, oversized cardigan in a cosy wool-blend with patch pockets'],
      ['Cashmere', 'A fine cashmere cardigan with a V-neck and ribbed trims, light enough for every season'],
      ['Textured Bouclé', 'A boxy bouclé knit with a round neck and contrast buttons', { fits: ['W'] }],
      ['Relaxed V-Neck', 'A relaxed merino-blend V-neck cardigan that layers easily over a tee'],
    ],
    care: 'Hand wash cold and dry flat.',
  },
  hoodie: {
    noun: 'Hoodie', category: 'tops', shape: 'hoodie', fits: ['W', 'M', 'U'], price: [50, 110], colours: ['grey', 'black', 'navy', 'oat', 'forest', 'sage', 'burgundy', 'ecru'],
    cuts: [
      ['Heavyweight Fleece', 'A heavyweight cotton fleece hoodie with a double-layer hood and a kangaroo pocket'],
      ['Organic Cotton Zip-Up', 'A zip-through hoodie in organic loopback cotton with ribbed cuffs and hem'],
      ['Oversized Logo', 'An oversized pullover hoodie with a small embroidered logo at the chest'],
      ['Garment-Dyed', 'Garment-dyed for a soft, washed colour, with a brushed-back interior'],
      ['Relaxed Pullover', 'A relaxed pullover hoodie with flat drawcords and dropped shoulders'],
    ],
    care: 'Machine wash cold inside out.',
  },
  sweatshirt: {
    noun: 'Sweatshirt', category: 'tops', shape: 'knit', fits: ['W', 'M', 'U'], price: [45, 95], colours: ['grey', 'oat', 'navy', 'black', 'sage', 'butter', 'sky'],
    cuts: [
      ['Vintage Wash Crew', 'A crew-neck sweatshirt with a sun-faded vintage wash and a soft brushed lining'],
      ['Loopback Cotton', 'Midweight loopback cotton with raglan sleeves and ribbed trims'],
      ['Varsity Graphic', 'A collegiate-inspired crew-neck with a flocked varsity print'],
      ['Half-Zip', 'A half-zip sweatshirt with a stand collar in soft cotton fleece'],
    ],
    care: 'Machine wash cold inside out.',
  },
  tank: {
    noun: 'Tank Top', category: 'tops', shape: 'tank', fits: ['W', 'M'], price: [15, 40], colours: ['white', 'black', 'ecru', 'grey', 'butter', 'sage', 'pink'],
    cuts: [
      ['Ribbed', 'A fitted tank in stretch cotton rib with a high scoop neckline', { fits: ['W'] }],
      ['Racerback', 'A racerback tank in a soft, fast-drying jersey made for training', { fits: ['W'] }],
      ['Linen-Blend', 'A relaxed tank in a breezy linen-blend with a straight hem'],
      ['Square-Neck', 'A sleek square-neck tank with a double layer at the front', { fits: ['W'] }],
    ],
    care: 'Machine wash cold.',
  },
  dress: {
    noun: 'Dress', category: 'tops', shape: 'dress', fits: ['W'], price: [60, 180], colours: ['black', 'ecru', 'sage', 'burgundy', 'navy', 'pink', 'butter', 'rust', 'lilac', 'sky'],
    cuts: [
      ['Linen Midi', 'A midi dress in washed linen with a square neckline, adjustable straps and side pockets'],
      ['Satin Slip', 'A bias-cut satin slip dress that skims the body, with delicate spaghetti straps'],
      ['Poplin Shirt', 'A belted shirt dress in crisp cotton poplin with a full, swishy skirt'],
      ['Knitted Maxi', 'A body-skimming maxi in fine rib knit with a mock neck'],
      ['Tiered Cotton', 'A tiered cotton dress with gathered seams and short puff sleeves'],
      ['Wrap Midi', 'A wrap midi in a fluid crepe with a V-neck and a tie waist'],
      ['Smocked Mini', 'A smocked mini dress with a ruffle hem and flutter sleeves'],
      ['Floral Tea', 'A floral tea dress with a sweetheart neckline and a button-through front'],
      ['Sleeveless Column', 'A clean-lined column dress in heavy crepe that falls to the ankle'],
    ],
    care: 'Machine wash cold on a delicate cycle, or dry clean.',
  },
  polo: {
    noun: 'Polo Shirt', category: 'tops', shape: 'polo', fits: ['M', 'W'], price: [40, 95], colours: ['navy', 'white', 'black', 'forest', 'sky', 'ecru', 'red'],
    cuts: [
      ['Classic Piqué', 'A cotton piqué polo with a ribbed collar, a two-button placket and split side vents'],
      ['Knitted Merino', 'A fine-gauge merino polo with a spread collar, smart enough for the office'],
      ['Slim-Fit Stretch', 'A slim polo in stretch cotton jersey that keeps its shape'],
      ['Open-Collar Linen', 'A linen-blend polo with an open resort collar for warm days'],
    ],
    care: 'Machine wash cold.',
  },
  jumpsuit: {
    noun: 'Jumpsuit', category: 'tops', shape: 'jumpsuit', fits: ['W'], price: [70, 150], colours: ['black', 'navy', 'olive', 'ecru', 'rust'],
    cuts: [
      ['Utility', 'A utility jumpsuit in cotton twill with patch pockets and a self-tie belt'],
      ['Linen-Blend Wide-Leg', 'A sleeveless linen-blend jumpsuit with a wide leg and a button-through front'],
      ['Crepe Halter', 'A fluid crepe jumpsuit with a halter neck and an open back'],
    ],
    care: 'Machine wash cold.',
  },
  jeans: {
    noun: 'Jeans', category: 'bottoms', shape: 'jeans', fits: ['W', 'M', 'U'], price: [60, 140], colours: DENIM,
    cuts: [
      ['Straight-Leg', 'A straight leg from hip to hem in rigid cotton denim that softens with every wear'],
      ['High-Rise Wide-Leg', 'A high waist and a full-length wide leg in comfort-stretch denim', { fits: ['W'] }],
      ['Slim Tapered', 'Slim through the thigh and tapered below the knee, in stretch denim'],
      ['Relaxed Dad', 'A relaxed, slouchy fit with a mid rise and a slightly cropped leg'],
      ['Bootcut', 'A fitted thigh opening into a subtle bootcut, in soft stretch denim'],
      ['Barrel-Leg', 'A curved barrel leg that narrows at the ankle, in non-stretch denim', { fits: ['W', 'U'] }],
      ['90s Loose', 'A loose 90s-inspired fit with a low-slung waist and a baggy leg'],
      ['Selvedge Slim', 'Japanese selvedge denim in a slim fit, with a clean self-edge at the outseam'],
    ],
    care: 'Wash inside out in cold water; line dry.',
  },
  trousers: {
    noun: 'Trousers', category: 'bottoms', shape: 'trousers', fits: ['W', 'M'], price: [55, 140], colours: ['black', 'navy', 'camel', 'charcoal', 'ecru', 'olive', 'brown', 'grey'],
    cuts: [
      ['Pleated Wide-Leg', 'High-waisted trousers with front pleats and a fluid wide leg that moves beautifully', { fits: ['W'] }],
      ['Tailored Straight', 'Sharply tailored straight-leg trousers with pressed creases and slanted pockets'],
      ['Linen Drawstring', 'Easy linen trousers with an elasticated drawstring waist and a relaxed leg'],
      ['Wool-Blend Slim', 'Slim trousers in a wool-blend suiting fabric with a touch of stretch'],
      ['Cropped Cigarette', 'Neat cigarette trousers that stop at the ankle, with a flat front', { fits: ['W'] }],
      ['Relaxed Pull-On', 'Relaxed pull-on trousers in a soft twill with an elasticated back waist'],
    ],
    care: 'Machine wash at 30°C or dry clean.',
  },
  chinos: {
    noun: 'Chinos', category: 'bottoms', shape: 'trousers', fits: ['M', 'W'], price: [50, 100], colours: ['khaki', 'navy', 'olive', 'ecru', 'black', 'camel'],
    cuts: [
      ['Slim-Fit Stretch', 'Slim chinos in a cotton twill with a little stretch for all-day comfort'],
      ['Relaxed Pleated', 'Relaxed chinos with a single pleat and a tapered leg'],
      ['Garment-Dyed', 'Garment-dyed cotton twill chinos with a soft, broken-in hand'],
      ['Straight Organic Cotton', 'A straight-leg chino in organic cotton twill'],
    ],
    care: 'Machine wash cold.',
  },
  shorts: {
    noun: 'Shorts', category: 'bottoms', shape: 'shorts', fits: ['W', 'M', 'U'], price: [30, 70], colours: ['ecru', 'navy', 'khaki', 'black', 'sage', 'midwash', 'lightwash'],
    cuts: [
      ['Linen Drawstring', 'Breezy linen shorts with a drawstring waist and side pockets'],
      ['Denim Cut-Off', 'High-rise denim shorts with a raw, frayed hem', { colours: DENIM, fits: ['W'] }],
      ['Pleated Chino', 'Pleated cotton twill shorts with a 7" inseam'],
      ['Nylon Swim', 'Quick-dry recycled nylon swim shorts with a mesh lining and a back pocket'],
      ['Running', 'Lightweight running shorts with a built-in liner and a zip pocket'],
    ],
    care: 'Machine wash cold.',
  },
  skirt: {
    noun: 'Skirt', category: 'bottoms', shape: 'skirt', fits: ['W'], price: [45, 110], colours: ['black', 'ecru', 'camel', 'navy', 'burgundy', 'sage', 'midwash', 'butter'],
    cuts: [
      ['Satin Midi', 'A bias-cut satin midi skirt with a hidden elasticated waist'],
      ['Pleated Midi', 'A sunray-pleated midi skirt that swishes as you walk'],
      ['Denim Mini', 'A five-pocket denim mini skirt with a raw hem', { colours: DENIM }],
      ['A-Line Linen', 'An A-line skirt in washed linen with a button front and patch pockets'],
      ['Knitted Maxi', 'A ribbed-knit maxi skirt with a comfortable stretch waistband'],
      ['Wrap', 'A wrap skirt that ties at the side, in a lightweight crepe'],
    ],
    care: 'Machine wash cold on a delicate cycle.',
  },
  joggers: {
    noun: 'Joggers', category: 'bottoms', shape: 'joggers', fits: ['W', 'M', 'U'], price: [45, 100], colours: ['grey', 'black', 'navy', 'oat', 'olive', 'forest'],
    cuts: [
      ['Tech Fleece', 'Tapered joggers in a smooth, warm double-knit fleece with zip pockets'],
      ['Cotton Terry', 'Classic joggers in loopback cotton terry with a drawcord waist and ribbed cuffs'],
      ['Tapered Cargo', 'Cargo joggers with flap pockets and an elasticated, tapered leg'],
      ['Relaxed', 'Relaxed joggers with an open hem and a soft brushed interior'],
    ],
    care: 'Machine wash cold inside out.',
  },
  leggings: {
    noun: 'Leggings', category: 'bottoms', shape: 'leggings', fits: ['W'], price: [40, 100], colours: ['black', 'navy', 'charcoal', 'olive', 'burgundy'],
    cuts: [
      ['High-Rise Sculpt', 'Sculpting high-rise leggings in a smooth, squat-proof fabric'],
      ['Seamless Ribbed', 'Seamless ribbed leggings with a supportive waistband'],
      ['Training 7/8', 'Sweat-wicking 7/8 training leggings with a hidden waistband pocket'],
    ],
    care: 'Machine wash cold; do not tumble dry.',
  },
  sneakers: {
    noun: 'Sneakers', category: 'shoes', shape: 'sneaker', fits: ['W', 'M', 'U'], price: [70, 140], colours: ['white', 'black', 'ecru', 'navy', 'grey', 'sage', 'tan'],
    cuts: [
      ['Leather Court', 'Minimal court sneakers in smooth leather on a stitched cupsole'],
      ['Retro Runner', 'Retro running-inspired sneakers with suede overlays and a cushioned midsole'],
      ['Canvas Low-Top', 'Low-top canvas sneakers with a vulcanised rubber sole'],
      ['Suede Terrace', 'Slim terrace sneakers in soft suede with a gum rubber outsole'],
      ['Chunky Platform', 'Chunky sneakers on a stacked platform sole', { fits: ['W', 'U'] }],
      ['Knit Trail', 'Lightweight knit trail sneakers with a grippy lugged outsole'],
    ],
    care: 'Wipe clean with a damp cloth.',
  },
  boots: {
    noun: 'Boots', category: 'shoes', shape: 'boot', fits: ['W', 'M'], price: [110, 240], colours: LEATHER,
    cuts: [
      ['Leather Chelsea', 'Classic Chelsea boots in polished leather with elastic side gussets and a pull tab'],
      ['Lug-Sole Ankle', 'Ankle boots on a chunky lug sole, in smooth leather with a side zip'],
      ['Suede Desert', 'Desert boots in soft suede with a crepe rubber sole'],
      ['Lace-Up Combat', 'Lace-up combat boots with a padded collar and a sturdy sole'],
      ['Knee-High Leather', 'Knee-high boots in supple leather with a slim block heel', { fits: ['W'] }],
      ['Western', 'Western boots with a pointed toe, a stacked heel and tonal stitching'],
    ],
    care: 'Treat with leather conditioner; wipe clean.',
  },
  loafers: {
    noun: 'Loafers', category: 'shoes', shape: 'loafer', fits: ['W', 'M'], price: [90, 190], colours: LEATHER,
    cuts: [
      ['Leather Penny', 'Penny loafers in glossy leather with a moccasin toe and a leather sole'],
      ['Chunky Lug-Sole', 'Chunky loafers in polished leather on a lugged rubber sole'],
      ['Suede Tassel', 'Unlined suede loafers with tassel details and a flexible sole'],
      ['Horsebit', 'Leather loafers with a metal horsebit strap across the vamp'],
    ],
    care: 'Wipe clean; use a suede brush where needed.',
  },
  sandals: {
    noun: 'Sandals', category: 'shoes', shape: 'sandal', fits: ['W', 'M', 'U'], price: [40, 120], colours: ['black', 'tan', 'brown', 'ecru', 'white', 'gold'],
    cuts: [
      ['Leather Slide', 'Leather slides with a moulded footbed and a wide strap'],
      ['Strappy Flat', 'Flat sandals with slim crossover straps and an ankle buckle', { fits: ['W'] }],
      ['Double-Strap Footbed', 'Two-strap sandals with a contoured cork footbed'],
      ['Braided Leather', 'Sandals with woven leather straps on a cushioned sole'],
      ['Sport', 'Sport sandals with hook-and-loop straps and a grippy outsole'],
    ],
    care: 'Wipe clean.',
  },
  clogs: {
    noun: 'Clogs', category: 'shoes', shape: 'clog', fits: ['W', 'M', 'U'], price: [60, 150], colours: ['black', 'tan', 'brown', 'ecru', 'olive'],
    cuts: [
      ['Suede', 'Closed-toe suede clogs with an adjustable buckle on a contoured cork footbed'],
      ['Wooden-Sole Leather', 'Leather clogs on a carved wooden sole with a studded upper', { colours: ['black', 'tan', 'brown'] }],
    ],
    care: 'Wipe clean; use a suede brush where needed.',
  },
  heels: {
    noun: 'Heels', category: 'shoes', shape: 'heel', fits: ['W'], price: [70, 160], colours: ['black', 'ecru', 'tan', 'burgundy', 'red', 'silver'],
    cuts: [
      ['Pointed Slingback', 'Pointed slingback heels in leather with a mid kitten heel'],
      ['Round-Toe Pump', 'Leather pumps on a comfortable block heel with a softly rounded toe'],
      ['Strappy Stiletto', 'Barely-there strappy stiletto sandals for evenings out'],
      ['Square-Toe Mule', 'Square-toe mules in soft leather on a sculpted heel'],
    ],
    care: 'Wipe clean.',
  },
  flats: {
    noun: 'Ballet Flats', category: 'shoes', shape: 'flat', fits: ['W'], price: [60, 130], colours: ['black', 'ecru', 'burgundy', 'silver', 'pink', 'tan'],
    cuts: [
      ['Leather', 'Classic ballet flats in buttery leather with a bow at the toe'],
      ['Mesh', 'Sheer mesh ballet flats with leather trims'],
      ['Mary Jane', 'Ballet flats with a Mary Jane strap and a rounded toe'],
    ],
    care: 'Wipe clean.',
  },
  coat: {
    noun: 'Coat', category: 'outerwear', shape: 'coat', fits: ['W', 'M', 'U'], price: [150, 330], colours: ['camel', 'black', 'charcoal', 'navy', 'oat', 'brown', 'forest'],
    cuts: [
      ['Double-Breasted Wool', 'A double-breasted coat in a dense wool blend with peak lapels and a full lining'],
      ['Single-Breasted Camel', 'A timeless single-breasted coat with notch lapels and flap pockets', { colours: ['camel'] }],
      ['Oversized Wool-Blend', 'An oversized coat with dropped shoulders and a relaxed, longline shape'],
      ['Belted Wrap', 'A wrap coat with a tie belt and a shawl collar in soft brushed wool', { fits: ['W'] }],
      ['Car', 'A hip-length car coat with a concealed placket and a funnel neck'],
      ['Longline Cocoon', 'A cocoon-shaped coat that falls below the knee, in a boiled-wool blend', { fits: ['W'] }],
    ],
    care: 'Dry clean only.',
  },
  trench: {
    noun: 'Trench Coat', category: 'outerwear', shape: 'trench', fits: ['W', 'M'], price: [140, 280], colours: ['camel', 'khaki', 'black', 'navy', 'oat'],
    cuts: [
      ['Classic Cotton', 'A double-breasted trench in water-repellent cotton gabardine with a storm flap and a belted waist'],
      ['Relaxed Belted', 'A relaxed trench with raglan sleeves, a removable belt and a back vent'],
      ['Cropped', 'A cropped take on the trench that finishes at the hip', { fits: ['W'] }],
    ],
    care: 'Dry clean only.',
  },
  jacket: {
    noun: 'Jacket', category: 'outerwear', shape: 'jacket', fits: ['W', 'M', 'U'], price: [80, 190], colours: ['midwash', 'black', 'olive', 'khaki', 'navy', 'brown', 'ecru', 'tan'],
    cuts: [
      ['Denim', 'A classic denim jacket with chest flap pockets and adjustable waist tabs', { colours: DENIM }],
      ['Suede Bomber', 'A soft suede bomber with ribbed cuffs and hem and a two-way zip', { colours: ['tan', 'brown', 'black', 'olive'] }],
      ['Waxed Cotton Field', 'A waxed cotton field jacket with a corduroy collar and four bellows pockets', { colours: ['olive', 'brown', 'navy', 'black'] }],
      ['Quilted Liner', 'A lightweight diamond-quilted jacket with snap fastening'],
      ['Corduroy Trucker', 'A trucker jacket in chunky corduroy with a fleece-lined body'],
      ['Leather Biker', 'A leather biker jacket with an asymmetric zip and notched lapels', { colours: ['black', 'brown', 'burgundy'] }],
      ['Harrington', 'A Harrington jacket with a stand collar and a checked lining'],
      ['Cotton Chore', 'A boxy chore jacket in sturdy cotton canvas with three patch pockets'],
    ],
    care: 'Follow the care label inside.',
  },
  puffer: {
    noun: 'Puffer Jacket', category: 'outerwear', shape: 'puffer', fits: ['W', 'M', 'U'], price: [120, 260], colours: ['black', 'navy', 'olive', 'ecru', 'brown', 'cobalt', 'burgundy'],
    cuts: [
      ['Recycled Down', 'A channel-quilted puffer filled with responsibly sourced recycled down'],
      ['Cropped', 'A cropped, boxy puffer with a high stand collar', { fits: ['W'] }],
      ['Lightweight Packable', 'A lightweight puffer that packs into its own pocket'],
      ['Hooded Longline', 'A hooded longline puffer with a two-way zip and a storm flap'],
    ],
    care: 'Machine wash cold on a gentle cycle; tumble dry low with dryer balls.',
  },
  blazer: {
    noun: 'Blazer', category: 'outerwear', shape: 'blazer', fits: ['W', 'M'], price: [100, 230], colours: ['black', 'navy', 'camel', 'charcoal', 'ecru', 'brown'],
    cuts: [
      ['Oversized Wool', 'An oversized single-breasted blazer in a wool blend with padded shoulders'],
      ['Linen Single-Breasted', 'A single-breasted blazer in crisp linen, half-lined for warm days'],
      ['Double-Breasted', 'A sharp double-breasted blazer with peak lapels'],
      ['Unstructured Cotton', 'An unstructured cotton blazer with patch pockets and soft shoulders'],
    ],
    care: 'Dry clean only.',
  },
  rainJacket: {
    noun: 'Rain Jacket', category: 'outerwear', shape: 'jacket', fits: ['W', 'M', 'U'], price: [80, 180], colours: ['black', 'olive', 'butter', 'navy', 'red', 'sage'],
    cuts: [
      ['Packable', 'A fully waterproof, breathable shell with taped seams that packs into its pocket'],
      ['Hooded Waterproof', 'A waterproof hooded jacket with a peaked hood and pit zips'],
      ['Rubberised', 'A rubberised raincoat-style jacket with a snap front and a drawcord hood'],
    ],
    care: 'Machine wash cold; do not use fabric softener.',
  },
  gilet: {
    noun: 'Gilet', category: 'outerwear', shape: 'gilet', fits: ['W', 'M', 'U'], price: [60, 140], colours: ['black', 'navy', 'olive', 'ecru', 'khaki'],
    cuts: [
      ['Quilted', 'A diamond-quilted gilet with a stand collar and popper fastening'],
      ['Down', 'A warm down gilet with a high collar and zip hand pockets'],
      ['Fleece', 'A soft high-pile fleece gilet with a chest pocket'],
    ],
    care: 'Machine wash cold.',
  },
  bag: {
    noun: 'Bag', category: 'accessories', shape: 'bag', fits: ['W', 'U'], price: [50, 160], colours: ['black', 'tan', 'brown', 'ecru', 'burgundy', 'sage', 'butter'],
    cuts: [
      ['Leather Shoulder', 'A structured shoulder bag in smooth leather with a magnetic flap and an adjustable strap', { fits: ['W'] }],
      ['Mini Crossbody', 'A compact crossbody with a zip top, a card slot and a detachable strap'],
      ['Woven Raffia', 'A hand-woven raffia bag with leather handles, made for summer', { colours: ['ecru', 'tan', 'black'], fits: ['W'] }],
      ['Quilted Chain', 'A quilted bag on a chain strap with a turn-lock closure', { fits: ['W'] }],
      ['Leather Bucket', 'A slouchy bucket bag with a drawstring closure and a removable pouch', { fits: ['W'] }],
    ],
    care: 'Wipe clean with a dry cloth.',
  },
  beltBag: {
    noun: 'Belt Bag', category: 'accessories', shape: 'beltBag', fits: ['U', 'W', 'M'], price: [30, 90], colours: ['black', 'navy', 'olive', 'tan', 'ecru', 'sage'],
    cuts: [
      ['Nylon', 'A nylon belt bag worn cross-body or at the waist'],
      ['Leather', 'A compact leather belt bag with a zip top and an adjustable strap', { colours: ['black', 'tan', 'brown'] }],
    ],
    care: 'Wipe clean with a dry cloth.',
  },
  duffel: {
    noun: 'Duffel Bag', category: 'accessories', shape: 'duffel', fits: ['U'], price: [70, 180], colours: ['black', 'navy', 'olive', 'tan', 'red', 'cobalt'],
    cuts: [
      ['Recycled Nylon', 'A roomy duffel in recycled nylon with grab handles, a shoulder strap and an end pocket'],
      ['Canvas Weekender', 'A weekend-sized duffel in waxed canvas with leather handles'],
    ],
    care: 'Spot clean.',
  },
  tote: {
    noun: 'Tote Bag', category: 'accessories', shape: 'tote', fits: ['U', 'W'], price: [30, 100], colours: ['ecru', 'black', 'navy', 'tan', 'olive'],
    cuts: [
      ['Canvas', 'A roomy tote in heavyweight cotton canvas with long shoulder handles and an inner pocket'],
      ['Leather', 'A soft leather tote that fits a laptop, with a zipped inner pocket'],
      ['Recycled Nylon', 'A lightweight tote in recycled nylon that folds flat'],
    ],
    care: 'Spot clean.',
  },
  backpack: {
    noun: 'Backpack', category: 'accessories', shape: 'backpack', fits: ['U'], price: [50, 130], colours: ['black', 'navy', 'olive', 'grey', 'tan'],
    cuts: [
      ['Rolltop', 'A water-resistant rolltop backpack with a padded laptop sleeve'],
      ['Recycled Nylon', 'A clean-lined backpack in recycled nylon with a front zip pocket'],
      ['Leather', 'A minimalist leather backpack with a drawstring top and a flap'],
    ],
    care: 'Spot clean.',
  },
  cap: {
    noun: 'Cap', category: 'accessories', shape: 'cap', fits: ['U'], price: [20, 45], colours: ['navy', 'black', 'ecru', 'khaki', 'forest', 'white', 'burgundy'],
    cuts: [
      ['Cotton Baseball', 'A six-panel baseball cap in washed cotton twill with an adjustable strap'],
      ['Corduroy', 'A soft corduroy cap with a curved peak and a brass buckle'],
      ['Washed Twill Logo', 'A washed cotton cap with a small embroidered logo'],
    ],
    care: 'Spot clean.',
  },
  beanie: {
    noun: 'Beanie', category: 'accessories', shape: 'beanie', fits: ['U'], price: [18, 60], colours: ['black', 'grey', 'navy', 'oat', 'rust', 'forest', 'burgundy', 'ecru'],
    cuts: [
      ['Ribbed Wool', 'A ribbed beanie in warm wool with a deep turn-up'],
      ['Cashmere', 'A luxuriously soft cashmere beanie in a fine rib'],
      ['Fisherman', 'A short fisherman beanie in chunky rib knit'],
    ],
    care: 'Hand wash cold.',
  },
  hat: {
    noun: 'Hat', category: 'accessories', shape: 'hat', fits: ['U', 'W'], price: [25, 70], colours: ['ecru', 'black', 'tan', 'camel', 'navy', 'khaki'],
    cuts: [
      ['Cotton Bucket', 'A cotton twill bucket hat with a stitched brim'],
      ['Straw Sun', 'A wide-brim straw sun hat with a grosgrain band', { colours: ['ecru', 'tan'] }],
      ['Wool Fedora', 'A felted wool fedora with a pinched crown and a ribbon band'],
    ],
    care: 'Spot clean.',
  },
  scarf: {
    noun: 'Scarf', category: 'accessories', shape: 'scarf', fits: ['U', 'W', 'M'], price: [25, 90], colours: ['camel', 'grey', 'navy', 'burgundy', 'oat', 'forest', 'red', 'black'],
    cuts: [
      ['Wool', 'A generous wool scarf with fringed ends'],
      ['Cashmere', 'A featherlight cashmere scarf, brushed for extra softness'],
      ['Silk Square', 'A printed silk twill square to knot at the neck or on a bag'],
      ['Checked Lambswool', 'A checked lambswool scarf woven in Scotland'],
    ],
    care: 'Dry clean or hand wash cold.',
  },
  belt: {
    noun: 'Belt', category: 'accessories', shape: 'belt', fits: ['U', 'M', 'W'], price: [25, 80], colours: ['black', 'brown', 'tan', 'burgundy'],
    cuts: [
      ['Leather', 'A classic belt in full-grain leather with a polished buckle'],
      ['Woven', 'A stretch woven belt with leather tabs'],
      ['Reversible Leather', 'A reversible leather belt, black on one side and brown on the other'],
    ],
    care: 'Wipe clean.',
  },
  sunglasses: {
    noun: 'Sunglasses', category: 'accessories', shape: 'sunglasses', fits: ['U'], price: [40, 140], colours: ['black', 'tortoise', 'gold', 'silver', 'brown'],
    cuts: [
      ['Square Acetate', 'Square sunglasses in polished acetate with UV400 lenses'],
      ['Round Metal', 'Round sunglasses with a fine metal frame and tinted lenses'],
      ['Cat-Eye', 'Bold cat-eye sunglasses with gradient lenses'],
      ['Oval', 'Slim oval sunglasses with a nineties feel'],
    ],
    care: 'Clean with the microfibre pouch.',
  },
  necklace: {
    noun: 'Necklace', category: 'accessories', shape: 'necklace', fits: ['W', 'U'], price: [25, 95], colours: METAL,
    cuts: [
      ['Herringbone Chain', 'A fluid herringbone chain in 18k gold-plated recycled brass'],
      ['Pearl Pendant', 'A freshwater pearl on a fine chain', { fits: ['W'] }],
      ['Signet Charm', 'A fine chain with a round signet charm'],
    ],
    care: 'Keep dry; store in the pouch.',
  },
  earrings: {
    noun: 'Hoop Earrings', category: 'accessories', shape: 'earrings', fits: ['W'], price: [20, 80], colours: METAL,
    cuts: [
      ['Chunky', 'Chunky, hollow hoops that are lighter than they look'],
      ['Small Huggie', 'Small huggie hoops to wear every day'],
      ['Twisted', 'Twisted hoops in gold-plated sterling silver'],
    ],
    care: 'Keep dry; store in the pouch.',
  },
  watch: {
    noun: 'Watch', category: 'accessories', shape: 'watch', fits: ['U', 'M', 'W'], price: [90, 220], colours: ['black', 'brown', 'tan', 'silver', 'navy'],
    cuts: [
      ['Minimalist Leather-Strap', 'A minimalist watch with a clean dial, a sapphire-coated crystal and a leather strap'],
      ['Stainless Steel Chronograph', 'A chronograph in brushed stainless steel, water resistant to 100 m'],
      ['Digital', 'A retro digital watch with a backlight, alarm and stopwatch'],
    ],
    care: 'Water resistant; avoid hot water.',
  },
  socks: {
    noun: 'Socks', category: 'accessories', shape: 'socks', fits: ['U'], price: [10, 28], colours: ['white', 'black', 'grey', 'oat', 'forest', 'burgundy'],
    cuts: [
      ['Ribbed Cotton Crew', 'Ribbed crew socks in combed cotton with a cushioned sole'],
      ['Merino Hiking', 'Merino wool hiking socks with targeted cushioning'],
    ],
    care: 'Machine wash warm.',
  },
} as const satisfies Record<string, Garment>;
export type GarmentKey = keyof typeof GARMENTS;

/**
 * Where a brand's pages are: the retailer whose page a shopper saves it from.
 * `{slug}` is the product's name in the URL, `{sku}` its number, `{g}` women
 * or men, `{brand}` the brand's slug. Every host is a supported retailer, so
 * each product is listed on its page alone (a single-brand shop only for its
 * own brand).
 */
export const SHOPS = {
  zara: 'https://www.zara.com/us/en/{slug}-p0{sku7}.html',
  hm: 'https://www2.hm.com/en_us/productpage.{sku10}.html',
  uniqlo: 'https://www.uniqlo.com/us/en/products/E{sku6}-000/00',
  mango: 'https://shop.mango.com/us/en/p/{g}/{slug}_{sku8}',
  cos: 'https://www.cos.com/en-us/{g}/product/{slug}-{sku10}',
  stories: 'https://www.stories.com/en-us/product/{slug}-{sku10}',
  arket: 'https://www.arket.com/en-us/product/{slug}-{sku10}',
  massimodutti: 'https://www.massimodutti.com/us/{slug}-l0{sku7}',
  gap: 'https://www.gap.com/browse/product.do?pid={sku9}',
  bananarepublic: 'https://bananarepublic.com/browse/product.do?pid={sku9}',
  jcrew: 'https://www.jcrew.com/p/{g}/{slug}/{sku5}',
  madewell: 'https://www.madewell.com/{slug}-{sku5}.html',
  everlane: 'https://www.everlane.com/products/{g}-{slug}',
  abercrombie: 'https://www.abercrombie.com/shop/us/p/{slug}-{sku8}',
  levis: 'https://www.levi.com/US/en_US/apparel/p/{sku9}',
  nike: 'https://www.nike.com/t/{slug}-{sku6}',
  adidas: 'https://www.adidas.com/us/{slug}/{sku6}.html',
  lululemon: 'https://shop.lululemon.com/p/{g}/{slug}/_/prod{sku8}',
  patagonia: 'https://www.patagonia.com/product/{slug}/{sku5}.html',
  northface: 'https://www.thenorthface.com/en-us/p/{g}/{slug}-nf0a{sku5}',
  ralphlauren: 'https://www.ralphlauren.com/{g}-clothing/{slug}/{sku8}.html',
  freepeople: 'https://www.freepeople.com/shop/{slug}/',
  ssense: 'https://www.ssense.com/en-us/{g}/product/{brand}/{slug}/{sku8}',
  farfetch: 'https://www.farfetch.com/shopping/{g}/{brand}-{slug}-item-{sku8}.aspx',
  netaporter: 'https://www.net-a-porter.com/en-us/shop/product/{brand}/clothing/{slug}/{sku16}',
  mytheresa: 'https://www.mytheresa.com/us/en/{g}/{brand}-{slug}-p{sku8}',
  revolve: 'https://www.revolve.com/{brand}-{slug}/dp/REFO-WD{sku4}/',
  nordstrom: 'https://www.nordstrom.com/s/{slug}/{sku7}',
  zalando: 'https://www.zalando.co.uk/{brand}-{slug}-{sku9}.html',
  asos: 'https://www.asos.com/us/{brand}/{brand}-{slug}/prd/{sku9}',
  urbanoutfitters: 'https://www.urbanoutfitters.com/shop/{brand}-{slug}',
  selfridges: 'https://www.selfridges.com/US/en/cat/{brand}-{slug}_R{sku8}/',
  shopbop: 'https://www.shopbop.com/{slug}-{brand}/vp/v=1/{sku10}.htm',
  johnlewis: 'https://www.johnlewis.com/{brand}-{slug}/p{sku9}',
  macys: 'https://www.macys.com/shop/product/{brand}-{slug}?ID={sku8}',
  bloomingdales: 'https://www.bloomingdales.com/shop/product/{brand}-{slug}?ID={sku7}',
  aritzia: 'https://www.aritzia.com/us/en/product/{slug}/{sku6}.html',
  marksandspencer: 'https://www.marksandspencer.com/{slug}/p/clp{sku8}',
} as const;
export type ShopKey = keyof typeof SHOPS;

/** A brand's real signature piece: [name, garment (category and drawing), fit, price in USD, opening sentence]. */
export type Signature = readonly [name: string, garment: GarmentKey, fit: Fit, price: number, about: string];

export interface Brand {
  name: string;
  shop: ShopKey;
  fits: readonly Fit[];
  /** Price level against a mid-market shop (1). */
  tier: number;
  /** How its prices end: .99, .90, .95 or whole dollars (.00). */
  cents: 99 | 90 | 95 | 50 | 0;
  styles: readonly Style[];
  /** The garments it sells, most typical first. */
  garments: readonly GarmentKey[];
  /** How many products it has in the demo catalogue (signatures included). */
  count: number;
  signatures?: readonly Signature[];
  /** One sentence of the brand's own voice, added to some descriptions. */
  voice?: string;
}

export const BRANDS: readonly Brand[] = [
  {
    name: 'Zara', shop: 'zara', fits: ['W', 'M'], tier: 0.75, cents: 90, styles: ['trend'], count: 14,
    garments: ['blazer', 'dress', 'trousers', 'jeans', 'blouse', 'coat', 'heels', 'bag', 'shirt', 'tank', 'boots', 'skirt', 'sweater', 'jacket'],
  },
  {
    name: 'H&M', shop: 'hm', fits: ['W', 'M', 'U'], tier: 0.5, cents: 99, styles: ['trend', 'street'], count: 13,
    garments: ['tee', 'jeans', 'hoodie', 'dress', 'shirt', 'sweater', 'puffer', 'skirt', 'sneakers', 'cap', 'trousers', 'tank'],
  },
  {
    name: 'Uniqlo', shop: 'uniqlo', fits: ['W', 'M', 'U'], tier: 0.55, cents: 90, styles: ['minimal'], count: 11,
    garments: ['tee', 'sweater', 'chinos', 'jeans', 'shirt', 'puffer', 'cardigan', 'socks'],
    signatures: [
      ['Round Mini Shoulder Bag', 'bag', 'U', 19.9, 'A compact, water-repellent round shoulder bag with an adjustable strap and room for the everyday essentials'],
      ['Ultra Light Down Jacket', 'puffer', 'U', 79.9, 'A featherweight down jacket that packs into its own pouch, with a water-repellent finish'],
      ['Supima Cotton Crew Neck T-Shirt', 'tee', 'U', 14.9, 'Premium Supima cotton in a neat crew neck with a smooth, durable feel'],
      ['Premium Lambswool Crew Neck Sweater', 'sweater', 'M', 49.9, 'Fine lambswool knitted in a classic crew neck, warm yet light'],
    ],
    voice: 'LifeWear: simple, high-quality clothing made for everyday life.',
  },
  {
    name: 'Mango', shop: 'mango', fits: ['W', 'M'], tier: 0.8, cents: 99, styles: ['trend', 'romantic'], count: 11,
    garments: ['dress', 'blazer', 'trousers', 'blouse', 'trench', 'jeans', 'bag', 'sandals', 'skirt', 'cardigan', 'shirt'],
  },
  {
    name: 'COS', shop: 'cos', fits: ['W', 'M', 'U'], tier: 1.05, cents: 0, styles: ['minimal'], count: 11,
    garments: ['shirt', 'trousers', 'sweater', 'coat', 'dress', 'tee', 'bag', 'loafers', 'skirt', 'blazer', 'tote'],
    voice: 'Designed in London with a focus on modern, functional and considered design.',
  },
  {
    name: '& Other Stories', shop: 'stories', fits: ['W'], tier: 0.95, cents: 0, styles: ['romantic', 'trend'], count: 9,
    garments: ['dress', 'blouse', 'skirt', 'cardigan', 'heels', 'earrings', 'necklace', 'jeans', 'flats'],
  },
  {
    name: 'Arket', shop: 'arket', fits: ['W', 'M', 'U'], tier: 1, cents: 0, styles: ['minimal', 'outdoor'], count: 9,
    garments: ['sweater', 'shirt', 'jacket', 'trousers', 'coat', 'tee', 'beanie', 'tote', 'sneakers'],
    voice: 'A modern-day market for men, women and children, with essentials made to last.',
  },
  {
    name: 'Massimo Dutti', shop: 'massimodutti', fits: ['W', 'M'], tier: 1.25, cents: 90, styles: ['classic', 'minimal'], count: 9,
    garments: ['blazer', 'shirt', 'coat', 'trousers', 'loafers', 'sweater', 'belt', 'bag', 'polo'],
  },
  {
    name: 'Gap', shop: 'gap', fits: ['W', 'M', 'U'], tier: 0.7, cents: 95, styles: ['classic', 'street'], count: 9,
    garments: ['hoodie', 'tee', 'jeans', 'chinos', 'sweatshirt', 'shirt', 'jacket', 'cap'],
    signatures: [
      ['Vintage Soft Logo Hoodie', 'hoodie', 'U', 59.95, 'The classic arch-logo hoodie in Gap’s ultra-soft, brushed Vintage Soft fleece'],
      ['90s Loose Jeans', 'jeans', 'M', 79.95, 'A roomy 90s-inspired fit with a relaxed seat and a straight, loose leg'],
    ],
  },
  {
    name: 'Banana Republic', shop: 'bananarepublic', fits: ['W', 'M'], tier: 1.2, cents: 0, styles: ['classic'], count: 8,
    garments: ['trousers', 'shirt', 'sweater', 'blazer', 'chinos', 'dress', 'trench', 'polo'],
  },
  {
    name: 'J.Crew', shop: 'jcrew', fits: ['W', 'M'], tier: 1.05, cents: 50, styles: ['classic'], count: 9,
    garments: ['sweater', 'shirt', 'chinos', 'blazer', 'cardigan', 'tee', 'skirt', 'loafers', 'jacket'],
    signatures: [
      ['Broken-in Organic Cotton Oxford Shirt', 'shirt', 'M', 79.5, 'Our famously soft Oxford shirt, garment-washed so it feels broken in from the first wear'],
      ['Cashmere Crewneck Sweater', 'sweater', 'W', 148, 'Grade-A Mongolian cashmere in a relaxed crewneck shape'],
    ],
  },
  {
    name: 'Madewell', shop: 'madewell', fits: ['W', 'M'], tier: 1.05, cents: 0, styles: ['classic', 'street'], count: 8,
    garments: ['jeans', 'tee', 'shirt', 'tote', 'sweater', 'boots', 'jacket'],
    signatures: [
      ['The Perfect Vintage Jean', 'jeans', 'W', 138, 'A high-rise, straight-leg jean inspired by vintage denim, in rigid cotton that moulds to you'],
      ['The Transport Tote', 'tote', 'W', 178, 'Our best-selling leather tote: roomy, sturdy and ready for everything you carry'],
    ],
  },
  {
    name: 'Everlane', shop: 'everlane', fits: ['W', 'M', 'U'], tier: 1.05, cents: 0, styles: ['minimal'], count: 9,
    garments: ['tee', 'sweater', 'trousers', 'jeans', 'coat', 'loafers', 'tote', 'cardigan'],
    signatures: [
      ['The Organic Cotton Box-Cut Tee', 'tee', 'W', 35, 'A boxy, slightly cropped tee in heavyweight organic cotton'],
      ['The Way-High Jean', 'jeans', 'W', 98, 'Our highest rise, in rigid organic denim with a straight, ankle-length leg'],
      ['The ReNew Long Puffer', 'puffer', 'W', 248, 'A long puffer with a shell and fill made from recycled plastic bottles'],
    ],
    voice: 'Made in ethical factories, with radical transparency about what it costs to make.',
  },
  {
    name: 'Abercrombie & Fitch', shop: 'abercrombie', fits: ['W', 'M'], tier: 0.95, cents: 0, styles: ['street', 'classic'], count: 8,
    garments: ['jeans', 'tee', 'hoodie', 'shorts', 'sweater', 'jacket', 'dress'],
    signatures: [['Curve Love 90s Relaxed Jean', 'jeans', 'W', 90, 'A relaxed 90s fit with an extra 2" through the hip and thigh, so there is no waist gap']],
  },
  {
    name: "Levi's", shop: 'levis', fits: ['W', 'M', 'U'], tier: 1, cents: 50, styles: ['classic', 'street'], count: 8,
    garments: ['jeans', 'jacket', 'tee', 'shorts', 'shirt'],
    signatures: [
      ['501 Original Fit Jeans', 'jeans', 'M', 79.5, 'The original button-fly jean since 1873: a straight leg, a regular seat and the iconic Arcuate stitching'],
      ['Ribcage Straight Ankle Jeans', 'jeans', 'W', 98, 'A towering high rise that elongates the legs, with a straight, ankle-grazing leg'],
      ['511 Slim Fit Jeans', 'jeans', 'M', 69.5, 'A modern slim fit that sits below the waist, in stretch denim'],
      ['The Trucker Jacket', 'jacket', 'U', 89.5, 'The denim jacket that started it all: pointed flap pockets, a button front and adjustable waist tabs'],
      ['Sherpa Trucker Jacket', 'jacket', 'M', 128, 'The Trucker, lined with warm, fuzzy sherpa through the body and collar'],
    ],
  },
  {
    name: 'Nike', shop: 'nike', fits: ['W', 'M', 'U'], tier: 1, cents: 0, styles: ['street', 'active'], count: 11,
    garments: ['sneakers', 'hoodie', 'joggers', 'shorts', 'leggings', 'tee', 'cap', 'socks', 'tank'],
    signatures: [
      ['Air Force 1 ’07 Sneakers', 'sneakers', 'U', 115, 'The basketball original, with crisp leather overlays, bold details and Nike Air cushioning'],
      ['Dunk Low Retro Sneakers', 'sneakers', 'U', 115, 'The 80s hoops icon returns with classic colour blocking and a padded, low-cut collar'],
      ['Air Max 90 Sneakers', 'sneakers', 'M', 135, 'The waffle outsole, stitched overlays and visible Max Air unit of an icon'],
      ['Sportswear Club Fleece Hoodie', 'hoodie', 'U', 60, 'A wardrobe staple in soft brushed-back fleece with a roomy hood'],
      ['Tech Fleece Joggers', 'joggers', 'M', 110, 'Smooth, lightweight Tech Fleece in a tapered fit with zip pockets'],
      ['Windrunner Jacket', 'rainJacket', 'M', 105, 'The chevron-fronted running jacket since 1978, in a water-repellent woven fabric'],
    ],
  },
  {
    name: 'adidas', shop: 'adidas', fits: ['W', 'M', 'U'], tier: 0.95, cents: 0, styles: ['street', 'active'], count: 10,
    garments: ['sneakers', 'tee', 'joggers', 'hoodie', 'shorts', 'cap', 'leggings', 'backpack'],
    signatures: [
      ['Samba OG Shoes', 'sneakers', 'U', 100, 'Born on the football pitch: soft leather, suede overlays and a gum rubber outsole'],
      ['Gazelle Shoes', 'sneakers', 'U', 100, 'The 1968 trainer in soft suede with the classic 3-Stripes and a contrast heel tab'],
      ['Stan Smith Shoes', 'sneakers', 'U', 100, 'Clean leather uppers, perforated 3-Stripes and a signature heel tab'],
      ['Adicolor Classics 3-Stripes Track Jacket', 'jacket', 'U', 80, 'A tricot track jacket with the 3-Stripes down the sleeves and a stand-up collar'],
      ['Adicolor Firebird Track Pants', 'joggers', 'U', 75, 'Slim track pants in smooth tricot with zip ankles and the 3-Stripes'],
    ],
  },
  {
    name: 'lululemon', shop: 'lululemon', fits: ['W', 'M'], tier: 1.4, cents: 0, styles: ['active'], count: 9,
    garments: ['leggings', 'tank', 'joggers', 'hoodie', 'shorts', 'tee', 'bag'],
    signatures: [
      ['Align High-Rise Pant 25"', 'leggings', 'W', 98, 'Buttery-soft Nulu fabric that feels weightless, with a high rise and a 25" inseam'],
      ['Define Jacket Nulu', 'jacket', 'W', 118, 'A fitted, zip-up jacket in Nulu fabric with thumbholes and cuffins'],
      ['Scuba Oversized Half-Zip Hoodie', 'hoodie', 'W', 118, 'A cosy, oversized half-zip in soft cotton-blend fleece with a kangaroo pocket'],
      ['ABC Slim-Fit Trousers 32"', 'trousers', 'M', 128, 'Anti-ball-crushing, four-way-stretch Warpstreme trousers that look sharp and move with you'],
      ['Everywhere Belt Bag 1L', 'beltBag', 'U', 38, 'A water-repellent belt bag to wear around the waist or across the body'],
      ['Pace Breaker Lined Shorts 7"', 'shorts', 'M', 68, 'Sweat-wicking running shorts with a built-in liner and a secure zip pocket'],
    ],
  },
  {
    name: 'Patagonia', shop: 'patagonia', fits: ['W', 'M', 'U'], tier: 1.35, cents: 0, styles: ['outdoor'], count: 9,
    garments: ['gilet', 'rainJacket', 'tee', 'shorts', 'beanie', 'backpack', 'puffer'],
    signatures: [
      ['Retro Pile Fleece Jacket', 'jacket', 'U', 149, 'A warm, high-pile fleece jacket made with recycled polyester and Fair Trade Certified sewing'],
      ['Nano Puff Jacket', 'puffer', 'M', 239, 'Windproof, water-resistant and warm, with PrimaLoft Gold insulation made from recycled materials'],
      ['Torrentshell 3L Rain Jacket', 'rainJacket', 'U', 179, 'A three-layer waterproof shell that is durable, breathable and fully seam-sealed'],
      ['Baggies Shorts 5"', 'shorts', 'U', 65, 'Quick-drying, water-repellent shorts that go from river to street'],
      ['P-6 Logo Responsibili-Tee', 'tee', 'U', 45, 'A tee made from recycled cotton and recycled polyester, printed with the P-6 logo'],
    ],
    voice: 'We are in business to save our home planet.',
  },
  {
    name: 'The North Face', shop: 'northface', fits: ['W', 'M', 'U'], tier: 1.3, cents: 0, styles: ['outdoor', 'street'], count: 9,
    garments: ['puffer', 'rainJacket', 'hoodie', 'beanie', 'backpack', 'tee', 'gilet'],
    signatures: [
      ['1996 Retro Nuptse Jacket', 'puffer', 'U', 320, 'The boxy, baffled down jacket from 1996, with 700-fill goose down and a stowable hood'],
      ['Denali Fleece Jacket', 'jacket', 'M', 180, 'The classic fleece jacket in recycled fleece with abrasion-resistant overlays'],
      ['Antora Rain Jacket', 'rainJacket', 'W', 110, 'A waterproof, breathable rain jacket with an adjustable hood'],
      ['Base Camp Duffel Bag', 'duffel', 'U', 165, 'The expedition-tough duffel with padded shoulder straps and a D-shaped opening'],
    ],
  },
  {
    name: 'Ralph Lauren', shop: 'ralphlauren', fits: ['W', 'M'], tier: 1.7, cents: 0, styles: ['classic', 'luxe'], count: 9,
    garments: ['polo', 'shirt', 'sweater', 'chinos', 'blazer', 'cap', 'loafers'],
    signatures: [
      ['Classic Fit Mesh Polo Shirt', 'polo', 'M', 110, 'The iconic polo in breathable cotton mesh with a ribbed collar and the embroidered Pony'],
      ['Custom Slim Fit Oxford Shirt', 'shirt', 'M', 125, 'Soft cotton Oxford cloth with a button-down collar, cut slim through the chest and waist'],
      ['Cable-Knit Cotton Sweater', 'sweater', 'W', 298, 'A heritage cable-knit in soft cotton with the signature Pony at the chest'],
      ['Polo Bear Sweater', 'sweater', 'U', 398, 'The beloved Polo Bear, intarsia-knit into a soft cotton-blend sweater'],
    ],
  },
  {
    name: 'Free People', shop: 'freepeople', fits: ['W'], tier: 1.05, cents: 0, styles: ['romantic'], count: 9,
    garments: ['dress', 'blouse', 'jeans', 'sweater', 'boots', 'skirt', 'bag', 'jumpsuit'],
    signatures: [['We The Free Good Luck Mid-Rise Barrel Jeans', 'jeans', 'W', 128, 'A slouchy mid-rise jean with a curved barrel leg and a cropped hem']],
  },
  {
    name: 'Acne Studios', shop: 'ssense', fits: ['W', 'M', 'U'], tier: 3.2, cents: 0, styles: ['luxe', 'minimal'], count: 8,
    garments: ['jeans', 'sweater', 'scarf', 'tee', 'coat', 'boots', 'beanie', 'bag'],
    signatures: [
      ['1996 Loose Fit Jeans', 'jeans', 'U', 400, 'A loose, low-waisted five-pocket jean in rigid cotton denim'],
      ['Canada Wool Scarf', 'scarf', 'U', 220, 'The signature fringed scarf in soft, skinny-rib wool with a face patch label'],
      ['Face Patch Ribbed Beanie', 'beanie', 'U', 150, 'A ribbed wool beanie with the Face logo patch at the turn-up'],
      ['Musubi Mini Shoulder Bag', 'bag', 'W', 1100, 'A soft leather bag with the knotted Musubi handle'],
    ],
  },
  {
    name: 'A.P.C.', shop: 'farfetch', fits: ['W', 'M'], tier: 2.2, cents: 0, styles: ['minimal', 'luxe'], count: 6,
    garments: ['jeans', 'sweater', 'tee', 'bag', 'jacket'],
    signatures: [
      ['Petit New Standard Jeans', 'jeans', 'M', 230, 'Raw Japanese selvedge denim in a slim, straight fit that fades to you'],
      ['Demi-Lune Shoulder Bag', 'bag', 'W', 590, 'The half-moon shoulder bag in smooth calfskin leather'],
    ],
  },
  {
    name: 'Ganni', shop: 'netaporter', fits: ['W'], tier: 2.3, cents: 0, styles: ['romantic', 'trend', 'luxe'], count: 8,
    garments: ['dress', 'blouse', 'boots', 'bag', 'cardigan', 'skirt', 'jeans'],
  },
  {
    name: 'Toteme', shop: 'mytheresa', fits: ['W'], tier: 3.6, cents: 0, styles: ['minimal', 'luxe'], count: 8,
    garments: ['coat', 'trousers', 'jeans', 'scarf', 'sweater', 'loafers', 'shirt'],
    signatures: [['Signature Wool-Cashmere Coat', 'coat', 'W', 1250, 'A double-breasted coat in a dense wool-cashmere blend with a relaxed, dropped shoulder']],
  },
  {
    name: 'Reformation', shop: 'revolve', fits: ['W'], tier: 1.6, cents: 0, styles: ['romantic', 'trend'], count: 8,
    garments: ['dress', 'jeans', 'blouse', 'skirt', 'tank', 'sweater'],
    signatures: [['Juliette Linen Dress', 'dress', 'W', 248, 'A linen midi dress with a square neck, a fitted bodice and a flowy skirt']],
  },
  {
    name: 'AllSaints', shop: 'nordstrom', fits: ['W', 'M'], tier: 1.7, cents: 0, styles: ['street', 'luxe'], count: 8,
    garments: ['jacket', 'tee', 'boots', 'jeans', 'sweater', 'dress'],
    signatures: [
      ['Balfern Leather Biker Jacket', 'jacket', 'M', 499, 'The house biker jacket in washed lambskin with an asymmetric zip'],
      ['Dalby Leather Biker Jacket', 'jacket', 'W', 479, 'A cropped, slim-fit biker jacket in supple lambskin'],
    ],
  },
  {
    name: 'New Balance', shop: 'nordstrom', fits: ['W', 'M', 'U'], tier: 1, cents: 0, styles: ['street', 'active'], count: 6,
    garments: ['sneakers', 'sweatshirt', 'cap'],
    signatures: [
      ['574 Core Sneakers', 'sneakers', 'U', 90, 'The reliable, versatile classic in suede and mesh on an ENCAP midsole'],
      ['990v6 Made in USA Sneakers', 'sneakers', 'M', 200, 'The latest 990, with FuelCell cushioning and a pigskin suede and mesh upper'],
      ['530 Sneakers', 'sneakers', 'W', 100, 'A 2000s running look with mesh and synthetic overlays and ABZORB cushioning'],
      ['9060 Sneakers', 'sneakers', 'U', 150, 'Y2K-inspired sculpted design on a wavy, oversized sole'],
    ],
  },
  {
    name: 'Converse', shop: 'zalando', fits: ['U'], tier: 1, cents: 0, styles: ['street'], count: 4,
    garments: ['sneakers'],
    signatures: [
      ['Chuck Taylor All Star High Top Sneakers', 'sneakers', 'U', 65, 'The canvas high top that started it all, with the ankle patch and a vulcanised rubber sole'],
      ['Chuck 70 Canvas Low-Top Sneakers', 'sneakers', 'U', 85, 'Heavier canvas, a cushioned insole and vintage details on the premium Chuck'],
      ['Run Star Hike Platform Sneakers', 'sneakers', 'U', 110, 'A Chuck Taylor on a chunky, jagged platform sole'],
    ],
  },
  {
    name: 'Dr. Martens', shop: 'asos', fits: ['W', 'M', 'U'], tier: 1.1, cents: 0, styles: ['street'], count: 5,
    garments: ['boots', 'loafers'],
    signatures: [
      ['1460 Smooth Leather Lace-Up Boots', 'boots', 'U', 170, 'The original 8-eye boot with yellow stitching and the AirWair bouncing sole'],
      ['Jadon Smooth Leather Platform Boots', 'boots', 'U', 210, 'The 1460, pumped up on a chunky, lugged platform sole'],
      ['2976 Chelsea Boots', 'boots', 'U', 160, 'Smooth leather Chelsea boots with elasticated gussets and a heel loop'],
      ['Adrian Leather Tassel Loafers', 'loafers', 'U', 150, 'Tassel loafers in smooth leather on the signature air-cushioned sole'],
    ],
  },
  {
    name: 'Vans', shop: 'urbanoutfitters', fits: ['U'], tier: 0.85, cents: 0, styles: ['street'], count: 5,
    garments: ['sneakers', 'cap', 'backpack'],
    signatures: [
      ['Old Skool Shoes', 'sneakers', 'U', 70, 'The classic skate shoe with the sidestripe, in canvas and suede'],
      ['Authentic Canvas Shoes', 'sneakers', 'U', 55, 'The original low-top Vans in sturdy canvas with a waffle outsole'],
      ['Sk8-Hi Shoes', 'sneakers', 'U', 75, 'A high-top lace-up with a padded collar for support and flexibility'],
      ['Classic Slip-On Shoes', 'sneakers', 'U', 60, 'The low-profile slip-on in canvas with elastic side accents'],
    ],
  },
  {
    name: 'Birkenstock', shop: 'selfridges', fits: ['U'], tier: 1.1, cents: 0, styles: ['minimal', 'outdoor', 'romantic'], count: 4,
    garments: ['sandals'],
    signatures: [
      ['Arizona Soft Footbed Sandals', 'sandals', 'U', 135, 'The two-strap classic in oiled leather with an extra layer of foam in the cork footbed'],
      ['Boston Suede Clogs', 'clogs', 'U', 160, 'A suede clog with an adjustable buckle and the contoured cork-latex footbed'],
      ['Gizeh Birko-Flor Sandals', 'sandals', 'W', 110, 'A thong sandal with a slim strap and the anatomically shaped footbed'],
      ['Arizona EVA Sandals', 'sandals', 'U', 50, 'The Arizona in lightweight, waterproof EVA'],
    ],
  },
  {
    name: 'Veja', shop: 'shopbop', fits: ['W', 'M', 'U'], tier: 1.2, cents: 0, styles: ['minimal', 'street'], count: 4,
    garments: ['sneakers'],
    signatures: [
      ['Campo Chromefree Leather Sneakers', 'sneakers', 'U', 175, 'Chrome-free tanned leather on a sole made with Amazonian rubber'],
      ['V-10 Leather Sneakers', 'sneakers', 'U', 175, 'The V-10 in smooth leather with the signature V and a wild rubber sole'],
      ['Esplar Leather Sneakers', 'sneakers', 'W', 140, 'A minimalist low-top in chrome-free leather'],
    ],
  },
  {
    name: 'Barbour', shop: 'johnlewis', fits: ['W', 'M'], tier: 1.8, cents: 0, styles: ['classic', 'outdoor'], count: 6,
    garments: ['jacket', 'gilet', 'scarf', 'sweater', 'shirt'],
    signatures: [
      ['Beaufort Waxed Jacket', 'jacket', 'M', 449, 'The classic shooting jacket in 6oz waxed cotton with a corduroy collar and a game pocket'],
      ['Bedale Waxed Jacket', 'jacket', 'W', 429, 'The hip-length riding jacket in waxed cotton with a tartan lining'],
      ['Liddesdale Quilted Jacket', 'jacket', 'U', 189, 'A diamond-quilted jacket with a corduroy collar and popper fastening'],
      ['Tartan Lambswool Scarf', 'scarf', 'U', 69, 'A soft lambswool scarf in a classic Barbour tartan'],
    ],
  },
  {
    name: 'Carhartt WIP', shop: 'ssense', fits: ['M', 'U'], tier: 1.2, cents: 0, styles: ['street', 'outdoor'], count: 6,
    garments: ['jacket', 'hoodie', 'tee', 'beanie', 'trousers'],
    signatures: [
      ['Detroit Jacket', 'jacket', 'M', 248, 'The workwear classic in organic cotton canvas with a corduroy collar and a blanket lining'],
      ['Acrylic Watch Hat', 'beanie', 'U', 29, 'The fine-rib knit beanie with a turn-up and the square label'],
      ['Single Knee Pant', 'trousers', 'M', 138, 'A relaxed, straight work pant in rigid Dearborn canvas'],
      ['Chase Hoodie', 'hoodie', 'U', 110, 'A heavyweight cotton-blend hoodie with a small embroidered C logo'],
      ['Pocket T-Shirt', 'tee', 'U', 45, 'A heavy jersey tee with a chest pocket and the square label'],
    ],
  },
  {
    name: 'Ray-Ban', shop: 'macys', fits: ['U'], tier: 1, cents: 0, styles: ['classic', 'trend', 'luxe'], count: 5,
    garments: ['sunglasses'],
    signatures: [
      ['Original Wayfarer Classic Sunglasses', 'sunglasses', 'U', 171, 'The most recognisable style in sunglasses, with a black acetate frame and G-15 lenses'],
      ['Aviator Classic Sunglasses', 'sunglasses', 'U', 181, 'The original pilot shape from 1937 in a gold metal frame'],
      ['Clubmaster Classic Sunglasses', 'sunglasses', 'U', 181, 'A browline frame with a retro feel and crystal green lenses'],
      ['Round Metal Sunglasses', 'sunglasses', 'U', 181, 'Perfectly round lenses in a thin metal frame'],
      ['Erika Classic Sunglasses', 'sunglasses', 'W', 161, 'An oversized round frame that is light enough to wear all day'],
    ],
  },
  {
    name: 'Coach', shop: 'bloomingdales', fits: ['W', 'U'], tier: 2.4, cents: 0, styles: ['classic', 'luxe', 'trend'], count: 6,
    garments: ['bag', 'tote', 'belt', 'scarf'],
    signatures: [
      ['Tabby Shoulder Bag 26', 'bag', 'W', 450, 'Polished pebble leather with the Signature hardware, worn on the shoulder or cross-body'],
      ['Brooklyn Shoulder Bag 28', 'bag', 'W', 395, 'A slouchy, roomy leather shoulder bag with a zip top'],
      ['Willow Leather Tote', 'tote', 'W', 450, 'A structured leather tote with a curved silhouette and a zip pocket'],
    ],
  },
  {
    name: 'Wilfred', shop: 'aritzia', fits: ['W'], tier: 1.15, cents: 0, styles: ['trend', 'minimal'], count: 7,
    garments: ['trousers', 'dress', 'blouse', 'sweater', 'tank', 'skirt'],
    signatures: [['Effortless Pant', 'trousers', 'W', 148, 'A pleated, high-waisted wide-leg pant in fluid crepe that drapes beautifully']],
  },
  {
    name: 'Marks & Spencer', shop: 'marksandspencer', fits: ['W', 'M', 'U'], tier: 0.65, cents: 0, styles: ['classic'], count: 9,
    garments: ['sweater', 'chinos', 'shirt', 'coat', 'socks', 'cardigan', 'loafers', 'trench'],
  },
];

/** A kind of shopper: the styles they like and how much they save. */
export interface Persona {
  key: string;
  styles: readonly Style[];
  /** Saves per shopper, fewest to most. */
  saves: readonly [number, number];
}

export const PERSONAS: readonly Persona[] = [
  { key: 'minimalist', styles: ['minimal'], saves: [10, 24] },
  { key: 'streetwear', styles: ['street'], saves: [10, 26] },
  { key: 'outdoors', styles: ['outdoor', 'active'], saves: [8, 18] },
  { key: 'classic', styles: ['classic'], saves: [8, 20] },
  { key: 'romantic', styles: ['romantic', 'trend'], saves: [10, 26] },
  { key: 'athleisure', styles: ['active', 'street'], saves: [8, 18] },
  { key: 'trend', styles: ['trend', 'luxe'], saves: [12, 30] },
];

/** First names by the profile's gender, and family names; combined in order, never at random. */
export const FIRST_NAMES = {
  female: ['Ava', 'Maya', 'Chloe', 'Priya', 'Sofia', 'Hannah', 'Zoe', 'Amara', 'Lucía', 'Grace', 'Emma', 'Nadia', 'Isla', 'Mei', 'Olivia', 'Yasmin'],
  male: ['Liam', 'Noah', 'Mateo', 'Ethan', 'Arjun', 'Lucas', 'Omar', 'Daniel', 'Kenji', 'Samuel', 'Leo', 'Marcus', 'Theo'],
  other: ['Alex', 'Jordan', 'Riley', 'Sam', 'Robin', 'Charlie', 'Quinn'],
} as const;
export const LAST_NAMES = [
  'Chen', 'Patel', 'Garcia', 'Kim', 'Okafor', 'Nguyen', 'Rossi', 'Cohen', 'Silva', 'Murphy', 'Haddad', 'Andersson', 'Tanaka', 'Dubois',
  'Kowalski', 'Mensah', 'Reyes', 'Walsh', 'Ibrahim', 'Larsen', 'Moreau', 'Novak', 'Fischer', 'Costa', 'Bennett', 'Sato', 'Adeyemi',
  'Hughes', 'Romero', 'Lindqvist', 'Park', 'Ahmed', 'Byrne', 'Ortiz', 'Petrov', 'Jensen',
] as const;
