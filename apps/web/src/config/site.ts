export interface SocialLink {
  label: string;
  href: string;
  icon: 'instagram' | 'facebook' | 'x';
}

export const siteConfig = {
  name: 'Closetly',
  tagline: 'Stop Searching. Start Shopping.',
  /** Where account-deletion requests go (privacy policy). Set VITE_PRIVACY_EMAIL for the real address. */
  privacyEmail: import.meta.env.VITE_PRIVACY_EMAIL ?? 'privacy@closetly.example',
  /** Plain links only: no embeds, no third-party scripts. */
  socialLinks: [
    { label: 'Closetly on Instagram', href: 'https://www.instagram.com/closetly', icon: 'instagram' },
    { label: 'Closetly on Facebook', href: 'https://www.facebook.com/closetly', icon: 'facebook' },
    { label: 'Closetly on X', href: 'https://x.com/closetly', icon: 'x' },
  ] satisfies SocialLink[],
} as const;
