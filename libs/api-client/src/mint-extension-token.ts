import type { ExtensionToken } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * POST /api/auth/extension-token with the bearer (access) token → `{ token, expiresAt }`: a token for the
 * Chrome extension that may only save, list and remove wardrobe items and report their prices, and ends with the session that minted it.
 * The extension's own token gets 403 FORBIDDEN here.
 */
export function mintExtensionToken(transport: ApiTransport, options: CallOptions = {}): Promise<ExtensionToken> {
  return callRoute(transport, 'mintExtensionToken', {}, options);
}
