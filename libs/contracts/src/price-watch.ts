import { z } from 'zod';

/**
 * Price watch (issue 25): prices kept fresh by re-reading retailers' pages, their observed history, the
 * "Price dropped" badge and "On sale", and shoppers' price alerts (settings in the profile, a daily
 * digest mail, in-app notifications).
 *
 * Rules every part keeps:
 * - A history is only what was observed: a page read (`page`), a saver's capture (`capture`), or the
 *   extension's read of a page a shopper opened (`shopper`). Nothing is interpolated.
 * - "Shown price": the catalogue's derived price (a verified page wins; else the savers' robust median).
 *   Badges and alerts follow the shown price, never one shopper's observation.
 */

/** A drop of the shown price within PRICE_DROP_WINDOW_DAYS: the "Price dropped X%" badge and "On sale". */
export const PRICE_DROP_WINDOW_DAYS = 7;
/** The least drop, in percent (rounded down), that earns the badge and the "On sale" facet. */
export const MIN_BADGE_DROP_PERCENT = 5;
/** The history's low and high span this many days; "Lowest price in 30 days" the other. */
export const PRICE_HISTORY_DAYS = 90;
export const LOWEST_PRICE_WINDOW_DAYS = 30;

/** Set on a product (ProductView.priceDrop) while its shown price is below what it was up to 7 days ago. */
export const PriceDrop = z.object({
  /** Whole percent the shown price fell, rounded down (at least MIN_BADGE_DROP_PERCENT). */
  percent: z.number().int().min(1).max(99),
  /** The highest shown price of the window, which it fell from. */
  from: z.number().positive(),
  /**
   * The shown price it fell to. A wardrobe item's own price is what its saver captured, so cards show this
   * one beside the badge: "Price dropped 15%" must sit next to the price it dropped to.
   */
  to: z.number().positive(),
  /** When the shown price dropped to what it is now. */
  since: z.string().datetime(),
});
export type PriceDrop = z.infer<typeof PriceDrop>;

/**
 * The badge as a reader shows it at `now`: a product keeps its latest drop (dated `since`), and the badge,
 * "On sale" and the Sale filter show it only while that is within PRICE_DROP_WINDOW_DAYS.
 */
export function currentPriceDrop(drop: PriceDrop | null | undefined, now: Date): PriceDrop | null {
  if (!drop) return null;
  return new Date(drop.since).getTime() > now.getTime() - PRICE_DROP_WINDOW_DAYS * 24 * 60 * 60_000 ? drop : null;
}

export const PRICE_OBSERVATION_SOURCES = ['page', 'capture', 'shopper'] as const;
export const PriceObservationSource = z.enum(PRICE_OBSERVATION_SOURCES);
export type PriceObservationSource = z.infer<typeof PriceObservationSource>;

/** One observed price, as a history shows it: never whose it was. */
export const PricePoint = z.object({
  at: z.string().datetime(),
  amount: z.number().positive(),
  source: PriceObservationSource,
});
export type PricePoint = z.infer<typeof PricePoint>;

/**
 * GET /api/products/{id}/price-history (signed-in savers of the product): the observed shown-currency
 * prices of the last PRICE_HISTORY_DAYS, oldest first, with their low and high, whether the shown price is
 * the lowest of the last 30 days, and how many observations there are. Lows and highs are null when
 * nothing was observed.
 */
export const PriceHistory = z.object({
  productId: z.string().uuid(),
  currency: z.string().nullable(),
  points: z.array(PricePoint),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** True only with at least two observations in 30 days and the shown price at their lowest. */
  lowestIn30Days: z.boolean(),
  observations: z.number().int().nonnegative(),
});
export type PriceHistory = z.infer<typeof PriceHistory>;

/**
 * catalogue → price alerts, search: the shown price of a product changed (only then). `old`/`new` are
 * null when there was or is no price to show.
 */
export const CataloguePriceChanged = z.object({
  product: z.object({ id: z.string().uuid(), name: z.string(), brand: z.string(), sourceUrl: z.string() }),
  old: z.number().nullable(),
  new: z.number().nullable(),
  currency: z.string().nullable(),
  observedAt: z.string().datetime(),
});
export type CataloguePriceChanged = z.infer<typeof CataloguePriceChanged>;

