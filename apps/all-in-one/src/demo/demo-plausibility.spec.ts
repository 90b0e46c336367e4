/**
 * Reads the whole generated catalogue the way a shopper would: does the Men's
 * page show a pair of block heels, is a duffel drawn as a handbag? The word
 * tables here are our own reading of shop copy, written independently of the
 * generator's tables (catalogue-data.ts), so the generator cannot mark its
 * own homework.
 */
import type { ProductGender } from '@closetly/contracts';
import { type DemoProduct, generateDemoCatalogue } from './demo-catalogue';

const NOW = new Date('2026-03-01T12:00:00.000Z');

/** Words a shop uses only for women's pieces: a product saying any of them is never tagged Men. */
const NOT_MEN: readonly RegExp[] = [
  /\bheels\b/, /\bblock heel\b/, /\bkitten heel\b/, /\bstiletto/, /\bslingback/, /\bpumps?\b/,
  /\bdress(es)?\b/, /\bskirts?\b/, /\bbras?\b/, /\bbikini/, /\bcamisole/, /\bblouses?\b/,
  /\bballet flats?\b/, /\bmary jane\b/, /\bknee-high\b/,
  /\bsquare[- ]neck/, /\bsweetheart neckline\b/, /\bspaghetti straps?\b/, /\bhalter\b/, /\bpuff[- ]sleeves?\b/, /\bscoop neck/, /\bracerback\b/,
  /\bhigh[- ]rise\b/, /\bhigh-waisted\b/, /\bcigarette trousers\b/, /\bcut close to the body\b/, /\bcropped,? (boxy )?(puffer|cardigan|trench)\b/,
  /\bwrap coat\b/, /\bcocoon/, /\bbucket bag\b/, /\bchain strap\b/, /\bpearl pendant\b/, /\bhoop earrings\b/, /\bwomen'?s\b/, /\bwomenswear\b/,
];

