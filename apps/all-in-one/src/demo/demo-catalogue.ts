/**
 * The demo catalogue of the embedded default, generated from the tables in
 * catalogue-data.ts: products (brand, name, price, description, the page it
 * is saved from, its illustration), shoppers (gender, style, favourite
 * brands, sizes) and their saves spread over the last four weeks, so the
 * popular and recommended rows have something real to rank.
 *
 * Pure and deterministic: the same seed and `now` give the same catalogue,
 * on every machine. Nothing here touches the product; `demo-seeder.ts` saves
 * it through the wardrobe like any shopper would.
 */
import type { ProductGender, Sizes, UserGender } from '@closetly/contracts';
import {
  type Brand,
  BRANDS,
  type ColourKey,
  COLOURS,
  type DemoCategory,
  FIRST_NAMES,
  type Fit,
  type Garment,
  type GarmentKey,
  GARMENTS,
  LAST_NAMES,
  type Persona,
  PERSONAS,
  SHOPS,
  type Style,
} from './catalogue-data';
import type { GarmentShape } from './garment-art';

export interface DemoProduct {
  /** Stable within the demo: "<brand>/<name>" slugs. */
  key: string;
  name: string;
  brand: string;
  /** As the shop prints it ("$89.00"); the save reads it like any captured price. */
  price: string;
  amount: number;
  description: string;
  sourceUrl: string;
  gender: ProductGender;
  category: DemoCategory;
  garment: GarmentKey;
  /** Who the piece is made for (`gender` says the same in the catalogue's words). */
  fit: Fit;
  /** The cut its name was built from ("Relaxed Linen"); null for a brand's signature piece, named as the brand names it. */
  cut: string | null;
  /** The colour it is shown in (the description names it; the illustration draws it). */
  colour: ColourKey;
  /** The illustration: one per shape and colour, shared by products that look alike. */
  image: { shape: GarmentShape; colour: ColourKey; hex: string };
  styles: readonly Style[];
  /** A brand's real signature piece (more shoppers save those). */
  signature: boolean;
}

export interface DemoShopper {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  gender: UserGender;
  persona: Persona['key'];
  favoriteBrands: string[];
  sizes: Partial<Sizes>;
}

export interface DemoSave {
  shopper: string;
  product: string;
  at: Date;
}

export interface DemoCatalogue {
  products: DemoProduct[];
  shoppers: DemoShopper[];
  /** Oldest first, the order the seeder replays them in. */
  saves: DemoSave[];
}

export interface DemoCatalogueOptions {
  /** Saves are dated in the 27 days before this. */
  now: Date;
  /** Another seed gives another, equally plausible catalogue. */
  seed?: string;
  /**
   * A small sample instead of the full catalogue: two products of every
   * brand, eight shoppers and fewer saves each, the same code paths in a few
   * seconds (the end-to-end test seeds it).
   */
  sample?: boolean;
}

export const DEMO_SEED = 'closetly-demo-v1';
export const DEMO_SHOPPERS = 36;
const SAMPLE = { productsPerBrand: 2, shoppers: 8, savesDivisor: 3 } as const;
/** Saves go back this many days: inside the catalogue's 30-day price window, so every saver's price counts. */
export const SAVE_WINDOW_DAYS = 27;
const DAY_MS = 24 * 60 * 60 * 1000;

const GENDER_OF: Readonly<Record<Fit, ProductGender>> = { W: 'Women', M: 'Men', U: 'Unisex' };
const PATH_GENDER: Readonly<Record<Fit, string>> = { W: 'women', M: 'men', U: 'unisex' };

/** A small, fast, seedable PRNG (mulberry32) over a string seed (FNV-1a). */
export function randomFrom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function pickWeighted<T>(random: Random, items: readonly T[], weight: (item: T) => number): T | undefined {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  if (total <= 0) return undefined;
  let left = random() * total;
  for (const item of items) {
    left -= weight(item);
    if (left < 0) return item;
  }
  return items.at(-1);
}

/** "Air Force 1 ’07 Sneakers" → "air-force-1-07-sneakers". */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’"&.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Digits that stay the same for the same product: a shop's item number. */
function skuOf(text: string, digits: number): string {
  const random = randomFrom(`sku:${text}`);
  let sku = String(1 + Math.floor(random() * 9));
  while (sku.length < digits) sku += String(Math.floor(random() * 10));
  return sku;
}

