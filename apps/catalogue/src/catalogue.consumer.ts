import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventHandler, EventInbox } from '@closetly/server';
import { AccountDataService } from './account-data/account-data.service';
import { ListsService } from './lists/lists.service';
import { ProductsService } from './products/products.service';

/**
 * Builds the shared catalogue from shoppers' captures, and keeps who saves
 * what now for the popular lists. Every event that can move a list makes the
 * cached lists stale once its effect has committed (see lists/lists-cache.ts).
 */
@Controller()
export class CatalogueConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly products: ProductsService,
    private readonly lists: ListsService,
    private readonly accountData: AccountDataService,
  ) {}

  @EventHandler('wardrobe.item-saved.v1')
  async onItemSaved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('wardrobe.item-saved.v1', message, async (payload, tx) => {
      if (await this.accountData.isErased(payload.userId, tx)) return;
      await this.products.recordCapture(payload, tx);
      await this.lists.recordSave(payload, tx);
    });
    await this.lists.invalidate();
  }

  @EventHandler('wardrobe.item-removed.v1')
  async onItemRemoved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('wardrobe.item-removed.v1', message, async (payload, tx) => {
      if (await this.accountData.isErased(payload.userId, tx)) return;
      await this.lists.recordRemoval(payload, tx);
    });
    await this.lists.invalidate();
  }

  /**
   * The account is gone: what the catalogue holds for the user goes with it
   * (the wardrobe announces no removals for the saves it deletes). Marked
   * erased first, so a save or removal of theirs still on its way changes
   * nothing when it arrives.
   */
  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-deleted.v1', message, async ({ userId }, tx, envelope) => {
      await this.accountData.markErased(userId, new Date(envelope.occurredAt), tx);
      await this.products.eraseAccount(userId, tx);
      await this.lists.eraseAccount(userId, tx);
    });
    await this.lists.invalidate();
  }

  /** The account proved its e-mail address: its captures now count toward what others see. */
  @EventHandler('identity.email-confirmed.v1')
  async onEmailConfirmed(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.email-confirmed.v1', message, async ({ userId }, tx, envelope) => {
      if (await this.accountData.isErased(userId, tx)) return;
      await this.products.proveAccount(userId, new Date(envelope.occurredAt), tx);
    });
    await this.lists.invalidate();
  }

  /** The page-watch worker read a product's page: a page that yielded a product decides what the product is; a failed read changes nothing. */
  @EventHandler('pages.product-observed.v1')
  async onPageObserved(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('pages.product-observed.v1', message, async (observed, tx) => {
      if (observed.outcome !== 'product') return;
      await this.products.recordPageRead(observed.productId, { ...observed.page, fetchedAt: new Date(observed.fetchedAt) }, tx);
    });
    await this.lists.invalidate();
  }

  /** Retention decided; the catalogue deletes the product unless a save arrived since (ProductsService.expire). */
  @EventHandler('retention.product-expired.v1')
  async onProductExpired(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('retention.product-expired.v1', message, async ({ productId }, tx) => {
      await this.products.expire(productId, tx);
    });
    await this.lists.invalidate();
  }

  /**
   * The catalogue's own product events (an administrator hid, corrected or
   * gendered a product; a product was removed): the change has committed,
   * so the lists it was in are stale. Nothing to record, so no inbox.
   */
  @EventHandler('catalogue.product-upserted.v1')
  async onProductUpserted(@Payload() _message: unknown): Promise<void> {
    await this.lists.invalidate();
  }

  @EventHandler('catalogue.product-removed.v1')
  async onProductRemoved(@Payload() _message: unknown): Promise<void> {
    await this.lists.invalidate();
  }
}
