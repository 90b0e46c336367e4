import { createHmac } from 'node:crypto';
import { keyIdOf } from '@closetly/server';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, ImageUrlSigner } from '../../src/images/image-url-signer';

const SECRET = 'image-signer-test-secret-0123456789abcdef';
const PREVIOUS = 'image-signer-previous-secret-0123456789abc';
const RETIRED = 'image-signer-retired-secret-0123456789abcd';
const URL_ = 'https://shop.example/images/coat 1.jpg?size=large&v=2#zoom';

const parse = (signed: string) => {
  const [path, query = ''] = signed.split('?');
  const params = new URLSearchParams(query);
  return { path, url: params.get('url') ?? '', w: Number(params.get('w')), sig: params.get('sig') ?? '' };
};

describe('ImageUrlSigner', () => {
  const signer = new ImageUrlSigner(SECRET);

  it('signs into the proxy path and verifies its own signature', () => {
    const signed = parse(signer.sign(URL_, 320));
    expect(signed.path).toBe('/api/proxy-image');
    expect(signed.url).toBe(URL_);
    expect(signed.w).toBe(320);
    // <kid>.<hmac>: the kid names the key (first 16 hex characters of its SHA-256).
    expect(signed.sig).toMatch(/^[0-9a-f]{16}\.[\w-]{43}$/);
    expect(signed.sig.split('.')[0]).toBe(keyIdOf(SECRET));
    expect(signer.verify(signed.url, signed.w, signed.sig)).toBe(true);
  });

  it('uses the default width when none is given', () => {
    expect(parse(signer.sign(URL_)).w).toBe(DEFAULT_IMAGE_WIDTH);
  });

  it.each(IMAGE_WIDTHS)('signs width %i', (width) => {
    const signed = parse(signer.sign(URL_, width));
    expect(signer.verify(URL_, width, signed.sig)).toBe(true);
  });

  it('refuses a changed URL, a changed width and a changed signature', () => {
    const { sig } = parse(signer.sign(URL_, 320));
    expect(signer.verify(`${URL_}x`, 320, sig)).toBe(false);
    expect(signer.verify(URL_.replace('coat', 'cost'), 320, sig)).toBe(false);
    expect(signer.verify(URL_, 480, sig)).toBe(false);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.verify(URL_, 320, flipped)).toBe(false);
    expect(signer.verify(URL_, 320, sig.slice(0, -1))).toBe(false);
    expect(signer.verify(URL_, 320, `${sig}=`)).toBe(false);
  });

  it('refuses a missing or empty signature', () => {
    expect(signer.verify(URL_, 320, undefined)).toBe(false);
    expect(signer.verify(URL_, 320, '')).toBe(false);
  });

  it('refuses signatures made with another secret or with the beta-token key', () => {
    const other = new ImageUrlSigner(`${SECRET}-other`);
    expect(signer.verify(URL_, 320, parse(other.sign(URL_, 320)).sig)).toBe(false);
    const betaKey = createHmac('sha256', SECRET).update('beta-token').digest();
    const crossProtocol = `${keyIdOf(SECRET)}.${createHmac('sha256', betaKey).update(`320\n${URL_}`).digest('base64url')}`;
    expect(signer.verify(URL_, 320, crossProtocol)).toBe(false);
  });

  it('does not let the width and URL run into each other', () => {
    const { sig } = parse(signer.sign('https://a.example/1', 160));
    expect(signer.verify('https://a.example/1', 16, sig)).toBe(false);
    expect(signer.verify('0\nhttps://a.example/1', 16, sig)).toBe(false);
  });

  it.each([100, 500, 0, -320, 320.5, 4096])('refuses to sign width %d', (width) => {
    expect(() => signer.sign(URL_, width)).toThrow(RangeError);
  });

  it.each(['ftp://shop.example/a.jpg', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '/relative.jpg', '', `https://shop.example/${'a'.repeat(2100)}`])(
    'refuses to sign %j',
    (url) => {
      expect(() => signer.sign(url, 320)).toThrow(RangeError);
    },
  );

  it('gives an image the same address each time, and each width its own', () => {
    const signing = new ImageUrlSigner(SECRET);
    const first = signing.sign(URL_, 320);
    expect(signing.sign(URL_, 320)).toBe(first);
    expect(new ImageUrlSigner(SECRET).sign(URL_, 320)).toBe(first);
    const wider = signing.sign(URL_, 480);
    expect(wider).not.toBe(first);
    expect(signing.verify(URL_, 480, parse(wider).sig)).toBe(true);
    expect(signing.verify(URL_, 480, parse(first).sig)).toBe(false);
  });

  it('needs secrets of at least 32 characters', () => {
    expect(() => new ImageUrlSigner('short')).toThrow(/32 characters/);
    expect(() => new ImageUrlSigner(SECRET, 'short')).toThrow(/32 characters/);
  });

  describe('key rotation', () => {
    const rotating = new ImageUrlSigner(SECRET, PREVIOUS);
    const signedWith = (secret: string) => parse(new ImageUrlSigner(secret).sign(URL_, 320)).sig;

    it('signs with the current key and verifies URLs of the current and the previous key', () => {
      expect(parse(rotating.sign(URL_, 320)).sig).toBe(signedWith(SECRET));
      expect(rotating.verify(URL_, 320, signedWith(SECRET))).toBe(true);
      expect(rotating.verify(URL_, 320, signedWith(PREVIOUS))).toBe(true);
    });

    it('refuses a URL of the previous key once it is retired, and of any key not configured', () => {
      expect(signer.verify(URL_, 320, signedWith(PREVIOUS))).toBe(false);
      expect(rotating.verify(URL_, 320, signedWith(RETIRED))).toBe(false);
    });

    it("refuses a signature relabelled with another key's id, or without a kid", () => {
      const mac = signedWith(RETIRED).split('.')[1] ?? '';
      expect(rotating.verify(URL_, 320, `${keyIdOf(PREVIOUS)}.${mac}`)).toBe(false);
      expect(rotating.verify(URL_, 320, mac)).toBe(false);
      expect(rotating.verify(URL_, 320, `.${mac}`)).toBe(false);
    });
  });
});
