import { type ColourKey, type DemoProduct, type GarmentKey, generateDemoCatalogue } from '@closetly/all-in-one/demo';
import type { ItemInput, SearchColour } from '@closetly/contracts';
import { type JudgedAttributes, type JudgedCorpus, materialsNamed } from './judged-attributes';

// ---------------------------------------------------------------------------
// The demo catalogue: what `npm start` seeds, judged from its own tables.
// ---------------------------------------------------------------------------

/** Each demo shade's colour families (our judgement, not the engine's vocabulary). */
export const DEMO_COLOUR_FAMILIES: Readonly<Record<ColourKey, readonly SearchColour[]>> = {
  black: ['black'],
  white: ['white'],
  ecru: ['white', 'beige'],
  oat: ['beige'],
  navy: ['blue'],
  charcoal: ['grey'],
  grey: ['grey'],
  camel: ['beige', 'brown'],
  tan: ['brown', 'beige'],
  brown: ['brown'],
  khaki: ['beige', 'green'],
  olive: ['green'],
  sage: ['green'],
  forest: ['green'],
  burgundy: ['red'],
  rust: ['orange', 'red'],
  red: ['red'],
  pink: ['pink'],
  lilac: ['purple'],
  butter: ['yellow'],
  sky: ['blue'],
  cobalt: ['blue'],
  indigo: ['blue'],
  midwash: ['blue'],
  lightwash: ['blue'],
  gold: ['gold'],
  silver: ['silver'],
  tortoise: ['brown'],
};

/** Our garment type for each demo garment, before the cut refines it (boots by their cut). */
const DEMO_TYPES: Readonly<Record<GarmentKey, { type: string; family?: string }>> = {
  tee: { type: 't-shirt' },
  shirt: { type: 'shirt' },
  blouse: { type: 'blouse' },
  sweater: { type: 'sweater' },
  cardigan: { type: 'cardigan' },
  hoodie: { type: 'hoodie' },
  sweatshirt: { type: 'sweatshirt' },
  tank: { type: 'tank-top' },
  dress: { type: 'dress' },
  polo: { type: 'polo-shirt' },
  jumpsuit: { type: 'jumpsuit' },
  jeans: { type: 'jeans' },
  trousers: { type: 'trousers' },
  chinos: { type: 'chinos', family: 'trousers' },
  shorts: { type: 'shorts' },
  skirt: { type: 'skirt' },
  joggers: { type: 'joggers' },
  leggings: { type: 'leggings' },
  sneakers: { type: 'sneaker' },
  boots: { type: 'boot', family: 'boot' },
  loafers: { type: 'loafer' },
  sandals: { type: 'sandal' },
  clogs: { type: 'clog' },
  heels: { type: 'heels' },
  flats: { type: 'ballet-flat' },
  coat: { type: 'coat', family: 'coat' },
  trench: { type: 'trench-coat', family: 'coat' },
  jacket: { type: 'jacket', family: 'jacket' },
  puffer: { type: 'puffer-jacket', family: 'jacket' },
  blazer: { type: 'blazer' },
  rainJacket: { type: 'rain-jacket', family: 'jacket' },
  gilet: { type: 'gilet' },
  bag: { type: 'bag', family: 'bag' },
  beltBag: { type: 'belt-bag', family: 'bag' },
  duffel: { type: 'duffel-bag', family: 'bag' },
  tote: { type: 'tote-bag', family: 'bag' },
  backpack: { type: 'backpack', family: 'bag' },
  cap: { type: 'cap' },
  beanie: { type: 'beanie', family: 'hat' },
  hat: { type: 'hat', family: 'hat' },
  scarf: { type: 'scarf' },
  belt: { type: 'belt' },
  sunglasses: { type: 'sunglasses' },
  necklace: { type: 'necklace' },
  earrings: { type: 'earrings' },
  watch: { type: 'watch' },
  socks: { type: 'socks' },
};

/** Pieces whose name makes them a narrower type than their garment's. */
const DEMO_TYPE_BY_NAME: ReadonlyArray<[RegExp, string]> = [
  [/\bchelsea\b/i, 'chelsea-boot'],
  [/\bbelt bag\b/i, 'belt-bag'],
  [/\bclogs?\b/i, 'clog'],
  [/\bduffel\b/i, 'duffel-bag'],
  [/\btrack pants\b/i, 'track-pants'],
];

/** Garments made of one material whatever the cut (a jean is denim). */
const DEMO_GARMENT_MATERIAL: Partial<Record<GarmentKey, string>> = { jeans: 'denim' };

/**
 * Signature pieces whose name does not say what they are made of, where the
 * brand's own sentence does unambiguously (our reading, kept short).
 */
const DEMO_SIGNATURE_MATERIALS: Readonly<Record<string, readonly string[]>> = {
  'The Trucker Jacket': ['denim'],
  'Sherpa Trucker Jacket': ['denim', 'sherpa'],
  'Samba OG Shoes': ['leather', 'suede'],
  'Gazelle Shoes': ['suede'],
  'Stan Smith Shoes': ['leather'],
  'Air Force 1 ’07 Sneakers': ['leather'],
  'Old Skool Shoes': ['canvas', 'suede'],
  'Classic Slip-On Shoes': ['canvas'],
  'Chuck Taylor All Star High Top Sneakers': ['canvas'],
  'Musubi Mini Shoulder Bag': ['leather'],
  'Demi-Lune Shoulder Bag': ['leather'],
  'Tabby Shoulder Bag 26': ['leather'],
  'Brooklyn Shoulder Bag 28': ['leather'],
  'The Transport Tote': ['leather'],
  '2976 Chelsea Boots': ['leather'],
  'Arizona Soft Footbed Sandals': ['leather'],
  '574 Core Sneakers': ['suede'],
  '990v6 Made in USA Sneakers': ['suede'],
  'Balfern Leather Biker Jacket': ['leather'],
  'Dalby Leather Biker Jacket': ['leather'],
};

/** A demo product's attributes from the tables it was generated from. */
export function demoAttributes(product: DemoProduct): JudgedAttributes {
  const base = DEMO_TYPES[product.garment];
  const narrower = DEMO_TYPE_BY_NAME.find(([pattern]) => pattern.test(product.name))?.[1];
  const inherent = DEMO_GARMENT_MATERIAL[product.garment];
  const named = product.cut === null ? (DEMO_SIGNATURE_MATERIALS[product.name] ?? materialsNamed(product.name)) : materialsNamed(product.cut);
  const materials = [...new Set([...(inherent ? [inherent] : []), ...named])];
  return {
    type: narrower ?? base.type,
    typeFamily: base.family ?? null,
    category: product.category,
    gender: product.gender,
    colourFamilies: DEMO_COLOUR_FAMILIES[product.colour],
    shade: product.colour,
    materials,
  };
}

/** The item the demo seeder saves for a product (demo-seeder.ts `replaySaves`): no stated colour, the gender as the catalogue names it. */
function demoItem(product: DemoProduct): ItemInput {
  return { name: product.name, brand: product.brand, price: product.price, description: product.description, sourceUrl: product.sourceUrl, gender: product.gender };
}

/** The products are independent of `now` (only saves are dated). */
const DEMO_NOW = new Date('2026-01-01T00:00:00.000Z');

export function demoCorpus(): JudgedCorpus {
  const { products } = generateDemoCatalogue({ now: DEMO_NOW });
  return {
    id: 'demo',
    title: `demo catalogue (${products.length} products, what npm start seeds; colour only in the description)`,
    products: products.map((product) => ({ key: product.key, item: demoItem(product), attributes: demoAttributes(product) })),
  };
}