function pageUrl(brand: Brand, name: string, fit: Fit): string {
  return SHOPS[brand.shop].replace(/\{(\w+?)(\d*)\}/g, (_match, field: string, digits: string) => {
    switch (field) {
      case 'slug':
        return slugOf(name);
      case 'brand':
        return slugOf(brand.name);
      case 'g':
        return PATH_GENDER[fit];
      case 'sku':
        return skuOf(`${brand.name}/${name}`, Number(digits));
      default:
        throw new Error(`Unknown field {${field}} in the ${brand.shop} page template`);
    }
  });
}

/** A price the way this brand prints it: $24.99, $39.90, $49.95, $79.50, or whole dollars ($89.00, $1,250.00). */
export function shopPrice(amount: number, cents: Brand['cents']): number {
  if (cents === 0) {
    const step = amount >= 300 ? 50 : amount >= 100 ? 10 : 5;
    return Math.max(step, Math.round(amount / step) * step);
  }
  return Math.max(1, Math.floor(amount)) + cents / 100;
}

export const formatPrice = (amount: number): string =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The opening sentence, the colour, sometimes the brand's own line (as shop copy often has), then care; a signature piece's own story needs no generic care line. */
function description(opening: string, colour: ColourKey, voice: string | undefined, care: string | undefined): string {
  return [`${opening}.`, `Shown in ${COLOURS[colour].name.toLowerCase()}.`, voice, care].filter(Boolean).join(' ');
}

interface Piece {
  name: string;
  garment: GarmentKey;
  fit: Fit;
  amount: number;
  opening: string;
  colours: readonly ColourKey[];
  signature: boolean;
  cut: string | null;
}

function productOf(brand: Brand, piece: Piece, random: Random): DemoProduct {
  const { name, fit, amount, signature } = piece;
  const garment: Garment = GARMENTS[piece.garment];
  const colour = pick(random, piece.colours);
  return {
    key: `${slugOf(brand.name)}/${slugOf(name)}`,
    name,
    brand: brand.name,
    price: formatPrice(amount),
    amount,
    description: description(piece.opening, colour, random() < 0.4 ? brand.voice : undefined, signature ? undefined : garment.care),
    sourceUrl: pageUrl(brand, name, fit),
    gender: GENDER_OF[fit],
    category: garment.category,
    garment: piece.garment,
    fit,
    cut: piece.cut,
    colour,
    image: { shape: garment.shape, colour, hex: COLOURS[colour].hex },
    styles: brand.styles,
    signature,
  };
}

/** Who a generic piece is for: what both the garment and the brand make, unisex less often when there is a choice. */
function fitFor(random: Random, brand: Brand, garment: Garment): Fit | undefined {
  const fits = garment.fits.filter((fit) => brand.fits.includes(fit));
  return pickWeighted(random, fits, (fit) => (fit === 'U' && fits.length > 1 ? 0.6 : 1));
}

function brandProducts(brand: Brand, count: number, random: Random): DemoProduct[] {
  const products: DemoProduct[] = [];
  const names = new Set<string>();
  for (const [name, garment, fit, price, about] of brand.signatures ?? []) {
    if (products.length >= count) break;
    names.add(name.toLowerCase());
    products.push(productOf(brand, { name, garment, fit, amount: price, opening: about, colours: GARMENTS[garment].colours, signature: true, cut: null }, random));
  }
  const usedCuts = new Map<GarmentKey, Set<string>>();
  for (let turn = 0; products.length < count && turn < brand.garments.length * 12; turn += 1) {
    const garmentKey = brand.garments[turn % brand.garments.length] as GarmentKey;
    const garment: Garment = GARMENTS[garmentKey];
    const used = usedCuts.get(garmentKey) ?? new Set<string>();
    usedCuts.set(garmentKey, used);
    const fit = fitFor(random, brand, garment);
    // Only the cuts made for whom this piece is for: a knee-high block-heel boot is never a men's boot.
    const cuts = garment.cuts.filter(
      ([cut, , narrows]) => !used.has(cut) && !names.has(`${cut} ${garment.noun}`.toLowerCase()) && fit !== undefined && (narrows?.fits ?? garment.fits).includes(fit),
    );
    if (cuts.length === 0 || !fit) continue;
    const [cut, opening, narrows] = pick(random, cuts);
    const colours = narrows?.colours ?? garment.colours;
    used.add(cut);
    const name = `${cut} ${garment.noun}`;
    names.add(name.toLowerCase());
    const [low, high] = garment.price;
    const amount = shopPrice((low + (high - low) * random()) * brand.tier, brand.cents);
    products.push(productOf(brand, { name, garment: garmentKey, fit, amount, opening, colours, signature: false, cut }, random));
  }
  return products;
}

