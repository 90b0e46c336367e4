import { OutboundFetchError, parseContentType, type ResponseHead, SafeHttpClient, type SafeHttpClientOptions } from '@closetly/server';

export { type HostResolver, type RefusalEvent, type RefusalStage, standardPortsOnly } from '@closetly/server';

/** Upstream media types the proxy reads. SVG (script, external references) and everything else is refused. */
export const IMAGE_CONTENT_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

/** The one reason the image proxy adds to the shared fetcher's. */
export type ImageFetchFailure = OutboundFetchError<'NOT_AN_IMAGE'>['reason'];
/** The shared fetcher's error: the proxy's own checks throw it too, with NOT_AN_IMAGE. */
export const ImageFetchError = OutboundFetchError;
export type ImageFetchError = OutboundFetchError<'NOT_AN_IMAGE'>;

/** The shared fetcher's options; the proxy's own user agent unless given. */
export type SafeFetchOptions = SafeHttpClientOptions;

export interface FetchedImage {
  body: Buffer;
  /** The upstream's media type, lower case, without parameters. */
  contentType: string;
  /** The URL that finally answered (after redirects). */
  url: string;
  redirects: number;
}

/**
 * `maxBytes`: 4 MiB. The largest image the proxy serves is 1080 px wide; a
 * retailer's product photo at twice that (about 2000 × 2500) is 0.5 to 2 MB as
 * JPEG or WebP, so 4 MiB leaves room for a heavy original while a junk or
 * endless body costs at most that much memory and bandwidth per fetch.
 */
export const DEFAULT_SAFE_FETCH = {
  connectTimeoutMs: 3_000,
  totalTimeoutMs: 10_000,
  maxBytes: 4 * 1024 * 1024,
  maxRedirects: 3,
  userAgent: 'ClosetlyImageProxy/1.0',
} as const;

const UPSTREAM_ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9';

/**
 * Fetches an external image through the shared outbound fetcher
 * (`SafeHttpClient` in libs/server: the SSRF defences, redirects, limits,
 * OUTBOUND_TEST_HOSTS) and adds the proxy's own rule: a 200 whose
 * Content-Type is exactly one image media type. A header the strict parser
 * cannot read as one type (`image/png; charset=UTF-8;text/html`, a list) is
 * refused before the body is read, rather than trusting its first word.
 */
export class SafeImageFetcher {
  private readonly client: SafeHttpClient;
  readonly maxBytes: number;

  constructor(options: SafeFetchOptions = {}) {
    this.client = new SafeHttpClient({
      ...options,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_SAFE_FETCH.connectTimeoutMs,
      totalTimeoutMs: options.totalTimeoutMs ?? DEFAULT_SAFE_FETCH.totalTimeoutMs,
      maxBytes: options.maxBytes ?? DEFAULT_SAFE_FETCH.maxBytes,
      maxRedirects: options.maxRedirects ?? DEFAULT_SAFE_FETCH.maxRedirects,
      userAgent: options.userAgent ?? DEFAULT_SAFE_FETCH.userAgent,
      subject: 'image',
    });
    this.maxBytes = this.client.maxBytes;
  }

  async fetch(url: string): Promise<FetchedImage> {
    let contentType = '';
    const response = await this.client.fetch({
      url,
      headers: { accept: UPSTREAM_ACCEPT },
      inspect: (head) => {
        contentType = imageContentType(head);
      },
    });
    return { body: response.body, contentType, url: response.url, redirects: response.redirects };
  }
}

function imageContentType(head: ResponseHead): string {
  if (head.status !== 200) throw new ImageFetchError('UPSTREAM_STATUS', `Upstream answered ${head.status}`);
  const raw = head.headers['content-type'];
  const media = parseContentType(raw);
  if (!media || !IMAGE_CONTENT_TYPES.has(media.type)) {
    throw new ImageFetchError('NOT_AN_IMAGE', `Content type "${raw ?? ''}" is not exactly one allowed image type`);
  }
  // Asked for identity: a compressed body is not what the decoder will be given.
  const encoding = (head.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') throw new ImageFetchError('NOT_AN_IMAGE', `Content encoding "${encoding}" was not asked for`);
  return media.type;
}
