import { VerifyBetaResponse } from '@closetly/contracts';
import type { ApiTransport } from './transport';

/** POST /api/verify-beta. A wrong code resolves to `{ verified: false }`; only request failures throw. */
export function verifyBeta(
  transport: ApiTransport,
  code: string,
  signal?: AbortSignal,
): Promise<VerifyBetaResponse> {
  return transport.request({
    method: 'POST',
    path: '/api/verify-beta',
    body: { code },
    schema: VerifyBetaResponse,
    signal,
  });
}
