import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { eq } from 'drizzle-orm';
import { storedImages } from '../db/schema';

export interface StoredImageRow {
  id: string;
  contentType: string;
  bytes: Buffer;
}

/** The images the catalogue stores. Queries only. */
@Injectable()
export class StoredImagesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Keeps the image; an image with this id is already the same bytes (ids are derived from them). */
  async insert(image: StoredImageRow): Promise<void> {
    await this.db.insert(storedImages).values(image).onConflictDoNothing();
  }

  async find(id: string): Promise<StoredImageRow | undefined> {
    const [row] = await this.db.select({ id: storedImages.id, contentType: storedImages.contentType, bytes: storedImages.bytes }).from(storedImages).where(eq(storedImages.id, id));
    return row;
  }
}
