/**
 * The web app ↔ browser extension channel (spec §1 and §7: "login with token, logout, ping").
 *
 * From the web app (source 'closetly-web'):
 *   { source: 'closetly-web', type: 'CLOSETLY_LOGIN', token: <access token> }
 *       after every sign-in, every token refresh and when a stored session is confirmed on load;
 *   { source: 'closetly-web', type: 'CLOSETLY_LOGOUT' }
 *       on sign-out (including a session ended by a 401);
 *   { source: 'closetly-web', type: 'CLOSETLY_PING' }
 *       from pingExtension().
 * From the extension (source 'closetly-extension'):
 *   { source: 'closetly-extension', type: 'CLOSETLY_PONG' }
 *       the answer to a ping.
 *
 * Transports, both used when available:
 *   1. window.postMessage(message, window.location.origin): the extension's content script on the
 *      Closetly origin listens for 'message' events whose event.source is the page's own window and
 *      whose data.source is 'closetly-web'; it answers a ping with window.postMessage(PONG, origin).
 *   2. chrome.runtime.sendMessage(VITE_EXTENSION_ID, message, callback) when the page can reach the
 *      extension directly (externally_connectable) and an id is configured; the extension's service
 *      worker answers a ping through the callback with the PONG object.
 *
 * Spec §8: a failed notification is only logged; it never blocks sign-in or sign-out.
 */
import { env } from '@/config/env';

export const WEB_MESSAGE_SOURCE = 'closetly-web';
export const EXTENSION_MESSAGE_SOURCE = 'closetly-extension';
/** How long pingExtension() waits for a PONG. */
export const EXTENSION_PING_TIMEOUT_MS = 1000;

export type WebToExtensionMessage =
  | { source: typeof WEB_MESSAGE_SOURCE; type: 'CLOSETLY_LOGIN'; token: string }
  | { source: typeof WEB_MESSAGE_SOURCE; type: 'CLOSETLY_LOGOUT' }
  | { source: typeof WEB_MESSAGE_SOURCE; type: 'CLOSETLY_PING' };

export interface ExtensionPong {
  source: typeof EXTENSION_MESSAGE_SOURCE;
  type: 'CLOSETLY_PONG';
}

/** The part of the Chrome extension API a web page may see (only when the extension allows this origin). */
interface ChromeRuntimeLike {
  sendMessage: (extensionId: string, message: unknown, callback?: (response: unknown) => void) => void;
  lastError?: { message?: string };
}

function chromeRuntime(): ChromeRuntimeLike | undefined {
  const runtime = (window as { chrome?: { runtime?: Partial<ChromeRuntimeLike> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === 'function' ? (runtime as ChromeRuntimeLike) : undefined;
}

export function isExtensionPong(data: unknown): data is ExtensionPong {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === EXTENSION_MESSAGE_SOURCE &&
    (data as { type?: unknown }).type === 'CLOSETLY_PONG'
  );
}

/** Sends over both transports; failures are only logged. `onResponse` receives the runtime's answer. */
function send(message: WebToExtensionMessage, onResponse?: (response: unknown) => void): void {
  try {
    window.postMessage(message, window.location.origin);
  } catch (error) {
    console.warn(`Could not post ${message.type} to the extension`, error);
  }

  const runtime = chromeRuntime();
  if (!runtime || !env.extensionId) return;
  try {
    runtime.sendMessage(env.extensionId, message, (response) => {
      const lastError = runtime.lastError;
      if (lastError) {
        console.warn(`The extension did not take ${message.type}`, lastError.message);
        return;
      }
      onResponse?.(response);
    });
  } catch (error) {
    console.warn(`Could not send ${message.type} to the extension`, error);
  }
}

export function notifyExtensionLogin(token: string): void {
  send({ source: WEB_MESSAGE_SOURCE, type: 'CLOSETLY_LOGIN', token });
}

export function notifyExtensionLogout(): void {
  send({ source: WEB_MESSAGE_SOURCE, type: 'CLOSETLY_LOGOUT' });
}

/** Resolves true when the extension answers a ping with CLOSETLY_PONG within `timeoutMs` (1 s), else false. */
export function pingExtension(timeoutMs: number = EXTENSION_PING_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (present: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(present);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === window && event.origin === window.location.origin && isExtensionPong(event.data)) finish(true);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    window.addEventListener('message', onMessage);
    send({ source: WEB_MESSAGE_SOURCE, type: 'CLOSETLY_PING' }, (response) => {
      if (isExtensionPong(response)) finish(true);
    });
  });
}
