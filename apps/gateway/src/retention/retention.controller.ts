import { Body, Controller, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { type AtRiskItem, type Caller, RetentionClockRequest, type RetentionSweepResult } from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import { AdminOnly, CurrentUser } from '../auth/auth.guards';
import { ZodPipe } from '../http/zod-body.pipe';
import { ProductImages } from '../images/product-images';
import { withProducts } from './at-risk-products';

/** The 30-day rule for administrators: what is at risk, and a sweep now. The retention service checks the role again. */
@Controller('api')
export class RetentionController {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly images: ProductImages,
  ) {}

  /**
   * Spec §3: products nobody saves now, the most urgent first, each with its product from the catalogue
   * (the retention service holds ids only), so the table shows names and pictures and opens the product dialog.
   */
  @Get('at-risk-items')
  @AdminOnly()
  async atRiskItems(@CurrentUser() caller: Caller): Promise<AtRiskItem[]> {
    const items = await this.rpc.call('retention.at-risk-items', { caller });
    if (items.length === 0) return items;
    const products = await this.rpc.call('catalogue.products-by-ids', { caller, productIds: items.map((item) => item.itemId) });
    return withProducts(items, products.map((product) => this.images.withDisplayImage(product)));
  }

  /** One sweep now, besides the hourly schedule. */
  @Post('retention/sweep')
  @HttpCode(200)
  @AdminOnly()
  sweep(@CurrentUser() caller: Caller): Promise<RetentionSweepResult> {
    return this.rpc.call('retention.sweep-now', { caller });
  }

  /** Tests only: moves the retention clock; 404 unless the service runs with RETENTION_TEST_CLOCK (never in production). */
  @Put('retention/clock')
  @HttpCode(204)
  @AdminOnly()
  async setClock(@Body(new ZodPipe(RetentionClockRequest)) body: RetentionClockRequest, @CurrentUser() caller: Caller): Promise<void> {
    await this.rpc.call('retention.set-clock', { caller, offsetMs: body.offsetMs });
  }
}
