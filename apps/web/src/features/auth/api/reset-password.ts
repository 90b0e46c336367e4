import type { ResetPasswordRequest } from '@closetly/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password with the token from the e-mailed link. */
export function resetPassword(body: ResetPasswordRequest): Promise<void> {
  return api.resetPassword(body);
}

export function useResetPassword() {
  return useMutation({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword });
}
