import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { type Caller, SaveItemRequest, type WardrobeItem } from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import { z } from 'zod';
import { Authenticated, CurrentUser, ExtensionAllowed } from '../auth/auth.guards';
import { ZodPipe } from '../http/zod-body.pipe';
import { ProductImages } from '../images/product-images';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';

const WardrobeItemId = new ZodPipe(z.string().uuid('Item not found in your wardrobe'), { failure: 'NOT_FOUND' });

/** Spec §7 wardrobe calls: each one call to the wardrobe service. The extension's token may make all three (save, list, remove). */
@Controller('api')
export class WardrobeController {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly images: ProductImages,
  ) {}

  /** POST /api/save {data: item}: keeps the caller's capture; the catalogue follows by event. Answers the item as stored now. */
  @Post('save')
  @HttpCode(200)
  @Authenticated()
  @ExtensionAllowed()
  @RateLimit('save')
  async save(@Body(new ZodPipe(SaveItemRequest)) body: SaveItemRequest, @CurrentUser() caller: Caller): Promise<WardrobeItem> {
    return this.images.withDisplayImage(await this.rpc.call('wardrobe.save', { caller, item: body.data }));
  }

  @Get('get-wardrobe')
  @Authenticated()
  @ExtensionAllowed()
  async wardrobe(@CurrentUser() caller: Caller): Promise<WardrobeItem[]> {
    return (await this.rpc.call('wardrobe.list', { caller })).map((item) => this.images.withDisplayImage(item));
  }

  /** Removes only the caller's own save; another user's or an unknown id is 404. */
  @Delete('remove-from-wardrobe/:id')
  @HttpCode(204)
  @Authenticated()
  @ExtensionAllowed()
  async remove(@Param('id', WardrobeItemId) productId: string, @CurrentUser() caller: Caller): Promise<void> {
    await this.rpc.call('wardrobe.remove', { caller, productId });
  }
}
