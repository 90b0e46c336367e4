import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventBatchHandler, EventHandler, EventInbox, usersOf } from '@closetly/server';
import { PriceAlertsService } from './price-alerts/price-alerts.service';
import { PrivacyService } from './privacy/privacy.service';
import { ProfilesService } from './profiles/profiles.service';

/**
 * Creates each new account's profile from identity's event, once per event (inbox) and once per account (insert if missing);
 * erases what the service holds for a deleted account, once per event; keeps which products each shopper
 * saved (wardrobe's events) and turns shown-price changes into price alerts (catalogue's).
 */
@Controller()
export class ProfileConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly profiles: ProfilesService,
    private readonly privacy: PrivacyService,
    private readonly priceAlerts: PriceAlertsService,
  ) {}

  @EventHandler('identity.account-registered.v1')
  async onAccountRegistered(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-registered.v1', message, ({ accountId, ...account }, tx) =>
      this.privacy.unlessErased(accountId, tx, () => this.profiles.accountRegistered(accountId, account, tx)),
    );
  }

  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-deleted.v1', message, ({ userId }, tx) => this.privacy.accountDeleted(userId, tx));
  }

  /** Saves and removals come in batches, a batch in one transaction; saves in one statement (PriceAlertsService.itemsSaved). */
  @EventBatchHandler('wardrobe.item-saved.v1')
  async onItemsSaved(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatch('wardrobe.item-saved.v1', messages, async (events, tx) => {
      const erased = await this.privacy.erasedAmong(usersOf(events), tx);
      await this.priceAlerts.itemsSaved(
        events.map((event) => event.payload).filter((saved) => !erased.has(saved.userId)),
        tx,
      );
    });
  }

  @EventBatchHandler('wardrobe.item-removed.v1')
  async onItemsRemoved(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatchPerEvent('wardrobe.item-removed.v1', messages, (removed, tx) =>
      this.privacy.unlessErased(removed.userId, tx, () => this.priceAlerts.itemRemoved(removed, tx)),
      { first: (events, tx) => this.privacy.lockAccounts(usersOf(events), tx) },
    );
  }

  @EventHandler('catalogue.price-changed.v1')
  async onPriceChanged(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('catalogue.price-changed.v1', message, async (changed, tx) => {
      await this.priceAlerts.priceChanged(changed, tx);
    });
  }
}
