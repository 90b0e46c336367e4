import type { RpcRequest } from '@closetly/contracts';
import { RpcController, RpcHandler } from '@closetly/server';
import { Payload } from '@nestjs/microservices';
import { PrivacyService } from './privacy/privacy.service';
import { RecommendationsService } from './recommendations/recommendations.service';
import { SavesService } from './saves/saves.service';

/** Every request the gateway makes of the wardrobe: parsed input, one service call, return. */
@RpcController()
export class WardrobeRpcController {
  constructor(
    private readonly saves: SavesService,
    private readonly recommendations: RecommendationsService,
    private readonly privacy: PrivacyService,
  ) {}

  @RpcHandler('wardrobe.save')
  save(@Payload() request: RpcRequest<'wardrobe.save'>) {
    return this.saves.save(request.caller, request.item);
  }

  @RpcHandler('wardrobe.list')
  list(@Payload() request: RpcRequest<'wardrobe.list'>) {
    return this.saves.list(request.caller);
  }

  @RpcHandler('wardrobe.find-item')
  async findItem(@Payload() request: RpcRequest<'wardrobe.find-item'>) {
    return { item: await this.saves.find(request.caller, request.productId) };
  }

  @RpcHandler('wardrobe.remove')
  async remove(@Payload() request: RpcRequest<'wardrobe.remove'>) {
    await this.saves.remove(request.caller, request.productId);
    return { ok: true as const };
  }

  @RpcHandler('wardrobe.recommend')
  recommend(@Payload() request: RpcRequest<'wardrobe.recommend'>) {
    return this.recommendations.recommend(request.caller, request.k);
  }

  @RpcHandler('wardrobe.export-saves')
  exportSaves(@Payload() request: RpcRequest<'wardrobe.export-saves'>) {
    return this.privacy.exportSaves(request.caller, request.after, request.limit);
  }

  @RpcHandler('wardrobe.savers-of')
  saversOf(@Payload() request: RpcRequest<'wardrobe.savers-of'>) {
    return this.saves.saversOf(request.productId, request.after, request.limit);
  }

  @RpcHandler('wardrobe.data-held')
  dataHeld(@Payload() request: RpcRequest<'wardrobe.data-held'>) {
    return this.privacy.dataHeld(request.caller, request.userId);
  }
}
