import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, UseGuards } from '@nestjs/common';
import {
  type Caller,
  CATALOGUE_PATTERNS,
  ItemFeedbackRequest,
  Product,
  Products,
  SaveItemRequest,
  SetProductGenderRequest,
  WARDROBE_PATTERNS,
  WardrobeItem,
  WardrobeItems,
} from '@closetly/contracts';
import { DomainError, RPC_CLIENT, type RpcClient } from '@closetly/server';
import { z } from 'zod';
import { AdminOnly, Authenticated, CurrentUser, OptionalJwtAuthGuard } from '../auth/auth.guards';
import { ZodPipe } from '../http/zod-body.pipe';
import { ImageUrlSigner } from '../images/image-url-signer';

const Ok = z.object({ ok: z.literal(true) });
const ProductId = z.string().uuid();

/** Spec §7 wardrobe and catalogue calls, composed from the catalogue and wardrobe services. */
@Controller('api')
export class WardrobeController {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly images: ImageUrlSigner,
  ) {}

  /** Clients show images through the proxy only: each answer carries a signed image address. */
  private withImage<T extends Product>(product: T): T {
    let displayImageUrl: string | null = null;
    try {
      displayImageUrl = product.imageUrl ? this.images.sign(product.imageUrl) : null;
    } catch {
      displayImageUrl = null; // not an http(s) URL the proxy would fetch: the client shows its placeholder
    }
    return { ...product, displayImageUrl };
  }

  /** POST /api/save {data: item}: the catalogue upserts the product, the wardrobe records the save; answers the saved item. */
  @Post('save')
  @HttpCode(200)
  @Authenticated()
  async save(@Body(new ZodPipe(SaveItemRequest)) body: SaveItemRequest, @CurrentUser() caller: Caller): Promise<WardrobeItem> {
    const product = await this.rpc.call('catalogue', CATALOGUE_PATTERNS.upsertProduct, { item: body.data }, Product);
    return this.withImage(await this.rpc.call('wardrobe', WARDROBE_PATTERNS.save, { caller, product }, WardrobeItem));
  }

  @Get('get-wardrobe')
  @Authenticated()
  async wardrobe(@CurrentUser() caller: Caller): Promise<WardrobeItem[]> {
    return (await this.rpc.call('wardrobe', WARDROBE_PATTERNS.list, { caller }, WardrobeItems)).map((item) => this.withImage(item));
  }

  /** Removes only the caller's own save; another user's or an unknown id is 404. */
  @Delete('remove-from-wardrobe/:id')
  @HttpCode(204)
  @Authenticated()
  async remove(@Param('id') id: string, @CurrentUser() caller: Caller): Promise<void> {
    if (!ProductId.safeParse(id).success) throw new DomainError('NOT_FOUND', 'Item not found in your wardrobe');
    await this.rpc.call('wardrobe', WARDROBE_PATTERNS.remove, { caller, productId: id }, Ok);
  }

  /** A shopper's gender vote from the quick view (signed in or not). */
  @Post('item-feedback')
  @HttpCode(204)
  @UseGuards(OptionalJwtAuthGuard)
  async feedback(@Body(new ZodPipe(ItemFeedbackRequest)) body: ItemFeedbackRequest, @CurrentUser() caller: Caller | undefined): Promise<void> {
    await this.rpc.call('catalogue', CATALOGUE_PATTERNS.recordFeedback, { productId: body.itemId, userId: caller?.uid ?? null, gender: body.gender }, Ok);
  }

  /** One product, for /product/{id} and the quick view (beta token only, no sign-in). */
  @Get('products/:id')
  async product(@Param('id') id: string): Promise<Product> {
    if (!ProductId.safeParse(id).success) throw new DomainError('NOT_FOUND', 'Item not found');
    return this.withImage(await this.rpc.call('catalogue', CATALOGUE_PATTERNS.getProduct, { productId: id }, Product));
  }

  @Get('products/ungendered')
  @AdminOnly()
  async ungendered(@CurrentUser() caller: Caller): Promise<Product[]> {
    return (await this.rpc.call('catalogue', CATALOGUE_PATTERNS.listUngendered, { caller }, Products)).map((product) => this.withImage(product));
  }

  @Put('products/:id/gender')
  @AdminOnly()
  setGender(@Param('id') id: string, @Body(new ZodPipe(SetProductGenderRequest)) body: SetProductGenderRequest, @CurrentUser() caller: Caller): Promise<Product> {
    if (!ProductId.safeParse(id).success) throw new DomainError('NOT_FOUND', 'Item not found');
    return this.rpc.call('catalogue', CATALOGUE_PATTERNS.setGender, { caller, productId: id, gender: body.gender }, Product);
  }
}
