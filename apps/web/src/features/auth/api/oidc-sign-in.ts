import type { OidcIntent } from '@closetly/api-client';
import { OidcPopupMessage, type AuthSession } from '@closetly/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '../hooks/use-auth';

export const OIDC_POPUP_NAME = 'closetly-oidc';
export const OIDC_POPUP_FEATURES = 'width=500,height=650';
/** The callback page posts, then closes; a close seen this long before any message means the user gave up. */
const CLOSED_GRACE_MS = 500;
const CLOSED_POLL_MS = 300;
/** A popup left open this long is given up on, so the button does not stay busy forever. */
const POPUP_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Opens the (still empty) popup. Call it synchronously in the click handler, before any await,
 * so popup blockers see a user gesture; the provider's URL is set once /oidc/start answers.
 */
export function openOidcPopup(): Window | null {
  return window.open('about:blank', OIDC_POPUP_NAME, OIDC_POPUP_FEATURES);
}

/** Waits for the callback page's OidcPopupMessage from our own origin and returns its login code. */
function waitForLoginCode(popup: Window): Promise<string> {
  return new Promise((resolve, reject) => {
    let closedTimer: ReturnType<typeof setTimeout> | undefined;
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(closedTimer);
      clearTimeout(timeout);
    };
    const fail = (reason: string) => {
      cleanup();
      reject(new Error(reason));
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const parsed = OidcPopupMessage.safeParse(event.data);
      if (!parsed.success) return;
      cleanup();
      if (parsed.data.ok) resolve(parsed.data.loginCode);
      else reject(new Error(`Third-party sign-in failed: ${parsed.data.error}`));
    };
    const poll = setInterval(() => {
      if (!popup.closed || closedTimer) return;
      closedTimer = setTimeout(() => fail('The sign-in window was closed'), CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
    const timeout = setTimeout(() => fail('The sign-in window timed out'), POPUP_TIMEOUT_MS);
    window.addEventListener('message', onMessage);
  });
}

/**
 * Third-party sign-in in a popup: GET /api/auth/oidc/start, send the popup to the provider, wait
 * for the callback page's message, then POST /api/auth/oidc/complete {loginCode} for the session.
 */
export async function signInWithOidcPopup(popup: Window | null, intent: OidcIntent): Promise<AuthSession> {
  if (!popup) throw new Error('The sign-in window was blocked');
  try {
    const { authorizationUrl } = await api.oidcStart(intent);
    popup.location.href = authorizationUrl;
    const loginCode = await waitForLoginCode(popup);
    return await api.oidcComplete(loginCode);
  } finally {
    if (!popup.closed) popup.close();
  }
}

/** `start()` must be called from the click handler itself. Failures are logged; the screen shows its message. */
export function useOidcSignIn(intent: OidcIntent) {
  const store = useAuthStore();
  const mutation = useMutation({
    mutationKey: ['auth', 'oidc', intent],
    mutationFn: (popup: Window | null) => signInWithOidcPopup(popup, intent),
    onSuccess: (session) => store.completeSignIn(session),
    onError: (error) => console.warn('Third-party sign-in failed', error),
  });
  return { ...mutation, start: () => mutation.mutate(openOidcPopup()) };
}

/**
 * Whether "with Google" may be offered (GET /api/auth/oidc/options). Until the answer comes,
 * and when it fails, no button shows: a button that can only fail with a 400 is worse than none.
 */
export function useSignInOptions() {
  return useQuery({ queryKey: ['auth', 'sign-in-options'], queryFn: ({ signal }) => api.getSignInOptions({ signal }), staleTime: Infinity, retry: 1 });
}
