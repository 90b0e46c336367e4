import { Body, Controller, Get, HttpCode, Inject, Ip, Param, Patch, Post, Put, UseGuards } from '@nestjs/common';
import {
  type Caller,
  type ContestedProduct,
  CorrectProductRequest,
  ResolveContestRequest,
  ItemFeedbackRequest,
  type PriceHistory,
  PriceObservationRequest,
  type PriceObservationResponse,
  type Product,
  type ProductView,
  SetProductGenderRequest,
  SetProductHiddenRequest,
} from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import { z } from 'zod';
import { AdminOnly, Authenticated, CurrentUser, ExtensionAllowed, OptionalJwtAuthGuard } from '../auth/auth.guards';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ZodPipe } from '../http/zod-body.pipe';
import { ProductImages } from '../images/product-images';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';
import { feedbackClientKey } from './feedback-client-key';

const ProductId = new ZodPipe(z.string().uuid('Item not found'), { failure: 'NOT_FOUND' });

/** The shared catalogue: one product, gender feedback, and the administrator's moderation. */
@Controller('api')
export class ProductsController {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly images: ProductImages,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * One product, for /product/{id} and the quick view (beta token; sign-in optional).
   * A saver sees their own capture; anyone else the shared product, when it is listed and not hidden.
   */
  @Get('products/:id')
  @UseGuards(OptionalJwtAuthGuard)
  async product(@Param('id', ProductId) productId: string, @CurrentUser() caller: Caller | undefined): Promise<ProductView> {
    if (caller) {
      const { item } = await this.rpc.call('wardrobe.find-item', { caller, productId });
      if (item) return this.images.withDisplayImage(item);
    }
    return this.images.withDisplayImage(await this.rpc.call('catalogue.get-product', { productId, caller: caller ?? null }));
  }

  /** The product's observed prices, for its active savers (the catalogue answers anyone else 404). */
  @Get('products/:id/price-history')
  @Authenticated()
  async priceHistory(@Param('id', ProductId) productId: string, @CurrentUser() caller: Caller): Promise<PriceHistory> {
    return this.rpc.call('catalogue.price-history', { caller, productId });
  }

  /** The extension's read of a saved product's page: the caller's price observation, as the trust rules count it. */
  @Post('price-observations')
  @HttpCode(200)
  @Authenticated()
  @ExtensionAllowed()
  @RateLimit('save')
  async recordPriceObservation(@Body(new ZodPipe(PriceObservationRequest)) body: PriceObservationRequest, @CurrentUser() caller: Caller): Promise<PriceObservationResponse> {
    return this.rpc.call('catalogue.record-price-observation', { caller, productId: body.productId, price: body.price });
  }

  /** A shopper's gender vote from the quick view (signed in or not): one a product per user, or per client when signed out. */
  @Post('item-feedback')
  @HttpCode(204)
  @UseGuards(OptionalJwtAuthGuard)
  @RateLimit('item-feedback')
  async feedback(@Body(new ZodPipe(ItemFeedbackRequest)) body: ItemFeedbackRequest, @CurrentUser() caller: Caller | undefined, @Ip() ip: string): Promise<void> {
    const client = feedbackClientKey(this.config.BETA_TOKEN_SECRET, ip);
    await this.rpc.call('catalogue.record-feedback', { productId: body.itemId, caller: caller ?? null, gender: body.gender, client });
  }

  @Get('products/ungendered')
  @AdminOnly()
  async ungendered(@CurrentUser() caller: Caller): Promise<Product[]> {
    return (await this.rpc.call('catalogue.list-ungendered', { caller })).map((product) => this.images.withDisplayImage(product));
  }

  @Put('products/:id/gender')
  @AdminOnly()
  async setGender(@Param('id', ProductId) productId: string, @Body(new ZodPipe(SetProductGenderRequest)) body: SetProductGenderRequest, @CurrentUser() caller: Caller): Promise<Product> {
    return this.images.withDisplayImage(await this.rpc.call('catalogue.set-gender', { caller, productId, gender: body.gender }));
  }

  /** Moderation: hides a product from every public list (or shows it again). */
  @Put('products/:id/hidden')
  @AdminOnly()
  async setHidden(@Param('id', ProductId) productId: string, @Body(new ZodPipe(SetProductHiddenRequest)) body: SetProductHiddenRequest, @CurrentUser() caller: Caller): Promise<Product> {
    return this.images.withDisplayImage(await this.rpc.call('catalogue.set-hidden', { caller, productId, hidden: body.hidden }));
  }

  /** Products whose proved savers disagree (with each other or the retailer's page), the versions side by side. */
  @Get('admin/contested-products')
  @AdminOnly()
  async contested(@CurrentUser() caller: Caller): Promise<ContestedProduct[]> {
    const display = (imageUrl: string | null) => this.images.displayUrl(imageUrl);
    return (await this.rpc.call('catalogue.list-contested', { caller })).map((contest) => ({
      ...contest,
      shown: { ...contest.shown, displayImageUrl: display(contest.shown.imageUrl) },
      page: contest.page && { ...contest.page, displayImageUrl: display(contest.page.imageUrl) },
      captures: contest.captures.map((capture) => ({ ...capture, displayImageUrl: display(capture.imageUrl) })),
    }));
  }

  /** Settles a contest: keep the page's version, one proved saver's, or hide the product. */
  @Post('admin/contested-products/:id/resolve')
  @HttpCode(200)
  @AdminOnly()
  async resolveContest(@Param('id', ProductId) productId: string, @Body(new ZodPipe(ResolveContestRequest)) resolution: ResolveContestRequest, @CurrentUser() caller: Caller): Promise<Product> {
    return this.images.withDisplayImage(await this.rpc.call('catalogue.resolve-contest', { caller, productId, resolution }));
  }

  /** Corrects the shared name, brand, image or description; null hands a field back to the savers' agreement. */
  @Patch('products/:id')
  @AdminOnly()
  async correct(@Param('id', ProductId) productId: string, @Body(new ZodPipe(CorrectProductRequest)) correction: CorrectProductRequest, @CurrentUser() caller: Caller): Promise<Product> {
    return this.images.withDisplayImage(await this.rpc.call('catalogue.correct-product', { caller, productId, correction }));
  }
}
