import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventHandler, EventInbox } from '@closetly/server';
import { PagesService } from './pages.service';

/** Learns of product pages from savers' captures, once per event (inbox). */
@Controller()
export class PagesConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly pages: PagesService,
  ) {}

  @EventHandler('wardrobe.item-saved.v1')
  async onItemSaved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('wardrobe.item-saved.v1', message, ({ productId, capture, capturedAt }, tx) =>
      this.pages.captureSaved(productId, capture, new Date(capturedAt), tx),
    );
  }
}
