import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventBatchHandler, EventHandler, EventInbox } from '@closetly/server';
import { SearchService } from './search.service';

/**
 * Keeps the index in step with the catalogue's events. The index lives outside
 * the service's database, so each write runs before the inbox records the
 * event (writes are idempotent: a redelivery after a crash repeats one), and a
 * failed write is thrown for redelivery. One product's events arrive in order
 * (key = product id).
 */
@Controller()
export class SearchConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly search: SearchService,
  ) {}

  /** Product changes arrive in batches (a fetch's worth): one bulk write to the index for each. */
  @EventBatchHandler('catalogue.product-upserted.v1')
  async onProductsUpserted(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeIdempotentBatch('catalogue.product-upserted.v1', messages, (payloads) => this.search.productsChanged(payloads.map((payload) => payload.product)));
  }

  @EventHandler('catalogue.product-removed.v1')
  async onProductRemoved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consumeIdempotent('catalogue.product-removed.v1', message, (payload) => this.search.productRemoved(payload.productId));
  }
}
