import { parsePrice } from '@closetly/catalogue-rules';
import type { Offer } from './types';

/**
 * Prices as pages state them:
 * - a number is an amount as it is; text is read by `parsePrice`, the grammar
 *   the save request uses ("1.299,00" → 1299, "$59.99" → 59.99 USD, "59",
 *   "¥12,900" → 12900 JPY); text over 100 characters is no price;
 * - 0 is no price: shops print 0 when a price is not set (an empty variant,
 *   a template), and no garment is free;
 * - currencies are ISO codes ("usd" → USD) or a symbol parsePrice knows ("€").
 */

const MAX_PRICE_TEXT = 100;

export interface Amount {
  amount: number;
  currency: string | null;
}

export function readAmount(value: unknown): Amount | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 && value <= 1e9 ? { amount: value, currency: null } : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || text.length > MAX_PRICE_TEXT) return null;
  const { amount, currency } = parsePrice(text);
  return amount !== null && amount > 0 ? { amount, currency } : null;
}

/** An ISO 4217 code from a code or a currency sign; null otherwise. */
export function currencyCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^[A-Za-z]{3}$/.test(text)) return text.toUpperCase();
  if (text === '' || text.length > 8) return null;
  return parsePrice(`${text} 1`).currency ?? parsePrice(`1 ${text}`).currency;
}

const UNAVAILABLE = new Set(['outofstock', 'soldout', 'discontinued', 'false', 'out of stock', 'sold out']);
const AVAILABLE = new Set([
  'instock', 'instoreonly', 'onlineonly', 'limitedavailability', 'preorder', 'presale', 'backorder', 'madetoorder', 'true', 'in stock',
]);

/** schema.org availability ("https://schema.org/InStock", "OutOfStock", "in stock"): true, false or null when not said. */
export function availability(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const word = (value.trim().split(/[/#:]/).pop() ?? '').toLowerCase();
  if (UNAVAILABLE.has(word)) return false;
  if (AVAILABLE.has(word)) return true;
  return null;
}

/**
 * The current price among several offers: in the first stated currency
 * (offers in other currencies are the same price elsewhere), the lowest of
 * those in stock, or of all when none is (an offer that does not say counts
 * as in stock).
 */
export function chooseOffer(offers: readonly Offer[]): Offer | null {
  const currency = offers.find((offer) => offer.currency !== null)?.currency ?? null;
  const sameCurrency = offers.filter((offer) => offer.currency === null || offer.currency === currency);
  const inStock = sameCurrency.filter((offer) => offer.available !== false);
  const pool = inStock.length > 0 ? inStock : sameCurrency;
  let best: Offer | null = null;
  for (const offer of pool) if (best === null || offer.amount < best.amount) best = offer;
  return best && best.currency === null && currency !== null ? { ...best, currency } : best;
}
