import type { ExtensionAnswer } from '@closetly/contracts';
import { notifyExtensionLogout, sendToExtension } from '@/features/extension/lib/extension-channel';
import { extensionPresence } from '@/features/extension/lib/extension-presence';
import { readBetaToken } from '@/lib/beta-token';
import { api } from '@/lib/api-client';
import { authStore } from './auth';

/**
 * Keeps the extension's session in step with the app's (spec §7: the app tells
 * the extension about login and logout). The extension never gets the app's own
 * token: on a sign-in, and whenever the presence poll finds the extension
 * signed out (or signed in as someone else), the app mints an extension-scoped
 * token and sends it. Failures are only logged (spec §8).
 */
async function signInExtension(answer: ExtensionAnswer | null): Promise<void> {
  const state = authStore.getState();
  const betaToken = readBetaToken();
  if (!answer || state.status !== 'signedIn' || !betaToken) return;
  const email = state.session.user.email;
  if (answer.signedIn && answer.email === email) return;
  try {
    const { token } = await api.mintExtensionToken();
    await sendToExtension({ type: 'CLOSETLY_LOGIN', token, betaToken, ...(email ? { email } : {}) });
  } catch (error) {
    console.warn('Could not sign the extension in', error);
  }
}

let minting: Promise<void> | null = null;
const signInOnce = (answer: ExtensionAnswer | null): Promise<void> => (minting ??= signInExtension(answer).finally(() => (minting = null)));

export function startExtensionSync(): () => void {
  // A session restored before this module loaded announced itself already: the first ping's answer covers it.
  // Started 1 s after load (app.tsx): the spec's first ping is due now.
  const stopPresence = extensionPresence.start(0);
  const stopAnswers = extensionPresence.onAnswer((answer) => void signInOnce(answer));
  const stopEvents = authStore.onEvent((event) => {
    if (event.type === 'signedIn') void sendToExtension({ type: 'CLOSETLY_PING' }).then(signInOnce);
    else if (event.type === 'signedOut') void notifyExtensionLogout();
  });
  return () => {
    stopPresence();
    stopAnswers();
    stopEvents();
  };
}
