import jwt from 'jsonwebtoken';
import { callDataDigest, generateInProcessCallKey, generateInternalCallKeys, InternalCallSigner, InternalCallVerifier, internalKeyIdOf, MAX_ASSERTION_SECONDS, publicKeysFromPem } from './internal-calls';

const gateway = generateInternalCallKeys();
const search = generateInternalCallKeys();
const verifier = new InternalCallVerifier([
  { caller: 'gateway', publicKey: gateway.publicKey },
  { caller: 'search', publicKey: search.publicKey },
]);
const gatewaySigner = new InternalCallSigner(gateway.privateKey);
const searchSigner = new InternalCallSigner(search.privateKey);
const soon = () => Date.now() + 5_000;
const admin = { caller: { uid: 'u-1', sid: 's-1', roles: ['admin'] }, productId: 'p-1', hidden: true };
const call = (overrides: Partial<Parameters<InternalCallVerifier['check']>[1]> = {}) => ({
  service: 'catalogue',
  pattern: 'catalogue.set-hidden',
  data: admin,
  allowed: ['gateway'] as const,
  ...overrides,
});

describe('internal-call assertions', () => {
  it('accepts the gateway’s assertion for exactly this call and data, naming the caller', () => {
    const assertion = gatewaySigner.assert('catalogue', 'catalogue.set-hidden', admin, soon());
    expect(verifier.check(assertion, call())).toEqual({ ok: true, caller: 'gateway' });
    // What travels is JSON: the same data after a round trip is still covered.
    expect(verifier.check(assertion, call({ data: JSON.parse(JSON.stringify(admin)) as unknown }))).toEqual({ ok: true, caller: 'gateway' });
  });

  it.each([
    ['nothing', undefined],
    ['an empty string', ''],
    ['a number', 42],
    ['a token that is not a JWT', 'not-a-token'],
  ])('refuses %s as an assertion', (_case, assertion) => {
    expect(verifier.check(assertion, call())).toMatchObject({ ok: false });
  });

  it('refuses the assertion when the data changed: another caller, more roles, another product', () => {
    const assertion = gatewaySigner.assert('catalogue', 'catalogue.set-hidden', { ...admin, caller: { ...admin.caller, roles: [] } }, soon());
    expect(verifier.check(assertion, call())).toEqual({ ok: false, reason: 'made for other data' });
    expect(verifier.check(gatewaySigner.assert('catalogue', 'catalogue.set-hidden', admin, soon()), call({ data: { ...admin, productId: 'p-2' } }))).toMatchObject({ ok: false });
  });

  it('refuses an assertion made for another service or another call', () => {
    expect(verifier.check(gatewaySigner.assert('wardrobe', 'catalogue.set-hidden', admin, soon()), call())).toMatchObject({ ok: false, reason: expect.stringContaining('audience') });
    expect(verifier.check(gatewaySigner.assert('catalogue', 'catalogue.get-product', admin, soon()), call())).toEqual({ ok: false, reason: 'made for another call' });
  });

  it('refuses an assertion past its lifetime (the call’s deadline), beyond two seconds of clock difference', () => {
    const expired = gatewaySigner.assert('catalogue', 'catalogue.set-hidden', admin, Date.now() - 3_500);
    expect(verifier.check(expired, call())).toMatchObject({ ok: false, reason: 'jwt expired' });
  });

  it('never lets an assertion live longer than a minute, whatever the deadline', () => {
    const assertion = gatewaySigner.assert('catalogue', 'catalogue.set-hidden', admin, Date.now() + 3_600_000);
    const { exp } = jwt.decode(assertion) as { exp: number };
    expect(exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + MAX_ASSERTION_SECONDS);
  });

  it('refuses a key it does not trust, a token with its signature changed, and one made with another algorithm', () => {
    const stranger = new InternalCallSigner(generateInternalCallKeys().privateKey);
    expect(verifier.check(stranger.assert('catalogue', 'catalogue.set-hidden', admin, soon()), call())).toMatchObject({ ok: false, reason: 'unknown or missing key id' });
    const genuine = gatewaySigner.assert('catalogue', 'catalogue.set-hidden', admin, soon());
    const [head, body, signature] = genuine.split('.');
    const tampered = `${head}.${body}.${signature!.slice(0, -4)}AAAA`;
    expect(verifier.check(tampered, call())).toMatchObject({ ok: false });
    // An HMAC token naming the gateway's key id, signed with its public key as the secret (the classic confusion).
    const confused = jwt.sign({ aud: 'catalogue', pat: 'catalogue.set-hidden', dig: callDataDigest(admin), exp: Math.floor(soon() / 1000) }, gateway.publicPem, {
      algorithm: 'HS256',
      keyid: internalKeyIdOf(gateway.publicKey),
    });
    expect(verifier.check(confused, call())).toMatchObject({ ok: false });
  });

  it('accepts a caller only for the calls the contract lets it make', () => {
    const snapshot = { after: null, limit: 100 };
    const bySearch = searchSigner.assert('catalogue', 'catalogue.snapshot', snapshot, soon());
    expect(verifier.check(bySearch, call({ pattern: 'catalogue.snapshot', data: snapshot, allowed: ['search'] }))).toEqual({ ok: true, caller: 'search' });
    const adminBySearch = searchSigner.assert('catalogue', 'catalogue.set-hidden', admin, soon());
    expect(verifier.check(adminBySearch, call())).toEqual({ ok: false, reason: "the key's caller may not make this call" });
  });

  it('reads every public key of a PEM text, so a rotation can trust the old and the new key', () => {
    const next = generateInternalCallKeys();
    const keys = publicKeysFromPem(`${gateway.publicPem}\n${next.publicPem}`);
    expect(keys.map(internalKeyIdOf)).toEqual([internalKeyIdOf(gateway.publicKey), internalKeyIdOf(next.publicKey)]);
    const rotating = new InternalCallVerifier(keys.map((publicKey) => ({ caller: 'gateway' as const, publicKey })));
    expect(rotating.check(new InternalCallSigner(next.privateKey).assert('catalogue', 'catalogue.set-hidden', admin, soon()), call())).toMatchObject({ ok: true });
    expect(rotating.check(gatewaySigner.assert('catalogue', 'catalogue.set-hidden', admin, soon()), call())).toMatchObject({ ok: true });
  });
});

describe('internal-call assertions inside the embedded process (a secret key)', () => {
  it('signs with HMAC, is accepted with the same key, and an HMAC assertion is refused where an EC key is trusted', () => {
    const key = generateInProcessCallKey();
    const inProcess = new InternalCallVerifier([{ caller: 'gateway', publicKey: key }]);
    const assertion = new InternalCallSigner(key).assert('catalogue', 'catalogue.set-hidden', admin, soon());
    expect((jwt.decode(assertion, { complete: true })?.header as { alg: string }).alg).toBe('HS256');
    expect(inProcess.check(assertion, call())).toEqual({ ok: true, caller: 'gateway' });
    expect(verifier.check(assertion, call())).toMatchObject({ ok: false });
    expect(inProcess.check(new InternalCallSigner(generateInProcessCallKey()).assert('catalogue', 'catalogue.set-hidden', admin, soon()), call())).toMatchObject({ ok: false });
  });
});
