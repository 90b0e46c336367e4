import type { IncomingHttpHeaders } from 'node:http';
import { type PageWatchMode, pageWatchMode } from '../config/outbound-env';
import { detectBotWall } from './bot-wall';
import { parseContentType } from './content-type';
import { HostPacer, PaceQueueFullError } from './host-pacer';
import { RobotsCache } from './robots';
import { type OutboundResponse, OutboundFetchError, REDIRECT_STATUSES, type ResponseHead, SafeHttpClient, type SafeHttpClientOptions } from './safe-http-client';
import { NO_TEST_HOSTS, type TestHosts } from './test-hosts';
import { type Clock, realSleep, type Sleep, systemClock } from './timing';

/** Why a page gave nothing to read. Transient ones (queue-full, rate-limited, timeout, network, robots-unreachable) may be asked again later. */
export type PageUnreadableReason =
  | 'page-watch-off'
  | 'not-a-test-host'
  | 'refused'
  | 'robots-disallowed'
  | 'robots-unreachable'
  | 'queue-full'
  | 'bot-wall'
  | 'rate-limited'
  | 'http-status'
  | 'not-html'
  | 'too-large'
  | 'timeout'
  | 'network';

export type PageFetchOutcome =
  | {
      kind: 'page';
      status: number;
      /** Decoded by the charset the answer or its <meta> names (UTF-8 otherwise). */
      body: string;
      /** After redirects. */
      finalUrl: string;
      etag?: string;
      lastModified?: string;
      fetchedAt: Date;
    }
  /** The caller's validators still hold: what it read last time is current. */
  | { kind: 'not-modified'; finalUrl: string; etag?: string; lastModified?: string; fetchedAt: Date }
  | {
      kind: 'unreadable';
      reason: PageUnreadableReason;
      /** A short machine-made explanation (status, wall name, refusal code) for the record and the logs. */
      detail: string;
      status?: number;
      /** When the host asked to be left alone until (Retry-After), or our backoff would have asked again. */
      retryAfter?: Date;
      finalUrl?: string;
      fetchedAt: Date;
    };

/** What the caller has from its last read of the page: sent as If-None-Match / If-Modified-Since. */
export interface PageValidators {
  etag?: string;
  lastModified?: string;
}

export interface PageRequestEvent {
  purpose: 'robots' | 'page';
  url: string;
  host: string;
  /** The injected clock's time when the request was sent. */
  at: number;
}

/** The robots.txt product token, and the start of the User-Agent. */
export const PAGE_WATCH_AGENT = 'Closetly-PageWatch';

/**
 * `Closetly-PageWatch/1.0 (+{PUBLIC_URL}/about)`: names the bot and where its
 * operators are, as crawlers do. /about is the product's page about itself
 * (the spec has no contact or bot page).
 */
export function pageWatchUserAgent(publicUrl: string): string {
  return `${PAGE_WATCH_AGENT}/1.0 (+${publicUrl.replace(/\/+$/, '')}/about)`;
}

export const PAGE_FETCH_DEFAULTS = {
  paceMs: 2_000,
  queueLimit: 100,
  /** A product page with its inline JSON is 0.2 to 2 MB; more is not a page worth reading. */
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 20_000,
  connectTimeoutMs: 5_000,
  maxRedirects: 5,
  maxRetries: 2,
  backoffMs: 2_000,
  maxRetryAfterMs: 60_000,
  maxCrawlDelayMs: 60_000,
  /** RFC 9309 §2.5: at least 500 KiB of robots.txt must be read. */
  robotsMaxBytes: 512 * 1024,
} as const;

export interface PageFetcherOptions {
  /** PAGE_WATCH: `off` reads nothing; `test-hosts` reads only the hosts `testHosts` maps (others are refused before any lookup). */
  mode: PageWatchMode;
  /** See pageWatchUserAgent. */
  userAgent: string;
  /** OUTBOUND_TEST_HOSTS. */
  testHosts?: TestHosts;
  /** Least time between two requests to one host, robots.txt included. Default 2 s. */
  paceMs?: number;
  /** Requests waiting per host; one more is unreadable (queue-full) at once. Default 100. */
  queueLimit?: number;
  /** Default 5 MiB per page. */
  maxBytes?: number;
  /** Per request (each redirect hop and retry has its own). Default 20 s. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** Default 5 (RFC 9309 asks robots.txt readers to follow at least five). */
  maxRedirects?: number;
  /** Retries after a 429 or 5xx. Default 2. */
  maxRetries?: number;
  /** Backoff without Retry-After: backoffMs, then twice that, ... Default 2 s. */
  backoffMs?: number;
  /** A Retry-After (or backoff) longer than this is not waited for: the page is unreadable (rate-limited) with retryAfter. Default 60 s. */
  maxRetryAfterMs?: number;
  /** A robots.txt Crawl-delay above our pace slows the host down, up to this. Default 60 s. */
  maxCrawlDelayMs?: number;
  robotsTtlMs?: number;
  robotsUnreachableTtlMs?: number;
  now?: Clock;
  sleep?: Sleep;
  /** Network seams for tests (resolver, address policy, port rule, CA) and refusal logs. */
  network?: Pick<SafeHttpClientOptions, 'resolve' | 'isForbiddenAddress' | 'isAllowedPort' | 'ca' | 'onRefused'>;
  /** Replaces the HTTP client (unit tests); it must keep SafeHttpClient's checks. */
  client?: Pick<SafeHttpClient, 'fetch' | 'checkUrl'>;
  /** Every request sent, robots.txt included (logs, metrics; tests read the pace from it). */
  onRequest?: (event: PageRequestEvent) => void;
  /** What each fetch() came to (metrics: see outboundFetchMetrics). */
  onOutcome?: (outcome: PageFetchOutcome) => void;
}

