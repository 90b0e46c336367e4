import { type SigningKeys } from '@closetly/server';
import jwt from 'jsonwebtoken';

/** The one thing an unsubscribe token may do: a token for anything else (an access token, say) is refused. */
export const UNSUBSCRIBE_PURPOSE = 'price-alerts-unsubscribe';
const ISSUER = 'closetly-profile';

/**
 * The digest mail's one-click unsubscribe links: a JWT (HS256, a key only the profile service holds,
 * UNSUBSCRIBE_TOKEN_SECRET) whose subject is the account and whose purpose is UNSUBSCRIBE_PURPOSE. It needs
 * no sign-in and is good for one thing only: turning that account's price alerts off.
 */
export class UnsubscribeTokens {
  constructor(
    private readonly keys: SigningKeys,
    private readonly ttlDays: number,
  ) {}

  sign(accountId: string, now: Date): string {
    const key = this.keys.current;
    const iat = Math.floor(now.getTime() / 1000);
    return jwt.sign({ purpose: UNSUBSCRIBE_PURPOSE, iat, exp: iat + this.ttlDays * 86_400 }, key.keyObject, { algorithm: 'HS256', issuer: ISSUER, subject: accountId, keyid: key.id });
  }

  /** The account the token unsubscribes, or undefined for anything but a valid, unexpired unsubscribe token. */
  verify(token: string, now: Date): string | undefined {
    const decoded = jwt.decode(token, { complete: true });
    const key = this.keys.find(decoded?.header.kid);
    if (!key) return undefined;
    try {
      const claims = jwt.verify(token, key.keyObject, { algorithms: ['HS256'], issuer: ISSUER, clockTimestamp: Math.floor(now.getTime() / 1000) }) as jwt.JwtPayload;
      return claims.purpose === UNSUBSCRIBE_PURPOSE && typeof claims.sub === 'string' && claims.sub.length > 0 ? claims.sub : undefined;
    } catch {
      return undefined;
    }
  }
}
