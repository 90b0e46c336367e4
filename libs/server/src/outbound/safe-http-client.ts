import { lookup } from 'node:dns/promises';
import { type IncomingHttpHeaders, type IncomingMessage, request as httpRequest } from 'node:http';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { type AddressPolicy, defaultAddressPolicy } from './address-policy';
import { NO_TEST_HOSTS, type TestHostTarget, type TestHosts } from './test-hosts';

/** Reasons that are policy decisions: the URL, an address or a redirect chain the fetcher will not follow. */
export const OUTBOUND_REFUSALS = ['INVALID_URL', 'SCHEME_NOT_ALLOWED', 'CREDENTIALS_IN_URL', 'PORT_NOT_ALLOWED', 'FORBIDDEN_ADDRESS', 'TOO_MANY_REDIRECTS', 'NOT_A_TEST_HOST'] as const;
export type OutboundRefusal = (typeof OUTBOUND_REFUSALS)[number];
/** Reasons the upstream did not deliver a usable answer. */
export type OutboundUpstreamFailure = 'UPSTREAM_STATUS' | 'UNWANTED_ENCODING' | 'TOO_LARGE' | 'TIMEOUT' | 'NETWORK';
export type OutboundFailure = OutboundRefusal | OutboundUpstreamFailure;

/** Where a refusal happened: all but `socket` are before any connection is opened. */
export type RefusalStage = 'url' | 'lookup' | 'socket';

/**
 * Why an outbound request failed. `TExtra` names the reasons a caller's own
 * `inspect` adds (the image proxy's NOT_AN_IMAGE), so one class carries both.
 */
export class OutboundFetchError<TExtra extends string = never> extends Error {
  constructor(
    readonly reason: OutboundFailure | TExtra,
    message: string,
    readonly stage?: RefusalStage,
  ) {
    super(message);
    this.name = 'OutboundFetchError';
  }

  /** True for policy refusals (SSRF defences), false for upstream failures. */
  get refused(): boolean {
    return (OUTBOUND_REFUSALS as readonly string[]).includes(this.reason);
  }
}

export interface RefusalEvent {
  reason: OutboundRefusal;
  stage: RefusalStage;
  url: string;
  address?: string;
  port?: number;
}

/** Resolves a host name to IP literals (all of them: every one is checked). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface SafeHttpClientOptions {
  /** True when no request may connect to this address and port. Default: isForbiddenAddress, any port. */
  isForbiddenAddress?: AddressPolicy;
  /** Whether a URL's port may be used. Default: the scheme's default port, 80 or 443. */
  isAllowedPort?: (url: URL) => boolean;
  /** Default: the system resolver (dns.lookup, all addresses). */
  resolve?: HostResolver;
  /** Extra trusted CAs for HTTPS upstreams (tests); the system roots otherwise. */
  ca?: string | Buffer | Array<string | Buffer>;
  connectTimeoutMs?: number;
  /** One fetch, every redirect included. */
  totalTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /**
   * OUTBOUND_TEST_HOSTS: these host names are served by plain-HTTP loopback
   * listeners, whatever the URL's scheme. The only way loopback is reached.
   */
  testHosts?: TestHosts;
  /** PAGE_WATCH=test-hosts: every host not in `testHosts` is refused before any lookup. */
  testHostsOnly?: boolean;
  /** What a body is called in error messages ("image", "page"). */
  subject?: string;
  /** Called for every policy refusal, with the stage it happened at (logs; tests prove nothing was connected). */
  onRefused?: (event: RefusalEvent) => void;
}

/** The only request headers a caller may add: content negotiation and validators. Never a cookie or credential. */
export const ALLOWED_REQUEST_HEADERS = ['accept', 'accept-language', 'if-none-match', 'if-modified-since'] as const;
export type AllowedRequestHeader = (typeof ALLOWED_REQUEST_HEADERS)[number];

export interface ResponseHead {
  status: number;
  headers: IncomingHttpHeaders;
  /** The URL that answered. */
  url: string;
}

export interface OutboundRequest {
  url: string;
  headers?: Partial<Record<AllowedRequestHeader, string>>;
  /**
   * `follow` (default): redirects are followed here, each through every check.
   * `manual`: a redirect is returned unread (status and Location), for a caller
   * that checks robots.txt and paces each hop; its next request comes back here.
   */
  redirect?: 'follow' | 'manual';
  /** Decides from the status and headers whether the body is read: throw to refuse it. Not called for redirects. */
  inspect?: (head: ResponseHead) => void;
  /** Overrides the client's byte limit for this request (robots.txt is read with a smaller one). */
  maxBytes?: number;
}

export interface OutboundResponse extends ResponseHead {
  body: Buffer;
  redirects: number;
}

/**
 * `maxBytes`: 4 MiB, the image proxy's limit (see its module); callers pass their own.
 */
