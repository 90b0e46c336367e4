import { parseTestHosts } from './test-hosts';

describe('parseTestHosts (OUTBOUND_TEST_HOSTS)', () => {
  it('maps host names to loopback listeners', () => {
    expect([...parseTestHosts('www.zara.com=127.0.0.5:18199, Shop.Example=127.0.0.6:8080,,www.cos.com=[::1]:9000')]).toEqual([
      ['www.zara.com', { address: '127.0.0.5', port: 18199 }],
      ['shop.example', { address: '127.0.0.6', port: 8080 }],
      ['www.cos.com', { address: '::1', port: 9000 }],
    ]);
  });

  it('is empty when unset', () => {
    expect(parseTestHosts('').size).toBe(0);
    expect(parseTestHosts(' , ').size).toBe(0);
  });

  it.each([
    ['www.zara.com=10.0.0.5:80', /not a loopback address/],
    ['www.zara.com=93.184.216.34:80', /not a loopback address/],
    ['www.zara.com=[fe80::1]:80', /not a loopback address/],
    ['www.zara.com=localhost:80', /not address:port/],
    ['www.zara.com=127.0.0.5', /not address:port/],
    ['www.zara.com=127.0.0.5:0', /out of range/],
    ['www.zara.com=127.0.0.5:70000', /out of range/],
    ['www.zara.com', /not host=address:port/],
    ['=127.0.0.5:80', /not host=address:port/],
    ['127.0.0.9=127.0.0.5:80', /not a host name/],
    ['under_score.test=127.0.0.5:80', /not a host name/],
    ['a.test=127.0.0.5:80,A.test=127.0.0.6:80', /mapped twice/],
  ])('refuses %j', (value, problem) => {
    expect(() => parseTestHosts(value)).toThrow(problem);
  });

  it('lists every problem at once', () => {
    expect(() => parseTestHosts('a.test=10.0.0.1:80,b.test=nothing')).toThrow(/a\.test: 10\.0\.0\.1 .*; b\.test: "nothing"/);
  });
});