/** Words a shop uses only for men's pieces: a product saying any of them is never tagged Women. */
const NOT_WOMEN: readonly RegExp[] = [/\bmen'?s\b/, /\bmenswear\b/, /\bnecktie/, /\bbow tie\b/, /\bboxer briefs?\b/, /\banti-ball-crushing\b/, /\bjockstrap/];

const textOf = (product: DemoProduct) => `${product.name}. ${product.description}`.toLowerCase();

/** The gendered words a product's own copy uses that contradict its tag. */
function implausibleWords(product: DemoProduct): string[] {
  const text = textOf(product);
  const rules: Partial<Record<ProductGender, readonly RegExp[]>> = { Men: NOT_MEN, Women: NOT_WOMEN };
  return (rules[product.gender] ?? []).flatMap((rule) => text.match(rule)?.[0] ?? []);
}

/**
 * What a product's name says it is, and the drawing that shows it: phrases
 * as a shopper reads them. The phrase ending last in the name wins (the noun
 * comes last: "Polo Bear Sweater" is a sweater), the longer on a tie ("Belt
 * Bag" over "Bag").
 */
const ART_BY_NAME: ReadonlyArray<readonly [phrase: string, art: string]> = [
  ['t-shirt', 'tee'], ['tee', 'tee'], ['shirt', 'shirt'], ['polo shirt', 'polo'], ['blouse', 'blouse'],
  ['sweater', 'knit'], ['sweatshirt', 'knit'], ['cardigan', 'cardigan'], ['hoodie', 'hoodie'], ['tank top', 'tank'], ['dress', 'dress'], ['jumpsuit', 'jumpsuit'],
  ['trousers', 'trousers'], ['pant', 'trousers'], ['chinos', 'trousers'], ['jeans', 'jeans'], ['jean', 'jeans'], ['joggers', 'joggers'], ['track pants', 'joggers'],
  ['leggings', 'leggings'], ['align high-rise pant', 'leggings'], ['shorts', 'shorts'], ['skirt', 'skirt'],
  ['sneakers', 'sneaker'], ['shoes', 'sneaker'], ['boots', 'boot'], ['loafers', 'loafer'], ['sandals', 'sandal'], ['clogs', 'clog'], ['heels', 'heel'], ['ballet flats', 'flat'],
  ['coat', 'coat'], ['trench coat', 'trench'], ['jacket', 'jacket'], ['puffer jacket', 'puffer'], ['down jacket', 'puffer'], ['puff jacket', 'puffer'], ['nuptse jacket', 'puffer'], ['puffer', 'puffer'],
  ['blazer', 'blazer'], ['gilet', 'gilet'],
  ['bag', 'bag'], ['belt bag', 'beltBag'], ['duffel bag', 'duffel'], ['tote', 'tote'], ['tote bag', 'tote'], ['backpack', 'backpack'],
  ['cap', 'cap'], ['beanie', 'beanie'], ['watch hat', 'beanie'], ['hat', 'hat'], ['scarf', 'scarf'], ['belt', 'belt'], ['sunglasses', 'sunglasses'],
  ['necklace', 'necklace'], ['earrings', 'earrings'], ['watch', 'watch'], ['socks', 'socks'],
];

/** The drawing a product's name calls for, or undefined when the name says no garment we know. */
export function artNamedBy(name: string): string | undefined {
  const text = name.toLowerCase();
  let best: { end: number; length: number; art: string } | undefined;
  for (const [phrase, art] of ART_BY_NAME) {
    for (const match of text.matchAll(new RegExp(`(?<!\\p{L})${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'gu'))) {
      const end = match.index + phrase.length;
      if (!best || end > best.end || (end === best.end && phrase.length > best.length)) best = { end, length: phrase.length, art };
    }
  }
  return best?.art;
}

describe('the demo catalogue, read as a shopper reads it', () => {
  const { products } = generateDemoCatalogue({ now: NOW });

  it('tags no product for a gender its own words rule out (no block heels on the Men’s page)', () => {
    const implausible = products
      .map((product) => ({ product: `${product.brand} ${product.name}`, gender: product.gender, words: implausibleWords(product) }))
      .filter(({ words }) => words.length > 0);
    expect(implausible).toEqual([]);
  });

  it('draws every product as what its name says it is (a duffel is not a handbag)', () => {
    const misdrawn = products
      .map((product) => ({ product: `${product.brand} ${product.name}`, named: artNamedBy(product.name), drawn: product.image.shape }))
      .filter(({ named, drawn }) => named !== drawn);
    expect(misdrawn).toEqual([]);
  });

  it('still gives the Men’s and Women’s pages a full range of categories', () => {
    for (const gender of ['Men', 'Women'] as const) {
      const categories = new Set(products.filter((product) => product.gender === gender).map((product) => product.category));
      expect({ gender, categories: [...categories].sort() }).toEqual({ gender, categories: ['accessories', 'bottoms', 'outerwear', 'shoes', 'tops'] });
    }
  });
});

describe('the shopper’s reading tables', () => {
  it('flag women’s words on a Men product and men’s words on a Women product, and nothing on Unisex', () => {
    const product = (gender: ProductGender, name: string, description: string) => ({ gender, name, description }) as DemoProduct;
    expect(implausibleWords(product('Men', 'Knee-High Leather Boots', 'Knee-high boots with a slim block heel.'))).toEqual(['block heel', 'knee-high']);
    expect(implausibleWords(product('Women', 'ABC Trousers', 'Anti-ball-crushing trousers.'))).toEqual(['anti-ball-crushing']);
    expect(implausibleWords(product('Women', 'Pocket Tee', 'A market for men, women and children.'))).toEqual([]);
    expect(implausibleWords(product('Men', 'Boston Suede Clogs', 'Smooth leather with a heel loop, pumped up on a platform.'))).toEqual([]);
    expect(implausibleWords(product('Unisex', 'Satin Slip Dress', 'A slip dress.'))).toEqual([]);
  });

  it('names the drawing by the noun that ends the name', () => {
    expect(artNamedBy('Polo Bear Sweater')).toBe('knit');
    expect(artNamedBy('Classic Fit Mesh Polo Shirt')).toBe('polo');
    expect(artNamedBy('Everywhere Belt Bag 1L')).toBe('beltBag');
    expect(artNamedBy('Base Camp Duffel Bag')).toBe('duffel');
    expect(artNamedBy('Leather Belt')).toBe('belt');
    expect(artNamedBy('P-6 Logo Responsibili-Tee')).toBe('tee');
    expect(artNamedBy('Gizmo')).toBeUndefined();
  });
});
