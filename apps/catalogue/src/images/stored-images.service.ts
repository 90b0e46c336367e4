import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MAX_STORED_IMAGE_BYTES, type StoredImage, type StoredImageType } from '@closetly/contracts';
import { v5 as uuidV5 } from 'uuid';
import { StoredImagesRepository } from './stored-images.repository';

/** The namespace of stored image ids (UUIDv5 of the bytes' SHA-256). */
const STORED_IMAGE_NAMESPACE = '8f3c6d0e-4b1a-5e7f-9c2d-6a5b4e3f2d10';

/** A stored image's id: the same bytes always get the same id, on every machine. */
export function storedImageIdFor(bytes: Buffer): string {
  return uuidV5(createHash('sha256').update(bytes).digest('hex'), STORED_IMAGE_NAMESPACE);
}

/**
 * Images the product stores itself, served by GET /api/image/{id}. Reading
 * is public (the route is, like any product image). Storing has no RPC call:
 * only code in the catalogue's own process stores images (today the embedded
 * demo seeder), so no client can put bytes here.
 */
@Injectable()
export class StoredImagesService {
  constructor(private readonly images: StoredImagesRepository) {}

  /** Keeps an image and answers its id (idempotent: the id is derived from the bytes). */
  async store(bytes: Buffer, contentType: StoredImageType): Promise<string> {
    if (bytes.length === 0 || bytes.length > MAX_STORED_IMAGE_BYTES) throw new RangeError(`A stored image has 1 to ${MAX_STORED_IMAGE_BYTES} bytes, not ${bytes.length}`);
    const id = storedImageIdFor(bytes);
    await this.images.insert({ id, contentType, bytes });
    return id;
  }

  async get(id: string): Promise<StoredImage | null> {
    const row = await this.images.find(id);
    return row ? { contentType: row.contentType as StoredImageType, data: row.bytes.toString('base64') } : null;
  }
}
