import { Inject, Injectable } from '@nestjs/common';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import type { StoredImageSource } from './stored-image-source';

/** Stored images live in the catalogue (ARCHITECTURE.md §2): GET /api/image/{id} reads them over RPC. */
@Injectable()
export class CatalogueStoredImageSource implements StoredImageSource {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  async get(id: string): Promise<Buffer | undefined> {
    const { image } = await this.rpc.call('catalogue.get-image', { imageId: id });
    return image ? Buffer.from(image.data, 'base64') : undefined;
  }
}
