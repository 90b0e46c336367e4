import { join } from 'node:path';
import { type DatabaseConnection, type Db, migrateService } from '@closetly/server';
import { type AdapterTestDatabase, openAdapterTestDatabase } from '@closetly/testing';
import sharp from 'sharp';
import { StoredImagesRepository } from '../src/images/stored-images.repository';
import { storedImageIdFor, StoredImagesService } from '../src/images/stored-images.service';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');

/** Stored images on the real engines (PGlite and PostgreSQL): bytes in, the same bytes out. */
describe.each(['embedded', 'distributed'] as const)('stored images (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let images: StoredImagesService;
  let webp: Buffer;

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_catalogue_images', poolSize: 2 });
    ({ connection, db } = database);
    await migrateService(connection, db, 'catalogue', MIGRATIONS);
    images = new StoredImagesService(new StoredImagesRepository(db));
    webp = await sharp({ create: { width: 8, height: 10, channels: 3, background: '#1f2a44' } }).webp().toBuffer();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps an image under an id derived from its bytes and gives the same bytes back', async () => {
    const id = await images.store(webp, 'image/webp');
    expect(id).toBe(storedImageIdFor(webp));
    const stored = await images.get(id);
    expect(stored?.contentType).toBe('image/webp');
    expect(Buffer.from(stored?.data ?? '', 'base64').equals(webp)).toBe(true);
  });

  it('stores the same bytes once', async () => {
    expect(await images.store(webp, 'image/webp')).toBe(await images.store(Buffer.from(webp), 'image/webp'));
  });

  it('has nothing for an unknown id', async () => {
    await expect(images.get('00000000-0000-4000-8000-000000000000')).resolves.toBeNull();
  });

  it('refuses an empty image', async () => {
    await expect(images.store(Buffer.alloc(0), 'image/webp')).rejects.toThrow(RangeError);
  });
});
