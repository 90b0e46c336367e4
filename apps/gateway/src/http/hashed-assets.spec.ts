import { mkdtempSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { pollUntil } from '@closetly/testing';
import { HashedAssets } from './hashed-assets';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

/** A built SPA in miniature: a hashed script with its .br and .gz, a hashed font with none, served as the gateway serves them. */
async function served(): Promise<{ app: FastifyInstance; root: string; assets: HashedAssets }> {
  const root = mkdtempSync(join(tmpdir(), 'closetly-assets-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(root, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(root, 'assets', 'font-Zz9.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
  const app = Fastify();
  const assets = new HashedAssets(root);
  assets.register(app);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=31536000, immutable'),
  });
  await app.ready();
  return { app, root, assets };
}

const withoutDate = (response: LightMyRequestResponse) => {
  const { date: _date, ...headers } = response.headers;
  return headers;
};

describe('HashedAssets', () => {
  let app: FastifyInstance | undefined;
  let root = '';
  let assets: HashedAssets;
  beforeEach(async () => {
    ({ app, root, assets } = await served());
  });
  afterEach(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Asks for the file, then waits until it is in memory: it is read in the background after its first request. */
  const inMemory = async (path: string) => {
    await app!.inject(path);
    await pollUntil(() => assets.holds(path), Boolean, { what: `${path} in memory`, intervalMs: 10 });
  };

  it.each([
    ['brotli copy', 'br', 'br, gzip', brotliDecompressSync],
    ['gzip copy', 'gzip', 'gzip, deflate', gunzipSync],
    ['file as built', undefined, 'identity', (bytes: Buffer) => bytes],
  ] as const)('sends the %s from memory with the very headers @fastify/static sent', async (_what, encoding, accepted, decode) => {
    const path = '/assets/index-AbC123.js';
    const fromDisk = await app!.inject({ url: path, headers: { 'accept-encoding': accepted } });
    await inMemory(path);
    // Gone from disk: only memory can answer now.
    for (const file of ['index-AbC123.js', 'index-AbC123.js.br', 'index-AbC123.js.gz']) unlinkSync(join(root, 'assets', file));
    const fromMemory = await app!.inject({ url: path, headers: { 'accept-encoding': accepted } });
    expect(fromMemory.statusCode).toBe(200);
    expect(withoutDate(fromMemory)).toEqual(withoutDate(fromDisk));
    expect(fromMemory.headers['content-encoding']).toBe(encoding);
    expect(fromMemory.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(fromMemory.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends a file with no compressed copies as it is', async () => {
    const path = '/assets/font-Zz9.woff2';
    const fromDisk = await app!.inject({ url: path, headers: { 'accept-encoding': 'br, gzip' } });
    await inMemory(path);
    unlinkSync(join(root, 'assets', 'font-Zz9.woff2'));
    const fromMemory = await app!.inject({ url: path, headers: { 'accept-encoding': 'br, gzip' } });
    expect(withoutDate(fromMemory)).toEqual(withoutDate(fromDisk));
    expect(fromMemory.headers['content-type']).toBe('font/woff2');
    expect(fromMemory.headers['content-encoding']).toBeUndefined();
  });

  it('leaves HEAD, ranges, conditions and unknown files to @fastify/static and the router', async () => {
    const path = '/assets/index-AbC123.js';
    await inMemory(path);
    const range = await app!.inject({ url: path, headers: { 'accept-encoding': 'identity', range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(SCRIPT.slice(0, 10));
    const etag = (await app!.inject({ url: path, headers: { 'accept-encoding': 'identity' } })).headers.etag;
    const unchanged = await app!.inject({ url: path, headers: { 'accept-encoding': 'identity', 'if-none-match': String(etag) } });
    expect(unchanged.statusCode).toBe(304);
    expect((await app!.inject('/assets/index-Nope.js')).statusCode).toBe(404);
    const head = await app!.inject({ method: 'HEAD', url: path, headers: { 'accept-encoding': 'identity' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect((await app!.inject('/assets/index-AbC123.js?v=1')).statusCode).toBe(200);
  });
});
