import { useEffect, useState, type ReactNode } from 'react';
import { focusPageHeadingLater } from '@/lib/page-focus-later';
import { useBetaToken } from '../hooks/use-beta-token';
import { BetaAccessScreen } from './beta-access-screen';

export interface BetaGateProps {
  children: ReactNode;
}

/**
 * Without a beta token the code screen is rendered in place of the page, keeping the URL;
 * once a code is verified the same URL shows its page, its heading focused and its title announced
 * as after a navigation (the Verify Code button that had the focus is gone).
 */
export function BetaGate({ children }: BetaGateProps) {
  const token = useBetaToken();
  const [gated] = useState(token === null);
  useEffect(() => (gated && token ? focusPageHeadingLater() : undefined), [gated, token]);
  return token ? children : <BetaAccessScreen />;
}