/** An outcome as one bounded label: `page`, `not-modified`, or the reason the page was unreadable. */
export function pageOutcomeLabel(outcome: PageFetchOutcome): string {
  return outcome.kind === 'unreadable' ? outcome.reason : outcome.kind;
}

/** The page is not HTML: nothing to extract, so the body is not read. */
class NotHtml extends Error {}

type Attempt = { kind: 'response'; response: OutboundResponse } | { kind: 'outcome'; outcome: PageFetchOutcome };

const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9';
const HTML_TYPES: ReadonlySet<string> = new Set(['text/html', 'application/xhtml+xml']);

/**
 * Reads retailers' product pages politely and safely: the only way page
 * watch reaches the outside (ARCHITECTURE.md §2). On top of SafeHttpClient
 * (SSRF checks on every hop, size and time limits, no credentials,
 * OUTBOUND_TEST_HOSTS) it:
 *  - honours robots.txt for its agent, cached per origin (RobotsCache);
 *  - keeps a pace per host (HostPacer: one request at a time, 2 s apart by
 *    default, a longer Crawl-delay obeyed) with a bounded queue;
 *  - follows redirects itself, so each hop meets robots.txt and the pace of
 *    its own host;
 *  - sends the caller's validators and answers `not-modified` on a 304;
 *  - retries a 429 or 5xx after Retry-After or a doubling backoff (bounded),
 *    holding the whole host meanwhile;
 *  - records a bot wall, a refusal or any other failure as `unreadable` with
 *    its reason, never throws for what a page did.
 * Whether a page that was read shows a product is the caller's call (extractProduct).
 */
export class PageFetcher {
  private readonly client: Pick<SafeHttpClient, 'fetch' | 'checkUrl'>;
  private readonly pacer: HostPacer;
  private readonly robots: RobotsCache;
  private readonly now: Clock;
  private readonly settings: Required<Pick<PageFetcherOptions, 'maxRedirects' | 'maxRetries' | 'backoffMs' | 'maxRetryAfterMs' | 'maxCrawlDelayMs'>>;

  constructor(private readonly options: PageFetcherOptions) {
    this.now = options.now ?? systemClock;
    const sleep = options.sleep ?? realSleep;
    const maxRedirects = options.maxRedirects ?? PAGE_FETCH_DEFAULTS.maxRedirects;
    this.settings = {
      maxRedirects,
      maxRetries: options.maxRetries ?? PAGE_FETCH_DEFAULTS.maxRetries,
      backoffMs: options.backoffMs ?? PAGE_FETCH_DEFAULTS.backoffMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? PAGE_FETCH_DEFAULTS.maxRetryAfterMs,
      maxCrawlDelayMs: options.maxCrawlDelayMs ?? PAGE_FETCH_DEFAULTS.maxCrawlDelayMs,
    };
    this.client =
      options.client ??
      new SafeHttpClient({
        ...options.network,
        userAgent: options.userAgent,
        testHosts: options.testHosts ?? NO_TEST_HOSTS,
        testHostsOnly: options.mode === 'test-hosts',
        maxBytes: options.maxBytes ?? PAGE_FETCH_DEFAULTS.maxBytes,
        totalTimeoutMs: options.timeoutMs ?? PAGE_FETCH_DEFAULTS.timeoutMs,
        connectTimeoutMs: options.connectTimeoutMs ?? PAGE_FETCH_DEFAULTS.connectTimeoutMs,
        maxRedirects, // robots.txt only: pages are redirected hop by hop here
        subject: 'page',
      });
    this.pacer = new HostPacer({
      intervalMs: options.paceMs ?? PAGE_FETCH_DEFAULTS.paceMs,
      queueLimit: options.queueLimit ?? PAGE_FETCH_DEFAULTS.queueLimit,
      now: this.now,
      sleep,
    });
    this.robots = new RobotsCache({
      agent: PAGE_WATCH_AGENT,
      now: this.now,
      ...(options.robotsTtlMs === undefined ? {} : { ttlMs: options.robotsTtlMs }),
      ...(options.robotsUnreachableTtlMs === undefined ? {} : { unreachableTtlMs: options.robotsUnreachableTtlMs }),
      fetch: (robotsUrl) => this.fetchRobots(robotsUrl),
    });
  }

