import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Db, EventBatchHandler, EventHandler, EventInbox } from '@closetly/server';
import { AccountDataService } from './account-data/account-data.service';
import { type ListFamily, POPULAR_LISTS } from './lists/lists-cache';
import { ListsService } from './lists/lists.service';
import { ProductsService } from './products/products.service';

/**
 * Builds the shared catalogue from shoppers' captures, and keeps who saves
 * what now for the popular lists. Every event makes the cached lists it can
 * move stale once its effect has committed, and only those: a save the
 * popular lists (and a product's own lists when it changed), a product
 * change the lists it was and is in (see lists/lists-cache.ts). The product
 * events the catalogue publishes need no second invalidation: whoever
 * changed the product already made its lists stale.
 */
@Controller()
export class CatalogueConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly products: ProductsService,
    private readonly lists: ListsService,
    private readonly accountData: AccountDataService,
  ) {}

  /** Saves arrive in batches (a fetch's worth) and are applied set-based, in one transaction: a backlog drains at hundreds a second. */
  @EventBatchHandler('wardrobe.item-saved.v1')
  async onItemsSaved(@Payload() messages: unknown[]): Promise<void> {
    const moved: ListFamily[] = [];
    await this.inbox.consumeBatch('wardrobe.item-saved.v1', messages, async (events, tx) => {
      const saves = await this.ofLiveAccounts(events, tx);
      if (saves.length === 0) return;
      moved.push(...(await this.products.recordCaptures(saves, tx)));
      await this.lists.recordSaves(saves.map((event) => event.payload), tx);
    });
    await this.lists.invalidate(moved);
  }

  @EventBatchHandler('wardrobe.item-removed.v1')
  async onItemsRemoved(@Payload() messages: unknown[]): Promise<void> {
    let removed = false;
    await this.inbox.consumeBatch('wardrobe.item-removed.v1', messages, async (events, tx) => {
      const removals = await this.ofLiveAccounts(events, tx);
      if (removals.length === 0) return;
      await this.lists.recordRemovals(removals.map((event) => event.payload), tx);
      removed = true;
    });
    if (removed) await this.lists.invalidate(POPULAR_LISTS);
  }

  /**
   * The account is gone: what the catalogue holds for the user goes with it
   * (the wardrobe announces no removals for the saves it deletes). Marked
   * erased first, so a save or removal of theirs still on its way changes
   * nothing when it arrives.
   */
  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    const moved: ListFamily[] = [];
    await this.inbox.consume('identity.account-deleted.v1', message, async ({ userId }, tx, envelope) => {
      await this.accountData.markErased(userId, new Date(envelope.occurredAt), tx);
      moved.push(...(await this.products.eraseAccount(userId, tx)));
      await this.lists.eraseAccount(userId, tx);
      moved.push(...POPULAR_LISTS);
    });
    await this.lists.invalidate(moved);
  }

  /** The account proved its e-mail address: its captures now count toward what others see. */
  @EventHandler('identity.email-confirmed.v1')
  async onEmailConfirmed(@Payload() message: unknown): Promise<void> {
    const moved: ListFamily[] = [];
    await this.inbox.consume('identity.email-confirmed.v1', message, async ({ userId }, tx, envelope) => {
      if (await this.accountData.isErasedForAccountChange(userId, tx)) return;
      moved.push(...(await this.products.proveAccount(userId, new Date(envelope.occurredAt), tx)));
    });
    await this.lists.invalidate(moved);
  }

  /**
   * The page-watch worker read a product's page: a page that yielded a product decides what the product is (and makes it
   * available); a page gone (404 or 410, twice) makes it unavailable; a failed read changes nothing.
   */
  @EventHandler('pages.product-observed.v1')
  async onPageObserved(@Payload() message: unknown): Promise<void> {
    const moved: ListFamily[] = [];
    await this.inbox.consume('pages.product-observed.v1', message, async (observed, tx) => {
      if (observed.outcome === 'gone') moved.push(...(await this.products.recordPageGone(observed.productId, new Date(observed.fetchedAt), tx)));
      if (observed.outcome !== 'product') return;
      moved.push(...(await this.products.recordPageRead(observed.productId, { ...observed.page, fetchedAt: new Date(observed.fetchedAt) }, tx)));
    });
    await this.lists.invalidate(moved);
  }

  /** Retention decided; the catalogue deletes the product unless a save arrived since (ProductsService.expire). */
  @EventHandler('retention.product-expired.v1')
  async onProductExpired(@Payload() message: unknown): Promise<void> {
    const moved: ListFamily[] = [];
    await this.inbox.consume('retention.product-expired.v1', message, async ({ productId }, tx) => {
      moved.push(...(await this.products.expire(productId, tx)));
    });
    await this.lists.invalidate(moved);
  }

  /** A batch's events of accounts not erased: a save or removal published before an account's deletion and delivered after it changes nothing. */
  private async ofLiveAccounts<E extends { payload: { userId: string } }>(events: readonly E[], tx: Db): Promise<E[]> {
    const erased = await this.accountData.erasedAmong(events.map((event) => event.payload.userId), tx);
    return events.filter((event) => !erased.has(event.payload.userId));
  }
}
