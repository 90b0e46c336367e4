import { createTransport, type ApiClientOptions } from './transport';
import { verifyBeta } from './verify-beta';

/** Typed client for the gateway's /api routes. Works in the browser, the extension and Node (needs only `fetch`). */
export function createApiClient(options: ApiClientOptions = {}) {
  const transport = createTransport(options);
  return {
    transport,
    verifyBeta: (code: string, signal?: AbortSignal) => verifyBeta(transport, code, signal),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
