import { Inject, Injectable } from '@nestjs/common';
import { type Caller, type DataHeld, EXTENSION_TOKEN_SCOPE_MESSAGE, isExtensionScoped, type ProfileExport } from '@closetly/contracts';
import { type Db, ErasedAccounts } from '@closetly/server';
import { ProfileError } from '../profile.errors';
import { NotificationsRepository } from '../price-alerts/notifications.repository';
import { toAppNotification } from '../price-alerts/price-alerts.service';
import { SavedProductsRepository } from '../price-alerts/saved-products.repository';
import { ProfilesRepository } from '../profiles/profiles.repository';
import { toProfile } from '../profiles/profiles.service';
import { RecentSearchesRepository } from '../recent-searches/recent-searches.repository';
import { toRecentSearch } from '../recent-searches/recent-searches.service';

/**
 * The account owner's data rights over what the profile service holds (the
 * profile with its price alert settings, the recent searches, the saved products
 * with their targets and alert state, the alerts and digests sent): their export, the erasure when identity
 * deletes the account, and an administrator's count of what is left.
 */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly searches: RecentSearchesRepository,
    private readonly savedProducts: SavedProductsRepository,
    private readonly notifications: NotificationsRepository,
    @Inject(ErasedAccounts) private readonly erased: ErasedAccounts,
  ) {}

  /** Reads only: a caller without a profile gets null, never a new one (unlike `profile.get`). */
  async export(caller: Caller): Promise<ProfileExport> {
    // The gateway refuses the extension's token already; the export is the full account's, so check again.
    if (isExtensionScoped(caller)) throw new ProfileError('FORBIDDEN', EXTENSION_TOKEN_SCOPE_MESSAGE);
    const profile = await this.profiles.find(caller.uid);
    const searches = await this.searches.listAll(caller.uid);
    const alerts = await this.notifications.listAll(caller.uid);
    const digests = await this.notifications.listDigests(caller.uid);
    return {
      profile: profile ? toProfile(profile) : null,
      recentSearches: searches.map(toRecentSearch),
      priceAlerts: {
        targets: await this.savedProducts.listTargets(caller.uid),
        alerts: alerts.map((row) => ({ ...toAppNotification(row), mailedAt: row.digestedAt?.toISOString() ?? null })),
        digests: digests.map((digest) => ({ sentAt: digest.sentAt.toISOString(), items: digest.items })),
      },
    };
  }

  /** identity.account-deleted.v1, in the inbox's transaction: whatever made the profile (the registration event, a first GET), it goes. */
  async accountDeleted(userId: string, tx: Db): Promise<void> {
    await this.erased.markErased(userId, new Date(), tx);
    await this.profiles.deleteForUser(userId, tx);
    await this.searches.deleteForUser(userId, tx);
    await this.savedProducts.deleteForUser(userId, tx);
    await this.notifications.deleteForUser(userId, tx);
  }

  /** Rows held for the user, by table; administrators only (checked here, not only by the gateway). */
  async dataHeld(caller: Caller, userId: string): Promise<DataHeld> {
    if (!caller.roles.includes('admin')) throw new ProfileError('FORBIDDEN', 'Unauthorized access.');
    const alerts = await this.notifications.countForUser(userId);
    return {
      profiles: await this.profiles.countForUser(userId),
      recent_searches: await this.searches.countForUser(userId),
      saved_products: await this.savedProducts.countForUser(userId),
      notifications: alerts.notifications,
      price_alert_digests: alerts.digests,
    };
  }

  /** First in a batch's transaction: its accounts' shared locks, and which are erased, once for the batch (ErasedAccounts.erasedAmong). */
  async lockAccounts(userIds: readonly string[], tx: Db): Promise<void> {
    await this.erasedAmong(userIds, tx);
  }

  /** Which of these accounts are erased, their shared locks held until the transaction ends (ErasedAccounts.erasedAmong). */
  erasedAmong(userIds: readonly string[], tx: Db): Promise<Set<string>> {
    return this.erased.erasedAmong(userIds, tx);
  }

  /** Applies one of the user's events unless their account is erased (see ErasedAccounts.unlessErased). */
  unlessErased(userId: string, tx: Db, apply: () => Promise<void>): Promise<void> {
    return this.erased.unlessErased(userId, tx, apply);
  }
}
