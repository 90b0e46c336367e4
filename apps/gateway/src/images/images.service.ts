import { Inject, Injectable, Logger } from '@nestjs/common';
import { CACHE_LOOKUPS, IMAGE_PROXY_REQUESTS, METRICS, type ProcessMetrics } from '@closetly/server';
import { LRUCache } from 'lru-cache';
import { ImageProcessingError, ImageProcessor, type OutputFormat, type ProcessedImage } from './image-processor';
import { IMAGE_WIDTHS } from './image-url-signer';
import { IMAGE_CACHE_OPTIONS, STORED_IMAGE_SOURCE } from './images.tokens';
import { ImageFetchError, SafeImageFetcher } from './safe-fetch';
import type { StoredImageSource } from './stored-image-source';

export interface ImageCacheOptions {
  /** Total bytes of processed images kept in memory. Default 64 MiB. */
  maxBytes?: number;
  /** How long a processed image is kept. Default 24 h. */
  ttlMs?: number;
  /** How long a failed URL is remembered, so a broken image is not refetched on every page view. Default 60 s. */
  failureTtlMs?: number;
}

/**
 * Why there is no image: `refused` is an SSRF policy decision on a signed URL
 * (address, scheme, port, redirects), `unavailable` an upstream that did not
 * deliver a usable image, `not-found` a stored image that does not exist.
 */
export type ImageFailureKind = 'refused' | 'unavailable' | 'not-found';
export interface ImageFailure {
  kind: ImageFailureKind;
  /** A short machine reason for the x-closetly-image-error header and logs. */
  reason: string;
}
export type ImageOutcome = { ok: true; image: ProcessedImage } | { ok: false; failure: ImageFailure };

/**
 * Fetches, resizes and caches images. Processed images are cached in memory
 * by url + width + format (bounded by total bytes, not the platform Cache:
 * that one holds JSON only), concurrent requests for the same key share one
 * fetch, and failures are remembered briefly.
 */
@Injectable()
export class ImagesService {
  private readonly log = new Logger('ImagesService');
  private readonly images: LRUCache<string, ProcessedImage>;
  private readonly failures: LRUCache<string, ImageFailure>;
  private readonly inFlight = new Map<string, Promise<ImageOutcome>>();
  private readonly placeholders = new Map<number, Promise<Buffer>>();
  private readonly requests;
  private readonly lookups;

  constructor(
    private readonly fetcher: SafeImageFetcher,
    private readonly processor: ImageProcessor,
    @Inject(STORED_IMAGE_SOURCE) private readonly stored: StoredImageSource,
    @Inject(IMAGE_CACHE_OPTIONS) cache: ImageCacheOptions,
    @Inject(METRICS) metrics: ProcessMetrics,
  ) {
    this.requests = metrics.counter(IMAGE_PROXY_REQUESTS);
    this.lookups = metrics.counter(CACHE_LOOKUPS);
    this.images = new LRUCache<string, ProcessedImage>({
      maxSize: cache.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (image) => Math.max(1, image.body.length),
      ttl: cache.ttlMs ?? 24 * 60 * 60 * 1000,
    });
    this.failures = new LRUCache<string, ImageFailure>({ max: 10_000, ttl: cache.failureTtlMs ?? 60_000 });
  }

  /**
   * The placeholder of one width, drawn the first time it is asked for and kept. Not at boot: drawing all
   * five took about half a second of sharp's threads on the start's critical path (BENCH_ONLY=footprint).
   */
  placeholder(width: number): Promise<Buffer> {
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return Promise.reject(new Error(`No placeholder for width ${width}`));
    let image = this.placeholders.get(width);
    if (!image) {
      image = this.processor.placeholder(width);
      this.placeholders.set(width, image);
      // A failed drawing is not kept: the next request draws it again.
      image.catch(() => this.placeholders.delete(width));
    }
    return image;
  }

  /** An external image (the URL's signature has already been checked). */
  proxy(url: string, width: number, format: OutputFormat): Promise<ImageOutcome> {
    return this.counted('proxy', this.cached(`proxy:${width}:${url}`, format, async () => {
      try {
        const fetched = await this.fetcher.fetch(url);
        return { ok: true, image: await this.processor.resize(fetched.body, width, format) };
      } catch (error) {
        return { ok: false, failure: this.describeFailure(error, url) };
      }
    }));
  }

  /** A stored image by id (already validated as a UUID). */
  storedImage(id: string, width: number, format: OutputFormat): Promise<ImageOutcome> {
    return this.counted('stored', this.cached(`stored:${width}:${id}`, format, async () => {
      let original: Buffer | undefined;
      try {
        original = await this.stored.get(id);
      } catch (error) {
        this.log.warn({ id, err: error instanceof Error ? error.message : String(error) }, 'stored image source failed');
        return { ok: false, failure: { kind: 'unavailable', reason: 'source-failed' } };
      }
      if (!original) return { ok: false, failure: { kind: 'not-found', reason: 'not-found' } };
      try {
        return { ok: true, image: await this.processor.resize(original, width, format) };
      } catch (error) {
        return { ok: false, failure: this.describeFailure(error, `stored:${id}`) };
      }
    }));
  }

  /** Counts what became of an image request: ok, or why there is no image (refused, unavailable, not-found). */
  private async counted(source: 'proxy' | 'stored', outcome: Promise<ImageOutcome>): Promise<ImageOutcome> {
    const settled = await outcome;
    this.requests.inc({ source, outcome: settled.ok ? 'ok' : settled.failure.kind });
    return settled;
  }

  private async cached(base: string, format: OutputFormat, produce: () => Promise<ImageOutcome>): Promise<ImageOutcome> {
    const key = `${base}|${format}`;
    const hit = this.images.get(key);
    this.lookups.inc({ cache: 'gateway-images', result: hit ? 'hit' : 'miss' });
    if (hit) return { ok: true, image: hit };
    const failed = this.failures.get(base);
    if (failed) return { ok: false, failure: failed };
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = produce()
      .then((outcome) => {
        if (outcome.ok) this.images.set(key, outcome.image);
        else if (outcome.failure.kind !== 'not-found') this.failures.set(base, outcome.failure);
        return outcome;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private describeFailure(error: unknown, source: string): ImageFailure {
    if (error instanceof ImageFetchError) {
      const failure: ImageFailure = { kind: error.refused ? 'refused' : 'unavailable', reason: error.reason.toLowerCase().replace(/_/g, '-') };
      if (error.refused) this.log.warn({ url: source, reason: error.reason, stage: error.stage }, 'image URL refused');
      else this.log.debug({ url: source, reason: error.reason, message: error.message }, 'image unavailable');
      return failure;
    }
    if (error instanceof ImageProcessingError) {
      this.log.debug({ url: source, message: error.message }, 'image not decodable');
      return { kind: 'unavailable', reason: 'not-decodable' };
    }
    this.log.error({ url: source, err: error instanceof Error ? error.message : String(error) }, 'image failed');
    return { kind: 'unavailable', reason: 'internal' };
  }
}
