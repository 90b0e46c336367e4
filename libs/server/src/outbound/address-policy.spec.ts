import { defaultAddressPolicy, isForbiddenAddress } from './address-policy';

/** These addresses are only checked as strings: nothing here opens a socket. */
describe('isForbiddenAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified / this network'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8, last'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.254', 'CGNAT 100.64/10, last'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback 127/8, last'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, last'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private 192.168/16'],
    ['198.18.0.1', 'benchmarking 198.18/15'],
    ['198.19.255.255', 'benchmarking 198.18/15, last'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast, SSDP'],
    ['240.0.0.1', 'reserved 240/4'],
    ['255.255.255.255', 'broadcast'],
  ])('refuses IPv4 %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback, long form'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['FE80::1', 'link-local, upper case'],
    ['febf:ffff::1', 'link-local fe80::/10, last block'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local fd00::/8'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'global multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['0:0:0:0:0:ffff:a00:1', 'IPv4-mapped 10.0.0.1, long form'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:93.184.216.34', 'IPv4-mapped public (all mapped addresses are refused)'],
    ['::ffff:0:7f00:1', 'IPv4-translated (SIIT)'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['64:ff9b::7f00:1', 'NAT64 well-known prefix, loopback inside'],
    ['64:ff9b::93.184.216.34', 'NAT64 well-known prefix, public inside'],
    ['64:ff9b:1::a00:1', 'NAT64 local-use prefix'],
    ['100::1', 'discard-only'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4 with 127.0.0.1 inside'],
    ['3fff::1', 'documentation 3fff::/20'],
    ['fec0::1', 'site-local'],
    ['4000::1', 'outside global unicast 2000::/3'],
  ])('refuses IPv6 %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700::1111',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '2001:200::1',
  ])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['localhost', 'a host name'],
    ['example.com', 'a host name'],
    ['2130706433', 'decimal spelling (never reaches the policy: URL parsing canonicalises it)'],
    ['0x7f000001', 'hex spelling'],
    ['0177.0.0.1', 'octal spelling'],
    ['127.1', 'short spelling'],
    ['1.2.3.04', 'leading zero'],
    ['[::1]', 'bracketed IPv6'],
    ['93.184.216.34 ', 'trailing space'],
  ])('fails closed on %j (%s), which is not a canonical IP literal', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0x7F.0.0.1/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0177.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://127.0.1/', '127.0.0.1'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://0x0/', '0.0.0.0'],
    ['http://2852039166/', '169.254.169.254'],
    ['http://0xa9fea9fe/', '169.254.169.254'],
    ['http://0251.0376.0251.0376/', '169.254.169.254'],
    ['http://169.254.43518/', '169.254.169.254'],
    ['http://167772161/', '10.0.0.1'],
    ['http://[::1]/', '::1'],
    ['http://[0:0:0:0:0:0:0:1]/', '::1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'],
    ['http://[64:ff9b::127.0.0.1]/', '64:ff9b::7f00:1'],
    ['http://[fe80::1]/', 'fe80::1'],
  ])('refuses %s once URL parsing has canonicalised it to %s', (url, canonical) => {
    const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
    expect(hostname).toBe(canonical);
    expect(isForbiddenAddress(hostname)).toBe(true);
  });

  it('is the default policy, whatever the port', () => {
    expect(defaultAddressPolicy('127.0.0.1', 443)).toBe(true);
    expect(defaultAddressPolicy('93.184.216.34', 80)).toBe(false);
  });
});
