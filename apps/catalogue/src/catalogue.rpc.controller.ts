import type { RpcRequest } from '@closetly/contracts';
import { RpcController, RpcHandler } from '@closetly/server';
import { Payload } from '@nestjs/microservices';
import { AccountDataService } from './account-data/account-data.service';
import { ListsService } from './lists/lists.service';
import { ProductsService } from './products/products.service';

/** Every request the gateway makes of the catalogue: parsed input, one service call, return. */
@RpcController()
export class CatalogueRpcController {
  constructor(
    private readonly products: ProductsService,
    private readonly lists: ListsService,
    private readonly accountData: AccountDataService,
  ) {}

  @RpcHandler('catalogue.get-product')
  get(@Payload() request: RpcRequest<'catalogue.get-product'>) {
    return this.products.get(request.productId, request.caller);
  }

  @RpcHandler('catalogue.record-feedback')
  async feedback(@Payload() request: RpcRequest<'catalogue.record-feedback'>) {
    await this.products.recordFeedback(request.productId, request.caller, request.gender, request.client);
    return { ok: true as const };
  }

  @RpcHandler('catalogue.list-ungendered')
  listUngendered(@Payload() request: RpcRequest<'catalogue.list-ungendered'>) {
    return this.products.listMissingGender(request.caller);
  }

  @RpcHandler('catalogue.products-by-ids')
  productsByIds(@Payload() request: RpcRequest<'catalogue.products-by-ids'>) {
    return this.products.productsByIds(request.caller, request.productIds);
  }

  @RpcHandler('catalogue.set-gender')
  setGender(@Payload() request: RpcRequest<'catalogue.set-gender'>) {
    return this.products.setGender(request.caller, request.productId, request.gender);
  }

  @RpcHandler('catalogue.set-hidden')
  setHidden(@Payload() request: RpcRequest<'catalogue.set-hidden'>) {
    return this.products.setHidden(request.caller, request.productId, request.hidden);
  }

  @RpcHandler('catalogue.snapshot')
  snapshot(@Payload() request: RpcRequest<'catalogue.snapshot'>) {
    return this.products.snapshot(request.after, request.limit);
  }

  @RpcHandler('catalogue.correct-product')
  correct(@Payload() request: RpcRequest<'catalogue.correct-product'>) {
    return this.products.correct(request.caller, request.productId, request.correction);
  }

  @RpcHandler('catalogue.price-history')
  priceHistory(@Payload() request: RpcRequest<'catalogue.price-history'>) {
    return this.products.priceHistory(request.caller, request.productId);
  }

  @RpcHandler('catalogue.record-price-observation')
  recordPriceObservation(@Payload() request: RpcRequest<'catalogue.record-price-observation'>) {
    return this.products.recordShopperObservation(request.caller, request.productId, request.price);
  }

  @RpcHandler('catalogue.list-contested')
  listContested(@Payload() request: RpcRequest<'catalogue.list-contested'>) {
    return this.products.listContested(request.caller);
  }

  @RpcHandler('catalogue.resolve-contest')
  resolveContest(@Payload() request: RpcRequest<'catalogue.resolve-contest'>) {
    return this.products.resolveContest(request.caller, request.productId, request.resolution);
  }

  @RpcHandler('catalogue.popular')
  popular(@Payload() request: RpcRequest<'catalogue.popular'>) {
    return this.lists.popular(request);
  }

  @RpcHandler('catalogue.category-list')
  categoryList(@Payload() request: RpcRequest<'catalogue.category-list'>) {
    return this.lists.categoryList(request);
  }

  @RpcHandler('catalogue.new-arrivals')
  newArrivals(@Payload() request: RpcRequest<'catalogue.new-arrivals'>) {
    return this.lists.newArrivals(request);
  }

  @RpcHandler('catalogue.export-price-observations')
  exportPriceObservations(@Payload() request: RpcRequest<'catalogue.export-price-observations'>) {
    return this.accountData.exportPriceObservations(request.caller, request.after, request.limit);
  }

  @RpcHandler('catalogue.export-item-feedback')
  exportItemFeedback(@Payload() request: RpcRequest<'catalogue.export-item-feedback'>) {
    return this.accountData.exportItemFeedback(request.caller, request.after, request.limit);
  }

  @RpcHandler('catalogue.data-held')
  dataHeld(@Payload() request: RpcRequest<'catalogue.data-held'>) {
    return this.accountData.dataHeld(request.caller, request.userId);
  }
}