/**
 * POST /api/price-observations (signed in; the extension, when its popup opens on a saved page): what the
 * page showed the shopper. Counted as the trust rules say: a shopper's read never outvotes a page read.
 */
export const PriceObservationRequest = z
  .object({
    productId: z.string().uuid('Item not found'),
    price: z.union([z.number(), z.string().max(200)]),
  })
  .strict();
export type PriceObservationRequest = z.infer<typeof PriceObservationRequest>;
export const PriceObservationResponse = z.object({ recorded: z.boolean() });
export type PriceObservationResponse = z.infer<typeof PriceObservationResponse>;

// Alerts.

export const MIN_DROP_PERCENTS = [5, 10, 20, 30] as const;
/** The profile's alert choices (Profile.priceAlerts): off by default. */
export const PriceAlertSettings = z
  .object({
    enabled: z.boolean(),
    minDropPercent: z.union([z.literal(5), z.literal(10), z.literal(20), z.literal(30)], { error: 'Choose 5, 10, 20 or 30 percent' }),
    rises: z.boolean(),
  })
  .strict();
export type PriceAlertSettings = z.infer<typeof PriceAlertSettings>;
export const DEFAULT_PRICE_ALERTS: PriceAlertSettings = { enabled: false, minDropPercent: 10, rises: false };

/** PUT /api/price-alerts/targets/{productId}: alert below this price (null clears it). GET answers the same shape. */
export const PriceTarget = z
  .object({
    targetPrice: z.number({ error: 'Target price must be a number' }).positive('Target price must be more than 0').max(1_000_000, 'Target price is too high').nullable(),
  })
  .strict();
export type PriceTarget = z.infer<typeof PriceTarget>;

export const NOTIFICATION_KINDS = ['price-drop', 'below-target', 'price-rise'] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** One in-app notification (the account menu's list). */
export const AppNotification = z.object({
  id: z.string().uuid(),
  kind: NotificationKind,
  productId: z.string().uuid(),
  name: z.string(),
  brand: z.string(),
  old: z.number().nullable(),
  new: z.number().nullable(),
  currency: z.string().nullable(),
  at: z.string().datetime(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof AppNotification>;

/** GET /api/notifications: newest first, at most NOTIFICATIONS_SHOWN; `unread` counts all unread. */
export const NOTIFICATIONS_SHOWN = 50;
export const NotificationList = z.object({ notifications: z.array(AppNotification), unread: z.number().int().nonnegative() });
export type NotificationList = z.infer<typeof NotificationList>;

/** POST /api/notifications/read: these ids, or every one when `ids` is absent. */
export const MarkNotificationsReadRequest = z.object({ ids: z.array(z.string().uuid()).max(NOTIFICATIONS_SHOWN).optional() }).strict();
export type MarkNotificationsReadRequest = z.infer<typeof MarkNotificationsReadRequest>;

/** POST /api/price-alerts/unsubscribe (no sign-in, no beta token): the mail's signed, single-purpose token. */
export const UnsubscribeRequest = z.object({ token: z.string().min(1).max(2000) }).strict();
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequest>;
export const UnsubscribeResponse = z.object({ unsubscribed: z.literal(true) });
export const UNSUBSCRIBE_INVALID_MESSAGE = 'This unsubscribe link is not valid.';

/** POST /api/admin/price-alerts/run: the due digests, sent now. */
export const PriceAlertsRunResult = z.object({ digests: z.number().int().nonnegative(), items: z.number().int().nonnegative() });
export type PriceAlertsRunResult = z.infer<typeof PriceAlertsRunResult>;

/**
 * profile.notification-created.v1, keyed by the user: a price alert became an in-app notification. The
 * gateway's live stream tells the user's open clients (issue 26); nothing else needs it.
 */
export const ProfileNotificationCreated = z.object({
  userId: z.string(),
  notificationId: z.string().uuid(),
  productId: z.string().uuid(),
  kind: NotificationKind,
  createdAt: z.string().datetime(),
});
export type ProfileNotificationCreated = z.infer<typeof ProfileNotificationCreated>;
