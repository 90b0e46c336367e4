import { type BrotliOptions, brotliCompressSync, constants as zlibConstants, gzipSync, type ZlibOptions } from 'node:zlib';

/**
 * How the gateway compresses API answers, in one place: @fastify/compress per request (gateway-http.ts)
 * and the kept list answers' copies (ListAnswerCache) must send the same encodings for the same bodies.
 * Fast settings: these are made at request time, unlike the build's pre-compressed assets.
 */
export const API_COMPRESSION: { thresholdBytes: number; encodings: Array<'br' | 'gzip'>; brotliOptions: BrotliOptions; gzipOptions: ZlibOptions } = {
  /** Smaller answers (an unknown call's 404) are sent as they are: not worth compressing. */
  thresholdBytes: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  gzipOptions: { level: 6 },
};

export const compressBrotli = (body: Buffer): Buffer => brotliCompressSync(body, API_COMPRESSION.brotliOptions);
export const compressGzip = (body: Buffer): Buffer => gzipSync(body, API_COMPRESSION.gzipOptions);

/** The cache policy of a hashed build file (`/assets/*`): its name changes with its content. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
