import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';

/** Local servers for the image proxy tests: they only ever listen on loopback. */
export interface RecordingServer {
  port: number;
  host: string;
  /** `http://127.0.0.1:<port><path>` (or `[::1]`). */
  url(path: string): string;
  requests: Array<{ path: string; headers: IncomingHttpHeaders; servername?: string }>;
  /** Requests whose path (with query) is `path`. */
  hits(path: string): number;
  connections: number;
  closedConnections: number;
  /** Bytes received on any connection, request or not. */
  bytesReceived: number;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export async function startRecordingServer(handler: Handler, options: { host?: string; tls?: { key: string; cert: string } } = {}): Promise<RecordingServer> {
  const host = options.host ?? '127.0.0.1';
  const state: RecordingServer = {
    port: 0,
    host,
    url: (path) => `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${state.port}${path}`,
    requests: [],
    hits: (path) => state.requests.filter((request) => request.path === path).length,
    connections: 0,
    closedConnections: 0,
    bytesReceived: 0,
    close: () => Promise.resolve(),
  };
  const record: Handler = (request, response) => {
    const servername = (request.socket as Socket & { servername?: string }).servername;
    state.requests.push({ path: request.url ?? '', headers: request.headers, ...(servername ? { servername } : {}) });
    handler(request, response);
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, record) : createServer(record);
  // Count raw TCP connections (before any TLS or HTTP parsing) and every byte on them.
  server.on('connection', (socket: Socket) => {
    state.connections += 1;
    socket.on('data', (chunk: Buffer) => (state.bytesReceived += chunk.length));
    socket.on('close', () => (state.closedConnections += 1));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  state.port = address.port;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** A canary: any connection or request it sees means the proxy reached something it must not. */
export const startCanary = (host = '127.0.0.1') =>
  startRecordingServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' }).end('canary');
  }, { host });

/** A real photo-like PNG (a gradient, so it is not trivially small). */
export async function testPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round((255 * x) / width);
      pixels[offset + 1] = Math.round((255 * y) / height);
      pixels[offset + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

export async function testJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(await testPng(width, height)).jpeg({ quality: 80 }).toBuffer();
}

export const SVG_IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

export interface StreamRecord {
  written: number;
  /** The response was closed (by either side). */
  closed: boolean;
  /** It was closed after the last byte was handed to the socket. */
  finished: boolean;
}

/**
 * Writes `total` bytes in 64 KiB chunks, honouring backpressure, and records
 * how far it got: a client that aborts early leaves `finished` false.
 */
export function streamBytes(response: ServerResponse, total: number, record: StreamRecord): void {
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const waitForDrain = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        response.off('drain', done);
        response.off('close', done);
        resolve();
      };
      response.once('drain', done);
      response.once('close', done);
    });
  response.once('close', () => {
    record.finished = response.writableFinished;
    record.closed = true;
  });
  void (async () => {
    while (record.written < total && !response.destroyed) {
      const ok = response.write(chunk);
      record.written += chunk.length;
      if (!ok) await waitForDrain();
    }
    if (!response.destroyed) response.end();
  })();
}

export interface ImageOrigin extends RecordingServer {
  png: Buffer;
  jpeg: Buffer;
  /** How far each streamed response got, by request path (with query). */
  streams: Map<string, StreamRecord>;
}

/**
 * The allowed upstream of the tests. Routes:
 *   /photo.png (1200×900)  /photo.jpg (800×600)  /hops/<n> (n redirects, then the PNG)
 *   /redirect?to=<url>  /svg  /html  /svg-as-png  /gzip  /status/<code>  /no-location
 *   /type-smuggled (a PNG as `image/png; charset=UTF-8;text/html`)  /type-list (a PNG as `image/png, text/html`)
 *   /big-declared (64 MiB, Content-Length)  /big-chunked (32 MiB, chunked)  /bytes?n=  /bytes-chunked?n=
 *   /stream?n= (n bytes, chunked, streamed with backpressure)  /stream-declared?n= (the same with Content-Length)
 *   /endless (a chunked image body that never ends)
 *   /slow-headers (never answers)  /slow-body (10 of 1000 bytes, then nothing)  /truncated (10 of 1000, then closes)
 */
export async function startImageOrigin(options: { tls?: { key: string; cert: string } } = {}): Promise<ImageOrigin> {
  const png = await testPng(1200, 900);
  const jpeg = await testJpeg(800, 600);
  const streams = new Map<string, StreamRecord>();
  const stream = (request: IncomingMessage, response: ServerResponse, total: number) => {
    const record: StreamRecord = { written: 0, closed: false, finished: false };
    streams.set(request.url ?? '', record);
    streamBytes(response, total, record);
  };
  const server = await startRecordingServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://origin.invalid');
    const n = Number(url.searchParams.get('n') ?? '0');
    const [, first = '', second = ''] = url.pathname.split('/');
    switch (first) {
      case 'photo.png':
        return void response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
      case 'photo.jpg':
        return void response.writeHead(200, { 'content-type': 'image/jpeg; charset=binary' }).end(jpeg);
      case 'hops': {
        const left = Number(second);
        if (left > 0) return void response.writeHead(302, { location: `/hops/${left - 1}${url.search}` }).end();
        return void response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      }
      case 'redirect':
        return void response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      case 'svg':
        return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG_IMAGE);
      case 'html':
        return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><p>not an image</p>');
      case 'type-smuggled':
        return void response.writeHead(200, { 'content-type': 'image/png; charset=UTF-8;text/html' }).end(png);
      case 'type-list':
        return void response.writeHead(200, { 'content-type': 'image/png, text/html' }).end(png);
      case 'svg-as-png':
        return void response.writeHead(200, { 'content-type': 'image/png' }).end(SVG_IMAGE);
      case 'gzip':
        return void response.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' }).end(gzipSync(png));
      case 'status':
        return void response.writeHead(Number(second), { 'content-type': 'image/png' }).end(png);
      case 'no-location':
        return void response.writeHead(302).end();
      case 'big-declared':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 64 * 1024 * 1024 });
        return stream(request, response, 64 * 1024 * 1024);
      case 'big-chunked':
        response.writeHead(200, { 'content-type': 'image/png' });
        return stream(request, response, 32 * 1024 * 1024);
      case 'bytes':
        return void response.writeHead(200, { 'content-type': 'image/png', 'content-length': n }).end(Buffer.alloc(n, 0x41));
      case 'bytes-chunked':
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(Buffer.alloc(Math.floor(n / 2), 0x41));
        return void response.end(Buffer.alloc(n - Math.floor(n / 2), 0x41));
      case 'stream':
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return stream(request, response, n);
      case 'stream-declared':
        response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': n });
        return stream(request, response, n);
      case 'endless':
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return stream(request, response, Number.POSITIVE_INFINITY);
      case 'slow-headers':
        return; // never answers; the server's close ends it
      case 'slow-body':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 1000 });
        return void response.write(Buffer.alloc(10, 0x41));
      case 'truncated':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 1000 });
        return void response.write(Buffer.alloc(10, 0x41), () => response.socket?.destroy());
      default:
        return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  }, options);
  return Object.assign(server, { png, jpeg, streams });
}
