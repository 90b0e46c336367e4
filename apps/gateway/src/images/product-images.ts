import { Injectable } from '@nestjs/common';
import type { ProductView } from '@closetly/contracts';
import { ImageUrlSigner } from './image-url-signer';

/** Clients show product images through the proxy only: every product answer carries a signed image address. */
@Injectable()
export class ProductImages {
  constructor(private readonly signer: ImageUrlSigner) {}

  withDisplayImage<T extends ProductView>(product: T): T {
    const displayImageUrl = product.imageUrl && ImageUrlSigner.isSignable(product.imageUrl) ? this.signer.sign(product.imageUrl) : null;
    // null: not an http(s) URL the proxy would fetch; the client shows its placeholder.
    return { ...product, displayImageUrl };
  }
}
