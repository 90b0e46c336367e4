import type { AuthSession, SignUpRequest } from '@closetly/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '../hooks/use-auth';

/** POST /api/auth/signup: creates the account and signs in. */
export function signUp(body: SignUpRequest): Promise<AuthSession> {
  return api.signUp(body);
}

export function useSignUp() {
  const store = useAuthStore();
  return useMutation({
    mutationKey: ['auth', 'sign-up'],
    mutationFn: signUp,
    onSuccess: (session) => store.completeSignIn(session),
  });
}
