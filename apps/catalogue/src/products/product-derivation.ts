import type { Capture, Category, ProductGender } from '@closetly/contracts';
import { captureCategory, nameBrandKey, retailerFromUrl, retailerSellsBrand, supportedRetailerForHost, webUrl } from '@closetly/catalogue-rules';

/** One saver's latest capture of the product. */
export interface SaverCapture {
  userId: string;
  capture: Capture;
  /** When this user first saved it: the earlier saver wins a tie. */
  firstSavedAt: Date;
}

/** One saver's latest price observation. */
export interface LatestObservation {
  userId: string;
  amount: number;
  currency: string | null;
  priceText: string | null;
}

/** The administrator's corrections; a set field wins over the savers' agreement. */
export interface Corrections {
  name?: string;
  brand?: string;
  imageUrl?: string;
  description?: string;
}

export interface DerivationInput {
  productKey: string;
  /** Every saver's latest capture, in any order. */
  captures: readonly SaverCapture[];
  /** Each saver's latest price observation of the last 30 days (older ones when nobody observed one since). */
  observations: readonly LatestObservation[];
  corrections: Corrections;
  /** The administrator's gender, if they set one. */
  adminGender: ProductGender | null;
}

export interface DerivedProduct {
  name: string;
  brand: string;
  price: number | null;
  currency: string | null;
  priceText: string | null;
  imageUrl: string | null;
  description: string;
  sourceUrl: string;
  retailer: string | null;
  gender: ProductGender;
  genderSource: 'admin' | 'captures' | 'default';
  category: Category;
  /** What most savers who stated a colour captured; null when nobody stated one. */
  colour: string | null;
  listed: boolean;
}

/** Savers needed to agree on name and brand before a product from any other shop is listed. */
export const SAVERS_TO_LIST = 2;

interface Vote<T> {
  key: string;
  value: T;
}

/**
 * The value most distinct savers voted for; between equally popular ones, the
 * one whose first voter saved first. Votes come in saver order (first saver
 * first), one per saver. Null without votes.
 */
export function mostAgreed<T>(votes: readonly Vote<T>[]): { value: T; voters: number } | null {
  const tally = new Map<string, { value: T; voters: number }>();
  for (const vote of votes) {
    const entry = tally.get(vote.key);
    if (entry) entry.voters += 1;
    else tally.set(vote.key, { value: vote.value, voters: 1 });
  }
  let best: { value: T; voters: number } | null = null;
  // Map keeps insertion order, so on a tie the earlier group (the earlier saver's) stays.
  for (const entry of tally.values()) if (!best || entry.voters > best.voters) best = entry;
  return best;
}

/**
 * The shared price, robust to one lying saver: each saver's latest
 * observation counts once. The currency most of them used wins (ties: the
 * first saver's); the price is the median of those amounts, and with an even
 * count the middle amount of the saver who saved first, so a second saver
 * alone can neither drag the price to their number nor halfway to it, and a
 * third honest saver outvotes them.
 */
export function robustPrice(observations: readonly LatestObservation[], saverOrder: readonly string[]): Pick<DerivedProduct, 'price' | 'currency' | 'priceText'> {
  if (observations.length === 0) return { price: null, currency: null, priceText: null };
  const rank = (userId: string) => {
    const index = saverOrder.indexOf(userId);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const ordered = [...observations].sort((a, b) => rank(a.userId) - rank(b.userId));
  const currency = mostAgreed(ordered.map((observation) => ({ key: observation.currency ?? '', value: observation.currency })))?.value ?? null;
  const sameCurrency = ordered.filter((observation) => observation.currency === currency).sort((a, b) => a.amount - b.amount || rank(a.userId) - rank(b.userId));
  const middle = sameCurrency.length / 2;
  let chosen: LatestObservation;
  if (sameCurrency.length % 2 === 1) chosen = sameCurrency[Math.floor(middle)] as LatestObservation;
  else {
    const lower = sameCurrency[middle - 1] as LatestObservation;
    const upper = sameCurrency[middle] as LatestObservation;
    chosen = rank(lower.userId) <= rank(upper.userId) ? lower : upper;
  }
  return { price: chosen.amount, currency: chosen.currency, priceText: chosen.priceText };
}

const collapse = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * The shared product from every saver's capture. No single saver decides what
 * others see: name and brand (together), image, description and colour are
 * each what most distinct savers captured (the first saver breaks ties; a
 * saver who captured none does not vote), the price is
 * `robustPrice`, and the administrator's corrections win over all of it.
 * Listing is earned: a supported retailer's page whose brand is one the
 * retailer sells, or SAVERS_TO_LIST savers agreeing on name and brand.
 */
export function deriveProduct(input: DerivationInput): DerivedProduct {
  const savers = [...input.captures].sort((a, b) => a.firstSavedAt.getTime() - b.firstSavedAt.getTime() || a.userId.localeCompare(b.userId));
  const first = savers[0];
  if (!first) throw new Error('a product is derived from at least one capture');

  const identity = mostAgreed(savers.map(({ capture }) => ({ key: nameBrandKey(capture.name, capture.brand), value: { name: capture.name, brand: capture.brand } })));
  // Only web links count (captures kept before links were cleaned may carry credentials or worse).
  const image = mostAgreed(
    savers.flatMap(({ capture }) => {
      const url = webUrl(capture.imageUrl);
      return url ? [{ key: url, value: url }] : [];
    }),
  );
  const description = mostAgreed(savers.flatMap(({ capture }) => (capture.description.trim() ? [{ key: collapse(capture.description), value: capture.description.trim() }] : [])));
  // Savers who stated no colour do not vote; "navy" and "Navy " are one vote (the first voter's spelling shows).
  const colour = mostAgreed(
    savers.flatMap(({ capture }) => {
      const stated = collapse(capture.colour ?? '');
      return stated ? [{ key: stated.toLowerCase(), value: stated }] : [];
    }),
  );
  const votedGender = mostAgreed(savers.flatMap(({ capture }) => (capture.gender ? [{ key: capture.gender, value: capture.gender }] : [])));

  const name = input.corrections.name ?? identity?.value.name ?? first.capture.name;
  const brand = input.corrections.brand ?? identity?.value.brand ?? first.capture.brand;
  const finalDescription = input.corrections.description ?? description?.value ?? '';
  const sourceUrl = input.productKey.startsWith('url:') ? input.productKey.slice('url:'.length) : '#';
  const retailer = retailerFromUrl(sourceUrl);
  const supported = supportedRetailerForHost(retailer);
  const gender = input.adminGender ?? votedGender?.value ?? 'Unisex';

  return {
    name,
    brand,
    ...robustPrice(input.observations, savers.map((saver) => saver.userId)),
    imageUrl: webUrl(input.corrections.imageUrl) ?? image?.value ?? null,
    description: finalDescription,
    sourceUrl,
    retailer,
    gender,
    genderSource: input.adminGender ? 'admin' : votedGender ? 'captures' : 'default',
    category: captureCategory({ name, description: finalDescription, sourceUrl }),
    colour: colour?.value ?? null,
    listed: (supported !== null && retailerSellsBrand(supported, brand)) || (identity?.voters ?? 0) >= SAVERS_TO_LIST,
  };
}
