import { OidcStartResponse, SignInOptions } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

export type OidcIntent = 'signin' | 'signup';

/** GET /api/auth/oidc/start?intent=… → the provider's authorization URL to open in the popup. */
export function oidcStart(transport: ApiTransport, intent: OidcIntent, options: CallOptions = {}): Promise<OidcStartResponse> {
  return transport.request({
    ...options,
    method: 'GET',
    path: '/api/auth/oidc/start',
    query: { intent },
    schema: OidcStartResponse,
    auth: 'public',
  });
}

/** GET /api/auth/oidc/options → which third-party sign-ins the product offers ({ google }). */
export function getSignInOptions(transport: ApiTransport, options: CallOptions = {}): Promise<SignInOptions> {
  return transport.request({ ...options, method: 'GET', path: '/api/auth/oidc/options', schema: SignInOptions, auth: 'public' });
}
