import { createHmac } from 'node:crypto';

/**
 * What the catalogue learns of a signed-out voter: a key for their client address, so each client counts once
 * a product without the catalogue holding the address, nor a plain hash anyone could reverse by trying every
 * IPv4 address. Keyed with a key derived from BETA_TOKEN_SECRET; after a rotation a client counts afresh, which
 * lets it replace nothing and add one vote a product at most.
 */
export function feedbackClientKey(secret: string, address: string): string {
  const key = createHmac('sha256', secret).update('feedback-voter').digest();
  return createHmac('sha256', key).update(address).digest('base64url');
}
