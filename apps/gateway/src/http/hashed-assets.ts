import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import { isUtf8MimeType, mime } from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from './compression';

/** What the build writes beside each text file (apps/web/precompress.ts), in the order @fastify/static prefers them. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
export const HASHED_ASSET_PREFIX = '/assets/';

interface Variant {
  body: Buffer;
  headers: Record<string, string>;
}

interface Asset {
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
}

/**
 * The build's hashed files (/assets/*: scripts, styles, fonts), sent from memory. Their names change with
 * their content, so a file read once never goes stale; the whole folder is under 2 MB. @fastify/static
 * opened, stat'ed and read each one on every request (0.4 ms of system calls a request; a bare server
 * sending the same bytes from memory did 7 times as many a second).
 *
 * Each file is read on its first request, which @fastify/static answers; later plain GETs get the same
 * bytes and headers (type, cache policy, ETag, Last-Modified, encoding) from memory. A HEAD, or
 * a request with a Range or a condition (If-None-Match, If-Modified-Since…), still goes to @fastify/static,
 * which answers those in full. Only paths @fastify/static has a route for (files that exist) come here.
 */
export class HashedAssets {
  private readonly assets = new Map<string, Asset | 'loading'>();

  constructor(private readonly root: string) {}

  register(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || !request.url.startsWith(HASHED_ASSET_PREFIX)) return done();
      const path = request.routeOptions.url;
      // No route (no such file): the 404 is the router's. A query string or an odd spelling: @fastify/static decides.
      if (!path || path !== request.url || hasRangeOrCondition(request)) return done();
      const asset = this.assets.get(path);
      if (asset === undefined) {
        this.assets.set(path, 'loading');
        this.load(path).then(
          (loaded) => this.assets.set(path, loaded),
          () => this.assets.delete(path),
        );
        return done();
      }
      if (asset === 'loading') return done();
      send(request, reply, asset);
    });
  }

  /** Whether the file at this path is in memory now (it is read in the background after its first request). */
  holds(path: string): boolean {
    const asset = this.assets.get(path);
    return asset !== undefined && asset !== 'loading';
  }

  private async load(path: string): Promise<Asset> {
    const file = join(this.root, path);
    const identity = await variant(file, file);
    const encoded: Asset['encoded'] = {};
    for (const encoding of ENCODINGS) {
      const found = await variant(file + EXTENSION[encoding], file).catch(() => undefined);
      if (found) encoded[encoding] = { body: found.body, headers: { ...found.headers, 'content-encoding': encoding } };
    }
    return { identity, encoded };
  }
}

/** The bytes of `file` and the headers @fastify/send gives them (its ETag and Last-Modified are of the file sent; its type of the original). */
async function variant(file: string, original: string): Promise<Variant> {
  const [body, stats] = await Promise.all([readFile(file), stat(file)]);
  const type = mime.getType(original) ?? 'application/octet-stream';
  return {
    body,
    headers: {
      'accept-ranges': 'bytes',
      'cache-control': IMMUTABLE_CACHE_CONTROL,
      'last-modified': stats.mtime.toUTCString(),
      etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
      'content-type': isUtf8MimeType(type) ? `${type}; charset=utf-8` : type,
    },
  };
}

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset): void {
  const available = ENCODINGS.filter((encoding) => asset.encoded[encoding]);
  let chosen = asset.identity;
  // As @fastify/static says of every file it may send pre-compressed, whether or not copies exist.
  void reply.header('vary', 'accept-encoding');
  if (available.length > 0) {
    // As @fastify/static reads the header: `*` is taken as gzip.
    const accepted = request.headers['accept-encoding']?.toLowerCase().replace(/\*/g, 'gzip');
    const encoding = accepted ? (negotiate(accepted, available) as Encoding | null) : null;
    if (encoding) chosen = asset.encoded[encoding] ?? chosen;
  }
  void reply.headers(chosen.headers).send(chosen.body);
}

function hasRangeOrCondition(request: FastifyRequest): boolean {
  const headers = request.headers;
  return headers.range !== undefined || headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined || headers['if-match'] !== undefined || headers['if-unmodified-since'] !== undefined || headers['if-range'] !== undefined;
}
