import type { RpcRequest } from '@closetly/contracts';
import { RpcController, RpcHandler } from '@closetly/server';
import { Payload } from '@nestjs/microservices';
import { StoredImagesService } from './stored-images.service';

/** The gateway's reads of stored images (GET /api/image/{id}). */
@RpcController()
export class StoredImagesRpcController {
  constructor(private readonly images: StoredImagesService) {}

  @RpcHandler('catalogue.get-image')
  async get(@Payload() request: RpcRequest<'catalogue.get-image'>) {
    return { image: await this.images.get(request.imageId) };
  }
}
