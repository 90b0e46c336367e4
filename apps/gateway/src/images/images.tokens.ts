/** The HMAC secret for signed image URLs (a string of at least 32 characters). */
export const IMAGE_URL_SECRET = Symbol('IMAGE_URL_SECRET');
/** The image URL secret being rotated out (optional): URLs it signed still verify until it is removed. */
export const IMAGE_URL_PREVIOUS_SECRET = Symbol('IMAGE_URL_PREVIOUS_SECRET');
/** Where `GET /api/image/:id` reads stored images from (a StoredImageSource). */
export const STORED_IMAGE_SOURCE = Symbol('STORED_IMAGE_SOURCE');
/** Cache sizing for processed images (ImageCacheOptions). */
export const IMAGE_CACHE_OPTIONS = Symbol('IMAGE_CACHE_OPTIONS');
