import { z } from 'zod';

/**
 * Trust: whose word counts toward the shared product. The retailer's own page
 * when it can be read (pages.product-observed.v1), else savers whose account
 * proved its e-mail address (identity.email-confirmed.v1).
 */

/** identity → catalogue: the account proved its e-mail address (a confirmation link, a provider's verified e-mail, a used reset link). */
export const IdentityEmailConfirmed = z.object({
  userId: z.string().uuid(),
  how: z.enum(['link', 'provider', 'reset']),
});
export type IdentityEmailConfirmed = z.infer<typeof IdentityEmailConfirmed>;

/** What the page-watch worker read on a product page: the extractor's fields, as a save's limits bound them. */
export const ObservedPage = z.object({
  /** The page's canonical address. */
  sourceUrl: z.string().min(1).max(2048),
  name: z.string().min(1).max(300),
  brand: z.string().min(1).max(200).nullable(),
  price: z.number().finite().positive().nullable(),
  currency: z.string().length(3).nullable(),
  imageUrl: z.string().max(2048).nullable(),
  description: z.string().max(5000).nullable(),
});
export type ObservedPage = z.infer<typeof ObservedPage>;

/**
 * pages → catalogue (and, later, price watch): one read of a product's page.
 * `product`: the page yielded a product at `page`; `unreadable`: it did not,
 * and `reason` says why (robots.txt, a bot wall, no product, an error). A
 * failed read changes nothing downstream.
 */
export const PagesProductObserved = z.discriminatedUnion('outcome', [
  z.object({ productId: z.string().uuid(), url: z.string().max(2048), fetchedAt: z.string().datetime(), outcome: z.literal('product'), page: ObservedPage }),
  z.object({ productId: z.string().uuid(), url: z.string().max(2048), fetchedAt: z.string().datetime(), outcome: z.literal('unreadable'), reason: z.string().min(1).max(500) }),
]);
export type PagesProductObserved = z.infer<typeof PagesProductObserved>;
