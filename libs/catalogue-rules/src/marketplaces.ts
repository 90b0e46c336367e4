import { brandWords, SUPPORTED_RETAILERS } from './supported-retailers';

/**
 * Shops that sell other people's brands: marketplaces (many sellers, one
 * site) and the multi-brand retailers among the supported ones. Their own
 * name is never the brand of what they sell: a page on one of them that
 * names no brand has none, whatever its og:site_name or title tail says.
 *
 * A marketplace is known by its name, the registrable label of its hosts
 * in every country ("amazon" in amazon.co.uk, amazon.de, smile.amazon.com),
 * as that label is how the name shows in titles and site names
 * ("Amazon.com", "eBay", "Etsy").
 */
export const MARKETPLACE_NAMES: readonly string[] = [
  'Amazon', 'eBay', 'Etsy', 'Walmart', 'Target', 'AliExpress', 'Alibaba', 'Temu', 'Shein', 'Wish', 'Rakuten', 'Otto',
  'bol.com', 'Allegro', 'Cdiscount', 'Mercado Libre', 'Flipkart', 'Myntra', 'Ajio', 'Nykaa', 'Tmall', 'Taobao', 'JD',
  'Lazada', 'Shopee', 'Noon', 'Trendyol', 'Kohl\'s', 'JCPenney', 'Poshmark', 'Depop', 'Vinted', 'Grailed',
  'The RealReal', 'Vestiaire Collective', 'Mercari', 'StockX', 'GOAT', 'Lyst', 'Zalora', 'ABOUT YOU', 'La Redoute',
];

/** Registrable labels of marketplace hosts ("amazon", "ebay", "mercadolibre", "kohls"). */
const MARKETPLACE_LABELS = new Set(MARKETPLACE_NAMES.map((name) => compact(name.replace(/\.com$/i, ''))));

/** The names, as words, of every shop that sells other brands: the marketplaces and the multi-brand supported retailers. */
const RESELLER_NAMES = new Set(
  [...MARKETPLACE_NAMES, ...SUPPORTED_RETAILERS.filter((retailer) => !retailer.brands).map((retailer) => retailer.name)].map(compact),
);

function compact(name: string): string {
  return brandWords(name).replace(/ /g, '');
}

/** The host's registrable label: "www.amazon.co.uk" → "amazon", "m.ebay.com" → "ebay". */
function registrableLabel(host: string): string {
  const labels = host.trim().toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels[0] ?? '';
  const last = labels[labels.length - 1] as string;
  const second = labels[labels.length - 2] as string;
  // "amazon.co.uk", "amazon.com.au": a short second level under a country code.
  const take = last.length === 2 && second.length <= 3 ? 3 : 2;
  return labels[labels.length - take] ?? '';
}

/** Whether this host is a marketplace's, in any country ("www.amazon.de", "ebay.co.uk"); look-alikes ("amazon-deals.com") are not. */
export function isMarketplaceHost(host: string | null | undefined): boolean {
  if (typeof host !== 'string' || host.trim() === '') return false;
  return MARKETPLACE_LABELS.has(registrableLabel(host));
}

/** A shop name without a domain ending: "Amazon.co.uk" → "Amazon". */
const withoutDomain = (name: string): string => name.trim().replace(/\.(com|co|net|org)(\.[a-z]{2})?$|\.[a-z]{2}$/i, '');

/**
 * Whether a name is a marketplace's own ("Amazon.com", "Amazon.co.uk",
 * "eBay", "ETSY"), with any case, spacing, punctuation or domain ending: never
 * a product's brand, wherever a page states it. "Amazon Essentials" is a
 * brand, not the marketplace.
 */
export function isMarketplaceName(name: string | null | undefined): boolean {
  if (typeof name !== 'string') return false;
  const bare = withoutDomain(name);
  return bare !== '' && MARKETPLACE_LABELS.has(compact(bare));
}

/**
 * Whether a name is a marketplace's or a multi-brand retailer's
 * ("NET-A-PORTER", "ASOS"): a shop that sells other brands, whose name is
 * never read as a product's brand from the site's identity (its
 * og:site_name, title tail or logo). A multi-brand retailer's own label
 * stated as the product's brand ("Next" at Next) is still its brand.
 */
export function isResellerName(name: string | null | undefined): boolean {
  if (typeof name !== 'string') return false;
  const bare = withoutDomain(name);
  return bare !== '' && RESELLER_NAMES.has(compact(bare));
}
