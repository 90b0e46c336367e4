import { SUPPORTED_RETAILERS, type SupportedRetailer } from '@closetly/catalogue-rules';

/** Letters only, in any case: "& Other Stories" files under O, "adidas" beside "Abercrombie & Fitch". */
const collator = new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true });

/**
 * The FAQ's list of supported retailers (spec §1: sorted alphabetically): the display names of the list
 * the catalogue lists products by, so the answer and the catalogue never disagree.
 */
export function supportedRetailerNames(retailers: readonly SupportedRetailer[] = SUPPORTED_RETAILERS): string[] {
  return [...new Set(retailers.map((retailer) => retailer.name))].sort(collator.compare);
}