  /** Reads one page. Never throws for what the page or the network did: every failure is an `unreadable` outcome. */
  async fetch(pageUrl: string, validators: PageValidators = {}): Promise<PageFetchOutcome> {
    const outcome = await this.read(pageUrl, validators);
    this.options.onOutcome?.(outcome);
    return outcome;
  }

  private async read(pageUrl: string, validators: PageValidators): Promise<PageFetchOutcome> {
    if (this.options.mode === 'off') return this.unreadable('page-watch-off', 'PAGE_WATCH is off');
    try {
      let url = this.client.checkUrl(pageUrl);
      for (let hops = 0; ; hops += 1) {
        const verdict = await this.robots.verdict(url);
        if (!verdict.allowed) return this.unreadable(verdict.why === 'disallowed' ? 'robots-disallowed' : 'robots-unreachable', verdict.detail, { finalUrl: url.href });
        if (verdict.crawlDelayMs !== undefined) this.pacer.slowDown(url.host, Math.min(verdict.crawlDelayMs, this.settings.maxCrawlDelayMs));
        const attempt = await this.withRetries(url, validators, hops > 0);
        if (attempt.kind === 'outcome') return attempt.outcome;
        const { response } = attempt;
        const location = response.headers.location;
        if (!REDIRECT_STATUSES.has(response.status) || !location) return this.classify(response, validators);
        if (hops >= this.settings.maxRedirects) return this.unreadable('refused', `TOO_MANY_REDIRECTS: more than ${this.settings.maxRedirects}`, { finalUrl: url.href });
        url = this.client.checkUrl(location, url);
      }
    } catch (error) {
      return this.failure(error);
    }
  }

