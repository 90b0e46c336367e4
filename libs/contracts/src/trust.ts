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
 * failed read changes nothing downstream. `gone` (price watch): the page
 * answered 404 or 410 on two reads in a row; the catalogue marks the product
 * unavailable (never deletes it), and a later `product` read makes it
 * available again.
 */
export const PagesProductObserved = z.discriminatedUnion('outcome', [
  z.object({ productId: z.string().uuid(), url: z.string().max(2048), fetchedAt: z.string().datetime(), outcome: z.literal('product'), page: ObservedPage }),
  z.object({ productId: z.string().uuid(), url: z.string().max(2048), fetchedAt: z.string().datetime(), outcome: z.literal('unreadable'), reason: z.string().min(1).max(500) }),
  z.object({ productId: z.string().uuid(), url: z.string().max(2048), fetchedAt: z.string().datetime(), outcome: z.literal('gone'), status: z.number().int() }),
]);
export type PagesProductObserved = z.infer<typeof PagesProductObserved>;

/** POST /api/admin/page-watch/run: how many due pages the run read, and what each read gave (a product, unreadable, or unchanged since the last read). */
export const PageWatchRunResult = z.object({
  read: z.number().int().min(0),
  products: z.number().int().min(0),
  unreadable: z.number().int().min(0),
  notModified: z.number().int().min(0),
});
export type PageWatchRunResult = z.infer<typeof PageWatchRunResult>;

/** Why a product is contested: proved savers disagree on name and brand, on price by more than 20%, or with the retailer's page. */
export const ContestReason = z.enum(['name-brand', 'price', 'page']);
export type ContestReason = z.infer<typeof ContestReason>;

/** One proved saver's version of a contested product, as the administrator compares them. */
export const ContestedCapture = z.object({
  userId: z.string(),
  name: z.string(),
  brand: z.string(),
  /** Their latest price observation. */
  price: z.number().nullable(),
  currency: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Where a client shows the image (the gateway's signed address); set by the gateway. */
  displayImageUrl: z.string().nullable().optional(),
  capturedAt: z.string(),
  /** The first proved saver: their version shows while the contest is open. */
  first: z.boolean(),
});
export type ContestedCapture = z.infer<typeof ContestedCapture>;

/** GET /api/admin/contested-products: each product with an open contest, the page's version (when read) and the savers' side by side. */
export const ContestedProduct = z.object({
  productId: z.string().uuid(),
  /** What shoppers see now. */
  shown: z.object({
    name: z.string(),
    brand: z.string(),
    price: z.number().nullable(),
    currency: z.string().nullable(),
    imageUrl: z.string().nullable(),
    displayImageUrl: z.string().nullable().optional(),
    sourceUrl: z.string(),
    listed: z.boolean(),
    hidden: z.boolean(),
  }),
  reasons: z.array(ContestReason).min(1),
  page: z
    .object({
      name: z.string(),
      brand: z.string().nullable(),
      price: z.number().nullable(),
      currency: z.string().nullable(),
      imageUrl: z.string().nullable(),
      displayImageUrl: z.string().nullable().optional(),
      fetchedAt: z.string(),
    })
    .nullable(),
  captures: z.array(ContestedCapture),
});
export type ContestedProduct = z.infer<typeof ContestedProduct>;
export const ContestedProducts = z.array(ContestedProduct);

/**
 * POST /api/admin/contested-products/{id}/resolve: keep the page's version
 * (its fields decide, corrections cleared), one proved saver's (their name,
 * brand, image and description become the administrator's corrections), or
 * hide the product. The contest is settled until newer evidence arrives.
 */
export const ResolveContestRequest = z.discriminatedUnion('keep', [
  z.object({ keep: z.literal('page') }).strict(),
  z.object({ keep: z.literal('capture'), userId: z.string().min(1).max(200) }).strict(),
  z.object({ keep: z.literal('hidden') }).strict(),
]);
export type ResolveContestRequest = z.infer<typeof ResolveContestRequest>;
export const NO_PAGE_TO_KEEP_MESSAGE = 'This product has no read of its page to keep.';
export const NO_SUCH_CAPTURE_MESSAGE = 'No proved saver of this product has that version.';
