import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventBatchHandler, EventHandler, EventInbox, usersOf } from '@closetly/server';
import { PagesService } from './pages.service';

/** Learns of product pages and who saves them from savers' captures and removals, once per event (inbox); forgets an erased account's. */
@Controller()
export class PagesConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly pages: PagesService,
  ) {}

  /** Saves come in batches, a batch in one transaction, set-based (PagesService.capturesSaved). */
  @EventBatchHandler('wardrobe.item-saved.v1')
  async onItemsSaved(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatch('wardrobe.item-saved.v1', messages, (events, tx) =>
      this.pages.capturesSaved(
        events.map(({ payload: { productId, userId, capture, capturedAt, savedAt } }) => ({ productId, userId, capture, capturedAt: new Date(capturedAt), savedAt: new Date(savedAt) })),
        tx,
      ),
    );
  }

  /** A saver fewer: the page's cadence follows its savers. */
  @EventBatchHandler('wardrobe.item-removed.v1')
  async onItemsRemoved(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatchPerEvent('wardrobe.item-removed.v1', messages, ({ productId, userId, removedAt }, tx) => this.pages.saveRemoved(productId, userId, new Date(removedAt), tx), {
      first: (events, tx) => this.pages.lockAccounts(usersOf(events), tx),
    });
  }

  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-deleted.v1', message, ({ userId }, tx, envelope) => this.pages.eraseAccount(userId, new Date(envelope.occurredAt), tx));
  }
}
