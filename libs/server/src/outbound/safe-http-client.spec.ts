import { type RefusalEvent, SafeHttpClient } from './safe-http-client';

/**
 * What SafeHttpClient decides before it opens a socket (the image proxy's
 * suites cover the rest against local servers). The resolver is a fake that
 * records every lookup; every URL here is refused before one.
 */
describe('SafeHttpClient before connecting', () => {
  const lookups: string[] = [];
  const refusals: RefusalEvent[] = [];
  const client = (options: ConstructorParameters<typeof SafeHttpClient>[0] = {}) =>
    new SafeHttpClient({
      resolve: (host) => {
        lookups.push(host);
        return Promise.reject(new Error(`ENOTFOUND ${host}`));
      },
      onRefused: (event) => refusals.push(event),
      ...options,
    });
  const failure = (using: SafeHttpClient, url: string) => using.fetch({ url }).then(() => undefined, (error: unknown) => error);

  beforeEach(() => {
    lookups.length = 0;
    refusals.length = 0;
  });

  describe('in test-hosts mode', () => {
    const testHostsOnly = client({ testHosts: new Map([['www.zara.com', { address: '127.0.0.5', port: 18199 }]]), testHostsOnly: true });

    it.each(['https://www.cos.com/p/1', 'https://zara.com/', 'http://www.zara.com.evil.test/', 'http://93.184.216.34/', 'http://127.0.0.5/'])(
      'refuses %s, which OUTBOUND_TEST_HOSTS does not map, without a lookup',
      async (url) => {
        expect(await failure(testHostsOnly, url)).toMatchObject({ reason: 'NOT_A_TEST_HOST', stage: 'url', refused: true });
        expect(lookups).toEqual([]);
        expect(refusals).toEqual([expect.objectContaining({ reason: 'NOT_A_TEST_HOST', stage: 'url' })]);
      },
    );

    it('refuses a redirect target the same way (checkUrl is what the page fetcher calls for each hop)', () => {
      expect(() => testHostsOnly.checkUrl('https://www.cos.com/p/1', new URL('https://www.zara.com/'))).toThrow(/not in OUTBOUND_TEST_HOSTS/);
      expect(testHostsOnly.checkUrl('/p/2', new URL('https://WWW.ZARA.COM/p/1')).href).toBe('https://www.zara.com/p/2');
    });
  });

  it('maps a host without making loopback reachable by address', async () => {
    const mapped = client({ testHosts: new Map([['shop.test', { address: '127.0.0.5', port: 18199 }]]) });
    expect(await failure(mapped, 'http://127.0.0.5/')).toMatchObject({ reason: 'FORBIDDEN_ADDRESS', stage: 'url' });
    expect(await failure(mapped, 'http://other.test/')).toMatchObject({ reason: 'NETWORK' });
    expect(lookups).toEqual(['other.test']);
  });

  it.each(['cookie', 'authorization', 'Proxy-Authorization', 'x-forwarded-for', 'host'])('never sends a %s header', async (name) => {
    const error = await client()
      .fetch({ url: 'https://shop.test/', headers: { [name]: 'x' } as never })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(lookups).toEqual([]);
  });
});
