import { LRUCache } from 'lru-cache';
import robotsParser from 'robots-parser';
import { OutboundFetchError } from './safe-http-client';
import type { Clock } from './timing';

/** What robots.txt says about one URL for our agent. */
export type RobotsVerdict =
  | { allowed: true; /** The host's Crawl-delay for us, in ms, when it names one. */ crawlDelayMs?: number }
  | { allowed: false; why: 'disallowed' | 'unreachable'; detail: string };

/** The robots.txt answer as the fetcher got it (redirects already followed). */
export interface RobotsFile {
  status: number;
  body: Buffer;
}

export interface RobotsCacheOptions {
  /** Fetches `{origin}/robots.txt`; throws OutboundFetchError when there is no answer. */
  fetch: (robotsUrl: string) => Promise<RobotsFile>;
  /** The product token robots.txt groups are matched against (`Closetly-PageWatch`). */
  agent: string;
  now: Clock;
  /** How long a file (or its absence) is trusted. Default 24 h, the longest RFC 9309 §2.4 allows. */
  ttlMs?: number;
  /** How long an unreachable robots.txt keeps the host closed before it is asked again. Default 10 min. */
  unreachableTtlMs?: number;
  /** Hosts remembered at once. */
  maxHosts?: number;
}

type Entry = { expiresAt: number } & ({ kind: 'rules'; rules: ReturnType<typeof robotsParser> } | { kind: 'allow-all' } | { kind: 'unreachable'; detail: string });

export const ROBOTS_DEFAULTS = { ttlMs: 24 * 60 * 60 * 1000, unreachableTtlMs: 10 * 60 * 1000, maxHosts: 10_000 } as const;

/**
 * robots.txt per origin, read as RFC 9309 says: a 2xx file is obeyed (rules
 * by robots-parser: the most specific group for our agent, else `*`; longest
 * match; Allow wins a tie); a 4xx means no rules; a 5xx, a 429, no answer or
 * an unreadable file means "unreachable", and an unreachable host is read as
 * fully disallowed until asked again. Files are cached per origin, and
 * concurrent pages of one host share one fetch of it.
 */
export class RobotsCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly loading = new Map<string, Promise<Entry>>();
  private readonly ttlMs: number;
  private readonly unreachableTtlMs: number;

  constructor(private readonly options: RobotsCacheOptions) {
    this.ttlMs = options.ttlMs ?? ROBOTS_DEFAULTS.ttlMs;
    this.unreachableTtlMs = options.unreachableTtlMs ?? ROBOTS_DEFAULTS.unreachableTtlMs;
    this.entries = new LRUCache({ max: options.maxHosts ?? ROBOTS_DEFAULTS.maxHosts });
  }

  /**
   * The verdict for `url`. Throws what the fetch threw when it is not a plain
   * absence of an answer: a policy refusal (the host itself may not be
   * reached) or a full pace queue; neither is cached.
   */
  async verdict(url: URL): Promise<RobotsVerdict> {
    const entry = await this.entryFor(url.origin);
    switch (entry.kind) {
      case 'allow-all':
        return { allowed: true };
      case 'unreachable':
        return { allowed: false, why: 'unreachable', detail: entry.detail };
      case 'rules': {
        // The URL without its fragment; robots-parser compares path and query only.
        const allowed = entry.rules.isAllowed(url.href, this.options.agent);
        if (allowed === false) {
          const line = entry.rules.getMatchingLineNumber(url.href, this.options.agent);
          return { allowed: false, why: 'disallowed', detail: `robots.txt line ${line} disallows ${url.pathname}${url.search}` };
        }
        // undefined: robots-parser found the URL outside the file's origin; cannot happen for url.origin, fail closed anyway.
        if (allowed === undefined) return { allowed: false, why: 'disallowed', detail: 'robots.txt does not cover this URL' };
        const delay = entry.rules.getCrawlDelay(this.options.agent);
        return typeof delay === 'number' && delay > 0 ? { allowed: true, crawlDelayMs: delay * 1000 } : { allowed: true };
      }
    }
  }

  private async entryFor(origin: string): Promise<Entry> {
    const cached = this.entries.get(origin);
    if (cached && cached.expiresAt > this.options.now()) return cached;
    const running = this.loading.get(origin);
    if (running) return running;
    const load = this.load(origin).finally(() => this.loading.delete(origin));
    this.loading.set(origin, load);
    return load;
  }

  private async load(origin: string): Promise<Entry> {
    const robotsUrl = `${origin}/robots.txt`;
    let entry: Entry;
    try {
      const file = await this.options.fetch(robotsUrl);
      entry = this.read(robotsUrl, file);
    } catch (error) {
      // TOO_MANY_REDIRECTS is a refusal to follow, not of the host: the file is just not there for us.
      if (!(error instanceof OutboundFetchError) || (error.refused && error.reason !== 'TOO_MANY_REDIRECTS')) throw error;
      entry = { kind: 'unreachable', detail: `robots.txt: ${error.reason}`, expiresAt: this.options.now() + this.unreachableTtlMs };
    }
    this.entries.set(origin, entry);
    return entry;
  }

  private read(robotsUrl: string, file: RobotsFile): Entry {
    const now = this.options.now();
    if (file.status >= 200 && file.status < 300) {
      const text = file.body.toString('utf8').replace(/^\uFEFF/, '');
      return { kind: 'rules', rules: robotsParser(robotsUrl, text), expiresAt: now + this.ttlMs };
    }
    if (file.status >= 400 && file.status < 500 && file.status !== 429) return { kind: 'allow-all', expiresAt: now + this.ttlMs };
    return { kind: 'unreachable', detail: `robots.txt answered ${file.status}`, expiresAt: now + this.unreachableTtlMs };
  }
}
