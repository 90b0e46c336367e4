import type { RpcRequest } from '@closetly/contracts';
import { RpcController, RpcHandler } from '@closetly/server';
import { Payload } from '@nestjs/microservices';
import { PriceAlertDigestsService } from './price-alerts/price-alert-digests.service';
import { PriceAlertsService } from './price-alerts/price-alerts.service';
import { PrivacyService } from './privacy/privacy.service';
import { ProfilesService } from './profiles/profiles.service';
import { RecentSearchesService } from './recent-searches/recent-searches.service';

/** Every request the gateway makes of the profile service: parsed input, one service call, return. */
@RpcController()
export class ProfileRpcController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly recentSearches: RecentSearchesService,
    private readonly privacy: PrivacyService,
    private readonly priceAlerts: PriceAlertsService,
    private readonly digests: PriceAlertDigestsService,
  ) {}

  @RpcHandler('profile.get')
  get(@Payload() request: RpcRequest<'profile.get'>) {
    return this.profiles.get(request.caller, request.account);
  }

  @RpcHandler('profile.update')
  update(@Payload() request: RpcRequest<'profile.update'>) {
    return this.profiles.update(request.caller, request.account, request.profile, request.savedProducts);
  }

  @RpcHandler('profile.save-search')
  async saveSearch(@Payload() request: RpcRequest<'profile.save-search'>) {
    await this.recentSearches.record(request.caller, request.term);
    return { ok: true as const };
  }

  @RpcHandler('profile.recent-searches')
  recent(@Payload() request: RpcRequest<'profile.recent-searches'>) {
    return this.recentSearches.latest(request.caller);
  }

  @RpcHandler('profile.export')
  export(@Payload() request: RpcRequest<'profile.export'>) {
    return this.privacy.export(request.caller);
  }

  @RpcHandler('profile.data-held')
  dataHeld(@Payload() request: RpcRequest<'profile.data-held'>) {
    return this.privacy.dataHeld(request.caller, request.userId);
  }

  @RpcHandler('profile.get-price-target')
  getPriceTarget(@Payload() request: RpcRequest<'profile.get-price-target'>) {
    return this.priceAlerts.getTarget(request.caller, request.productId);
  }

  @RpcHandler('profile.set-price-target')
  setPriceTarget(@Payload() request: RpcRequest<'profile.set-price-target'>) {
    return this.priceAlerts.setTarget(request.caller, request.productId, request.target);
  }

  @RpcHandler('profile.notifications')
  notifications(@Payload() request: RpcRequest<'profile.notifications'>) {
    return this.priceAlerts.list(request.caller);
  }

  @RpcHandler('profile.mark-notifications-read')
  markNotificationsRead(@Payload() request: RpcRequest<'profile.mark-notifications-read'>) {
    return this.priceAlerts.markRead(request.caller, request.ids);
  }

  @RpcHandler('profile.unsubscribe')
  unsubscribe(@Payload() request: RpcRequest<'profile.unsubscribe'>) {
    return this.priceAlerts.unsubscribe(request.token);
  }

  @RpcHandler('profile.run-price-alerts')
  runPriceAlerts(@Payload() request: RpcRequest<'profile.run-price-alerts'>) {
    return this.digests.runNow(request.caller);
  }
}
