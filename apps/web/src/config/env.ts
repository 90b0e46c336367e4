/**
 * Build-time settings. The API base is chosen per environment (spec section 7);
 * empty means the same origin, which is how the gateway serves the app.
 */
export const env = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  isProduction: import.meta.env.PROD,
  /** The extension's id; by default the side-loaded build's (extension/build.ts, its development key). */
  extensionId: import.meta.env.VITE_EXTENSION_ID ?? 'biimnflmieaonbnklpgcbelpedianjpk',
  /** The extension's store listing; empty until it is published (Install Extension then downloads the zip). */
  extensionStoreUrl: import.meta.env.VITE_EXTENSION_STORE_URL ?? '',
} as const;
