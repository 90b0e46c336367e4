import type { Product, RpcResponse } from '@closetly/contracts';
import type { RpcClient } from '@closetly/server';
import type { ProductSource } from './product-source';

/** Products a rebuild asks the catalogue for at a time. */
export const SNAPSHOT_PAGE_SIZE = 500;
/** A page of a large catalogue can take longer than an ordinary call's deadline. */
const SNAPSHOT_CALL_TIMEOUT_MS = 60_000;

/** The catalogue's public products through its snapshot call (the embedded mode's source). */
export class CatalogueSnapshotSource implements ProductSource {
  constructor(private readonly rpc: RpcClient) {}

  async *pages(): AsyncGenerator<Product[]> {
    let after: string | null = null;
    do {
      const page: RpcResponse<'catalogue.snapshot'> = await this.rpc.call('catalogue.snapshot', { after, limit: SNAPSHOT_PAGE_SIZE }, { timeoutMs: SNAPSHOT_CALL_TIMEOUT_MS });
      yield page.products;
      after = page.next;
    } while (after !== null);
  }
}