export const DEFAULT_SAFE_HTTP = {
  connectTimeoutMs: 3_000,
  totalTimeoutMs: 10_000,
  maxBytes: 4 * 1024 * 1024,
  maxRedirects: 3,
  userAgent: 'Closetly/1.0',
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

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** A host name with several addresses: at most this many are tried (each one was checked before connecting). */
const MAX_ADDRESSES_TRIED = 2;

type Answer = { kind: 'final'; response: OutboundResponse } | { kind: 'redirect'; location: string; head: ResponseHead };

/**
 * One outbound GET that cannot be steered at anything but the public
 * internet (ARCHITECTURE.md §5; shared by the image proxy and page watch):
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
 *  - every redirect goes through the same checks on a new socket (followed
 *    here, or handed back to a caller whose next request comes back here);
 *  - connect and total timeouts; the byte limit is enforced from
 *    Content-Length (refused before the body is read) and again while
 *    streaming: the connection is dropped as soon as the count passes it;
 *  - only host, user-agent, accept-encoding (identity) and the caller's
 *    negotiation and validator headers are sent: no client header, cookie or
 *    credential is ever forwarded;
 *  - a host named in OUTBOUND_TEST_HOSTS goes to its loopback listener over
 *    plain HTTP (and the connected socket must be exactly that listener); no
 *    other request reaches loopback.
 */
export class SafeHttpClient {
  private readonly policy: AddressPolicy;
  private readonly isAllowedPort: (url: URL) => boolean;
  private readonly resolve: HostResolver;
  private readonly connectTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly maxRedirects: number;
  private readonly testHosts: TestHosts;
  private readonly subject: string;
  readonly maxBytes: number;

  constructor(private readonly options: SafeHttpClientOptions = {}) {
    this.policy = options.isForbiddenAddress ?? defaultAddressPolicy;
    this.isAllowedPort = options.isAllowedPort ?? standardPortsOnly;
    this.resolve = options.resolve ?? systemResolver;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_SAFE_HTTP.connectTimeoutMs;
    this.totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_SAFE_HTTP.totalTimeoutMs;
    this.maxBytes = options.maxBytes ?? DEFAULT_SAFE_HTTP.maxBytes;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_SAFE_HTTP.maxRedirects;
    this.testHosts = options.testHosts ?? NO_TEST_HOSTS;
    this.subject = options.subject ?? 'body';
  }

  async fetch(request: OutboundRequest): Promise<OutboundResponse> {
    const headers = checkHeaders(request.headers ?? {});
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new OutboundFetchError('TIMEOUT', `No complete ${this.subject} within ${this.totalTimeoutMs} ms`)),
      this.totalTimeoutMs,
    );
    try {
      let url = this.checkUrl(request.url);
      for (let redirects = 0; ; redirects += 1) {
        const answer = await this.fetchOnce(url, headers, request, deadline.signal);
        if (answer.kind === 'final') return { ...answer.response, redirects };
        if (request.redirect === 'manual') return { ...answer.head, body: Buffer.alloc(0), redirects };
        if (redirects >= this.maxRedirects) throw this.refuse('TOO_MANY_REDIRECTS', 'url', url.href, `More than ${this.maxRedirects} redirects`);
        url = this.checkUrl(answer.location, url);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Scheme, credentials, port and (in test-hosts mode) the host: decided on
   * the parsed URL, before any lookup. Public so a caller that follows
   * redirects itself refuses a bad Location the same way.
   */
  checkUrl(raw: string, base?: URL): URL {
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
    if (this.options.testHostsOnly && !this.testHosts.has(url.hostname)) {
      throw this.refuse('NOT_A_TEST_HOST', 'url', url.href, `${url.hostname} is not in OUTBOUND_TEST_HOSTS`);
    }
    url.hash = '';
    return url;
  }

  private async fetchOnce(url: URL, headers: Record<string, string>, request: OutboundRequest, signal: AbortSignal): Promise<Answer> {
    const socket = await this.connect(url, signal);
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const settle = (error: unknown, answer?: Answer) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        outgoing.destroy();
        socket.destroy();
        if (answer) resolve(answer);
        else reject(error);
      };
      const onAbort = () => settle(signal.reason);
      // Created only now: the socket is connected and its address has passed the policy.
      const outgoing = httpRequest({
        method: 'GET',
        path: `${url.pathname}${url.search}`,
        setHost: false,
        headers: { host: url.host, ...headers, 'accept-encoding': 'identity', 'user-agent': this.options.userAgent ?? DEFAULT_SAFE_HTTP.userAgent },
        createConnection: () => socket,
        maxHeaderSize: 16 * 1024,
      });
      outgoing.on('error', (error) => settle(new OutboundFetchError('NETWORK', `Request failed: ${error.message}`)));
      outgoing.on('response', (response) => {
        this.readResponse(response, url, request).then(
          (answer) => settle(undefined, answer),
          (error: unknown) => settle(error),
        );
      });
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      outgoing.end();
    });
  }

  private readResponse(response: IncomingMessage, url: URL, request: OutboundRequest): Promise<Answer> {
    const head: ResponseHead = { status: response.statusCode ?? 0, headers: response.headers, url: url.href };
    if (REDIRECT_STATUSES.has(head.status)) {
      const location = response.headers.location;
      if (location) return Promise.resolve({ kind: 'redirect', location, head });
      if (request.redirect !== 'manual') return Promise.reject(new OutboundFetchError('UPSTREAM_STATUS', `Redirect ${head.status} without a Location`));
    }
    try {
      request.inspect?.(head);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity') return Promise.reject(new OutboundFetchError('UNWANTED_ENCODING', `Content encoding "${encoding}" was not asked for`));
    const maxBytes = request.maxBytes ?? this.maxBytes;
    const declared = response.headers['content-length'];
    if (declared !== undefined && !(Number(declared) <= maxBytes)) {
      return Promise.reject(new OutboundFetchError('TOO_LARGE', `Content-Length ${declared} is over the ${maxBytes} byte limit`));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          reject(new OutboundFetchError('TOO_LARGE', `The ${this.subject} is over the ${maxBytes} byte limit`));
          response.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.once('end', () => resolve({ kind: 'final', response: { ...head, body: Buffer.concat(chunks, size), redirects: 0 } }));
      response.once('error', (error) => reject(new OutboundFetchError('NETWORK', `Reading the ${this.subject} failed: ${error.message}`)));
      response.once('close', () => {
        if (!response.complete) reject(new OutboundFetchError('NETWORK', `The connection closed before the ${this.subject} was complete`));
      });
    });
  }

  /** A connected socket (TLS for https) whose address passed the policy before and after connecting. */
  private async connect(url: URL, signal: AbortSignal): Promise<Socket> {
    const mapped = this.testHosts.get(url.hostname);
    // A test host: its loopback listener and nothing else, in plain HTTP (tests serve retailers' https pages locally).
    if (mapped) return this.connectTcp(mapped.address, mapped.port, url, signal, mapped);
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
        if (!(error instanceof OutboundFetchError) || error.reason !== 'NETWORK') throw error;
        lastError = error;
      }
    }
    throw lastError instanceof OutboundFetchError ? lastError : new OutboundFetchError('NETWORK', `Could not connect to ${host}`);
  }

  private async lookupChecked(host: string, port: number, url: URL, signal: AbortSignal): Promise<string[]> {
    let addresses: string[];
    try {
      addresses = await abortable(this.resolve(host), signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new OutboundFetchError('NETWORK', `Could not resolve ${host}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (addresses.length === 0) throw new OutboundFetchError('NETWORK', `${host} has no address`);
    // One forbidden answer refuses the host: a public name has no business resolving to a private address.
    const forbidden = addresses.find((address) => isIP(address) === 0 || this.policy(address, port));
    if (forbidden !== undefined) throw this.refuse('FORBIDDEN_ADDRESS', 'lookup', url.href, `${host} resolves to a forbidden address`, forbidden, port);
    return addresses;
  }

  /** `testHost`: the socket must be exactly that listener (the policy would refuse loopback). */
  private connectTcp(address: string, port: number, url: URL, signal: AbortSignal, testHost?: TestHostTarget): Promise<Socket> {
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
        const allowed = testHost
          ? remoteAddress === testHost.address && remotePort === testHost.port
          : remoteAddress !== undefined && remotePort !== undefined && isIP(remoteAddress) !== 0 && !this.policy(remoteAddress, remotePort);
        if (!allowed) {
          finish(this.refuse('FORBIDDEN_ADDRESS', 'socket', url.href, 'The connected address is forbidden', remoteAddress, remotePort));
          return;
        }
        finish();
      };
      const onError = (error: Error) => finish(new OutboundFetchError('NETWORK', `Could not connect: ${error.message}`));
      const onAbort = () => finish(signal.reason);
      const timer = setTimeout(() => finish(new OutboundFetchError('TIMEOUT', `No connection within ${this.connectTimeoutMs} ms`)), this.connectTimeoutMs);
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
      const onError = (error: Error) => finish(new OutboundFetchError('NETWORK', `TLS failed: ${error.message}`));
      const onAbort = () => finish(signal.reason);
      const timer = setTimeout(() => finish(new OutboundFetchError('TIMEOUT', `No TLS handshake within ${this.connectTimeoutMs} ms`)), this.connectTimeoutMs);
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      secure.once('secureConnect', onSecure);
      secure.on('error', onError);
    });
  }

  private refuse(reason: OutboundRefusal, stage: RefusalStage, url: string, message: string, address?: string, port?: number): OutboundFetchError {
    this.options.onRefused?.({ reason, stage, url, ...(address === undefined ? {} : { address }), ...(port === undefined ? {} : { port }) });
    return new OutboundFetchError<never>(reason, message, stage);
  }
}

/** Only the allowed names, lower case; anything else is a programming error, not an upstream's fault. */
function checkHeaders(headers: Partial<Record<string, string>>): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!(ALLOWED_REQUEST_HEADERS as readonly string[]).includes(lower)) throw new TypeError(`The outbound fetcher does not send a ${name} header`);
    if (value !== undefined) checked[lower] = value;
  }
  return checked;
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
