import { isMarketplaceHost, isMarketplaceName, isResellerName } from './marketplaces';

describe('isMarketplaceHost', () => {
  it.each(['www.amazon.com', 'amazon.co.uk', 'www.amazon.de', 'smile.amazon.com', 'www.amazon.com.au', 'www.ebay.com', 'm.ebay.co.uk', 'www.etsy.com', 'www.walmart.ca', 'www.mercadolibre.com.mx', 'www.kohls.com', 'www.bol.com'])(
    '%s is a marketplace',
    (host) => expect(isMarketplaceHost(host)).toBe(true),
  );

  it.each(['amazon-deals.com', 'www.amazonia-shoes.com', 'ebay.example.com', 'www.everlane.com', 'www.zara.com', '', 'localhost'])('%s is not', (host) =>
    expect(isMarketplaceHost(host)).toBe(false),
  );

  it('is false for no host', () => {
    expect(isMarketplaceHost(null)).toBe(false);
    expect(isMarketplaceHost(undefined)).toBe(false);
  });
});

describe('isMarketplaceName', () => {
  it.each(['Amazon', 'Amazon.com', 'amazon.co.uk', 'AMAZON.DE', 'eBay', 'Etsy', 'Walmart.com', "Kohl's", 'Mercado Libre'])('%s is a marketplace', (name) =>
    expect(isMarketplaceName(name)).toBe(true),
  );

  it.each(['Amazon Essentials', 'Amazon Basics', 'Levi’s', 'ASOS DESIGN', 'Nike', '', '   '])('%s is not (a brand, or nothing)', (name) =>
    expect(isMarketplaceName(name)).toBe(false),
  );
});

describe('isResellerName', () => {
  it('counts marketplaces and the multi-brand supported retailers, not single-brand ones', () => {
    expect(isResellerName('Amazon.com')).toBe(true);
    expect(isResellerName('ASOS')).toBe(true);
    expect(isResellerName('Net-a-Porter')).toBe(true);
    expect(isResellerName('Zara')).toBe(false);
    expect(isResellerName('Kestrel Studio')).toBe(false);
    expect(isResellerName(null)).toBe(false);
  });
});
