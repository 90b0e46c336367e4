import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventHandler, EventInbox } from '@closetly/server';
import { SavesService } from './saves/saves.service';

/** Keeps saved items in step with the catalogue: its classifications and its removals. */
@Controller()
export class WardrobeConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly saves: SavesService,
  ) {}

  @EventHandler('catalogue.product-upserted.v1')
  async onProductUpserted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('catalogue.product-upserted.v1', message, (payload, tx) => this.saves.productUpserted(payload.product, tx));
  }

  @EventHandler('catalogue.product-removed.v1')
  async onProductRemoved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('catalogue.product-removed.v1', message, (payload, tx) => this.saves.productRemoved(payload.productId, tx));
  }
}
