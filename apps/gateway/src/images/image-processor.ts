import sharp from 'sharp';

export type OutputFormat = 'avif' | 'webp' | 'jpeg';

export const OUTPUT_CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** Decoded formats the proxy resizes (whatever the upstream's Content-Type claimed). SVG, PDF, TIFF, raw and the rest are refused. */
const INPUT_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export interface ProcessedImage {
  body: Buffer;
  contentType: string;
  format: OutputFormat;
  width: number;
  height: number;
}

export interface ImageProcessorOptions {
  /** Decoding stops above this many input pixels (sharp limitInputPixels). Default 40 megapixels. */
  maxInputPixels?: number;
  /** Longest time one resize may take. Default 10 s. */
  timeoutSeconds?: number;
}

/** The bytes are not an image sharp should decode (bad data, a refused format, too many pixels). */
export class ImageProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageProcessingError';
  }
}

/**
 * The best format the browser accepts: AVIF, then WebP, else JPEG. Only an
 * explicit `image/avif` or `image/webp` with q > 0 counts (`*\/*` does not:
 * old browsers send it and cannot decode either).
 */
export function negotiateFormat(accept: string | undefined): OutputFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(type);
  }
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return 'jpeg';
}

/**
 * Resizes with sharp: never enlarges, applies EXIF orientation then drops
 * all metadata (sharp's default: no EXIF, GPS or ICC leaves), first frame
 * of an animation only, bounded pixels and time.
 */
export class ImageProcessor {
  private readonly maxInputPixels: number;
  private readonly timeoutSeconds: number;

  constructor(options: ImageProcessorOptions = {}) {
    this.maxInputPixels = options.maxInputPixels ?? 40_000_000;
    this.timeoutSeconds = options.timeoutSeconds ?? 10;
  }

  async resize(input: Buffer, width: number, format: OutputFormat): Promise<ProcessedImage> {
    try {
      const image = sharp(input, { limitInputPixels: this.maxInputPixels, failOn: 'error', pages: 1 });
      const metadata = await image.metadata();
      if (!INPUT_FORMATS.has(metadata.format ?? '')) throw new ImageProcessingError(`Input format ${metadata.format ?? 'unknown'} is not accepted`);
      if (metadata.format === 'heif' && metadata.compression !== 'av1') throw new ImageProcessingError('Only AVIF is accepted from the HEIF family');
      let pipeline = image.rotate().resize({ width, withoutEnlargement: true }).timeout({ seconds: this.timeoutSeconds });
      if (format === 'avif') pipeline = pipeline.avif({ quality: 50, effort: 2 });
      else if (format === 'webp') pipeline = pipeline.webp({ quality: 78 });
      else pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      return { body: data, contentType: OUTPUT_CONTENT_TYPES[format], format, width: info.width, height: info.height };
    } catch (error) {
      if (error instanceof ImageProcessingError) throw error;
      throw new ImageProcessingError(`The image could not be processed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * The placeholder: a light 4:5 card with a hanger outline, as PNG (every
   * browser decodes it, flat colours compress to a few hundred bytes). It is
   * drawn from a constant SVG of ours, rendered here, so the endpoint only
   * ever answers raster images and never passes SVG on to a browser.
   */
  placeholder(width: number): Promise<Buffer> {
    const height = Math.round((width * 5) / 4);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 500">
<rect width="400" height="500" fill="#f2f0ed"/>
<g fill="none" stroke="#c8c3bc" stroke-width="10" stroke-linecap="round" stroke-linejoin="round">
<path d="M176 196 a24 24 0 1 1 24 24 v22"/><path d="M200 242 L320 318 H80 Z"/></g></svg>`;
    return sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9 }).toBuffer();
  }
}
