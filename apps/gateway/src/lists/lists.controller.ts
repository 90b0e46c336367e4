import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import {
  type Caller,
  CategoryListParams,
  CategoryListQuery,
  MAX_LIST_ITEMS,
  MAX_NEW_ARRIVALS,
  NewArrivalsParams,
  PopularItemsQuery,
  type ProductList,
  RECOMMENDATION_COUNT,
} from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import type { z } from 'zod';
import { Authenticated, CurrentUser } from '../auth/auth.guards';
import { ZodPipe } from '../http/zod-body.pipe';
import { ProductImages } from '../images/product-images';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';

/**
 * Spec §7 browsing lists (Home, Women, Men, Accessories): beta token only,
 * anyone may see them (listed, not hidden products), except the signed-in
 * user's recommendations. Every answer is a product list with signed image
 * addresses. `/products/category/{category}`
 * has two segments after `products/`, so the router never takes it for
 * `/products/{id}` (ProductsController).
 */
@Controller('api')
@RateLimit('lists')
export class ListsController {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly images: ProductImages,
  ) {}

  /** GET /api/popular-items?category=all|accessories&gender=Women|Men: ranked by active saves, recent ones weighing more. */
  @Get('popular-items')
  async popular(@Query(new ZodPipe(PopularItemsQuery)) query: z.output<typeof PopularItemsQuery>): Promise<ProductList> {
    return this.withImages(await this.rpc.call('catalogue.popular', { ...query, limit: MAX_LIST_ITEMS }));
  }

  /** GET /api/products/category/{tops|bottoms|shoes|outerwear|accessories}?gender=Women|Men: newest first. */
  @Get('products/category/:category')
  async category(
    @Param(new ZodPipe(CategoryListParams)) params: z.output<typeof CategoryListParams>,
    @Query(new ZodPipe(CategoryListQuery)) query: z.output<typeof CategoryListQuery>,
  ): Promise<ProductList> {
    return this.withImages(await this.rpc.call('catalogue.category-list', { category: params.category, gender: query.gender, limit: MAX_LIST_ITEMS }));
  }

  /** GET /api/new-arrivals/{brand}: the brand's newest products, at most 16. */
  @Get('new-arrivals/:brand')
  async newArrivals(@Param(new ZodPipe(NewArrivalsParams)) params: z.output<typeof NewArrivalsParams>): Promise<ProductList> {
    return this.withImages(await this.rpc.call('catalogue.new-arrivals', { brand: params.brand, limit: MAX_NEW_ARRIVALS }));
  }

  /**
   * GET /api/recommended-items (signed in): Recommended for You, items that
   * similar users save (the wardrobe ranks them from its own data), never
   * the caller's own saves. Limited per user: each answer is ranked afresh.
   */
  @Get('recommended-items')
  @Authenticated()
  @RateLimit('recommendations')
  async recommended(@CurrentUser() caller: Caller): Promise<ProductList> {
    return this.withImages(await this.rpc.call('wardrobe.recommend', { caller, k: RECOMMENDATION_COUNT }));
  }

  private withImages(products: ProductList): ProductList {
    return products.map((product) => this.images.withDisplayImage(product));
  }
}
