import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventHandler, EventInbox } from '@closetly/server';
import { RecommendationsService } from './recommendations/recommendations.service';
import { SavesService } from './saves/saves.service';

/**
 * Keeps saved items in step with the catalogue (its classifications and its
 * removals), and the recommender's read model: the catalogue's products and
 * the shoppers' profiles. Each event's effects run in its inbox transaction;
 * once a product change has committed, the recommender is built afresh.
 */
@Controller()
export class WardrobeConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly saves: SavesService,
    private readonly recommendations: RecommendationsService,
  ) {}

  @EventHandler('catalogue.product-upserted.v1')
  async onProductUpserted(@Payload() message: unknown): Promise<void> {
    const outcome = await this.inbox.consume('catalogue.product-upserted.v1', message, async ({ product }, tx) => {
      await this.saves.productUpserted(product, tx);
      await this.recommendations.productUpserted(product, tx);
    });
    if (outcome === 'processed') this.recommendations.dataChanged();
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
    await this.inbox.consume('profile.updated.v1', message, (facts, tx) => this.recommendations.profileUpdated(facts, tx));
  }
}
