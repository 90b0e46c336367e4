import type { ReactNode } from 'react';
import { useBetaToken } from '../hooks/use-beta-token';
import { BetaAccessScreen } from './beta-access-screen';

export interface BetaGateProps {
  children: ReactNode;
}

/**
 * Without a beta token the code screen is rendered in place of the page, keeping the URL;
 * once a code is verified the same URL shows its page.
 */
export function BetaGate({ children }: BetaGateProps) {
  const token = useBetaToken();
  return token ? children : <BetaAccessScreen />;
}
