import { buyLinkLabel, canonicalSourceUrl, isTrackingParam, retailerFromUrl } from './retailer';

describe('retailerFromUrl', () => {
  it.each<[string | null | undefined, string | null]>([
    ['https://www.zara.com/us/en/linen-shirt-p123.html', 'zara.com'],
    ['https://WWW2.HM.COM/en_us/productpage.123.html', 'hm.com'],
    ['http://shop.example.co.uk/item', 'shop.example.co.uk'],
    ['//www.asos.com/p/1', 'asos.com'],
    ['#', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['not a url', null],
    ['/relative/path', null],
    ['mailto:shop@example.com', null],
    ['javascript:alert(1)', null],
    ['ftp://files.example.com/a', null],
  ])('%p → %p', (url, expected) => {
    expect(retailerFromUrl(url)).toBe(expected);
  });
});

describe('buyLinkLabel (spec §2 quick view)', () => {
  it('names a supported retailer, whatever the brand', () => {
    expect(buyLinkLabel({ sourceUrl: 'https://www.asos.com/p/123?clr=black', brand: 'Nike' })).toEqual({
      label: 'Buy on ASOS',
      href: 'https://www.asos.com/p/123?clr=black',
      disabled: false,
    });
    expect(buyLinkLabel({ sourceUrl: 'https://www2.hm.com/en_us/productpage.1.html', brand: 'H&M' }).label).toBe('Buy on H&M');
    expect(buyLinkLabel({ sourceUrl: 'https://www.zara.com/us/en/x.html', brand: 'ZARA' }).label).toBe('Buy on Zara');
    expect(buyLinkLabel({ sourceUrl: 'https://www.net-a-porter.com/en-gb/shop/product/1', brand: 'Khaite' }).label).toBe('Buy on NET-A-PORTER');
  });

  it('falls back to the brand for other retailers, and to the host when the brand is blank', () => {
    expect(buyLinkLabel({ sourceUrl: 'https://www.smallshop.example/products/tee', brand: ' Studio Nicholson ' })).toEqual({
      label: 'Buy on Studio Nicholson',
      href: 'https://www.smallshop.example/products/tee',
      disabled: false,
    });
    expect(buyLinkLabel({ sourceUrl: 'https://www.smallshop.example/p', brand: '  ' }).label).toBe('Buy on smallshop.example');
    expect(buyLinkLabel({ sourceUrl: 'https://www.smallshop.example/p', brand: null }).label).toBe('Buy on smallshop.example');
  });

  it('links a supported retailer over https even when the page was saved over http, and never with credentials', () => {
    expect(buyLinkLabel({ sourceUrl: 'http://www.zara.com/us/en/x.html', brand: 'Zara' })).toEqual({ label: 'Buy on Zara', href: 'https://www.zara.com/us/en/x.html', disabled: false });
    expect(buyLinkLabel({ sourceUrl: 'https://user:pass@smallshop.example/p', brand: 'Studio' }).href).toBe('https://smallshop.example/p');
  });

  it.each<[string | null | undefined]>([
    ['#'],
    [''],
    [null],
    [undefined],
    ['not a url'],
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['\tjavascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//www.zara.com/p/1'],
    ['/p/1'],
    ['http://www.zara.com:443/p/1'],
  ])(
    'is a disabled Buy Now without a usable link (%p)',
    (sourceUrl) => {
      expect(buyLinkLabel({ sourceUrl, brand: 'Zara' })).toEqual({ label: 'Buy Now', href: null, disabled: true });
    },
  );
});

describe('canonicalSourceUrl', () => {
  it.each<[string | null | undefined, string | null]>([
    ['https://WWW.Zara.COM/us/en/Linen-Shirt.html', 'https://zara.com/us/en/Linen-Shirt.html'],
    ['https://www.asos.com/p/123#reviews', 'https://asos.com/p/123'],
    [
      'https://www.asos.com/p/123?utm_source=google&utm_medium=cpc&gclid=abc&fbclid=x&mc_cid=1&mc_eid=2&ref=home&srsltid=zz&clr=black',
      'https://asos.com/p/123?clr=black',
    ],
    ['https://shop.example.com/p?size=M&colour=red&colour=blue&UTM_Campaign=x', 'https://shop.example.com/p?colour=blue&colour=red&size=M'],
    ['https://shop.example.com/p?utm_source=x', 'https://shop.example.com/p'],
    ['https://shop.example.com:443/p/', 'https://shop.example.com/p'],
    ['http://shop.example.com/p', 'https://shop.example.com/p'],
    ['http://shop.example.com:80/p/?a=1', 'https://shop.example.com/p?a=1'],
    ['http://shop.example.com:8080/p', 'https://shop.example.com:8080/p'],
    ['https://shop.example.com/', 'https://shop.example.com/'],
    ['http://user:pass@www.zara.com/p', 'https://zara.com/p'],
    ['https://token@shop.example.com/p', 'https://shop.example.com/p'],
    ['#', null],
    ['', null],
    [null, null],
    ['nonsense', null],
    ['data:text/plain,hi', null],
  ])('%p → %p', (url, expected) => {
    expect(canonicalSourceUrl(url)).toBe(expected);
  });

  it('keeps the path case: shops tell products apart by it', () => {
    expect(canonicalSourceUrl('https://shop.example.com/P/Tee')).not.toBe(canonicalSourceUrl('https://shop.example.com/p/tee'));
  });

  it('spells every variant of one page alike: scheme, host case, www, trailing slash, tracking, fragment', () => {
    const variants = [
      'https://www.zara.com/us/en/Linen-Shirt-p1.html',
      'http://zara.com/us/en/Linen-Shirt-p1.html',
      'HTTPS://WWW.ZARA.COM/us/en/Linen-Shirt-p1.html/',
      'https://zara.com/us/en/Linen-Shirt-p1.html?utm_source=ig&gclid=1&fbclid=2#size',
    ];
    expect(new Set(variants.map(canonicalSourceUrl))).toEqual(new Set(['https://zara.com/us/en/Linen-Shirt-p1.html']));
  });

  it('gives tracked and untracked links to one page the same spelling', () => {
    expect(canonicalSourceUrl('https://www.everlane.com/products/tee?utm_source=ig&color=white#top')).toBe(
      canonicalSourceUrl('https://everlane.com/products/tee?color=white'),
    );
  });
});

describe('isTrackingParam', () => {
  it.each(['utm_source', 'UTM_Campaign', 'gclid', 'fbclid', 'mc_eid', 'ref', 'srsltid', '_ga'])('%p tracks the visit', (name) => {
    expect(isTrackingParam(name)).toBe(true);
  });
  it.each(['variant', 'pid', 'color', 'size', 'q', 'id', 'reference'])('%p names the page', (name) => {
    expect(isTrackingParam(name)).toBe(false);
  });
});
