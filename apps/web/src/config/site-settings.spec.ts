import { describe, expect, it } from '@jest/globals';
import { configuredSocialLinks, DEFAULT_PRIVACY_EMAIL, privacyContact } from './site-settings';

describe('the footer social links', () => {
  it('shows none when no account is configured, nor for blank settings (the Dockerfile passes unset build args as "")', () => {
    expect(configuredSocialLinks({})).toEqual([]);
    expect(configuredSocialLinks({ VITE_SOCIAL_INSTAGRAM_URL: '', VITE_SOCIAL_FACEBOOK_URL: '  ', VITE_SOCIAL_X_URL: undefined })).toEqual([]);
  });

  it('shows exactly the configured accounts, in the footer order', () => {
    expect(configuredSocialLinks({ VITE_SOCIAL_X_URL: 'https://x.com/ourshop', VITE_SOCIAL_INSTAGRAM_URL: ' https://www.instagram.com/ourshop ' })).toEqual([
      { icon: 'instagram', label: 'Closetly on Instagram', href: 'https://www.instagram.com/ourshop' },
      { icon: 'x', label: 'Closetly on X', href: 'https://x.com/ourshop' },
    ]);
  });

  it('leaves out an address that is not https (a typo or a script URL in the build settings)', () => {
    expect(configuredSocialLinks({ VITE_SOCIAL_FACEBOOK_URL: 'javascript:alert(1)', VITE_SOCIAL_X_URL: 'http://x.com/ourshop', VITE_SOCIAL_INSTAGRAM_URL: 'instagram.com/ourshop' })).toEqual([]);
  });
});

describe('the privacy contact', () => {
  it('is the configured address, trimmed', () => {
    expect(privacyContact(' privacy@ourshop.com ')).toBe('privacy@ourshop.com');
  });

  it('falls back to the documentation placeholder when unset or blank', () => {
    expect(privacyContact(undefined)).toBe(DEFAULT_PRIVACY_EMAIL);
    expect(privacyContact('')).toBe(DEFAULT_PRIVACY_EMAIL);
  });
});
