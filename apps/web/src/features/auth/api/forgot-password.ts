import type { ForgotPasswordResponse } from '@closetly/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export function forgotPassword(email: string): Promise<ForgotPasswordResponse> {
  return api.forgotPassword(email);
}

export function useForgotPassword() {
  return useMutation({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword });
}
