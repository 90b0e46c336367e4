import type { Capture, Category, ContestReason, ProductGender } from '@closetly/contracts';
import { captureCategory, nameBrandKey, productIdFor, productKey, retailerFromUrl, retailerSellsBrand, supportedRetailerForHost, webUrl } from '@closetly/catalogue-rules';

/** One saver's latest capture of the product. */
export interface SaverCapture {
  userId: string;
  capture: Capture;
  /** When this user first saved it: the earlier saver wins a tie. */
  firstSavedAt: Date;
  /** When this capture was taken (a newer one reopens a contest the administrator settled). */
  capturedAt?: Date;
}

/** What the page-watch worker last read on the product's own page (pages.product-observed.v1), when it yielded a product. */
export interface PageRead {
  /** The page's canonical address, as the extractor read it. */
  sourceUrl: string;
  name: string;
  brand: string | null;
  price: number | null;
  currency: string | null;
  imageUrl: string | null;
  description: string | null;
  fetchedAt: Date;
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
  /** Savers whose account has proved its e-mail address: only they count toward what others see. */
  provedUserIds: ReadonlySet<string>;
  /** The retailer's page, as last read; it decides when its address is the product's. */
  page: PageRead | null;
  /** When the administrator last settled a contest over this product: evidence older than that contests nothing. */
  contestSettledAt: Date | null;
}

export type { ContestReason };

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
  /** The retailer's page was read and its address is the product's: name, brand, image and price are the page's. */
  verified: boolean;
  /** Open disagreements the administrator has not settled; empty when there are none. */
  contested: ContestReason[];
}

/** Proved savers needed to agree on name and brand before a product from any other shop is listed. */
export const SAVERS_TO_LIST = 2;

/** Proved savers' prices further apart than this (the highest over the lowest, in one currency) contest the product. */
export const CONTESTED_PRICE_RATIO = 1.2;

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

/** Whether the page read is the product's own page: its canonical address makes the product's key. */
const isProductPage = (key: string, page: Pick<PageRead, 'sourceUrl' | 'name' | 'brand'>): boolean =>
  key.startsWith('url:') && productKey({ sourceUrl: page.sourceUrl, name: page.name, brand: page.brand ?? '' }) === key;

/** isProductPage by the product's id (its key's UUIDv5), for a read that may arrive before the product is derived. */
export function isOwnPage(productId: string, page: Pick<PageRead, 'sourceUrl' | 'name' | 'brand'>): boolean {
  const key = productKey({ sourceUrl: page.sourceUrl, name: page.name, brand: page.brand ?? '' });
  return isProductPage(key, page) && productIdFor(key) === productId;
}

/**
 * The shared product. No saver, and no gang of throwaway accounts, decides
 * what others see:
 * - **Verified**: when the retailer's page was read and its canonical address
 *   is the product's, name, brand, image, price and currency (and the
 *   description it states) are the page's.
 * - Otherwise only **proved** savers (a confirmed e-mail) count: name and
 *   brand (together), image, description and colour are each what most
 *   distinct proved savers captured (the first proved saver breaks ties; a
 *   saver who captured none does not vote), and the price is the median of
 *   each proved saver's latest observation (`robustPrice`). With no proved
 *   saver the savers' own captures fill the fields, for their eyes only.
 * - **Listing** is earned: a verified product; a supported retailer's page
 *   (with a brand it sells) with at least one proved saver; or
 *   SAVERS_TO_LIST proved savers agreeing on name and brand.
 * - **Contested**: proved savers disagree on name and brand, or on price by
 *   more than CONTESTED_PRICE_RATIO, or a proved capture disagrees with the
 *   page; evidence older than the administrator's last settlement does not count.
 * - The administrator's corrections win over all of it.
 */
