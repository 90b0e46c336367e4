/** Every route of spec section 2, in one place. */
export const paths = {
  home: '/',
  privacyPolicy: '/privacy-policy',
  betaAccess: '/beta-access',
  signUp: '/signup',
  signIn: '/signin',
  /** The password-reset e-mail links here with `?token=…`. */
  resetPassword: '/reset-password',
  /** The "Confirm your e-mail" message links here with `?token=…`. */
  confirmEmail: '/confirm-email',
  /** The price alert e-mail links here with `?token=…` (outside the beta gate). */
  unsubscribe: '/unsubscribe',
  myWardrobe: '/my-wardrobe',
  profile: '/profile',
  admin: '/admin',
  search: '/search',
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  faq: '/faq',
  /** What the browser extension does and how to install it (issue 26). */
  extension: '/extension',
  about: '/about',
  women: '/women',
  men: '/men',
  accessories: '/accessories',
} as const;

export function searchPath(term: string): string {
  return `${paths.search}?${new URLSearchParams({ q: term }).toString()}`;
}
