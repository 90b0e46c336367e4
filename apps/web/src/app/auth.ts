import { createAuthStore } from '@/features/auth/lib/auth-store';
import { notifyExtensionLogin, notifyExtensionLogout } from '@/features/extension/lib/extension-channel';
import { api, connectApiAuth } from '@/lib/api-client';

/**
 * The app's one auth store, composed here so features stay independent: the API client gets its
 * bearer token and 401 reports from it, and the extension hears about every login and logout.
 */
export const authStore = createAuthStore({ api });

connectApiAuth({
  getAccessToken: authStore.getAccessToken,
  onUnauthorized: authStore.handleUnauthorized,
});

authStore.onEvent((event) => {
  if (event.type === 'signedIn') notifyExtensionLogin(event.accessToken);
  else if (event.type === 'signedOut') notifyExtensionLogout();
});
