import { createApiClient, type UnauthorizedEvent } from '@closetly/api-client';
import { env } from '@/config/env';
import { readBetaToken } from './beta-token';

/**
 * How the session reaches the API client. The auth feature owns the session; the app connects it
 * here once (app/auth.ts), so this shared module never imports a feature.
 */
export interface ApiAuthHooks {
  getAccessToken: () => Promise<string | null> | string | null;
  onUnauthorized: (event: UnauthorizedEvent) => void;
}

let authHooks: ApiAuthHooks | null = null;

export function connectApiAuth(hooks: ApiAuthHooks): void {
  authHooks = hooks;
}

/** The app's one API client: beta token on every call, the bearer token while signed in. */
export const api = createApiClient({
  baseUrl: env.apiBaseUrl,
  getBetaToken: readBetaToken,
  getAccessToken: () => authHooks?.getAccessToken() ?? null,
  onUnauthorized: (event) => authHooks?.onUnauthorized(event),
});
