import { ImageFetchError, type RefusalEvent, SafeImageFetcher, standardPortsOnly } from '../../src/images/safe-fetch';
import { installLoopbackTripwire } from '@closetly/testing';

/**
 * Every URL here is refused before a socket is opened: the resolver is a fake
 * (no DNS), and the tripwire fails any connection attempt and counts it.
 */
describe('SafeImageFetcher refusals before connecting (production policy and port rule)', () => {
  let tripwire: ReturnType<typeof installLoopbackTripwire>;
  let connects: number;
  let resolved: string[];
  let refusals: RefusalEvent[];
  const answers: Record<string, string[]> = {
    'images.test': ['10.0.0.1'], // forbidden: a port that passes still never leads to a connection
    'metadata.test': ['169.254.169.254'],
    'mixed.test': ['93.184.216.34', '10.0.0.5'],
    'loopback6.test': ['::1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'nat64.test': ['64:ff9b::a9fe:a9fe'],
    'garbage.test': ['not-an-address'],
    'empty.test': [],
  };
  const fetcher = new SafeImageFetcher({
    resolve: (host) => {
      resolved.push(host);
      const answer = answers[host];
      return answer ? Promise.resolve(answer) : Promise.reject(new Error(`ENOTFOUND ${host}`));
    },
    onRefused: (event) => refusals.push(event),
  });
  const failure = async (url: string): Promise<ImageFetchError> => {
    const error: unknown = await fetcher.fetch(url).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof ImageFetchError)) throw new Error(`expected an ImageFetchError for ${url}, got ${String(error)}`);
    return error;
  };

  beforeAll(() => {
    tripwire = installLoopbackTripwire();
  });
  afterAll(() => tripwire.restore());
  beforeEach(() => {
    connects = tripwire.blocked.length;
    resolved = [];
    refusals = [];
  });
  afterEach(() => {
    expect(tripwire.blocked.length).toBe(connects);
  });

  it.each(['ftp://images.test/a.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'gopher://images.test/', 'ws://images.test/'])(
    'refuses the scheme of %s',
    async (url) => {
      const error = await failure(url);
      expect([error.reason, error.stage, error.refused]).toEqual(['SCHEME_NOT_ALLOWED', 'url', true]);
      expect(resolved).toEqual([]);
    },
  );

  it.each(['http://user:pass@images.test/a.png', 'http://user@images.test/a.png', 'https://:secret@images.test/a.png'])('refuses credentials in %s', async (url) => {
    const error = await failure(url);
    expect(error.reason).toBe('CREDENTIALS_IN_URL');
    expect(resolved).toEqual([]);
  });

  it.each(['not a url', 'http://', '//images.test/a.png'])('refuses the malformed URL %j', async (url) => {
    expect((await failure(url)).reason).toBe('INVALID_URL');
  });

  it.each(['http://images.test:8080/a.png', 'https://images.test:8443/a.png', 'http://images.test:22/', 'http://images.test:6379/', 'http://images.test:65535/x'])(
    'refuses the non-standard port in %s before any lookup',
    async (url) => {
      const error = await failure(url);
      expect([error.reason, error.stage]).toEqual(['PORT_NOT_ALLOWED', 'url']);
      expect(resolved).toEqual([]);
    },
  );

  it.each(['http://images.test:443/a.png', 'https://images.test:80/a.png', 'HTTP://IMAGES.TEST:443/a.png', 'http://images.test:0443/a.png'])(
    'refuses %s, where scheme and port disagree, before any lookup (and whatever the port rule allows)',
    async (url) => {
      const lenient = new SafeImageFetcher({ isAllowedPort: () => true, resolve: () => Promise.reject(new Error('no lookup expected')), onRefused: (event) => refusals.push(event) });
      for (const using of [fetcher, lenient]) {
        const error: unknown = await using.fetch(url).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ImageFetchError);
        expect([(error as ImageFetchError).reason, (error as ImageFetchError).stage, (error as ImageFetchError).refused]).toEqual(['PORT_NOT_ALLOWED', 'url', true]);
      }
      expect(resolved).toEqual([]);
    },
  );

  it.each(['http://images.test/a.png', 'http://images.test:80/a.png', 'https://images.test/a.png', 'https://images.test:443/a.png'])(
    'lets the standard port in %s through to the address check',
    async (url) => {
      const error = await failure(url);
      expect([error.reason, error.stage]).toEqual(['FORBIDDEN_ADDRESS', 'lookup']);
      expect(resolved).toEqual(['images.test']);
    },
  );

  it('has a port rule that allows each scheme only its own standard port', () => {
    expect(standardPortsOnly(new URL('http://a.test/'))).toBe(true);
    expect(standardPortsOnly(new URL('https://a.test:443/'))).toBe(true);
    expect(standardPortsOnly(new URL('http://a.test:80/'))).toBe(true);
    expect(standardPortsOnly(new URL('http://a.test:8080/'))).toBe(false);
    expect(standardPortsOnly(new URL('http://a.test:443/'))).toBe(false);
    expect(standardPortsOnly(new URL('https://a.test:80/'))).toBe(false);
  });

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0.0.0.0/',
    'http://0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://169.254.169.254/latest/meta-data',
    'http://0xa9fea9fe/latest/meta-data',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://100.64.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'https://127.0.0.1/',
  ])('refuses the address literal %s without a lookup or a connection', async (url) => {
    const error = await failure(url);
    expect([error.reason, error.stage]).toEqual(['FORBIDDEN_ADDRESS', 'url']);
    expect(resolved).toEqual([]);
    expect(refusals).toEqual([expect.objectContaining({ reason: 'FORBIDDEN_ADDRESS', stage: 'url' })]);
  });

  it.each([
    ['metadata.test', '169.254.169.254'],
    ['mixed.test', '10.0.0.5'],
    ['loopback6.test', '::1'],
    ['mapped.test', '::ffff:127.0.0.1'],
    ['nat64.test', '64:ff9b::a9fe:a9fe'],
    ['garbage.test', 'not-an-address'],
  ])('refuses %s in the lookup step because it resolves to %s', async (host, address) => {
    const error = await failure(`http://${host}/a.png`);
    expect([error.reason, error.stage]).toEqual(['FORBIDDEN_ADDRESS', 'lookup']);
    expect(refusals).toEqual([{ reason: 'FORBIDDEN_ADDRESS', stage: 'lookup', url: `http://${host}/a.png`, address, port: 80 }]);
  });

  it('treats a name without addresses, or a failed lookup, as a network failure', async () => {
    const empty = await failure('http://empty.test/a.png');
    expect([empty.reason, empty.refused]).toEqual(['NETWORK', false]);
    expect((await failure('http://unknown.test/a.png')).reason).toBe('NETWORK');
  });
});
