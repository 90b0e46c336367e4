import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventHandler, EventInbox } from '@closetly/server';
import { RetentionService } from './retention.service';

/** Builds the retention read model, once per event (inbox), each event applied at the time it happened. */
@Controller()
export class RetentionConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly retention: RetentionService,
  ) {}

  @EventHandler('wardrobe.item-saved.v1')
  async onItemSaved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('wardrobe.item-saved.v1', message, ({ productId, userId }, tx, envelope) =>
      this.retention.itemSaved(productId, userId, new Date(envelope.occurredAt), tx),
    );
  }

  @EventHandler('wardrobe.item-removed.v1')
  async onItemRemoved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('wardrobe.item-removed.v1', message, ({ productId, userId }, tx, envelope) =>
      this.retention.itemRemoved(productId, userId, new Date(envelope.occurredAt), tx),
    );
  }

  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-deleted.v1', message, ({ userId }, tx, envelope) =>
      this.retention.accountDeleted(userId, new Date(envelope.occurredAt), tx),
    );
  }

  @EventHandler('catalogue.product-upserted.v1')
  async onProductUpserted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('catalogue.product-upserted.v1', message, ({ product }, tx, envelope) =>
      this.retention.productSeen(product.id, new Date(envelope.occurredAt), tx),
    );
  }
}
