import { InvalidResponseError } from '@closetly/api-client';
import type { AuthSession, SignInRequest } from '@closetly/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '../hooks/use-auth';

/** Spec §9: sign-in token retry up to 3 times, 1 s apart. */
export const SIGN_IN_ATTEMPTS = 3;
export const SIGN_IN_RETRY_DELAY_MS = 1000;

/**
 * POST /api/auth/signin. An answer without the tokens (InvalidResponseError) is tried again, up to
 * 3 attempts 1 s apart; every other failure is final at once (a wrong password is not retried).
 */
export async function signInWithRetry(body: SignInRequest): Promise<AuthSession> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await api.signIn(body);
    } catch (error) {
      if (!(error instanceof InvalidResponseError) || attempt >= SIGN_IN_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, SIGN_IN_RETRY_DELAY_MS));
    }
  }
}

export function useSignIn() {
  const store = useAuthStore();
  return useMutation({
    mutationKey: ['auth', 'sign-in'],
    mutationFn: signInWithRetry,
    onSuccess: (session) => store.completeSignIn(session),
  });
}
