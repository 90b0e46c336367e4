import { Caller, CATALOGUE_PATTERNS, ItemInput, ProductGender } from '@closetly/contracts';
import { RpcController, RpcDataPipe, RpcHandler } from '@closetly/server';
import { Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { ProductsService } from './products/products.service';

const UpsertCall = z.object({ item: ItemInput });
const GetCall = z.object({ productId: z.string().uuid() });
const FeedbackCall = z.object({ productId: z.string().uuid(), userId: z.string().nullable(), gender: ProductGender });
const AdminCall = z.object({ caller: Caller });
const SetGenderCall = AdminCall.extend({ productId: z.string().uuid(), gender: ProductGender });

/** Every request the gateway makes of the catalogue. */
@RpcController()
export class CatalogueRpcController {
  constructor(private readonly products: ProductsService) {}

  @RpcHandler(CATALOGUE_PATTERNS.upsertProduct)
  upsert(@Payload(new RpcDataPipe(UpsertCall)) request: z.infer<typeof UpsertCall>) {
    return this.products.upsertFromItem(request.item);
  }

  @RpcHandler(CATALOGUE_PATTERNS.getProduct)
  get(@Payload(new RpcDataPipe(GetCall)) request: z.infer<typeof GetCall>) {
    return this.products.get(request.productId);
  }

  @RpcHandler(CATALOGUE_PATTERNS.recordFeedback)
  async feedback(@Payload(new RpcDataPipe(FeedbackCall)) request: z.infer<typeof FeedbackCall>) {
    await this.products.recordFeedback(request.productId, request.userId, request.gender);
    return { ok: true };
  }

  @RpcHandler(CATALOGUE_PATTERNS.listUngendered)
  listUngendered(@Payload(new RpcDataPipe(AdminCall)) request: z.infer<typeof AdminCall>) {
    return this.products.listMissingGender(request.caller);
  }

  @RpcHandler(CATALOGUE_PATTERNS.setGender)
  setGender(@Payload(new RpcDataPipe(SetGenderCall)) request: z.infer<typeof SetGenderCall>) {
    return this.products.setGender(request.caller, request.productId, request.gender);
  }
}
