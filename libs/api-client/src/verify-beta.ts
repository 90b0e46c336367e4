import type { VerifyBetaResponse } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport } from './transport';

/** POST /api/verify-beta. A wrong code resolves to `{ verified: false }`; only request failures throw. */
export function verifyBeta(
  transport: ApiTransport,
  code: string,
  signal?: AbortSignal,
): Promise<VerifyBetaResponse> {
  return callRoute(transport, 'verifyBeta', { body: { code } }, { signal });
}