  /**
   * One request to `url` at its host's turn, again after a 429 or 5xx while
   * the bounds allow. A redirect hop or a retry belongs to a request already
   * admitted, so it never meets the queue limit halfway through.
   */
  private async withRetries(url: URL, validators: PageValidators, redirected: boolean): Promise<Attempt> {
    const headers = {
      accept: PAGE_ACCEPT,
      ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
      ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
    };
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.pacer.run(
        url.host,
        () => {
          this.options.onRequest?.({ purpose: 'page', url: url.href, host: url.host, at: this.now() });
          return this.client.fetch({ url: url.href, redirect: 'manual', headers, inspect: refuseNonHtml });
        },
        { admitted: redirected || attempt > 0 },
      );
      if (response.status !== 429 && response.status < 500) return { kind: 'response', response };
      const wall = detectBotWall(response.status, response.headers, decodeBody(response));
      if (wall) return { kind: 'outcome', outcome: this.unreadable('bot-wall', `${wall.wall}: ${wall.evidence}`, { status: response.status, finalUrl: url.href }) };
      const asked = retryAfterMs(response.headers['retry-after'], this.now());
      const waitMs = asked ?? this.settings.backoffMs * 2 ** attempt;
      const until = this.now() + waitMs;
      // The whole host waits, not just this page: it said it is overloaded.
      this.pacer.holdUntil(url.host, this.now() + Math.min(waitMs, this.settings.maxRetryAfterMs));
      if (attempt >= this.settings.maxRetries || waitMs > this.settings.maxRetryAfterMs) {
        const reason = response.status === 429 ? 'rate-limited' : 'http-status';
        const detail = `${response.status} after ${attempt + 1} ${attempt === 0 ? 'try' : 'tries'}${asked === undefined ? '' : `, Retry-After ${Math.round(asked / 1000)} s`}`;
        return { kind: 'outcome', outcome: this.unreadable(reason, detail, { status: response.status, retryAfter: new Date(until), finalUrl: url.href }) };
      }
    }
  }

  private classify(response: OutboundResponse, validators: PageValidators): PageFetchOutcome {
    const fetchedAt = new Date(this.now());
    const etag = header(response.headers, 'etag');
    const lastModified = header(response.headers, 'last-modified');
    const cache = { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
    if (response.status === 304) {
      if (!validators.etag && !validators.lastModified) return this.unreadable('http-status', '304 to a request without validators', { status: 304, finalUrl: response.url });
      // A 304 may omit validators it did not change: the caller's still stand.
      return { kind: 'not-modified', finalUrl: response.url, ...pick(validators), ...cache, fetchedAt };
    }
    const body = decodeBody(response);
    const wall = detectBotWall(response.status, response.headers, body);
    if (wall) return this.unreadable('bot-wall', `${wall.wall}: ${wall.evidence}`, { status: response.status, finalUrl: response.url });
    if (response.status !== 200 && response.status !== 203) return this.unreadable('http-status', `answered ${response.status}`, { status: response.status, finalUrl: response.url });
    return { kind: 'page', status: response.status, body, finalUrl: response.url, ...cache, fetchedAt };
  }

  private async fetchRobots(robotsUrl: string): Promise<{ status: number; body: Buffer }> {
    const host = new URL(robotsUrl).host;
    const response = await this.pacer.run(host, () => {
      this.options.onRequest?.({ purpose: 'robots', url: robotsUrl, host, at: this.now() });
      return this.client.fetch({ url: robotsUrl, redirect: 'follow', headers: { accept: 'text/plain,*/*;q=0.1' }, maxBytes: PAGE_FETCH_DEFAULTS.robotsMaxBytes });
    });
    return { status: response.status, body: response.body };
  }

  private failure(error: unknown): PageFetchOutcome {
    if (error instanceof PaceQueueFullError) return this.unreadable('queue-full', error.message);
    if (error instanceof NotHtml) return this.unreadable('not-html', error.message);
    if (!(error instanceof OutboundFetchError)) throw error;
    if (error.reason === 'NOT_A_TEST_HOST') return this.unreadable('not-a-test-host', error.message);
    if (error.refused) return this.unreadable('refused', `${error.reason}: ${error.message}`);
    switch (error.reason) {
      case 'TOO_LARGE':
        return this.unreadable('too-large', error.message);
      case 'TIMEOUT':
        return this.unreadable('timeout', error.message);
      case 'UNWANTED_ENCODING':
        return this.unreadable('not-html', error.message);
      default:
        return this.unreadable('network', error.message);
    }
  }

  private unreadable(reason: PageUnreadableReason, detail: string, extra: { status?: number; retryAfter?: Date; finalUrl?: string } = {}): PageFetchOutcome {
    return { kind: 'unreadable', reason, detail, ...extra, fetchedAt: new Date(this.now()) };
  }
}

/** Only HTML (or an error page, read for a bot wall) is worth reading; a 304 or redirect has no body. */
function refuseNonHtml(head: ResponseHead): void {
  if (head.status !== 200 && head.status !== 203) return;
  const raw = head.headers['content-type'];
  if (raw === undefined) return; // no type: the extractor decides whether it is a page
  const media = parseContentType(raw);
  if (!media || !HTML_TYPES.has(media.type)) throw new NotHtml(`Content-Type "${raw}" is not HTML`);
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, at - now);
}

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9._:-]+)/i;

/** The charset of Content-Type, else of a <meta> in the first 1024 bytes (the HTML spec's prescan window), else UTF-8. */
function decodeBody(response: OutboundResponse): string {
  const declared = parseContentType(response.headers['content-type'])?.parameters.charset;
  const charset = declared ?? META_CHARSET.exec(response.body.subarray(0, 1024).toString('latin1'))?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}

function header(headers: IncomingHttpHeaders, name: 'etag' | 'last-modified'): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function pick(validators: PageValidators): PageValidators {
  return { ...(validators.etag ? { etag: validators.etag } : {}), ...(validators.lastModified ? { lastModified: validators.lastModified } : {}) };
}

/** What a service's config holds for page watch (PageWatchEnv, NODE_ENV and PUBLIC_URL). */
export interface PageWatchConfig {
  NODE_ENV: string;
  PAGE_WATCH?: PageWatchMode | undefined;
  PAGE_WATCH_PACE_MS: number;
  PAGE_WATCH_QUEUE_LIMIT: number;
  OUTBOUND_TEST_HOSTS: TestHosts;
  PUBLIC_URL: string;
}

/** The page fetcher a service's config asks for: the page-watch service passes its config in, tests add their seams. */
export function pageFetcherFromConfig(config: PageWatchConfig, overrides: Partial<PageFetcherOptions> = {}): PageFetcher {
  return new PageFetcher({
    mode: pageWatchMode(config),
    userAgent: pageWatchUserAgent(config.PUBLIC_URL),
    testHosts: config.OUTBOUND_TEST_HOSTS,
    paceMs: config.PAGE_WATCH_PACE_MS,
    queueLimit: config.PAGE_WATCH_QUEUE_LIMIT,
    ...overrides,
  });
}
