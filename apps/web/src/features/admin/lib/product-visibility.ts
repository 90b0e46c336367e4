import type { Product } from '@closetly/contracts';

type Visibility = Pick<Product, 'listed' | 'hidden'>;

/** Why a product is not listed yet (the catalogue's listing rule, README "Listed"). */
const NOT_LISTED_WHY =
  'Only its savers see it until it is listed: from a supported retailer’s page with a confirmed saver, or when two confirmed savers agree on its name and brand.';

/**
 * What the product dialog says of where a product shows. Public lists show a product only when it is
 * listed (earned) and not hidden (an administrator's choice); hidden says so first, as the one the
 * administrator can change here.
 */
export function visibilityText({ listed, hidden }: Visibility): string {
  if (hidden) return listed ? 'Hidden from every public list by an administrator.' : `Hidden from every public list by an administrator, and not yet listed. ${NOT_LISTED_WHY}`;
  return listed ? 'Shown in public lists.' : `Not yet in public lists. ${NOT_LISTED_WHY}`;
}

/** What the dialog says once Hide or Show Product went through, from the product as the server answered it. */
export function hiddenChangeNotice({ listed, hidden }: Visibility): string {
  if (hidden) return 'Hidden from every list.';
  return listed ? 'Shown in lists again.' : 'No longer hidden. It shows in public lists once it is listed.';
}
