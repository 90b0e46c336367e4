import { DomainError } from '@closetly/server';
import type { ImageFailure } from './images.service';

/**
 * True when the client asked for JSON rather than an image: `application/json`
 * with a q above every image type it names. Browsers' `<img>` requests name
 * only image types and `*\/*`, so they keep getting the placeholder (spec:
 * "a placeholder when missing"); `*\/*` alone counts for neither.
 */
export function prefersJson(accept: string | undefined): boolean {
  let json = 0;
  let image = 0;
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim());
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    if (type === 'application/json') json = Math.max(json, q);
    else if (type.startsWith('image/')) image = Math.max(image, q);
  }
  return json > image;
}

/**
 * A failed image as a JSON error, for a client that asked for JSON. An
 * upstream that answered something other than an image (HTML, SVG, bytes no
 * decoder takes) is the caller's bad `url`: 400. The rest keep the statuses
 * the placeholder has (403 refused by the SSRF policy, 404 no image).
 */
export function imageFailureError(failure: ImageFailure): DomainError {
  if (failure.reason === 'not-an-image' || failure.reason === 'not-decodable') {
    return new DomainError('VALIDATION_FAILED', 'The URL does not point to an image', { url: ['The URL does not point to an image (JPEG, PNG, WebP, AVIF or GIF)'] });
  }
  if (failure.kind === 'refused') return new DomainError('FORBIDDEN', 'This image URL is not allowed');
  if (failure.kind === 'not-found') return new DomainError('NOT_FOUND', 'Image not found');
  return new DomainError('NOT_FOUND', 'No image could be fetched from this URL');
}
