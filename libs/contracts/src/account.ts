import { z } from 'zod';
import { Capture, ProductGender } from './catalogue';
import { AppNotification } from './price-watch';
import { Profile } from './profile';
import { RecentSearches } from './search';

/**
 * The caller's own data rights (GDPR articles 15, 17 and 20): a self-service
 * export of everything held about them, and deletion of the account and of
 * what every service holds for it.
 */

/** The export's download name (Content-Disposition): the same for everyone, so no e-mail address leaks into a file name. */
export const ACCOUNT_EXPORT_FILENAME = 'closetly-data-export.json';
/** Names the export's layout, so a reader of an old file knows which it holds. */
export const ACCOUNT_EXPORT_FORMAT = 'closetly-account-export/1';

/**
 * DELETE /api/account. The current password proves the caller is the account's owner, not someone at an
 * unlocked screen. An account that has none (third-party sign-in only) sends no password and must have signed
 * in within the last `FRESH_SIGN_IN_MINUTES` instead.
 */
export const DeleteAccountRequest = z
  .object({ password: z.string().min(1, 'Please enter your password').max(128, 'Password is incorrect.').optional() })
  .strict();
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;
export const FRESH_SIGN_IN_MINUTES = 10;

export const DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE = 'Password is incorrect.';
export const DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE = `Please sign in again (within the last ${FRESH_SIGN_IN_MINUTES} minutes) to delete your account.`;
/** What the web app says once the account is gone. */
export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted and you have been signed out everywhere.';

/** identity → every service: the account is gone; delete what you hold for `userId`. */
export const IdentityAccountDeleted = z.object({ userId: z.string().uuid() });
export type IdentityAccountDeleted = z.infer<typeof IdentityAccountDeleted>;

/** identity's part of the export: the account (never a password hash), how it signs in, and its sessions. */
export const IdentityExport = z.object({
  account: z.object({
    uid: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    gender: z.string(),
    roles: z.array(z.string()),
    emailVerified: z.boolean(),
    hasPassword: z.boolean(),
    createdAt: z.string(),
  }),
  signInMethods: z.array(z.object({ provider: z.string(), linkedAt: z.string() })),
  sessions: z.array(
    z.object({
      device: z.string().nullable(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      endedAt: z.string().nullable(),
    }),
  ),
});
export type IdentityExport = z.infer<typeof IdentityExport>;

/**
 * Price alerts in the export (issue 25): the targets set, every alert made (with when a digest mail listed
 * it; null while pending or when alerts were off by then) and the digests sent. The settings are the profile's.
 */
export const PriceAlertsExport = z.object({
  targets: z.array(z.object({ productId: z.string().uuid(), targetPrice: z.number() })),
  alerts: z.array(AppNotification.extend({ mailedAt: z.string().datetime().nullable() })),
  digests: z.array(z.object({ sentAt: z.string().datetime(), items: z.number().int().nonnegative() })),
});
export type PriceAlertsExport = z.infer<typeof PriceAlertsExport>;

/** profile's part: the profile (null if never created), every recent search kept, and the price alerts. */
export const ProfileExport = z.object({ profile: Profile.nullable(), recentSearches: RecentSearches, priceAlerts: PriceAlertsExport });
export type ProfileExport = z.infer<typeof ProfileExport>;

/** The export is read a page at a time, so 10,000 saves never sit in memory at once. */
export const EXPORT_PAGE_SIZE = 500;
export const ExportPage = z.object({ after: z.string().max(200).nullable(), limit: z.number().int().min(1).max(EXPORT_PAGE_SIZE) });

/** One page of a long export list, and the cursor of the next page (null after the last). */
export interface ExportPageOf<TItem> {
  items: TItem[];
  next: string | null;
}

/**
 * A page from `rows` read with one more than `limit`: that extra row only says another page follows, so a full
 * last page still answers `next: null`. `cursorOf` names where the page's last row stands.
 */
export function toExportPage<TRow, TItem>(rows: readonly TRow[], limit: number, cursorOf: (row: TRow) => string, toItem: (row: TRow) => TItem): ExportPageOf<TItem> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(toItem), next: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** One of the caller's saves with their own capture of it. */
export const ExportedSave = z.object({ productId: z.string(), savedAt: z.string(), capturedAt: z.string(), capture: Capture });
export type ExportedSave = z.infer<typeof ExportedSave>;

/** One price the caller's captures recorded (the catalogue's price history). */
export const ExportedPriceObservation = z.object({
  productId: z.string(),
  amount: z.number(),
  currency: z.string().nullable(),
  priceText: z.string().nullable(),
  observedAt: z.string(),
  /** How it was observed: a save's capture, or the extension's read of a saved page (price watch); absent in older exports. */
  source: z.enum(['capture', 'shopper']).optional(),
});
export type ExportedPriceObservation = z.infer<typeof ExportedPriceObservation>;

/** One gender vote the caller gave from a quick view. */
export const ExportedItemFeedback = z.object({ productId: z.string(), gender: ProductGender, createdAt: z.string() });
export type ExportedItemFeedback = z.infer<typeof ExportedItemFeedback>;

/**
 * An administrator's check that an erasure is complete: how many rows each
 * service still holds for one user id, table by table (0 everywhere once the
 * deletion has gone through). Counts only, never the data.
 */
export const DataHeld = z.record(z.string(), z.number().int().nonnegative());
export type DataHeld = z.infer<typeof DataHeld>;
export const DataHeldReport = z.object({ userId: z.string().uuid(), services: z.record(z.string(), DataHeld) });
export type DataHeldReport = z.infer<typeof DataHeldReport>;

/** The whole download, in the order the gateway streams it. */
export const AccountExport = IdentityExport.merge(ProfileExport).extend({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exportedAt: z.string(),
  saves: z.array(ExportedSave),
  priceObservations: z.array(ExportedPriceObservation),
  itemFeedback: z.array(ExportedItemFeedback),
});
export type AccountExport = z.infer<typeof AccountExport>;
