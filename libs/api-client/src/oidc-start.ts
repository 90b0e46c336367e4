import type { OidcStartResponse, SignInOptions } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

export type OidcIntent = 'signin' | 'signup';

/** GET /api/auth/oidc/start?intent=… → the provider's authorization URL to open in the popup. */
export function oidcStart(transport: ApiTransport, intent: OidcIntent, options: CallOptions = {}): Promise<OidcStartResponse> {
  return callRoute(transport, 'oidcStart', { query: { intent } }, { ...options, auth: 'public' });
}

/** GET /api/auth/oidc/options → which third-party sign-ins the product offers ({ google }). */
export function getSignInOptions(transport: ApiTransport, options: CallOptions = {}): Promise<SignInOptions> {
  return callRoute(transport, 'getSignInOptions', {}, { ...options, auth: 'public' });
}
