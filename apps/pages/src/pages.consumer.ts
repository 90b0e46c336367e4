import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventBatchHandler, EventInbox } from '@closetly/server';
import { PagesService } from './pages.service';

/** Learns of product pages from savers' captures, once per event (inbox). */
@Controller()
export class PagesConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly pages: PagesService,
  ) {}

  /** Saves come in batches, a batch in one transaction (EventInbox.consumeBatchPerEvent). */
  @EventBatchHandler('wardrobe.item-saved.v1')
  async onItemsSaved(@Payload() messages: unknown[]): Promise<void> {
    await this.inbox.consumeBatchPerEvent('wardrobe.item-saved.v1', messages, ({ productId, capture, capturedAt }, tx) =>
      this.pages.captureSaved(productId, capture, new Date(capturedAt), tx),
    );
  }
}
