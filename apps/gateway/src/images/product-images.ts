import { Injectable } from '@nestjs/common';
import type { ProductView } from '@closetly/contracts';
import { DEFAULT_IMAGE_WIDTH, ImageUrlSigner } from './image-url-signer';
import { STORED_IMAGE_ROUTE, storedImageIdOf } from './stored-image-address';

/**
 * Clients show product images through the gateway only: every product answer
 * carries a display address, the gateway's own `/api/image/{id}` for an image
 * the product stores (named by its public address, see stored-image-address.ts),
 * else a signed `/api/proxy-image` address.
 */
@Injectable()
export class ProductImages {
  constructor(private readonly signer: ImageUrlSigner) {}

  withDisplayImage<T extends ProductView>(product: T): T {
    return { ...product, displayImageUrl: this.displayUrl(product.imageUrl) };
  }

  /** The address a client shows an image at: stored images by id, any other web image through the signed proxy; null otherwise. */
  displayUrl(imageUrl: string | null): string | null {
    if (!imageUrl) return null;
    const storedId = storedImageIdOf(imageUrl);
    if (storedId) return `${STORED_IMAGE_ROUTE}${storedId}?w=${DEFAULT_IMAGE_WIDTH}`;
    // null: not an http(s) URL the proxy would fetch; the client shows its placeholder.
    return ImageUrlSigner.isSignable(imageUrl) ? this.signer.sign(imageUrl) : null;
  }
}