const SHOPPER_GENDERS: readonly UserGender[] = ['female', 'male', 'female', 'male', 'female', 'other', 'male', 'female', 'male', ''];

/** Which products a shopper of this gender browses (spec §2 gender rule): their own plus Unisex; everyone for other or none. */
function seesGender(shopper: UserGender, product: ProductGender): boolean {
  if (shopper === 'female') return product !== 'Men';
  if (shopper === 'male') return product !== 'Women';
  return true;
}

function brandSellsTo(brand: Brand, gender: UserGender): boolean {
  if (gender === 'female') return brand.fits.includes('W') || brand.fits.includes('U');
  if (gender === 'male') return brand.fits.includes('M') || brand.fits.includes('U');
  return true;
}

const SIZES: Readonly<Record<'female' | 'male', ReadonlyArray<Partial<Sizes>>>> = {
  female: [
    { top: 'S', bottom: '27', shoes: '7', dressSize: '4', womenPantSize: '4', womenShoeSize: '7' },
    { top: 'M', bottom: '29', shoes: '8', dressSize: '8', womenPantSize: '8', womenShoeSize: '8' },
    { top: 'XS', bottom: '26', shoes: '6.5', dressSize: '2', womenPantSize: '2', womenShoeSize: '6.5' },
    { top: 'L', bottom: '31', shoes: '9', dressSize: '12', womenPantSize: '12', womenShoeSize: '9' },
  ],
  male: [
    { top: 'M', bottom: '32/32', shoes: '10', dressShirtNeck: '15.5', dressShirtArm: '33', dressPantWidth: '32', dressPantLength: '32', suitJacket: '40R', menShoeSize: '10' },
    { top: 'L', bottom: '34/32', shoes: '11', dressShirtNeck: '16', dressShirtArm: '34', dressPantWidth: '34', dressPantLength: '32', suitJacket: '42R', menShoeSize: '11' },
    { top: 'S', bottom: '30/30', shoes: '9', dressShirtNeck: '15', dressShirtArm: '32', dressPantWidth: '30', dressPantLength: '30', suitJacket: '38S', menShoeSize: '9' },
  ],
};

function shoppersOf(count: number, random: Random): DemoShopper[] {
  const used: Record<'female' | 'male' | 'other', number> = { female: 0, male: 0, other: 0 };
  const shoppers: DemoShopper[] = [];
  for (let i = 0; i < count; i += 1) {
    const gender = SHOPPER_GENDERS[i % SHOPPER_GENDERS.length] as UserGender;
    const names = FIRST_NAMES[gender === '' ? 'other' : gender];
    const nameIndex = used[gender === '' ? 'other' : gender]++;
    const firstName = names[nameIndex % names.length] as string;
    const lastName = LAST_NAMES[i % LAST_NAMES.length] as string;
    const persona = PERSONAS[i % PERSONAS.length] as Persona;
    const candidates = BRANDS.filter((brand) => brandSellsTo(brand, gender) && brand.styles.some((style) => persona.styles.includes(style)));
    const favoriteBrands: string[] = [];
    const wanted = 2 + Math.floor(random() * 3);
    while (favoriteBrands.length < Math.min(wanted, candidates.length)) {
      const brand = pick(random, candidates).name;
      if (!favoriteBrands.includes(brand)) favoriteBrands.push(brand);
    }
    // Two in three shoppers have filled in their sizes; the rest left them empty.
    const sizes = (gender === 'female' || gender === 'male') && i % 3 !== 2 ? { ...pick(random, SIZES[gender]) } : {};
    const serial = nameIndex >= names.length ? String(Math.floor(nameIndex / names.length) + 1) : '';
    shoppers.push({
      key: `shopper-${String(i + 1).padStart(2, '0')}`,
      firstName,
      lastName,
      email: `${slugOf(firstName)}.${slugOf(lastName)}${serial}@example.com`,
      gender,
      persona: persona.key,
      favoriteBrands,
      sizes,
    });
  }
  return shoppers;
}

