import { useEffect, useState } from 'react';
import { MESSAGE_LIFETIME_MS } from './use-timed-message';

/** True from the moment `at` (a timestamp, 0 for never) until `lifetimeMs` later. */
export function useExpiring(at: number, lifetimeMs: number = MESSAGE_LIFETIME_MS): boolean {
  const [expired, setExpired] = useState(0);
  useEffect(() => {
    if (!at) return;
    const timer = setTimeout(() => setExpired(at), Math.max(0, lifetimeMs - (Date.now() - at)));
    return () => clearTimeout(timer);
  }, [at, lifetimeMs]);
  return at > 0 && expired !== at;
}
