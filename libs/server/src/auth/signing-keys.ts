import { createHash, createSecretKey, type KeyObject } from 'node:crypto';

/**
 * A key's id, derived from the key itself so operators never configure ids:
 * the first 16 hex characters of its SHA-256. Tokens carry it so a verifier
 * picks the key by id (current or previous) instead of trying each.
 */
export const keyIdOf = (secret: string): string => createHash('sha256').update(secret).digest('hex').slice(0, 16);

export interface SigningKey {
  id: string;
  secret: string;
  /**
   * The secret as a KeyObject, made once: handed a string, jsonwebtoken first tries to parse it as a
   * public or private key and only then makes a secret key, on every sign and verify (10 s of the
   * gateway's CPU in a 1,000-save burst).
   */
  keyObject: KeyObject;
}

const signingKey = (secret: string): SigningKey => ({ id: keyIdOf(secret), secret, keyObject: createSecretKey(Buffer.from(secret)) });

/**
 * The keys of one kind of signature during rotation: the current one signs,
 * current and (optionally) previous verify. A token naming any other id is
 * refused, so a retired key stops working the moment it leaves the config.
 */
export class SigningKeys {
  readonly current: SigningKey;
  private readonly byId: ReadonlyMap<string, SigningKey>;

  constructor(currentSecret: string, previousSecret?: string) {
    this.current = signingKey(currentSecret);
    const keys = [this.current];
    if (previousSecret !== undefined && previousSecret !== currentSecret) keys.push(signingKey(previousSecret));
    this.byId = new Map(keys.map((key) => [key.id, key]));
  }

  /** The verifying key a token names, or undefined for a missing, malformed or retired id. */
  find(keyId: unknown): SigningKey | undefined {
    return typeof keyId === 'string' ? this.byId.get(keyId) : undefined;
  }

  /** Every key that verifies, current first. */
  get verifying(): SigningKey[] {
    return [...this.byId.values()];
  }
}
