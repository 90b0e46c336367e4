import { useSyncExternalStore } from 'react';
import { extensionPresence } from '../lib/extension-presence';

/** null until the first presence answer (and on phones), then whether the extension answered. */
export function useExtensionDetected(): boolean | null {
  return useSyncExternalStore(extensionPresence.subscribe, extensionPresence.get, () => null);
}
