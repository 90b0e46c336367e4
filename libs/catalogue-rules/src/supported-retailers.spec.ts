import { brandWords, retailerSellsBrand, SUPPORTED_RETAILERS, supportedRetailerForHost } from './supported-retailers';

const named = (name: string) => SUPPORTED_RETAILERS.find((retailer) => retailer.name === name) ?? raise(name);
const raise = (name: string): never => {
  throw new Error(`no retailer ${name}`);
};

describe('supported retailers', () => {
  it('lists about forty real fashion retailers, each with its hosts, no host twice', () => {
    expect(SUPPORTED_RETAILERS.length).toBeGreaterThanOrEqual(40);
    const hosts = SUPPORTED_RETAILERS.flatMap((retailer) => retailer.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
    for (const host of hosts) expect(host).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  });

  it.each<[string, string | null]>([
    ['asos.com', 'ASOS'],
    ['www.asos.de', 'ASOS'],
    ['zara.com', 'Zara'],
    ['WWW.ZARA.COM', 'Zara'],
    ['www2.hm.com', 'H&M'],
    ['shop.mango.com', 'Mango'],
    ['shop.nordstrom.com', 'Nordstrom'],
    ['nordstromrack.com', 'Nordstrom'],
    ['net-a-porter.com', 'NET-A-PORTER'],
    ['zalando.co.uk', 'Zalando'],
    ['en.zalando.de', 'Zalando'],
    ['zara.com.', 'Zara'],
    // Look-alikes are not the retailer.
    ['zara.example.com', null],
    ['zara-sale.com', null],
    ['zara.xyz', null],
    ['notzara.com', null],
    ['evilasos.com', null],
    ['asos.com.evil.example', null],
    ['example.com', null],
    ['com', null],
    ['', null],
    ['constructor.com', null],
  ])('%s → %p', (host, name) => {
    expect(supportedRetailerForHost(host)?.name ?? null).toBe(name);
  });

  it('reads brands as words: case, accents, apostrophes and & aside', () => {
    expect(brandWords('Levi’s')).toBe(brandWords("LEVI'S"));
    expect(brandWords('Pull & Bear')).toBe(brandWords('Pull&Bear'));
    expect(brandWords('Pull and Bear')).toBe(brandWords('Pull&Bear'));
    expect(brandWords('Sézane')).toBe('sezane');
  });

  it('accepts any brand at a multi-brand retailer', () => {
    expect(retailerSellsBrand(named('ASOS'), 'Nike')).toBe(true);
    expect(retailerSellsBrand(named('Farfetch'), 'Khaite')).toBe(true);
  });

  it.each<[string, string, boolean]>([
    ['Zara', 'ZARA', true],
    ['Zara', 'zara', true],
    ['Zara', 'Gucci', false],
    ['Zara', 'FREE iPhone at evil.example', false],
    ['Zara', 'Zarabrand', false],
    ['H&M', 'H & M', true],
    ['H&M', 'HM', true],
    ['adidas', 'adidas Originals', true],
    ['adidas', 'Adidass', false],
    ["Levi's", 'Levi’s', true],
    ['Ralph Lauren', 'Polo Ralph Lauren', true],
  ])('at %s, the brand %p is its own: %p', (retailer, brand, sells) => {
    expect(retailerSellsBrand(named(retailer), brand)).toBe(sells);
  });
});
