/**
 * The web app → browser extension channel (spec §1 and §7: "login with token,
 * logout, ping"): chrome.runtime.sendMessage(extensionId, message), which
 * Chrome offers this page only when an installed extension names its origin
 * in `externally_connectable`. Messages and answers are the zod schemas of
 * libs/contracts (extension.ts); the extension checks them and the sender's
 * origin again.
 *
 * Spec §8: a failed notification is only logged; it never blocks sign-in or sign-out.
 */
import { ExtensionAnswer, HTTP_ROUTES, type WebToExtensionMessage } from '@closetly/contracts';
import { env } from '@/config/env';

/** How long a message waits for the extension's answer. */
export const EXTENSION_ANSWER_TIMEOUT_MS = 1000;

/** The part of the Chrome extension API a web page may see. */
interface ChromeRuntimeLike {
  sendMessage: (extensionId: string, message: unknown, callback?: (response: unknown) => void) => void;
  lastError?: { message?: string };
}

function chromeRuntime(): ChromeRuntimeLike | undefined {
  const runtime = (window as { chrome?: { runtime?: Partial<ChromeRuntimeLike> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === 'function' ? (runtime as ChromeRuntimeLike) : undefined;
}

/** Sends a message; resolves the extension's answer, or null when there is no extension or it did not answer. */
export function sendToExtension(message: WebToExtensionMessage, timeoutMs = EXTENSION_ANSWER_TIMEOUT_MS): Promise<ExtensionAnswer | null> {
  const runtime = chromeRuntime();
  if (!runtime || !env.extensionId) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const finish = (answer: ExtensionAnswer | null) => {
      clearTimeout(timer);
      resolve(answer);
    };
    try {
      runtime.sendMessage(env.extensionId, message, (response) => {
        if (runtime.lastError) {
          // No such extension, or it is disabled: an ordinary answer to a ping.
          if (message.type !== 'CLOSETLY_PING') console.warn(`The extension did not take ${message.type}`, runtime.lastError.message);
          return finish(null);
        }
        const parsed = ExtensionAnswer.safeParse(response);
        finish(parsed.success ? parsed.data : null);
      });
    } catch (error) {
      console.warn(`Could not send ${message.type} to the extension`, error);
      finish(null);
    }
  });
}

export const pingExtension = (): Promise<ExtensionAnswer | null> => sendToExtension({ type: 'CLOSETLY_PING' });

export const notifyExtensionLogout = (): Promise<ExtensionAnswer | null> => sendToExtension({ type: 'CLOSETLY_LOGOUT' });

/** Where Install Extension goes: the store listing when one is configured, else the gateway's zip. */
export const EXTENSION_INSTALL_URL = env.extensionStoreUrl || HTTP_ROUTES.downloadExtension.path;