export function deriveProduct(input: DerivationInput): DerivedProduct {
  const all = [...input.captures].sort((a, b) => a.firstSavedAt.getTime() - b.firstSavedAt.getTime() || a.userId.localeCompare(b.userId));
  const first = all[0];
  if (!first) throw new Error('a product is derived from at least one capture');
  const proved = all.filter((saver) => input.provedUserIds.has(saver.userId));
  // Unproved savers only fill in a product nobody proved has saved: they see their own.
  const savers = proved.length > 0 ? proved : all;
  const firstSaver = savers[0] as SaverCapture;

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

  const page = input.page && isProductPage(input.productKey, input.page) ? input.page : null;
  const observations = input.observations.filter((observation) => proved.length === 0 || input.provedUserIds.has(observation.userId));
  const savedPrice = robustPrice(observations, savers.map((saver) => saver.userId));
  const price = page && page.price !== null ? { price: page.price, currency: page.currency, priceText: null } : savedPrice;

  const name = input.corrections.name ?? page?.name ?? identity?.value.name ?? firstSaver.capture.name;
  const brand = input.corrections.brand ?? page?.brand ?? identity?.value.brand ?? firstSaver.capture.brand;
  const finalDescription = input.corrections.description ?? (page?.description || null) ?? description?.value ?? '';
  const sourceUrl = input.productKey.startsWith('url:') ? input.productKey.slice('url:'.length) : '#';
  const retailer = retailerFromUrl(sourceUrl);
  const supported = supportedRetailerForHost(retailer);
  const gender = input.adminGender ?? votedGender?.value ?? 'Unisex';
  const provedAgreeing = proved.length > 0 ? (identity?.voters ?? 0) : 0;

  return {
    name,
    brand,
    ...price,
    imageUrl: webUrl(input.corrections.imageUrl) ?? webUrl(page?.imageUrl) ?? image?.value ?? null,
    description: finalDescription,
    sourceUrl,
    retailer,
    gender,
    genderSource: input.adminGender ? 'admin' : votedGender ? 'captures' : 'default',
    category: captureCategory({ name, description: finalDescription, sourceUrl }),
    colour: colour?.value ?? null,
    listed: page !== null || (supported !== null && proved.length > 0 && retailerSellsBrand(supported, brand)) || provedAgreeing >= SAVERS_TO_LIST,
    verified: page !== null,
    // With a proved saver, `observations` holds only proved savers' prices; without one nothing is contested.
    contested: contestReasons(proved, proved.length > 0 ? observations : [], page, input.contestSettledAt),
  };
}

/** The disagreements among proved savers and the page that arrived after the administrator last settled one. */
function contestReasons(proved: readonly SaverCapture[], observations: readonly LatestObservation[], page: PageRead | null, settledAt: Date | null): ContestReason[] {
  const fresh = (at: Date | undefined) => settledAt === null || (at !== undefined && at > settledAt);
  const reasons: ContestReason[] = [];
  const newCapture = proved.some((saver) => fresh(saver.capturedAt ?? saver.firstSavedAt));
  const identities = new Set(proved.map(({ capture }) => nameBrandKey(capture.name, capture.brand)));
  if (identities.size > 1 && newCapture) reasons.push('name-brand');
  const byCurrency = new Map<string, number[]>();
  for (const observation of observations) byCurrency.set(observation.currency ?? '', [...(byCurrency.get(observation.currency ?? '') ?? []), observation.amount]);
  const spread = [...byCurrency.values()].some((amounts) => amounts.length > 1 && Math.max(...amounts) > CONTESTED_PRICE_RATIO * Math.min(...amounts));
  if (spread && newCapture) reasons.push('price');
  if (page) {
    // A page that names no brand is compared on the name alone.
    const pageKey = nameBrandKey(page.name, page.brand ?? '');
    const disagrees = proved.some(({ capture }) => nameBrandKey(capture.name, page.brand === null ? '' : capture.brand) !== pageKey);
    if (disagrees && (fresh(page.fetchedAt) || newCapture)) reasons.push('page');
  }
  return reasons;
}
