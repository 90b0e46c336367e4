import { lookup } from 'node:dns/promises';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { type AddressPolicy, defaultAddressPolicy } from './address-policy';

/** Upstream media types the proxy reads. SVG (script, external references) and everything else is refused. */
export const IMAGE_CONTENT_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

/** Reasons that are policy decisions: the URL, an address or a redirect chain the proxy will not follow. */
const REFUSALS = ['INVALID_URL', 'SCHEME_NOT_ALLOWED', 'CREDENTIALS_IN_URL', 'PORT_NOT_ALLOWED', 'FORBIDDEN_ADDRESS', 'TOO_MANY_REDIRECTS'] as const;
export type ImageFetchRefusal = (typeof REFUSALS)[number];
/** Reasons the upstream did not deliver a usable image. */
export type ImageUpstreamFailure = 'UPSTREAM_STATUS' | 'NOT_AN_IMAGE' | 'TOO_LARGE' | 'TIMEOUT' | 'NETWORK';
export type ImageFetchFailure = ImageFetchRefusal | ImageUpstreamFailure;

/** Where a refusal happened: all but `socket` are before any connection is opened. */
export type RefusalStage = 'url' | 'lookup' | 'socket';

export class ImageFetchError extends Error {
  constructor(
    readonly reason: ImageFetchFailure,
    message: string,
    readonly stage?: RefusalStage,
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }

  /** True for policy refusals (SSRF defences), false for upstream failures. */
  get refused(): boolean {
    return (REFUSALS as readonly string[]).includes(this.reason);
  }
}

export interface RefusalEvent {
  reason: ImageFetchRefusal;
  stage: RefusalStage;
  url: string;
  address?: string;
  port?: number;
}

/** Resolves a host name to IP literals (all of them: every one is checked). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface SafeFetchOptions {
  /** True when the proxy must not connect to this address and port. Default: isForbiddenAddress, any port. */
  isForbiddenAddress?: AddressPolicy;
  /** Whether a URL's port may be used. Default: the scheme's default port, 80 or 443. */
  isAllowedPort?: (url: URL) => boolean;
  /** Default: the system resolver (dns.lookup, all addresses). */
  resolve?: HostResolver;
  /** Extra trusted CAs for HTTPS upstreams (tests); the system roots otherwise. */
  ca?: string | Buffer | Array<string | Buffer>;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** Called for every policy refusal, with the stage it happened at (logs; tests prove nothing was connected). */
  onRefused?: (event: RefusalEvent) => void;
}

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

/**
 * Production port rule: each scheme on its own standard port only (http 80,
 * https 443). WHATWG URL drops a scheme's own default port, so any port left
 * in the URL is another one.
 */
export const standardPortsOnly = (url: URL): boolean => url.port === '';

/** The other scheme's default port (`http://host:443`, `https://host:80`): a smuggling trick, refused whatever the port rule allows. */
const OTHER_SCHEME_PORT: Readonly<Record<string, string>> = { 'http:': '443', 'https:': '80' };

const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true })).map((entry) => entry.address);

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const UPSTREAM_ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9';
/** A host name with several addresses: at most this many are tried (each one was checked before connecting). */
const MAX_ADDRESSES_TRIED = 2;

type Answer = { kind: 'image'; body: Buffer; contentType: string } | { kind: 'redirect'; location: string };

/**
 * Fetches an external image without letting the URL reach anything but the
 * public internet (the image proxy is an SSRF surface, ARCHITECTURE.md §5):
 *  - http/https only, each on its own standard port only (never
 *    `http://host:443` or `https://host:80`), no credentials in the URL (so
 *    none is ever sent upstream);
 *  - the host is resolved here and every address it resolves to is checked
 *    (IP literals, in any spelling the URL parser accepts, are checked as
 *    they are) BEFORE a socket is opened; the socket connects to that exact
 *    address, so a second DNS answer cannot swap it (no rebinding);
 *  - the connected socket's remoteAddress is checked again, and the HTTP
 *    request is only created after that check, so a refused socket never
 *    carries a byte of the request;
 *  - every redirect (at most 3) goes through the same checks on a new socket;
 *  - connect and total timeouts; image media types only (no SVG); the byte
 *    limit is enforced from Content-Length (refused before the body is
 *    read) and again while streaming: the connection is dropped as soon as
 *    the count passes it, so an endless body costs at most the limit;
 *  - no client header is forwarded: only host, accept, accept-encoding
 *    (identity) and user-agent are sent.
 */
export class SafeImageFetcher {
  private readonly policy: AddressPolicy;
  private readonly isAllowedPort: (url: URL) => boolean;
  private readonly resolve: HostResolver;
  private readonly connectTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly maxRedirects: number;
  readonly maxBytes: number;

