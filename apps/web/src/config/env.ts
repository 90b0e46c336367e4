/**
 * Build-time settings. The API base is chosen per environment (spec section 7);
 * empty means the same origin, which is how the gateway serves the app.
 */
export const env = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  isProduction: import.meta.env.PROD,
  /** Empty when no extension id is configured (then only window.postMessage reaches the extension). */
  extensionId: import.meta.env.VITE_EXTENSION_ID ?? '',
} as const;
