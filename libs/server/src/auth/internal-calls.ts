import { createHash, createPrivateKey, createPublicKey, createSecretKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { InternalCaller } from '@closetly/contracts';
import jwt from 'jsonwebtoken';

/**
 * Internal-call assertions: how a service knows an RPC message came from the gateway (or, for the few
 * calls it makes, from search) and not from any process that can reach its port.
 *
 * The caller signs, per call, a short JWT (ES256) whose audience is the service, naming the call's
 * pattern and a digest of its data: the caller and roles inside the data are covered by the signature,
 * so a message claiming `roles: ['admin']` needs the caller's private key. It lives until the call's
 * deadline (at most MAX_ASSERTION_SECONDS): replayed later it is refused; replayed sooner it can only
 * repeat the very same call. Asymmetric keys, so services hold only public keys: a service broken into
 * cannot speak for the gateway to another service.
 */

/** An assertion never lives longer than this, whatever deadline the call has (RPC_TIMEOUT_MS is at most 60 s). */
export const MAX_ASSERTION_SECONDS = 60;
/** Clocks of two processes may differ by this much. */
const CLOCK_TOLERANCE_SECONDS = 2;

/**
 * ES256 between processes. Inside the embedded process, where an assertion never leaves memory, an
 * HMAC key made at start does the same job at a fifth of the CPU (about 0.7 ms a call with ES256 on
 * a slow machine, signing and checking in one process). The key's type decides the one algorithm a
 * token may use, so a token cannot pick its own.
 */
const algorithmOf = (key: KeyObject): 'ES256' | 'HS256' => (key.type === 'secret' ? 'HS256' : 'ES256');

/** The key id a token names: the first 16 hex characters of the SHA-256 of the public key (DER), or of the secret, so operators never configure ids. */
export const internalKeyIdOf = (key: KeyObject): string =>
  createHash('sha256')
    .update(key.type === 'secret' ? key.export() : key.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);

/** What an assertion covers of a call's data: the SHA-256 of its JSON (what travels; key order survives the trip). */
export const callDataDigest = (data: unknown): string => createHash('sha256').update(JSON.stringify(data ?? null)).digest('base64url');

interface AssertionClaims {
  aud: string;
  /** The call's pattern. */
  pat: string;
  /** callDataDigest of its data. */
  dig: string;
  exp: number;
}

export class InternalCallSigner {
  private readonly keyId: string;

  /** `key`: an EC private key (between processes), or a secret key (inside the embedded process). */
  constructor(private readonly key: KeyObject) {
    this.keyId = internalKeyIdOf(key.type === 'secret' ? key : createPublicKey(key));
  }

  /** An assertion for one call of `pattern` to `service` with `data`, valid until `deadline` (epoch ms, capped). */
  assert(service: string, pattern: string, data: unknown, deadline: number): string {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const exp = Math.min(Math.ceil(deadline / 1000), nowSeconds + MAX_ASSERTION_SECONDS);
    const claims: AssertionClaims = { aud: service, pat: pattern, dig: callDataDigest(data), exp };
    return jwt.sign(claims, this.key, { algorithm: algorithmOf(this.key), keyid: this.keyId, noTimestamp: true });
  }
}

export interface TrustedCallerKey {
  caller: InternalCaller;
  /** The caller's public key, or the embedded process's secret key. */
  publicKey: KeyObject;
}

export type AssertionCheck = { ok: true; caller: InternalCaller } | { ok: false; reason: string };

export class InternalCallVerifier {
  /** Key id → the callers that key speaks for (one key may speak for several: the embedded process has one). */
  private readonly keys = new Map<string, { publicKey: KeyObject; callers: Set<InternalCaller> }>();

  constructor(trusted: readonly TrustedCallerKey[]) {
    for (const { caller, publicKey } of trusted) {
      const id = internalKeyIdOf(publicKey);
      const known = this.keys.get(id) ?? { publicKey, callers: new Set<InternalCaller>() };
      known.callers.add(caller);
      this.keys.set(id, known);
    }
  }

  /** Whether `assertion` proves this call of `pattern` to `service` with `data` by one of `allowed`. Never throws. */
  check(assertion: unknown, call: { service: string; pattern: string; data: unknown; allowed: readonly InternalCaller[] }): AssertionCheck {
    if (typeof assertion !== 'string' || assertion.length === 0) return { ok: false, reason: 'no assertion' };
    const header = jwt.decode(assertion, { complete: true })?.header;
    const key = header?.kid === undefined ? undefined : this.keys.get(header.kid);
    if (!key) return { ok: false, reason: 'unknown or missing key id' };
    let claims: Partial<AssertionClaims>;
    try {
      claims = jwt.verify(assertion, key.publicKey, { algorithms: [algorithmOf(key.publicKey)], audience: call.service, clockTolerance: CLOCK_TOLERANCE_SECONDS }) as Partial<AssertionClaims>;
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
    if (typeof claims.exp !== 'number') return { ok: false, reason: 'no expiry' };
    if (claims.pat !== call.pattern) return { ok: false, reason: 'made for another call' };
    if (claims.dig !== callDataDigest(call.data)) return { ok: false, reason: 'made for other data' };
    const caller = call.allowed.find((allowed) => key.callers.has(allowed));
    if (!caller) return { ok: false, reason: `the key's caller may not make this call` };
    return { ok: true, caller };
  }
}

/** Every public key in a PEM text (one or more blocks, so a rotation can trust the old and the new key at once). */
export function publicKeysFromPem(text: string): KeyObject[] {
  const blocks = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];
  return blocks.map((block) => createPublicKey(block));
}

export const privateKeyFromPem = (text: string): KeyObject => createPrivateKey(text);

/** A fresh secret key for the embedded process's own calls (never leaves it). */
export const generateInProcessCallKey = (): KeyObject => createSecretKey(randomBytes(32));

/** A fresh P-256 key pair (the local launcher makes one per start, tests too). */
export function generateInternalCallKeys(): { privateKey: KeyObject; publicKey: KeyObject; privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
