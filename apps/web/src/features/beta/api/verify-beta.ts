import type { VerifyBetaResponse } from '@closetly/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeBetaToken } from '@/lib/beta-token';

export function verifyBetaCode(code: string): Promise<VerifyBetaResponse> {
  return api.verifyBeta(code);
}

/** POST /api/verify-beta as a mutation; a verified answer stores the token, which opens the gate. */
export function useVerifyBeta() {
  return useMutation({
    mutationKey: ['verify-beta'],
    mutationFn: verifyBetaCode,
    onSuccess: (result) => {
      if (result.verified) storeBetaToken(result.betaToken);
    },
  });
}
