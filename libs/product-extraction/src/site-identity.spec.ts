import { siteBrand, type SiteIdentity } from './site-identity';

const identity = (overrides: Partial<SiteIdentity>): SiteIdentity => ({
  siteName: null,
  organisationNames: [],
  logoAlt: null,
  titles: [],
  host: new URL('https://www.kestrel-studio.com/products/linen-shirt'),
  marketplaceMarkup: false,
  ...overrides,
});

describe('siteBrand', () => {
  it('reads og:site_name first, then the Organization, then the logo', () => {
    expect(siteBrand(identity({ siteName: 'Kestrel Studio', organisationNames: ['Kestrel Ltd'], logoAlt: 'Kestrel' }))).toBe('Kestrel Studio');
    expect(siteBrand(identity({ organisationNames: ['Kestrel Ltd', 'Kestrel Website'], logoAlt: 'Kestrel' }))).toBe('Kestrel Ltd');
    expect(siteBrand(identity({ logoAlt: 'Kestrel' }))).toBe('Kestrel');
  });

  it('cuts a shop slogan from the name', () => {
    expect(siteBrand(identity({ siteName: 'Kestrel Studio | Official Site' }))).toBe('Kestrel Studio');
    expect(siteBrand(identity({ siteName: 'Kestrel Studio - Online Shop' }))).toBe('Kestrel Studio');
    expect(siteBrand(identity({ siteName: 'Official Store of Kestrel Studio' }))).toBe('Kestrel Studio');
  });

  it('passes over names that do not read as a brand', () => {
    expect(siteBrand(identity({ siteName: 'Home', logoAlt: 'Online Store' }))).toBeNull();
    expect(siteBrand(identity({ siteName: 'kestrel-studio.com' }))).toBeNull();
    expect(siteBrand(identity({ siteName: 'The best sustainable linen clothing for summer days' }))).toBeNull();
    expect(siteBrand(identity({ siteName: '2024' }))).toBeNull();
    expect(siteBrand(identity({ siteName: '   ', logoAlt: 'Kestrel' }))).toBe('Kestrel');
  });

  it('reads a title tail only when it is the host\'s own name', () => {
    expect(siteBrand(identity({ titles: ['Linen Shirt | Kestrel Studio'] }))).toBe('Kestrel Studio');
    expect(siteBrand(identity({ titles: ['Linen Shirt – Kestrel'] }))).toBe('Kestrel');
    expect(siteBrand(identity({ titles: ['Linen Shirt | Free Shipping Over $50'] }))).toBeNull();
    expect(siteBrand(identity({ titles: ["Linen Shirt | Women's Shirts"] }))).toBeNull();
    expect(siteBrand(identity({ titles: ['Linen Shirt'] }))).toBeNull();
    expect(siteBrand(identity({ titles: ['Linen Shirt | Kestrel'], host: null }))).toBeNull();
  });

  it('never names a marketplace or a multi-brand retailer, nor reads any identity on a marketplace', () => {
    expect(siteBrand(identity({ siteName: 'Amazon.co.uk', logoAlt: 'Amazon.co.uk' }))).toBeNull();
    expect(siteBrand(identity({ siteName: 'ASOS', organisationNames: ['NET-A-PORTER'] }))).toBeNull();
    expect(siteBrand(identity({ siteName: 'Some Seller', host: new URL('https://www.ebay.com/itm/1') }))).toBeNull();
    expect(siteBrand(identity({ siteName: 'Some Seller', marketplaceMarkup: true }))).toBeNull();
  });
});
