import sharp from 'sharp';
import { ImageProcessingError, ImageProcessor, negotiateFormat } from '../../src/images/image-processor';
import { SVG_IMAGE, testJpeg, testPng } from './image-test-servers';

describe('negotiateFormat', () => {
  it.each([
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'avif'],
    ['image/webp,*/*', 'webp'],
    ['image/avif;q=0,image/webp', 'webp'],
    ['image/avif;q=0.0, image/webp;q=0', 'jpeg'],
    ['IMAGE/AVIF', 'avif'],
    ['image/*,*/*;q=0.8', 'jpeg'],
    ['*/*', 'jpeg'],
    ['', 'jpeg'],
    [undefined, 'jpeg'],
  ] as const)('%j → %s', (accept, format) => {
    expect(negotiateFormat(accept)).toBe(format);
  });
});

describe('ImageProcessor', () => {
  const processor = new ImageProcessor();
  let png: Buffer;

  beforeAll(async () => {
    png = await testPng(1200, 900);
  });

  it.each([
    ['avif', 'heif', 'image/avif'],
    ['webp', 'webp', 'image/webp'],
    ['jpeg', 'jpeg', 'image/jpeg'],
  ] as const)('resizes to the width and encodes %s', async (format, sharpFormat, contentType) => {
    const result = await processor.resize(png, 320, format);
    expect(result).toMatchObject({ contentType, format, width: 320, height: 240 });
    const metadata = await sharp(result.body).metadata();
    expect(metadata).toMatchObject({ format: sharpFormat, width: 320, height: 240 });
  });

  it('never enlarges', async () => {
    const small = await testJpeg(200, 100);
    const result = await processor.resize(small, 1080, 'webp');
    expect((await sharp(result.body).metadata()).width).toBe(200);
  });

  it('strips metadata and applies the EXIF orientation', async () => {
    // 100×50 stored, orientation 6 (rotate 90°): displayed 50×100.
    const withExif = await sharp(await testPng(100, 50))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret', Artist: 'someone' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const result = await processor.resize(withExif, 1080, 'jpeg');
    const metadata = await sharp(result.body).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([50, 100]);
  });

  it.each([
    ['SVG', () => Promise.resolve(Buffer.from(SVG_IMAGE))],
    ['HTML', () => Promise.resolve(Buffer.from('<!doctype html><p>hello</p>'))],
    ['random bytes', () => Promise.resolve(Buffer.from('not an image at all, only words'))],
    ['a truncated PNG', async () => (await testPng(300, 300)).subarray(0, 200)],
    ['TIFF', async () => sharp(await testPng(20, 20)).tiff().toBuffer()],
  ])('refuses %s', async (_what, input) => {
    await expect(processor.resize(await input(), 320, 'webp')).rejects.toBeInstanceOf(ImageProcessingError);
  });

  it('refuses more input pixels than its limit', async () => {
    const strict = new ImageProcessor({ maxInputPixels: 100 * 100 });
    await expect(strict.resize(await testPng(101, 100), 160, 'webp')).rejects.toThrow(/pixel limit|exceeds/i);
    await expect(strict.resize(await testPng(100, 100), 160, 'webp')).resolves.toMatchObject({ width: 100 });
  });

  it('draws a PNG placeholder of the requested width', async () => {
    const placeholder = await processor.placeholder(320);
    expect(await sharp(placeholder).metadata()).toMatchObject({ format: 'png', width: 320, height: 400 });
  });
});