interface Taste {
  /** How broadly liked a product is, whoever looks at it: a long tail with a few hits. */
  appeal: number;
  /** Saved mostly in the last week. */
  trending: boolean;
}

function savesOf(products: readonly DemoProduct[], shoppers: readonly DemoShopper[], now: Date, random: Random, savesDivisor: number): DemoSave[] {
  const taste = new Map<string, Taste>(
    products.map((product) => {
      // exp of a sum of uniforms: roughly log-normal, so a handful of pieces are far more wanted than the rest.
      const spread = Math.exp((random() + random() + random() - 1.5) * 1.6);
      return [product.key, { appeal: spread * (product.signature ? 2.5 : 1), trending: random() < 0.18 }];
    }),
  );
  const personaOf = new Map(PERSONAS.map((persona) => [persona.key, persona]));
  const affinity = (shopper: DemoShopper, product: DemoProduct): number => {
    if (!seesGender(shopper.gender, product.gender)) return 0;
    const persona = personaOf.get(shopper.persona) as Persona;
    const style = product.styles.some((s) => persona.styles.includes(s)) ? 5 : 0.3;
    const favourite = shopper.favoriteBrands.includes(product.brand) ? 3 : 1;
    return style * favourite * (taste.get(product.key) as Taste).appeal;
  };
  const when = (product: DemoProduct): Date => {
    const days = (taste.get(product.key) as Taste).trending ? random() ** 1.5 * 7 : random() * SAVE_WINDOW_DAYS;
    return new Date(now.getTime() - Math.max(days * DAY_MS, 60_000 + random() * 3_600_000));
  };

  const saved = new Map<string, Set<string>>(shoppers.map((shopper) => [shopper.key, new Set<string>()]));
  const saves: DemoSave[] = [];
  const save = (shopper: DemoShopper, product: DemoProduct) => {
    (saved.get(shopper.key) as Set<string>).add(product.key);
    saves.push({ shopper: shopper.key, product: product.key, at: when(product) });
  };

  for (const shopper of shoppers) {
    const [fewest, most] = (personaOf.get(shopper.persona) as Persona).saves;
    const wanted = Math.ceil((fewest + Math.floor(random() * (most - fewest + 1))) / savesDivisor);
    let candidates = products.filter((product) => affinity(shopper, product) > 0);
    while ((saved.get(shopper.key) as Set<string>).size < wanted && candidates.length > 0) {
      const product = pickWeighted(random, candidates, (p) => affinity(shopper, p)) as DemoProduct;
      save(shopper, product);
      candidates = candidates.filter((p) => p !== product);
    }
  }
  // A product exists only once someone saved it: the shopper who likes it most (and has saved least) saves each one nobody did.
  const savers = new Map<string, number>();
  for (const { product } of saves) savers.set(product, (savers.get(product) ?? 0) + 1);
  for (const product of products) {
    if (savers.has(product.key)) continue;
    const fan = shoppers
      .filter((shopper) => affinity(shopper, product) > 0)
      .sort((a, b) => affinity(b, product) / (1 + (saved.get(b.key) as Set<string>).size) - affinity(a, product) / (1 + (saved.get(a.key) as Set<string>).size) || a.key.localeCompare(b.key))[0];
    if (!fan) throw new Error(`No demo shopper would save ${product.key}`);
    save(fan, product);
  }
  return saves.sort((a, b) => a.at.getTime() - b.at.getTime() || a.shopper.localeCompare(b.shopper) || a.product.localeCompare(b.product));
}

export function generateDemoCatalogue(options: DemoCatalogueOptions): DemoCatalogue {
  const random = randomFrom(options.seed ?? DEMO_SEED);
  const products = BRANDS.flatMap((brand) => brandProducts(brand, options.sample ? Math.min(brand.count, SAMPLE.productsPerBrand) : brand.count, random));
  const shoppers = shoppersOf(options.sample ? SAMPLE.shoppers : DEMO_SHOPPERS, random);
  const saves = savesOf(products, shoppers, options.now, random, options.sample ? SAMPLE.savesDivisor : 1);
  return { products, shoppers, saves };
}
