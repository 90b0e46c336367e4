import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventBatchHandler, EventHandler, EventInbox } from '@closetly/server';
import { PrivacyService } from './privacy/privacy.service';
import { RecommendationsService } from './recommendations/recommendations.service';
import { SavesService } from './saves/saves.service';

/**
 * Keeps saved items in step with the catalogue (its classifications and its
 * removals), and the recommender's read model: the catalogue's products and
 * the shoppers' profiles; erases what it holds for a deleted account. Each
 * event's effects run in its inbox transaction; once a change to products or
 * saves has committed, the recommender is built afresh.
 */
@Controller()
export class WardrobeConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly saves: SavesService,
    private readonly recommendations: RecommendationsService,
    private readonly privacy: PrivacyService,
  ) {}

  /** Product changes come in batches, a batch in one transaction (EventInbox.consumeBatchPerEvent). */
  @EventBatchHandler('catalogue.product-upserted.v1')
  async onProductsUpserted(@Payload() messages: unknown[]): Promise<void> {
    const applied = await this.inbox.consumeBatch('catalogue.product-upserted.v1', messages, async (events, tx) => {
      // A product's last event in the batch is what the catalogue publishes now (one key's events keep their order).
      const latest = [...new Map(events.map(({ payload: { product } }) => [product.id, product])).values()];
      await this.saves.productsUpserted(latest, tx);
      await this.recommendations.productsUpserted(latest, tx);
    });
    if (applied > 0) this.recommendations.dataChanged();
  }

  @EventHandler('catalogue.product-removed.v1')
  async onProductRemoved(@Payload() message: unknown): Promise<void> {
    const outcome = await this.inbox.consume('catalogue.product-removed.v1', message, async ({ productId }, tx) => {
      await this.saves.productRemoved(productId, tx);
      await this.recommendations.productRemoved(productId, tx);
    });
    if (outcome === 'processed') this.recommendations.dataChanged();
  }

  @EventHandler('profile.updated.v1')
  async onProfileUpdated(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('profile.updated.v1', message, (facts, tx) => this.privacy.unlessErased(facts.userId, tx, () => this.recommendations.profileUpdated(facts, tx)));
  }

  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    const outcome = await this.inbox.consume('identity.account-deleted.v1', message, ({ userId }, tx) => this.privacy.accountDeleted(userId, tx));
    // The recommender learnt from the user's saves: the next answer ranks with one built without them.
    if (outcome === 'processed') this.recommendations.dataChanged();
  }
}
