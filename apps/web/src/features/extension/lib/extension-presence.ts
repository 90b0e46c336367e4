import { MOBILE_MEDIA_QUERY } from '@/lib/use-media-query';
import type { ExtensionAnswer } from '@closetly/contracts';
import { pingExtension } from './extension-channel';

/** Spec §8: the presence poll runs after 1 s, then every 5 s, on desktop only (no extensions on phones). */
export const FIRST_PING_MS = 1000;
export const PING_INTERVAL_MS = 5000;

type Listener = () => void;

/**
 * Whether the extension is installed, for the install banners: null until
 * the first answer (and always on a phone, where nothing is shown), then
 * true or false. One poll for the whole app; each answer also goes to
 * `onAnswer` (the app signs the extension in when it says it is signed out).
 */
export function createExtensionPresence(ping: () => Promise<ExtensionAnswer | null> = pingExtension) {
  let present: boolean | null = null;
  const listeners = new Set<Listener>();
  const answerListeners = new Set<(answer: ExtensionAnswer | null) => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  async function poll(): Promise<void> {
    if (!window.matchMedia(MOBILE_MEDIA_QUERY).matches) {
      const answer = await ping();
      if (present !== (answer !== null)) {
        present = answer !== null;
        for (const listener of listeners) listener();
      }
      for (const listener of answerListeners) listener(answer);
    }
    if (running) timer = setTimeout(() => void poll(), PING_INTERVAL_MS);
  }

  return {
    get: (): boolean | null => present,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAnswer(listener: (answer: ExtensionAnswer | null) => void): () => void {
      answerListeners.add(listener);
      return () => answerListeners.delete(listener);
    },
    /** `firstPingMs`: the app starts this 1 s after load (its code is fetched then), so its first ping is at once. */
    start(firstPingMs = FIRST_PING_MS): () => void {
      if (!running) {
        running = true;
        timer = setTimeout(() => void poll(), firstPingMs);
      }
      return () => {
        running = false;
        clearTimeout(timer);
      };
    },
  };
}

export type ExtensionPresence = ReturnType<typeof createExtensionPresence>;

/** The app's one presence poll (started by the app layer, app/extension.ts). */
export const extensionPresence = createExtensionPresence();
