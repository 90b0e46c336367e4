import { Caller, Product, WARDROBE_PATTERNS } from '@closetly/contracts';
import { RpcController, RpcDataPipe, RpcHandler } from '@closetly/server';
import { Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { SavesService } from './saves/saves.service';

const SaveCall = z.object({ caller: Caller, product: Product });
const ListCall = z.object({ caller: Caller });
const RemoveCall = z.object({ caller: Caller, productId: z.string().uuid() });

/** Every request the gateway makes of the wardrobe. */
@RpcController()
export class WardrobeRpcController {
  constructor(private readonly saves: SavesService) {}

  @RpcHandler(WARDROBE_PATTERNS.save)
  save(@Payload(new RpcDataPipe(SaveCall)) request: z.infer<typeof SaveCall>) {
    return this.saves.save(request.caller.uid, request.product);
  }

  @RpcHandler(WARDROBE_PATTERNS.list)
  list(@Payload(new RpcDataPipe(ListCall)) request: z.infer<typeof ListCall>) {
    return this.saves.list(request.caller.uid);
  }

  @RpcHandler(WARDROBE_PATTERNS.remove)
  async remove(@Payload(new RpcDataPipe(RemoveCall)) request: z.infer<typeof RemoveCall>) {
    await this.saves.remove(request.caller.uid, request.productId);
    return { ok: true };
  }
}
