import { isTrackingParam } from '@closetly/catalogue-rules';
import { chooseOffer } from './price';
import { comparable, namesAgree } from './text';
import type { Offer, ProductCandidate, Variant } from './types';
import { pathKey, resolveUrl } from './urls';

/**
 * Which of a source's product items is the page's own product, when a page
 * also describes others (related items, "complete the look", a recently
 * viewed strip). Completeness never counts: a related item with every field
 * loses to a sparse main product.
 * 1. `url`: a url, @id or offer URL of the item is the page's address or
 *    canonical (host and path; the query breaks ties between items that
 *    share a path: `product.php?id=…`). This can pick a related-marked item,
 *    since the address settles it.
 * 2. `main-entity`: the page names it as its mainEntity.
 * 3. `title`: its name agrees with og:title, twitter:title or the h1
 *    (`namesAgree`; the longest agreeing name wins: "Dayzy Platform" over
 *    "Dayzy" under the title "Dayzy Platform | Shop").
 * 4. `only` / `first`: the only, else the first, item not marked related;
 *    but `LISTING_SIZE` or more items of which the page names none is a
 *    listing (a home or category page of product cards): no product.
 * Null when every item is related and none has the page's address.
 */

export type PickedBy = 'url' | 'main-entity' | 'title' | 'only' | 'first';

/** This many unnamed products make a page a listing. */
export const LISTING_SIZE = 3;

export interface PageHints {
  /** The page URL and the product URLs it declares (canonical, og:url). */
  urls: readonly URL[];
  /** og:title, twitter:title, h1. */
  titles: readonly string[];
  /** For relative item URLs. */
  base: string | null;
}

export interface Picked {
  candidate: ProductCandidate;
  by: PickedBy;
}

function queryKey(url: URL): string {
  return [...url.searchParams]
    .filter(([name]) => !isTrackingParam(name))
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
}

/** 2: the item's URL is the page's, query included; 1: host and path; 0: neither. */
function urlScore(candidate: ProductCandidate, hints: PageHints): number {
  let best = 0;
  for (const written of candidate.urls.slice(0, 50)) {
    const url = resolveUrl(written, hints.base);
    if (!url || url.pathname === '/' || url.pathname === '') continue;
    for (const page of hints.urls) {
      if (pathKey(url) !== pathKey(page)) continue;
      best = Math.max(best, queryKey(url) === queryKey(page) ? 2 : 1);
    }
  }
  return best;
}

export function pickMainProduct(candidates: readonly ProductCandidate[], hints: PageHints): Picked | null {
  if (candidates.length === 0) return null;
  const scored = candidates.map((candidate, order) => ({ candidate, order, score: urlScore(candidate, hints) }));
  const top = Math.max(...scored.map((entry) => entry.score));
  if (top > 0) {
    const matching = scored.filter((entry) => entry.score === top);
    const chosen = matching.find((entry) => !entry.candidate.related) ?? (matching[0] as (typeof matching)[number]);
    return { candidate: chosen.candidate, by: 'url' };
  }
  const open = candidates.filter((candidate) => !candidate.related);
  if (open.length === 0) return null;
  const main = open.find((candidate) => candidate.mainEntity);
  if (main) return { candidate: main, by: 'main-entity' };
  let titled: ProductCandidate | null = null;
  for (const candidate of open) {
    const name = candidate.facts.name;
    if (!name || !hints.titles.some((title) => namesAgree(name, title))) continue;
    if (titled === null || comparable(name).length > comparable(titled.facts.name as string).length) titled = candidate;
  }
  if (titled) return { candidate: titled, by: 'title' };
  if (open.length >= LISTING_SIZE) return null;
  return { candidate: open[0] as ProductCandidate, by: open.length === 1 ? 'only' : 'first' };
}

/**
 * The offer of the variant the page URL selects (`?variant=123`, a variant's
 * own URL), when the item's offers carry URLs (one offer per variant, or a
 * group's variants): same query, and
 * the same path or the page's path ending with the variant's
 * ("/collections/women/products/dayzy?variant=1" selects
 * "/products/dayzy?variant=1"). Null when the page selects none.
 */
export function selectedVariantOffer(candidate: ProductCandidate, page: URL | null, base: string | null): Offer | null {
  if (!page || !candidate.offers || page.search === '') return null;
  if (queryKey(page) === '') return null;
  return chooseOffer(candidate.offers.filter((offer) => selectsPage(offer.url, page, base)));
}

/**
 * Whether a variant's URL is the page's: the same non-empty query (see
 * `selectedVariantOffer`), or, for a variant with a path of its own
 * ("/products/dayzy-navy"), the same path and no query on either side.
 */
function selectsPage(written: string | null, page: URL, base: string | null): boolean {
  const url = resolveUrl(written, base);
  if (!url) return false;
  const pageQuery = queryKey(page);
  if (pageQuery === '') return queryKey(url) === '' && pathKey(url) === pathKey(page);
  return queryKey(url) === pageQuery && (pathKey(url) === pathKey(page) || page.pathname.endsWith(url.pathname));
}

/**
 * The variant the page shows: one whose URL selects the page (see
 * `selectsPage`), or whose sku is a query value or the last path segment of
 * the page's address (`?sku=DZ-NAVY-8`, "/p/DZ-NAVY-8"). Null when none or
 * several do (two variants at one URL say nothing about which is shown).
 */
export function selectedVariant(candidate: ProductCandidate, page: URL | null, base: string | null): Variant | null {
  if (!page || !candidate.variants || candidate.variants.length === 0) return null;
  const lastSegment = decodeSafely(page.pathname.split('/').filter(Boolean).at(-1) ?? '').toLowerCase();
  const queryValues = new Set([...page.searchParams.values()].map((value) => value.trim().toLowerCase()).filter(Boolean));
  const selected = candidate.variants.filter((variant) => {
    if (variant.urls.some((url) => selectsPage(url, page, base))) return true;
    const sku = variant.sku?.trim().toLowerCase();
    return Boolean(sku) && (queryValues.has(sku as string) || lastSegment === sku);
  });
  return selected.length === 1 ? (selected[0] as Variant) : null;
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
