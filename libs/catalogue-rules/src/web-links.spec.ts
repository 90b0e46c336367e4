import { safeLinkHref, webUrl } from './web-links';

/** Links that must never become an href, a stored URL or a proxied image. */
const NOT_WEB_LINKS: Array<[string, string | null | undefined]> = [
  ['javascript:', 'javascript:alert(document.cookie)'],
  ['upper-case JAVASCRIPT:', 'JAVASCRIPT:alert(1)'],
  ['mixed-case with a tab inside', 'java\tscript:alert(1)'],
  ['a tab before javascript:', '\tjavascript:alert(1)'],
  ['a newline before javascript:', '\njavascript:alert(1)'],
  ['a control character before javascript:', '\u0001javascript:alert(1)'],
  ['spaces before javascript:', '   javascript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['file:', 'file:///etc/passwd'],
  ['ftp:', 'ftp://files.example.com/a'],
  ['mailto:', 'mailto:shop@example.com'],
  ['protocol-relative', '//evil.example/p'],
  ['relative', '/p/123'],
  ['a bare host', 'www.zara.com/p'],
  ['malformed', 'http://'],
  ['not a URL', 'not a url'],
  ['#', '#'],
  ['blank', '  '],
  ['empty', ''],
  ['null', null],
  ['undefined', undefined],
  ['http on the https port', 'http://shop.example.com:443/p'],
  ['https on the http port', 'https://shop.example.com:80/p'],
  ['http on the https port, upper case', 'HTTP://WWW.ZARA.COM:443/p'],
];

describe('webUrl (what captures store)', () => {
  it.each(NOT_WEB_LINKS)('drops %s', (_what, value) => {
    expect(webUrl(value)).toBeNull();
  });

  it.each([
    ['http://user:pass@shop.example.com/p.jpg', 'http://shop.example.com/p.jpg'],
    ['https://user@cdn.example.com/a.png?x=1', 'https://cdn.example.com/a.png?x=1'],
    ['https://:secret@cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['https://u%40x:p%3Aw@cdn.example.com/a.png#frag', 'https://cdn.example.com/a.png#frag'],
  ])('strips the credentials of %s', (value, expected) => {
    expect(webUrl(value)).toBe(expected);
  });

  it.each([
    ['http://shop.example.com/p', 'http://shop.example.com/p'],
    ['HTTPS://Shop.Example.com:443/p', 'https://shop.example.com/p'],
    ['http://shop.example.com:80/p', 'http://shop.example.com/p'],
    ['http://shop.example.com:8080/p', 'http://shop.example.com:8080/p'],
    ['  https://shop.example.com/p  ', 'https://shop.example.com/p'],
  ])('keeps the web link %s as the parser spells it', (value, expected) => {
    expect(webUrl(value)).toBe(expected);
  });
});

describe('safeLinkHref (every source link sent or rendered)', () => {
  it.each(NOT_WEB_LINKS)('gives no href for %s', (_what, value) => {
    expect(safeLinkHref(value)).toBeNull();
  });

  it.each([
    ['http://www.zara.com/us/en/shirt-p1.html', 'https://www.zara.com/us/en/shirt-p1.html'],
    ['http://www2.hm.com/en_us/productpage.1.html?x=1#top', 'https://www2.hm.com/en_us/productpage.1.html?x=1#top'],
    ['HTTP://WWW.ASOS.COM:80/p/1', 'https://www.asos.com/p/1'],
    ['http://user:pass@www.asos.com/p/1', 'https://www.asos.com/p/1'],
  ])('upgrades the supported retailer link %s to https', (value, expected) => {
    expect(safeLinkHref(value)).toBe(expected);
  });

  it.each([
    ['an unknown shop (it may have no https)', 'http://smallshop.example/p', 'http://smallshop.example/p'],
    ['a look-alike of a supported retailer', 'http://zara.com.evil.example/p', 'http://zara.com.evil.example/p'],
    ['a supported retailer on its own port', 'http://www.zara.com:8080/p', 'http://www.zara.com:8080/p'],
    ['an https link', 'https://www.zara.com/p', 'https://www.zara.com/p'],
  ])('leaves %s as it is', (_what, value, expected) => {
    expect(safeLinkHref(value)).toBe(expected);
  });
});
