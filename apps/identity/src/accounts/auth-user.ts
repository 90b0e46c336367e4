import { type AuthUser, Role, UserGender } from '@closetly/contracts';
import type { IdentityConfig } from '../config';
import type { AccountRow } from './accounts.repository';

/** The account as clients see it (spec's sign-up user record plus roles). */
export function toAuthUser(account: AccountRow): AuthUser {
  const gender = UserGender.safeParse(account.gender);
  return {
    uid: account.id,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    gender: gender.success ? gender.data : '',
    roles: account.roles.filter((role): role is Role => Role.safeParse(role).success),
  };
}

/** The roles ADMIN_EMAILS gives an address its owner has proved (sign-up alone grants nothing: callers check the proof). */
export function rolesOfProvedAddress(config: Pick<IdentityConfig, 'adminEmails'>, email: string): string[] {
  return config.adminEmails.includes(email) ? ['admin'] : [];
}
