import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventHandler, EventInbox } from '@closetly/server';
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

  @EventHandler('catalogue.product-upserted.v1')
  async onProductUpserted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consumeIdempotent('catalogue.product-upserted.v1', message, (payload) => this.search.productChanged(payload.product));
  }

  @EventHandler('catalogue.product-removed.v1')
  async onProductRemoved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consumeIdempotent('catalogue.product-removed.v1', message, (payload) => this.search.productRemoved(payload.productId));
  }
}
