import { type DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import { ImageProcessor, type ImageProcessorOptions } from './image-processor';
import { ImageUrlSigner } from './image-url-signer';
import { ProductImages } from './product-images';
import { ImagesController } from './images.controller';
import { type ImageCacheOptions, ImagesService } from './images.service';
import { IMAGE_CACHE_OPTIONS, IMAGE_URL_PREVIOUS_SECRET, IMAGE_URL_SECRET, STORED_IMAGE_SOURCE } from './images.tokens';
import { SafeImageFetcher, type SafeFetchOptions } from './safe-fetch';
import { EmptyStoredImageSource, type StoredImageSource } from './stored-image-source';

export interface ImagesModuleOptions {
  /** HMAC secret for signed image URLs (at least 32 characters); the gateway passes its current BETA_TOKEN_SECRET. */
  secret: string;
  /** The secret being rotated out (BETA_TOKEN_PREVIOUS_SECRET): verifies, never signs. */
  previousSecret?: string;
  /**
   * Options of the shared SSRF-safe client: OUTBOUND_TEST_HOSTS from the config; in tests also an address
   * policy that lets one local origin through, a fake resolver, short timeouts.
   */
  fetch?: SafeFetchOptions;
  processor?: ImageProcessorOptions;
  cache?: ImageCacheOptions;
  /** Stored images for GET /api/image/:id (an instance, or a class Nest constructs). Default: none stored. */
  storedImageSource?: StoredImageSource | Type<StoredImageSource>;
}

/** GET /api/proxy-image, /api/image/:id and /api/placeholder-image; exports ProductImages for controllers that send products out. */
@Module({})
export class ImagesModule {
  static forRoot(options: ImagesModuleOptions): DynamicModule {
    const source = options.storedImageSource ?? new EmptyStoredImageSource();
    const storedImageSource: Provider =
      typeof source === 'function' ? { provide: STORED_IMAGE_SOURCE, useClass: source } : { provide: STORED_IMAGE_SOURCE, useValue: source };
    return {
      module: ImagesModule,
      controllers: [ImagesController],
      providers: [
        { provide: IMAGE_URL_SECRET, useValue: options.secret },
        { provide: IMAGE_URL_PREVIOUS_SECRET, useValue: options.previousSecret },
        { provide: IMAGE_CACHE_OPTIONS, useValue: options.cache ?? {} },
        { provide: SafeImageFetcher, useFactory: () => new SafeImageFetcher(options.fetch) },
        { provide: ImageProcessor, useFactory: () => new ImageProcessor(options.processor) },
        storedImageSource,
        ImageUrlSigner,
        ProductImages,
        ImagesService,
      ],
      exports: [ImageUrlSigner, ProductImages],
    };
  }
}
