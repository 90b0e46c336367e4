import { z } from 'zod';

/**
 * Images for `<img>` tags (GET /api/proxy-image, /api/image/{id}, /api/placeholder-image): the widths
 * the gateway resizes to, and the queries those routes take. Signed URLs stand in for the beta token,
 * which an `<img>` cannot send.
 */
/**
 * Widths the UI asks for (CSS width × device pixel ratio, rounded up to a few
 * buckets so the cache stays small): 160 thumbnails and the wardrobe grid on
 * phones, 320 the product grid, 480 product cards at 2x, 768 the product page
 * on phones, 1080 the product page on large screens. Any other width is a 400.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 768, 1080] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

/** Longest upstream image URL the proxy signs or fetches. */
export const MAX_IMAGE_URL_LENGTH = 2048;

/** `w`, as a query string carries it. */
export const ImageWidthParam = z
  .string()
  .regex(/^\d{1,4}$/, 'must be a whole number')
  .transform(Number)
  .refine(isImageWidth, { message: `must be one of ${IMAGE_WIDTHS.join(', ')}` });

/** GET /api/proxy-image?url={encoded}&w={width}&sig={hmac} */
export const ProxyImageQuery = z.object({
  url: z.string().min(1).max(MAX_IMAGE_URL_LENGTH),
  w: ImageWidthParam,
  sig: z.string().max(128).optional(),
});
export type ProxyImageQuery = z.infer<typeof ProxyImageQuery>;

/** GET /api/image/{id} */
export const StoredImageParams = z.object({ id: z.uuid() });
export type StoredImageParams = z.infer<typeof StoredImageParams>;

/** ?w={width} of the stored image and the placeholder (the largest width when absent). */
export const OptionalWidthQuery = z.object({ w: ImageWidthParam.optional() });
export type OptionalWidthQuery = z.infer<typeof OptionalWidthQuery>;
