import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  type Caller,
  MarkNotificationsReadRequest,
  type NotificationList,
  type PriceAlertsRunResult,
  PriceTarget,
  ProductIdParam,
  UnsubscribeRequest,
} from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import { AdminOnly, Authenticated, CurrentUser } from '../auth/auth.guards';
import { BetaExempt } from '../beta/beta-token.guard';
import { ZodPipe } from '../http/zod-body.pipe';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';

const SavedProductId = new ZodPipe(ProductIdParam, { failure: 'NOT_FOUND' });
/** A run sends every due digest, one transaction per user: with many users it outlasts an ordinary call. */
const RUN_TIMEOUT_MS = 5 * 60_000;

/**
 * Price alerts (issue 25), each one call to the profile service: a saved item's target, the caller's
 * notifications, the digest mail's one-click unsubscribe (no sign-in, no beta token: the signed token is
 * the proof) and an administrator's run of the due digests.
 */
@Controller('api')
export class PriceAlertsController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  @Get('price-alerts/targets/:productId')
  @Authenticated()
  target(@Param('productId', SavedProductId) productId: string, @CurrentUser() caller: Caller): Promise<PriceTarget> {
    return this.rpc.call('profile.get-price-target', { caller, productId });
  }

  @Put('price-alerts/targets/:productId')
  @Authenticated()
  @RateLimit('profile-write')
  setTarget(@Param('productId', SavedProductId) productId: string, @Body(new ZodPipe(PriceTarget)) target: PriceTarget, @CurrentUser() caller: Caller): Promise<PriceTarget> {
    return this.rpc.call('profile.set-price-target', { caller, productId, target });
  }

  @Get('notifications')
  @Authenticated()
  notifications(@CurrentUser() caller: Caller): Promise<NotificationList> {
    return this.rpc.call('profile.notifications', { caller });
  }

  @Post('notifications/read')
  @HttpCode(200)
  @Authenticated()
  @RateLimit('profile-write')
  markRead(@Body(new ZodPipe(MarkNotificationsReadRequest)) body: MarkNotificationsReadRequest, @CurrentUser() caller: Caller): Promise<NotificationList> {
    return this.rpc.call('profile.mark-notifications-read', { caller, ...body });
  }

  @Post('price-alerts/unsubscribe')
  @HttpCode(200)
  @BetaExempt()
  @RateLimit('unsubscribe')
  unsubscribe(@Body(new ZodPipe(UnsubscribeRequest)) body: UnsubscribeRequest): Promise<{ unsubscribed: true }> {
    return this.rpc.call('profile.unsubscribe', body);
  }

  /** RFC 8058: the mail client's one-click POST to the List-Unsubscribe address; the token rides in the query. */
  @Post('price-alerts/unsubscribe/one-click')
  @HttpCode(200)
  @BetaExempt()
  @RateLimit('unsubscribe')
  unsubscribeOneClick(@Query(new ZodPipe(UnsubscribeRequest)) query: UnsubscribeRequest): Promise<{ unsubscribed: true }> {
    return this.rpc.call('profile.unsubscribe', { token: query.token });
  }

  @Post('admin/price-alerts/run')
  @HttpCode(200)
  @AdminOnly()
  run(@CurrentUser() caller: Caller): Promise<PriceAlertsRunResult> {
    return this.rpc.call('profile.run-price-alerts', { caller }, { timeoutMs: RUN_TIMEOUT_MS });
  }
}
