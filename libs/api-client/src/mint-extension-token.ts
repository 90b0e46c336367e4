import { ExtensionToken } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/**
 * POST /api/auth/extension-token with the bearer (access) token → `{ token, expiresAt }`: a token for the
 * Chrome extension that may only save, list and remove wardrobe items, and ends with the session that minted it.
 * The extension's own token gets 403 FORBIDDEN here.
 */
export function mintExtensionToken(transport: ApiTransport, options: CallOptions = {}): Promise<ExtensionToken> {
  return transport.request({ ...options, method: 'POST', path: '/api/auth/extension-token', schema: ExtensionToken });
}
