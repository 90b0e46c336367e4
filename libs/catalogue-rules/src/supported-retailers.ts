/**
 * The supported retailers: one list, read by the catalogue (a product from a
 * supported retailer's page is listed on that alone), by the quick view's buy
 * link ("Buy on ASOS") and by the FAQ's "supported retailers" answer.
 *
 * Each retailer names its hosts: the registrable domains it sells from. A
 * page's host matches when it is one of them or a subdomain of one
 * ("www2.hm.com", "shop.mango.com"); look-alikes ("zara.example.com",
 * "zara-sale.com", "zara.xyz") never do.
 *
 * `brands` is set for single-brand retailers (zara.com sells Zara): a capture
 * there whose brand is none of them is not listed on the host rule alone, so
 * a page of a real shop cannot carry a made-up brand into public lists.
 */
export interface SupportedRetailer {
  /** Display name, as the buy link and the FAQ show it. */
  name: string;
  hosts: readonly string[];
  /** Single-brand retailers only: the brands their pages may name. */
  brands?: readonly string[];
}

const ZALANDO_COUNTRIES = ['com', 'de', 'co.uk', 'fr', 'it', 'es', 'nl', 'be', 'at', 'ch', 'se', 'dk', 'fi', 'no', 'pl', 'ie', 'cz'];
const ASOS_COUNTRIES = ['com', 'de', 'fr', 'it', 'es', 'nl', 'se', 'dk', 'pl', 'com.au'];

