import { spaRoutePath } from './gateway-http';

describe('spaRoutePath', () => {
  it.each([
    ['/reset-password?token=abc', '/reset-password'],
    ['/reset-password/', '/reset-password'],
    ['/Reset-Password', '/reset-password'],
    ['/%72eset-password?token=abc', '/reset-password'],
    ['/', '/'],
    ['//', '/'],
    ['/product/%E2%9C%93', '/product/✓'],
  ])('reads %s as the router does: %s', (url, path) => {
    expect(spaRoutePath(url)).toBe(path);
  });

  it('keeps a path it cannot decode as it is', () => {
    expect(spaRoutePath('/reset-password%')).toBe('/reset-password%');
  });
});
