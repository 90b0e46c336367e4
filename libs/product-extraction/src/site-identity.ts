import { isMarketplaceHost, isResellerName } from '@closetly/catalogue-rules';
import { cleanText, compact, comparable, TITLE_SEPARATOR } from './text';

/**
 * The brand a single-brand shop states only as its own identity, for a
 * product page that names no product brand: its `og:site_name`, then its
 * JSON-LD Organization or WebSite name, then its logo's alt text, then the
 * brand tail of its title ("Linen Shirt | Kestrel" → "Kestrel").
 *
 * Never for a shop that sells other brands: a marketplace's host or markup,
 * or a name that is a marketplace's or a multi-brand retailer's own. A name
 * is only a brand when it reads like one: at most five words and 40
 * characters, not a domain ("kestrel.com"), not a generic word ("Home",
 * "Online Store"). Shop slogans after a separator go ("Kestrel | Official
 * Site" → "Kestrel"). The title tail is the weakest ("| Free Shipping",
 * "| Women's Dresses" are tails too): it counts only when it is the host's
 * own name ("Kestrel" on kestrel-studio.com).
 */
export interface SiteIdentity {
  siteName: string | null;
  /** JSON-LD Organization, then WebSite names. */
  organisationNames: readonly string[];
  logoAlt: string | null;
  /** `<title>`, og:title: the tails of these are read. */
  titles: ReadonlyArray<string | null>;
  host: URL | null;
  /** The page matched a marketplace's markup. */
  marketplaceMarkup: boolean;
}

const MAX_WORDS = 5;
const MAX_LENGTH = 40;
const GENERIC = new Set([
  'home', 'homepage', 'shop', 'store', 'online store', 'online shop', 'official site', 'official store', 'official website', 'welcome', 'logo',
  'menu', 'products', 'product', 'sale', 'new in', 'shop all', 'collections', 'collection', 'women', 'men', 'kids', 'clothing', 'shoes', 'accessories',
]);
const SLOGAN = /\s*(?:[|:–—·•]|\s-)\s*(?:the\s+)?(?:official\s+(?:online\s+)?(?:site|store|shop|website)|online\s+(?:shop|store|boutique)|shop\s+online|home\s*page|home|free\s+shipping.*)$/i;
const OFFICIAL = /^(?:the\s+)?official\s+(?:site|store|shop|website)\s+(?:of\s+)?/i;
const DOMAIN = /\.[a-z]{2,}$/i;

function asBrand(value: string | null | undefined): string | null {
  const cleaned = cleanText(value, 200);
  if (cleaned === null) return null;
  const name = cleaned.replace(SLOGAN, '').replace(OFFICIAL, '').trim();
  if (name === '' || name.length > MAX_LENGTH || name.split(/\s+/).length > MAX_WORDS) return null;
  if (DOMAIN.test(name) || GENERIC.has(comparable(name)) || !/\p{L}/u.test(name)) return null;
  return isResellerName(name) ? null : name;
}

/** Whether a name is the host's own ("Kestrel Studio" on kestrel-studio.com, "Kestrel" on kestrelclothing.com). */
function namesHost(name: string, host: URL | null): boolean {
  if (!host) return false;
  const label = host.hostname.toLowerCase().replace(/^www\d*\./, '').split('.')[0] ?? '';
  const hostWords = compact(label);
  const nameWords = compact(name);
  return nameWords.length >= 3 && hostWords.length >= 3 && (hostWords === nameWords || hostWords.includes(nameWords) || nameWords.includes(hostWords));
}

function titleTail(title: string | null): string | null {
  if (!title) return null;
  const parts = title.split(TITLE_SEPARATOR).map((part) => part.trim()).filter((part) => part !== '');
  return parts.length >= 2 ? (parts.at(-1) ?? null) : null;
}

export function siteBrand(identity: SiteIdentity): string | null {
  if (identity.marketplaceMarkup || isMarketplaceHost(identity.host?.hostname)) return null;
  const stated = [identity.siteName, ...identity.organisationNames, identity.logoAlt].map(asBrand).filter((name): name is string => name !== null);
  if (stated[0] !== undefined) return stated[0];
  for (const title of identity.titles) {
    const tail = asBrand(titleTail(title));
    if (tail !== null && namesHost(tail, identity.host)) return tail;
  }
  return null;
}