export const SUPPORTED_RETAILERS: readonly SupportedRetailer[] = [
  { name: 'ASOS', hosts: ASOS_COUNTRIES.map((suffix) => `asos.${suffix}`) },
  { name: 'Zara', hosts: ['zara.com', 'zara.cn'], brands: ['Zara'] },
  { name: 'H&M', hosts: ['hm.com'], brands: ['H&M', 'HM'] },
  { name: 'Uniqlo', hosts: ['uniqlo.com'], brands: ['Uniqlo'] },
  { name: 'Mango', hosts: ['mango.com'], brands: ['Mango'] },
  { name: 'COS', hosts: ['cos.com', 'cosstores.com'], brands: ['COS'] },
  { name: '& Other Stories', hosts: ['stories.com'], brands: ['& Other Stories', 'Other Stories'] },
  { name: 'Arket', hosts: ['arket.com'], brands: ['Arket'] },
  { name: 'Massimo Dutti', hosts: ['massimodutti.com'], brands: ['Massimo Dutti'] },
  { name: 'Pull&Bear', hosts: ['pullandbear.com'], brands: ['Pull&Bear', 'Pull and Bear'] },
  { name: 'Bershka', hosts: ['bershka.com'], brands: ['Bershka'] },
  { name: 'Stradivarius', hosts: ['stradivarius.com'], brands: ['Stradivarius'] },
  { name: 'Gap', hosts: ['gap.com', 'gap.co.uk', 'gapcanada.ca'], brands: ['Gap', 'GapKids', 'Gap Kids'] },
  { name: 'Banana Republic', hosts: ['bananarepublic.com', 'bananarepublicfactory.com'], brands: ['Banana Republic'] },
  { name: 'Old Navy', hosts: ['oldnavy.com'], brands: ['Old Navy'] },
  { name: 'J.Crew', hosts: ['jcrew.com'], brands: ['J.Crew', 'J Crew', 'JCrew'] },
  { name: 'Madewell', hosts: ['madewell.com'], brands: ['Madewell'] },
  { name: 'Everlane', hosts: ['everlane.com'], brands: ['Everlane'] },
  { name: 'Abercrombie & Fitch', hosts: ['abercrombie.com'], brands: ['Abercrombie & Fitch', 'Abercrombie', 'A&F'] },
  { name: "Levi's", hosts: ['levi.com'], brands: ["Levi's", 'Levi Strauss', 'Levis'] },
  { name: 'Nike', hosts: ['nike.com'], brands: ['Nike', 'Jordan'] },
  { name: 'adidas', hosts: ['adidas.com', 'adidas.co.uk', 'adidas.de', 'adidas.fr'], brands: ['adidas', 'Y-3'] },
  { name: 'lululemon', hosts: ['lululemon.com', 'lululemon.co.uk'], brands: ['lululemon'] },
  { name: 'Patagonia', hosts: ['patagonia.com'], brands: ['Patagonia'] },
  { name: 'The North Face', hosts: ['thenorthface.com', 'thenorthface.co.uk'], brands: ['The North Face'] },
  { name: 'Ralph Lauren', hosts: ['ralphlauren.com', 'ralphlauren.co.uk'], brands: ['Ralph Lauren', 'Polo Ralph Lauren', 'Lauren Ralph Lauren', 'RRL'] },
  { name: 'Free People', hosts: ['freepeople.com'], brands: ['Free People', 'FP Movement'] },
  { name: 'Nordstrom', hosts: ['nordstrom.com', 'nordstrom.ca', 'nordstromrack.com'] },
  { name: 'NET-A-PORTER', hosts: ['net-a-porter.com'] },
  { name: 'MR PORTER', hosts: ['mrporter.com'] },
  { name: 'Farfetch', hosts: ['farfetch.com'] },
  { name: 'SSENSE', hosts: ['ssense.com'] },
  { name: 'Mytheresa', hosts: ['mytheresa.com'] },
  { name: 'Urban Outfitters', hosts: ['urbanoutfitters.com'] },
  { name: 'Anthropologie', hosts: ['anthropologie.com'] },
  { name: 'Revolve', hosts: ['revolve.com'] },
  { name: 'Shopbop', hosts: ['shopbop.com'] },
  { name: 'Zalando', hosts: ZALANDO_COUNTRIES.map((suffix) => `zalando.${suffix}`) },
  { name: 'Selfridges', hosts: ['selfridges.com'] },
  { name: "Macy's", hosts: ['macys.com'] },
  { name: "Bloomingdale's", hosts: ['bloomingdales.com'] },
  { name: 'Saks Fifth Avenue', hosts: ['saksfifthavenue.com'] },
  { name: 'Neiman Marcus', hosts: ['neimanmarcus.com'] },
  { name: 'Aritzia', hosts: ['aritzia.com'] },
  { name: 'Next', hosts: ['next.co.uk'] },
  { name: 'John Lewis', hosts: ['johnlewis.com'] },
  { name: 'Marks & Spencer', hosts: ['marksandspencer.com'] },
];

const WWW_PREFIX = /^www\d*\./;

/** The supported retailer selling from this host ("www2.hm.com" → H&M), or null. */
export function supportedRetailerForHost(host: string | null | undefined): SupportedRetailer | null {
  if (typeof host !== 'string') return null;
  const bare = host.trim().toLowerCase().replace(/\.$/, '').replace(WWW_PREFIX, '');
  if (bare === '') return null;
  return SUPPORTED_RETAILERS.find((retailer) => retailer.hosts.some((domain) => bare === domain || bare.endsWith(`.${domain}`))) ?? null;
}

/**
 * A brand as words, for comparing what shoppers type: case, accents,
 * apostrophes and punctuation aside, "&" read as "and" ("Levi’s" = "levis",
 * "H&M" = "h and m", "Pull & Bear" = "Pull&Bear").
 */
export function brandWords(brand: string): string {
  return brand
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether a capture's brand is one this retailer sells: any brand at a
 * multi-brand retailer; at a single-brand one, one of its brands or a line of
 * it ("adidas Originals" at adidas).
 */
export function retailerSellsBrand(retailer: SupportedRetailer, brand: string): boolean {
  if (!retailer.brands) return true;
  const words = brandWords(brand);
  return retailer.brands.some((own) => {
    const ownWords = brandWords(own);
    return words === ownWords || words.startsWith(`${ownWords} `);
  });
}
