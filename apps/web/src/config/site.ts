import { configuredSocialLinks, privacyContact } from './site-settings';

export type { SocialLink } from './site-settings';

export const siteConfig = {
  name: 'Closetly',
  tagline: 'Stop Searching. Start Shopping.',
  /** Where account-deletion requests go (privacy policy). Set VITE_PRIVACY_EMAIL at build time for the real address. */
  privacyEmail: privacyContact(import.meta.env.VITE_PRIVACY_EMAIL),
  /** Plain links only: no embeds, no third-party scripts. Only the accounts named at build time (VITE_SOCIAL_*_URL). */
  socialLinks: configuredSocialLinks(import.meta.env),
} as const;
