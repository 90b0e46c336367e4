import { createApiClient } from '@closetly/api-client';
import { env } from '@/config/env';
import { readBetaToken } from './beta-token';

/** The app's one API client. The access token joins here when sign-in arrives. */
export const api = createApiClient({
  baseUrl: env.apiBaseUrl,
  getBetaToken: readBetaToken,
});
