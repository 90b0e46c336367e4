import { useCallback, useEffect, useState } from 'react';

/** Spec §9: page messages vanish after 5 s. */
export const MESSAGE_LIFETIME_MS = 5000;

export interface TimedMessage {
  tone: 'error' | 'success';
  text: string;
}

/** A message that clears itself `lifetimeMs` after it was last shown. */
export function useTimedMessage(lifetimeMs: number = MESSAGE_LIFETIME_MS) {
  const [message, setMessage] = useState<(TimedMessage & { shownAt: number }) | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), lifetimeMs);
    return () => clearTimeout(timer);
  }, [message, lifetimeMs]);

  const show = useCallback((tone: TimedMessage['tone'], text: string) => setMessage({ tone, text, shownAt: Date.now() }), []);
  const clear = useCallback(() => setMessage(null), []);
  return { message: message ? { tone: message.tone, text: message.text } : null, show, clear };
}
