/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Gateway origin when it is not the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
  /** Address for account-deletion requests shown in the privacy policy (default privacy@closetly.example, a placeholder). */
  readonly VITE_PRIVACY_EMAIL?: string;
  /** The footer's social links: each shows only when its https address is set. */
  readonly VITE_SOCIAL_INSTAGRAM_URL?: string;
  readonly VITE_SOCIAL_FACEBOOK_URL?: string;
  readonly VITE_SOCIAL_X_URL?: string;
  /** The Closetly browser extension's id; when set, login/logout are also sent with chrome.runtime.sendMessage. */
  readonly VITE_EXTENSION_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
