import { randomBytes } from 'node:crypto';
import type { SignUpRequest } from '@closetly/contracts';
import { uniqueName } from '@closetly/testing';

/** A password that meets the rule: upper, lower, digit, symbol, 8+ characters, nothing else. */
export const strongPassword = (): string => `Closet!${randomBytes(4).toString('hex')}Q7`;

/** An e-mail no other test (or run) uses, already in its stored form. */
export const uniqueEmail = (label = 'user'): string => `${uniqueName(label)}@example.com`.toLowerCase();

/** A valid sign-up request for a new account. */
export function newAccount(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  return { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: strongPassword(), gender: 'female', ...overrides };
}
