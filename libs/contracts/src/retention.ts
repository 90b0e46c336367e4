import { z } from 'zod';
import { Product } from './catalogue';

/** Spec §9: a product nobody has saved for this long is removed. */
export const RETENTION_DAYS = 30;

/**
 * Spec §3 at-risk item: a product without an active save, with when its last
 * active save ended (`lastUnsavedAt`, ISO 8601), the whole days left before the
 * sweep removes it (0 or less: pending deletion), and the users with an active
 * save (empty for an at-risk product; kept for the spec's shape).
 */
export const AtRiskItem = z.object({
  itemId: z.string().uuid(),
  lastUnsavedAt: z.string().datetime({ offset: true }),
  daysUntilDeletion: z.number().int(),
  savedByUsers: z.array(z.string()),
  /**
   * Not in the spec's shape: the product itself, so the table shows a name and a picture and opens the
   * product dialog. The gateway adds it from the catalogue (the retention service holds ids only); null
   * when the catalogue no longer holds the product.
   */
  product: Product.nullable().optional(),
});
export type AtRiskItem = z.infer<typeof AtRiskItem>;
export const AtRiskItems = z.array(AtRiskItem);

/** The at-risk list is for a person to read: at most this many, the longest unsaved first. */
export const AT_RISK_LIMIT = 1000;
export type AtRiskItems = z.infer<typeof AtRiskItems>;

/**
 * Retention decided a product has had no active save for RETENTION_DAYS: the
 * catalogue, which owns products, deletes it (unless a save arrived since) and
 * announces catalogue.product-removed.v1. Key = product id.
 */
export const RetentionProductExpired = z.object({
  productId: z.string().uuid(),
  lastUnsavedAt: z.string().datetime({ offset: true }),
});
export type RetentionProductExpired = z.infer<typeof RetentionProductExpired>;

/** What one sweep did: how many products it announced as expired. */
export const RetentionSweepResult = z.object({ expired: z.number().int().min(0) });
export type RetentionSweepResult = z.infer<typeof RetentionSweepResult>;

/** Tests only: how far the retention service's clock runs ahead of real time. */
export const RetentionClockRequest = z.object({ offsetMs: z.number().int().min(0).max(10 * 365 * 86_400_000) }).strict();
export type RetentionClockRequest = z.infer<typeof RetentionClockRequest>;
