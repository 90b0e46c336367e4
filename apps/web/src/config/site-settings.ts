/** The footer's social accounts, in the order shown; each appears only when its address is configured. */
export const SOCIAL_ACCOUNTS = [
  { icon: 'instagram', label: 'Closetly on Instagram', setting: 'VITE_SOCIAL_INSTAGRAM_URL' },
  { icon: 'facebook', label: 'Closetly on Facebook', setting: 'VITE_SOCIAL_FACEBOOK_URL' },
  { icon: 'x', label: 'Closetly on X', setting: 'VITE_SOCIAL_X_URL' },
] as const;

export type SocialIcon = (typeof SOCIAL_ACCOUNTS)[number]['icon'];
export type SocialSetting = (typeof SOCIAL_ACCOUNTS)[number]['setting'];

export interface SocialLink {
  label: string;
  href: string;
  icon: SocialIcon;
}

/** Reserved for documentation (RFC 2606): never someone else's mailbox. Operators set VITE_PRIVACY_EMAIL. */
export const DEFAULT_PRIVACY_EMAIL = 'privacy@closetly.example';

/** A build setting as given, or null when unset or blank (the Dockerfile passes unset build args as ''). */
const given = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The links to the accounts the operator named: none by default, since a link to an account we do
 * not own sends our visitors to a stranger. Only https addresses: anything else is a mistake in the build settings.
 */
export function configuredSocialLinks(settings: Partial<Record<SocialSetting, string>>): SocialLink[] {
  return SOCIAL_ACCOUNTS.flatMap(({ icon, label, setting }) => {
    const href = given(settings[setting]);
    return href && /^https:\/\/[^\s/]+/i.test(href) ? [{ icon, label, href }] : [];
  });
}

/** The privacy contact (spec §1: deletion on request by e-mail to the provider): VITE_PRIVACY_EMAIL, else the placeholder. */
export function privacyContact(setting: string | undefined): string {
  return given(setting) ?? DEFAULT_PRIVACY_EMAIL;
}
