import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { isOpaque, maskSecretText } from './secret-text';

/** The product's token shapes, made the way the product makes them. */
const randomToken = () => randomBytes(32).toString('base64url'); // refresh, reset, login codes
const betaToken = () => {
  const body = `v1.k1.${Math.floor(Date.now() / 1000) + 3600}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${createHmac('sha256', randomBytes(32)).update(body).digest('base64url')}`;
};
const accessToken = () => jwt.sign({ sub: randomUUID(), sid: randomUUID(), typ: 'access', roles: [] }, randomBytes(32).toString('base64url'), { keyid: 'k1' });

describe('maskSecretText', () => {
  it.each([
    ['a plain address', 'mail to ada@example.com refused', 'mail to [email] refused'],
    ['an address in angle brackets (an SMTP answer)', '550 5.1.1 <ada.lovelace+closet@mail.example.co.uk>: Recipient address rejected', '550 5.1.1 <[email]>: Recipient address rejected'],
    ['an address in a query string, percent-encoded', '/api/x?email=ada%40example.com&next=1', '/api/x?email=[email]&next=1'],
    ['an address with an apostrophe, as the sign-up rule allows', "o'hara_1@example.io", '[email]'],
    ['an address of another script', 'zoë@bücher.example', '[email]'],
    ['an address in JSON text', '{"email":"grace@example.com"}', '{"email":"[email]"}'],
    ['URL credentials', 'connect ECONNREFUSED postgres://closetly:s3cret-pw@db.internal:5432/closetly', 'connect ECONNREFUSED postgres://[credentials]@db.internal:5432/closetly'],
    ['a bearer credential', 'header was Bearer not-a-jwt-at-all', 'header was Bearer [token]'],
    ['a basic credential', 'authorization: Basic YWRhOmh1bnRlcjI=', 'authorization: Basic [token]'],
  ])('masks %s', (_what, text, masked) => {
    expect(maskSecretText(text)).toBe(masked);
  });

  it.each([
    ['an access token (JWT)', accessToken],
    ['a refresh, reset or login token', randomToken],
    ['a beta token (dotted parts, one an HMAC)', betaToken],
    ['a JWT without its signature', () => accessToken().split('.').slice(0, 2).join('.')],
  ])('masks %s whole, wherever it stands', (_what, make) => {
    const token = make();
    for (const text of [token, `token=${token}`, `"${token}"`, `reset-password?token=${token}&x=1`, `line one\n${token}\nline three`]) {
      const masked = maskSecretText(text);
      expect(masked).not.toContain(token);
      expect(masked).toContain('[token]');
    }
  });

  it('masks a thousand random tokens of each kind (the opacity rule holds for the product’s tokens)', () => {
    const leaked = [...Array.from({ length: 1000 }, randomToken), ...Array.from({ length: 1000 }, betaToken)].filter((token) => maskSecretText(`t ${token} t`) !== 't [token] t');
    expect(leaked).toEqual([]);
  });

  it.each([
    ['a UUID (ids and correlation ids)', `request ${randomUUID()} done`],
    ['a hex digest', `sha256 ${randomBytes(32).toString('hex')}`],
    ['a long class name', 'PasswordResetRequestedConsumerHandler failed'],
    ['a Kafka client id', `closetly_m1x2y3_ab12cd-identity-producer-${randomUUID()}`],
    ['a stack trace', 'Error: boom\n    at EventInbox.consume (/work/libs/server/src/events/event-inbox.ts:42:13)\n    at node:internal/process/task_queues:95:5'],
    ['a package path with a version', 'node_modules/.pnpm/@nestjs+core@11.1.6/node_modules/@nestjs/core/index.js'],
    ['a URL without credentials', 'GET https://www.nordstrom.com:443/s/item/123?color=red'],
    ['an ISO time and numbers', '2025-01-02T03:04:05.678Z took 12 ms, 3 of 4'],
    ['the masks themselves', '[email] [token] [credentials]'],
    ['a word that starts like a JWT', 'Eyjafjallajökull and eyJ alone'],
  ])('keeps %s', (_what, text) => {
    expect(maskSecretText(text)).toBe(text);
  });

  it('masks a token of exactly the shortest opaque length, beside ids that are left alone', () => {
    const id = randomUUID();
    expect(maskSecretText(`${id} /api/x/AbCdEfGhIjKlMnOpQrStUvWxYz012345 done`)).toBe(`${id} /api/x/[token] done`);
    expect(maskSecretText(`session ${id}.AbCdEfGhIjKlMnOpQrStUvWxYz012345`)).toBe('session [token]');
  });

  it('returns a string with nothing a secret needs as it is: an access line\'s keys, path, message and correlation id', () => {
    for (const text of ['method', 'path', '/api/popular-items', '/api/products/category/outerwear', 'request', randomUUID(), 'PasswordResetRequestedConsumerHandler', 'a'.repeat(64)]) {
      expect(maskSecretText(text)).toBe(text);
    }
  });

  it('is linear on a long string with no secret (no retry at every character)', () => {
    const long = `${'a'.repeat(200_000)}.${'b-'.repeat(100_000)}${'%'.repeat(100_000)}`;
    const started = process.hrtime.bigint();
    expect(maskSecretText(long)).toBe(long);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
  });
});

describe('isOpaque', () => {
  it('takes mixed-case base64url with a digit, or with both cases in even measure', () => {
    expect(isOpaque('AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe(true);
    expect(isOpaque('AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEf')).toBe(true);
  });

  it('leaves short parts, one-case parts and identifiers', () => {
    expect(isOpaque('AbC1')).toBe(false);
    expect(isOpaque('abcdefghijklmnopqrstuvwxyz0123456789')).toBe(false);
    expect(isOpaque('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')).toBe(false);
    expect(isOpaque('PasswordResetRequestedConsumerHandler')).toBe(false);
  });
});