  constructor(private readonly options: SafeFetchOptions = {}) {
    this.policy = options.isForbiddenAddress ?? defaultAddressPolicy;
    this.isAllowedPort = options.isAllowedPort ?? standardPortsOnly;
    this.resolve = options.resolve ?? systemResolver;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_SAFE_FETCH.connectTimeoutMs;
    this.totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_SAFE_FETCH.totalTimeoutMs;
    this.maxBytes = options.maxBytes ?? DEFAULT_SAFE_FETCH.maxBytes;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_SAFE_FETCH.maxRedirects;
  }

  async fetch(rawUrl: string): Promise<FetchedImage> {
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new ImageFetchError('TIMEOUT', `No complete image within ${this.totalTimeoutMs} ms`)),
      this.totalTimeoutMs,
    );
    try {
      let url = this.checkUrl(rawUrl);
      for (let redirects = 0; ; redirects += 1) {
        const answer = await this.fetchOnce(url, deadline.signal);
        if (answer.kind === 'image') return { body: answer.body, contentType: answer.contentType, url: url.href, redirects };
        if (redirects >= this.maxRedirects) throw this.refuse('TOO_MANY_REDIRECTS', 'url', url.href, `More than ${this.maxRedirects} redirects`);
        url = this.checkUrl(answer.location, url);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Scheme, credentials and port: decided on the parsed URL, before any lookup. */
  private checkUrl(raw: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      throw this.refuse('INVALID_URL', 'url', raw, 'Not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw this.refuse('SCHEME_NOT_ALLOWED', 'url', url.href, `Scheme ${url.protocol} is not allowed`);
    if (url.username !== '' || url.password !== '') throw this.refuse('CREDENTIALS_IN_URL', 'url', url.href, 'URLs with credentials are not fetched');
    if (url.port === OTHER_SCHEME_PORT[url.protocol]) throw this.refuse('PORT_NOT_ALLOWED', 'url', url.href, `Port ${url.port} belongs to the other scheme`);
    if (!this.isAllowedPort(url)) throw this.refuse('PORT_NOT_ALLOWED', 'url', url.href, `Port ${url.port} is not allowed`);
    if (url.hostname === '') throw this.refuse('INVALID_URL', 'url', url.href, 'The URL has no host');
    url.hash = '';
    return url;
  }

  private async fetchOnce(url: URL, signal: AbortSignal): Promise<Answer> {
    const socket = await this.connect(url, signal);
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const settle = (error: unknown, answer?: Answer) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        request.destroy();
        socket.destroy();
        if (answer) resolve(answer);
        else reject(error);
      };
      const onAbort = () => settle(signal.reason);
      // Created only now: the socket is connected and its address has passed the policy.
      const request = httpRequest({
        method: 'GET',
        path: `${url.pathname}${url.search}`,
        setHost: false,
        headers: { host: url.host, accept: UPSTREAM_ACCEPT, 'accept-encoding': 'identity', 'user-agent': this.options.userAgent ?? DEFAULT_SAFE_FETCH.userAgent },
        createConnection: () => socket,
        maxHeaderSize: 16 * 1024,
      });
      request.on('error', (error) => settle(new ImageFetchError('NETWORK', `Request failed: ${error.message}`)));
      request.on('response', (response) => {
        this.readResponse(response).then(
          (answer) => settle(undefined, answer),
          (error: unknown) => settle(error),
        );
      });
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      request.end();
    });
  }

  private readResponse(response: IncomingMessage): Promise<Answer> {
    const status = response.statusCode ?? 0;
    if (REDIRECT_STATUSES.has(status)) {
      const location = response.headers.location;
      if (!location) return Promise.reject(new ImageFetchError('UPSTREAM_STATUS', `Redirect ${status} without a Location`));
      return Promise.resolve({ kind: 'redirect', location });
    }
    if (status !== 200) return Promise.reject(new ImageFetchError('UPSTREAM_STATUS', `Upstream answered ${status}`));
    const contentType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!IMAGE_CONTENT_TYPES.has(contentType)) return Promise.reject(new ImageFetchError('NOT_AN_IMAGE', `Content type "${contentType}" is not an allowed image type`));
    const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity') return Promise.reject(new ImageFetchError('NOT_AN_IMAGE', `Content encoding "${encoding}" was not asked for`));
    const declared = response.headers['content-length'];
    if (declared !== undefined && !(Number(declared) <= this.maxBytes)) {
      return Promise.reject(new ImageFetchError('TOO_LARGE', `Content-Length ${declared} is over the ${this.maxBytes} byte limit`));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > this.maxBytes) {
          reject(new ImageFetchError('TOO_LARGE', `The image is over the ${this.maxBytes} byte limit`));
          response.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.once('end', () => resolve({ kind: 'image', body: Buffer.concat(chunks, size), contentType }));
      response.once('error', (error) => reject(new ImageFetchError('NETWORK', `Reading the image failed: ${error.message}`)));
      response.once('close', () => {
        if (!response.complete) reject(new ImageFetchError('NETWORK', 'The connection closed before the image was complete'));
      });
    });
  }

  /** A connected socket (TLS for https) whose address passed the policy before and after connecting. */
  private async connect(url: URL, signal: AbortSignal): Promise<Socket> {
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    let addresses: string[];
    if (isIP(host) !== 0) {
      if (this.policy(host, port)) throw this.refuse('FORBIDDEN_ADDRESS', 'url', url.href, 'The URL names a forbidden address', host, port);
      addresses = [host];
    } else {
      addresses = await this.lookupChecked(host, port, url, signal);
    }
    let lastError: unknown;
    for (const address of addresses.slice(0, MAX_ADDRESSES_TRIED)) {
      try {
        const socket = await this.connectTcp(address, port, url, signal);
        return url.protocol === 'https:' ? await this.startTls(socket, host, signal) : socket;
      } catch (error) {
        if (!(error instanceof ImageFetchError) || error.reason !== 'NETWORK') throw error;
        lastError = error;
      }
    }
    throw lastError instanceof ImageFetchError ? lastError : new ImageFetchError('NETWORK', `Could not connect to ${host}`);
  }

  private async lookupChecked(host: string, port: number, url: URL, signal: AbortSignal): Promise<string[]> {
    let addresses: string[];
    try {
      addresses = await abortable(this.resolve(host), signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new ImageFetchError('NETWORK', `Could not resolve ${host}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (addresses.length === 0) throw new ImageFetchError('NETWORK', `${host} has no address`);
    // One forbidden answer refuses the host: a public name has no business resolving to a private address.
    const forbidden = addresses.find((address) => isIP(address) === 0 || this.policy(address, port));
    if (forbidden !== undefined) throw this.refuse('FORBIDDEN_ADDRESS', 'lookup', url.href, `${host} resolves to a forbidden address`, forbidden, port);
    return addresses;
  }

  private connectTcp(address: string, port: number, url: URL, signal: AbortSignal): Promise<Socket> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const socket = netConnect({ host: address, port, family: isIP(address), noDelay: true, autoSelectFamily: false });
      const finish = (error?: unknown) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        socket.off('connect', onConnect);
        socket.off('error', onError);
        if (error === undefined) {
          // Later socket errors reach the HTTP request (or TLS socket) that takes it over; never an unhandled 'error'.
          socket.on('error', ignore);
          resolve(socket);
        } else {
          socket.destroy();
          reject(error);
        }
      };
      const onConnect = () => {
        const { remoteAddress, remotePort } = socket;
        if (remoteAddress === undefined || remotePort === undefined || isIP(remoteAddress) === 0 || this.policy(remoteAddress, remotePort)) {
          finish(this.refuse('FORBIDDEN_ADDRESS', 'socket', url.href, 'The connected address is forbidden', remoteAddress, remotePort));
          return;
        }
        finish();
      };
      const onError = (error: Error) => finish(new ImageFetchError('NETWORK', `Could not connect: ${error.message}`));
      const onAbort = () => finish(signal.reason);
      const timer = setTimeout(() => finish(new ImageFetchError('TIMEOUT', `No connection within ${this.connectTimeoutMs} ms`)), this.connectTimeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      socket.once('connect', onConnect);
      socket.on('error', onError);
    });
  }

  private startTls(socket: Socket, host: string, signal: AbortSignal): Promise<TLSSocket> {
    return new Promise((resolve, reject) => {
      const secure = tlsConnect({
        socket,
        host, // the certificate is checked against the URL's host
        ...(isIP(host) === 0 ? { servername: host } : {}),
        ALPNProtocols: ['http/1.1'],
        minVersion: 'TLSv1.2',
        ...(this.options.ca ? { ca: this.options.ca } : {}),
      });
      const finish = (error?: unknown) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        secure.off('secureConnect', onSecure);
        secure.off('error', onError);
        if (error === undefined) {
          secure.on('error', ignore);
          resolve(secure);
        } else {
          secure.destroy();
          socket.destroy();
          reject(error);
        }
      };
      const onSecure = () => finish();
      const onError = (error: Error) => finish(new ImageFetchError('NETWORK', `TLS failed: ${error.message}`));
      const onAbort = () => finish(signal.reason);
      const timer = setTimeout(() => finish(new ImageFetchError('TIMEOUT', `No TLS handshake within ${this.connectTimeoutMs} ms`)), this.connectTimeoutMs);
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      secure.once('secureConnect', onSecure);
      secure.on('error', onError);
    });
  }

  private refuse(reason: ImageFetchRefusal, stage: RefusalStage, url: string, message: string, address?: string, port?: number): ImageFetchError {
    this.options.onRefused?.({ reason, stage, url, ...(address === undefined ? {} : { address }), ...(port === undefined ? {} : { port }) });
    return new ImageFetchError(reason, message, stage);
  }
}

const ignore = () => undefined;

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
