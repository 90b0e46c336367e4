import { createAuthStore } from '@/features/auth/lib/auth-store';
import { api, connectApiAuth } from '@/lib/api-client';

/**
 * The app's one auth store, composed here so features stay independent: the API client gets its
 * bearer token and 401 reports from it; app/extension.ts keeps the extension in step.
 */
export const authStore = createAuthStore({ api });

connectApiAuth({
  getAccessToken: authStore.getAccessToken,
  onUnauthorized: authStore.handleUnauthorized,
});
