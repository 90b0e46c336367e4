import { BETA_TOKEN_HEADER, HTTP_ROUTES, LIVE_RETRY_MS, LIVE_SILENCE_MS, LiveControl, LiveEvent } from '@closetly/contracts';
import { SseParser, type SseMessage } from './sse-parser';
import type { TokenGetter } from './transport';

export type LiveEventsState = 'connecting' | 'open' | 'waiting' | 'closed';

export interface LiveEventsOptions {
  /** Origin (and optional path prefix) of the gateway; '' means same origin. */
  baseUrl?: string;
  getBetaToken: TokenGetter;
  getAccessToken: TokenGetter;
  /** Injected for tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Where to resume from (e.g. an id the extension stored, or one a closing leader tab shared). */
  lastEventId?: string | null;
  onEvent(event: LiveEvent, id: string): void;
  /** `ready` after every (re)connect, `resync` when the server lost the resume point, `session-ended` before the stream stops. */
  onControl?(control: LiveControl): void;
  /** The server refused the token (401) on open, or there was no token: the caller refreshes or signs out; the stream stops. */
  onUnauthorized?(): void;
  onStateChange?(state: LiveEventsState): void;
}

export interface LiveEventsConnection {
  /** Stops for good: aborts the request and cancels any pending reconnect. */
  close(): void;
  /** The id of the last event received (or the resume point given); sent as Last-Event-ID on every reconnect. */
  readonly lastEventId: string | null;
}

/** The longest wait between reconnects, however often they failed. */
export const LIVE_MAX_BACKOFF_MS = 30_000;
/** A Retry-After longer than this is taken as this: a reconnect is cheap and the user is waiting. */
const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * Opens the caller's live events stream (GET /api/events, issue 26) with fetch, which (unlike EventSource)
 * can send the beta and bearer headers, and keeps it open: it reconnects after a drop, an error answer or
 * LIVE_SILENCE_MS without a byte (heartbeats included), resuming with Last-Event-ID, waiting the stream's
 * `retry:` doubled per failure up to LIVE_MAX_BACKOFF_MS, with jitter, and at least a 429's or 503's
 * Retry-After. It stops for good on `session-ended`, on a 401 (after `onUnauthorized`), on another 4xx
 * (retrying cannot help) and on `close()`. Messages that do not match the contract are logged and skipped.
 */
