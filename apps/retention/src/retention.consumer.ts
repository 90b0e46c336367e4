import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventBatchHandler, EventHandler, EventInbox, usersOf } from '@closetly/server';
import { RetentionService } from './retention.service';

/**
 * Builds the retention read model, once per event (inbox), each event applied at the time it happened.
 * The busy topics come in batches, a batch in one transaction (EventInbox.consumeBatchPerEvent).
 */
@Controller()
export class RetentionConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly retention: RetentionService,
  ) {}

  @EventBatchHandler('wardrobe.item-saved.v1')
  async onItemsSaved(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatchPerEvent('wardrobe.item-saved.v1', messages, ({ productId, userId }, tx, envelope) =>
      this.retention.itemSaved(productId, userId, new Date(envelope.occurredAt), tx),
      { first: (events, tx) => this.retention.lockAccounts(usersOf(events), tx) },
    );
  }

  @EventBatchHandler('wardrobe.item-removed.v1')
  async onItemsRemoved(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatchPerEvent('wardrobe.item-removed.v1', messages, ({ productId, userId }, tx, envelope) =>
      this.retention.itemRemoved(productId, userId, new Date(envelope.occurredAt), tx),
      { first: (events, tx) => this.retention.lockAccounts(usersOf(events), tx) },
    );
  }

  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-deleted.v1', message, ({ userId }, tx, envelope) =>
      this.retention.accountDeleted(userId, new Date(envelope.occurredAt), tx),
    );
  }

  @EventBatchHandler('catalogue.product-upserted.v1')
  async onProductsUpserted(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatchPerEvent('catalogue.product-upserted.v1', messages, ({ product }, tx, envelope) =>
      this.retention.productSeen(product.id, new Date(envelope.occurredAt), tx),
    );
  }
}
