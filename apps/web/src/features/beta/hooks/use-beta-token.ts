import { useSyncExternalStore } from 'react';
import { readBetaToken, subscribeBetaToken } from '@/lib/beta-token';

/** The stored beta token, or null while the visitor has not verified a code. */
export function useBetaToken(): string | null {
  return useSyncExternalStore(subscribeBetaToken, readBetaToken, () => null);
}