export function openLiveEvents(options: LiveEventsOptions): LiveEventsConnection {
  const route = HTTP_ROUTES.liveEvents;
  const url = (options.baseUrl ?? '').replace(/\/+$/, '') + route.path;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  let lastEventId = options.lastEventId ?? null;
  let retryMs = LIVE_RETRY_MS;
  /** Consecutive attempts that ended without a valid message; the backoff doubles with each. */
  let failures = 0;
  let stopped = false;
  let state: LiveEventsState | null = null;
  let request: AbortController | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let silenceTimer: ReturnType<typeof setTimeout> | null = null;

  const setState = (next: LiveEventsState) => {
    if (state === next) return;
    state = next;
    options.onStateChange?.(next);
  };

  const clearSilence = () => {
    if (silenceTimer !== null) clearTimeout(silenceTimer);
    silenceTimer = null;
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearSilence();
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    request?.abort();
    request = null;
    setState('closed');
  };

  const scheduleReconnect = (atLeastMs = 0) => {
    if (stopped) return;
    clearSilence();
    const backoff = Math.min(LIVE_MAX_BACKOFF_MS, retryMs * 2 ** failures);
    failures++;
    // Jitter over the upper half, so a replica restart does not bring every client back in the same instant.
    const delay = Math.max(atLeastMs, backoff / 2 + Math.random() * (backoff / 2));
    setState('waiting');
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  };

  const handleMessage = (message: SseMessage, attempt: AbortController) => {
    // The rest of a chunk after session-ended, close() or a silence abort is not handed over.
    if (request !== attempt) return;
    if (message.id !== null) lastEventId = message.id;
    let json: unknown;
    try {
      json = JSON.parse(message.data);
    } catch {
      console.warn('Live events: skipped a message that is not JSON', message.event);
      return;
    }
    const event = LiveEvent.safeParse(json);
    if (event.success) {
      failures = 0;
      handOver(() => options.onEvent(event.data, message.id ?? ''));
      return;
    }
    const control = LiveControl.safeParse(json);
    if (!control.success) {
      console.warn('Live events: skipped an unknown message', message.event);
      return;
    }
    failures = 0;
    if (control.data.type === 'ready' && lastEventId === null) lastEventId = control.data.lastEventId;
    handOver(() => options.onControl?.(control.data));
    if (control.data.type === 'session-ended') stop();
  };

  /** A listener's failure is the listener's: it must not pass for a dropped connection (and reconnect). */
  const handOver = (deliver: () => void) => {
    try {
      deliver();
    } catch (error) {
      console.error('Live events: a listener failed', error);
    }
  };

  const connect = async () => {
    if (stopped) return;
    const attempt = new AbortController();
    request = attempt;
    setState('connecting');
    let betaToken: string | null | undefined;
    let accessToken: string | null | undefined;
    try {
      [betaToken, accessToken] = await Promise.all([options.getBetaToken(), options.getAccessToken()]);
    } catch (error) {
      // Storage that failed to answer (the extension's): try again later rather than stop in silence.
      console.warn('Live events: could not read the tokens', error);
      if (request === attempt) scheduleReconnect();
      return;
    }
    if (stopped || request !== attempt) return;
    if (!accessToken) {
      stop();
      options.onUnauthorized?.();
      return;
    }
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${accessToken}` };
    if (betaToken) headers[BETA_TOKEN_HEADER] = betaToken;
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;

    let response: Response;
    try {
      response = await doFetch(url, { method: route.method, headers, credentials: 'same-origin', signal: attempt.signal });
    } catch {
      if (request === attempt) scheduleReconnect();
      return;
    }
    if (request !== attempt) {
      void response.body?.cancel().catch(() => undefined);
      return;
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      if (response.status === 401) {
        stop();
        options.onUnauthorized?.();
      } else if (response.status === 408 || response.status === 429 || response.status >= 500) {
        scheduleReconnect(retryAfterMs(response.headers.get('retry-after')));
      } else {
        console.warn(`Live events: the server refused the stream (${response.status}); not retrying`);
        stop();
      }
      return;
    }
    if (!response.body || !(response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream')) {
      // Something other than the stream answered (an old gateway's fallback page, a proxy): try again later.
      void response.body?.cancel().catch(() => undefined);
      scheduleReconnect();
      return;
    }

    setState('open');
    const parser = new SseParser(
      {
        onMessage: (message) => handleMessage(message, attempt),
        onRetry: (milliseconds) => {
          retryMs = milliseconds;
        },
      },
      lastEventId,
    );
    const armSilence = () => {
      clearSilence();
      silenceTimer = setTimeout(() => {
        silenceTimer = null;
        // Abort, so the pending read ends and the loop below schedules the reconnect.
        attempt.abort();
      }, LIVE_SILENCE_MS);
    };
    armSilence();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || request !== attempt) break;
        armSilence();
        parser.feed(decoder.decode(value, { stream: true }));
        if (request !== attempt) break;
      }
    } catch {
      // A dropped connection, or our own abort: either way the reconnect below (or nothing, once stopped).
    } finally {
      reader.releaseLock();
    }
    if (request !== attempt || stopped) return;
    attempt.abort();
    scheduleReconnect();
  };

  void connect();

  return {
    close: stop,
    get lastEventId() {
      return lastEventId;
    },
  };
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date; 0 when absent or unreadable. */
function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const trimmed = header.trim();
  const milliseconds = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - Date.now();
  return Number.isFinite(milliseconds) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, milliseconds)) : 0;
}
