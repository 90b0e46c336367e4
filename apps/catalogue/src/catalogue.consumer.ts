import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventHandler, EventInbox } from '@closetly/server';
import { ProductsService } from './products/products.service';

/** Builds the shared catalogue from shoppers' captures. */
@Controller()
export class CatalogueConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly products: ProductsService,
  ) {}

  @EventHandler('wardrobe.item-saved.v1')
  async onItemSaved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('wardrobe.item-saved.v1', message, (payload, tx) => this.products.recordCapture(payload, tx));
  }
}
