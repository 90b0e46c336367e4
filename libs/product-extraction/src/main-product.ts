import { isTrackingParam } from '@closetly/catalogue-rules';
import { chooseOffer } from './price';
import { comparable, namesAgree } from './text';
import type { Offer, ProductCandidate } from './types';
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
  const pageQuery = queryKey(page);
  if (pageQuery === '') return null;
  const selected = candidate.offers.filter((offer) => {
    const url = resolveUrl(offer.url, base);
    if (!url || queryKey(url) !== pageQuery) return false;
    return pathKey(url) === pathKey(page) || page.pathname.endsWith(url.pathname);
  });
  return chooseOffer(selected);
}
