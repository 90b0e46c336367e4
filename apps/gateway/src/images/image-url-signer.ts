import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { type ImageWidth, isImageWidth, IMAGE_WIDTHS, MAX_IMAGE_URL_LENGTH } from '@closetly/contracts';
import { MIN_SECRET_LENGTH, SigningKeys } from '@closetly/server';
import { IMAGE_URL_PREVIOUS_SECRET, IMAGE_URL_SECRET } from './images.tokens';

export { IMAGE_WIDTHS, type ImageWidth, isImageWidth, MAX_IMAGE_URL_LENGTH } from '@closetly/contracts';

export const DEFAULT_IMAGE_WIDTH: ImageWidth = 480;

export const PROXY_IMAGE_PATH = '/api/proxy-image';

/**
 * Image URLs are signed by the gateway when it sends a product out, because
 * `<img>` requests cannot carry the beta header: only URLs this server signed
 * are ever fetched. HMAC-SHA256 over the width and the URL with a key derived
 * from the gateway secret (its own label, so a beta token can never be
 * replayed as an image signature or the reverse). Signatures do not expire:
 * the same product image keeps one URL, so browsers and CDNs can cache it.
 *
 * The signature is `<kid>.<hmac>`: signed with the current key, verified
 * with the key the kid names (current, or previous during a rotation). A URL
 * signed with a retired key is refused like a forged one (403).
 */
@Injectable()
export class ImageUrlSigner {
  private readonly current: { id: string; mac: Buffer };
  private readonly macKeys: ReadonlyMap<string, Buffer>;
  /**
   * Addresses signed lately, by width and URL: a page of results signs 25 images and the same
   * products come back search after search (about 300 bytes each, so a few MB at most).
   */
  private readonly signed = new LRUCache<string, string>({ max: 10_000 });

  constructor(@Inject(IMAGE_URL_SECRET) secret: string, @Optional() @Inject(IMAGE_URL_PREVIOUS_SECRET) previousSecret?: string) {
    for (const given of [secret, previousSecret ?? secret]) {
      if (typeof given !== 'string' || given.length < MIN_SECRET_LENGTH) throw new Error(`The image URL secret must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    const keys = new SigningKeys(secret, previousSecret);
    const macKeyOf = (key: string) => createHmac('sha256', key).update('image-url').digest();
    this.current = { id: keys.current.id, mac: macKeyOf(keys.current.secret) };
    this.macKeys = new Map(keys.verifying.map((key) => [key.id, macKeyOf(key.secret)]));
  }

  /**
   * `/api/proxy-image?url=<encoded>&w=<width>&sig=<hmac>` for an external
   * http(s) image. Throws for a width outside IMAGE_WIDTHS or a URL that is
   * not absolute http(s) or is too long: callers drop such images.
   */
  sign(url: string, width: number = DEFAULT_IMAGE_WIDTH): string {
    if (!isImageWidth(width)) throw new RangeError(`Image width ${width} is not one of ${IMAGE_WIDTHS.join(', ')}`);
    const key = `${width}\n${url}`;
    const remembered = this.signed.get(key);
    if (remembered !== undefined) return remembered;
    if (!ImageUrlSigner.isSignable(url)) throw new RangeError('Only absolute http(s) image URLs up to 2048 characters can be signed');
    const query = new URLSearchParams({ url, w: String(width), sig: `${this.current.id}.${this.signature(this.current.mac, url, width)}` });
    const address = `${PROXY_IMAGE_PATH}?${query.toString()}`;
    this.signed.set(key, address);
    return address;
  }

  /** Constant-time check of a signature from a request, with the key its kid names. */
  verify(url: string, width: number, sig: string | undefined): boolean {
    if (typeof sig !== 'string') return false;
    const separator = sig.indexOf('.');
    const macKey = separator > 0 ? this.macKeys.get(sig.slice(0, separator)) : undefined;
    if (!macKey) return false;
    const expected = Buffer.from(this.signature(macKey, url, width));
    const given = Buffer.from(sig.slice(separator + 1));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  static isSignable(url: string): boolean {
    if (url.length === 0 || url.length > MAX_IMAGE_URL_LENGTH || !URL.canParse(url)) return false;
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  }

  /** The width comes first and is digits only, so `<width>\n<url>` is unambiguous whatever the URL holds. */
  private signature(macKey: Buffer, url: string, width: number): string {
    return createHmac('sha256', macKey).update(`${width}\n${url}`).digest('base64url');
  }
}
