/**
 * Images the product stores itself (the demo catalogue's illustrations; later
 * uploads and snapshots). The gateway reads them from the catalogue
 * (CatalogueStoredImageSource); an unknown id is the placeholder with 404.
 */
export interface StoredImageSource {
  /** The original bytes, or undefined when there is no image with this id. */
  get(id: string): Promise<Buffer | undefined> | Buffer | undefined;
}

export class EmptyStoredImageSource implements StoredImageSource {
  get(): undefined {
    return undefined;
  }
}
