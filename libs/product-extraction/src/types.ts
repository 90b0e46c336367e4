import type { CategoryId, ProductGender } from '@closetly/catalogue-rules';

/**
 * What a product page says about its product, ready for a save
 * (`SaveItemRequest` in @closetly/contracts: name, brand, price, imageUrl,
 * description, sourceUrl, gender), plus what a save does not carry yet
 * (currency, category, confidence).
 */
export interface ExtractedProduct {
  name: string | null;
  brand: string | null;
  /** The current (sale) price as a number in `currency`; null when the page states none. */
  price: number | null;
  /** ISO 4217 code ("USD", "EUR"); null when unknown or when there is no price. */
  currency: string | null;
  /** An absolute http(s) URL. */
  imageUrl: string | null;
  /** Plain text, at most 5,000 characters. */
  description: string | null;
  /** The product's canonical address (tracking parameters and fragment removed); '#' when the page has no web address. */
  sourceUrl: string;
  /** Only when the page says it (explicit field, breadcrumbs, category, URL, name or description words). */
  gender?: ProductGender;
  /** Only when there is a name or category evidence to judge by. */
  category?: CategoryId;
  /** The colour the page states for its product (or the variant it selects), at most 60 characters; null when it states none. See `colour.ts`. */
  colour: string | null;
  /** 0..1: how much of a product was found and how well the sources agreed. */
  confidence: number;
}

/** The readers, most trusted first. */
export type SourceName = 'json-ld' | 'microdata' | 'opengraph' | 'twitter' | 'retailer' | 'document';

export interface Offer {
  amount: number;
  currency: string | null;
  /** false: out of stock, sold out or discontinued; null: not said. */
  available: boolean | null;
  url: string | null;
}

/** One reader's account of the page's product; absent fields are unknown to it. */
export interface ProductFacts {
  source: SourceName;
  name: string | null;
  brand: string | null;
  /** The chosen current price of this source. */
  offer: { amount: number; currency: string | null } | null;
  /** A currency stated without a price (og:price:currency beside a JSON-LD price). */
  currency: string | null;
  /** As written: resolved against the page later. */
  image: string | null;
  description: string | null;
  /** An explicit gender field (audience.suggestedGender, product:gender), as written. */
  gender: string | null;
  /** Category fields and the shop's own product type, as written. */
  categories: string[];
  /** Colours stated for the product itself (JSON-LD / microdata `color`, product:color), as written; several for a multi-colour item. */
  colours: string[];
  /** Whether this source positively describes a product (a Product item, product meta), not just a page. */
  isProduct: boolean;
}

export function emptyFacts(source: SourceName): ProductFacts {
  return { source, name: null, brand: null, offer: null, currency: null, image: null, description: null, gender: null, categories: [], colours: [], isProduct: false };
}

/** A product item found by a structured reader, before the page's own product is chosen among them. */
export interface ProductCandidate {
  facts: ProductFacts;
  /** url, @id and offer URLs as written. */
  urls: string[];
  /** Sits in a related-items container, or is another product's related item. */
  related: boolean;
  /** The page names it as its main entity. */
  mainEntity: boolean;
  /** Every offer with the URL it is for (its own, its variants'), to pick the one the page URL selects. */
  offers?: Offer[];
  /** The item's variants that state a colour, to read the one the page selects (see `selectedVariant`). */
  variants?: Variant[];
}

/** One variant of a product (a ProductGroup's `hasVariant`, a Shopify variant): what tells it apart and how a page selects it. */
export interface Variant {
  /** As written. */
  colours: string[];
  /** url, @id and offer URLs as written. */
  urls: string[];
  sku: string | null;
}
