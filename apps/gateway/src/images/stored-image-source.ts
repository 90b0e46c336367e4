/**
 * Images the product stores itself (uploads, snapshots taken by the catalogue).
 * The catalogue issue provides the real source; until then nothing is stored
 * and `GET /api/image/:id` answers the placeholder with 404.
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
