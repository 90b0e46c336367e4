import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type EventEnvelope } from '@closetly/contracts';
import { EventBatchHandler, EventHandler, EventInbox } from '@closetly/server';
import { RetentionService, type SaveStateChange } from './retention.service';

/** A save or removal event as the change it makes, at the time it happened (the envelope's, not arrival). */
const saveStateOf = (event: EventEnvelope<{ productId: string; userId: string }>, active: boolean): SaveStateChange => ({
  productId: event.payload.productId,
  userId: event.payload.userId,
  active,
  occurredAt: new Date(event.occurredAt),
});

/**
 * Builds the retention read model, once per event (inbox), each event applied at the time it happened.
 * The busy topics come in batches, a batch in one transaction, set-based (RetentionService.saveStatesChanged).
 */
@Controller()
export class RetentionConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly retention: RetentionService,
  ) {}

  @EventBatchHandler('wardrobe.item-saved.v1')
  async onItemsSaved(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatch('wardrobe.item-saved.v1', messages, (events, tx) => this.retention.saveStatesChanged(events.map((event) => saveStateOf(event, true)), tx));
  }

  @EventBatchHandler('wardrobe.item-removed.v1')
  async onItemsRemoved(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatch('wardrobe.item-removed.v1', messages, (events, tx) => this.retention.saveStatesChanged(events.map((event) => saveStateOf(event, false)), tx));
  }

  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-deleted.v1', message, ({ userId }, tx, envelope) =>
      this.retention.accountDeleted(userId, new Date(envelope.occurredAt), tx),
    );
  }

  @EventBatchHandler('catalogue.product-upserted.v1')
  async onProductsUpserted(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatch('catalogue.product-upserted.v1', messages, (events, tx) =>
      this.retention.productsSeen(events.map((event) => ({ productId: event.payload.product.id, occurredAt: new Date(event.occurredAt) })), tx),
    );
  }
}
