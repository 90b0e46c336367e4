import { Inject, Injectable } from '@nestjs/common';
import type { AccountList, AuthSession, AuthUser, Caller, SignInRequest, SignUpRequest, UserRecordRequest } from '@closetly/contracts';
import { UnitOfWork } from '@closetly/server';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { IdentityError } from '../identity.errors';
import { SessionsService } from '../sessions/sessions.service';
import { type AccountRow, AccountsRepository } from './accounts.repository';
import { toAuthUser } from './auth-user';
import { PasswordHasher } from './password-hasher';

/** Accounts: sign-up, sign-in, the user record, and the admin role from configuration. */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly accounts: AccountsRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly uow: UnitOfWork,
  ) {}

  /** Creates the account (with the spec's user record) and opens a session. */
  async signUp(request: SignUpRequest): Promise<AuthSession> {
    const passwordHash = await this.passwords.hash(request.password);
    return this.uow.run(async (tx) => {
      const account = await this.accounts.insert(
        {
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          gender: request.gender ?? '',
          roles: this.rolesFor(request.email),
        },
        tx,
      );
      if (!account) throw new IdentityError('EMAIL_TAKEN', 'An account with this email already exists.');
      return this.sessions.open(account, tx);
    });
  }

  /** Same answer and the same work (one argon2 verification) for an unknown e-mail and a wrong password. */
  async signIn(request: SignInRequest): Promise<AuthSession> {
    const account = await this.accounts.findByEmail(request.email);
    const matches = await this.passwords.verify(account?.passwordHash, request.password);
    if (!account || !matches) throw IdentityError.invalidCredentials();
    return this.openSession(account);
  }

  /** A session for an account that has proved who it is (password or provider): none when disabled, with the roles ADMIN_EMAILS gives now. */
  async openSession(account: AccountRow): Promise<AuthSession> {
    if (account.disabledAt) throw new IdentityError('ACCOUNT_DISABLED', 'This account has been disabled');
    return this.sessions.open(await this.withCurrentRoles(account));
  }

  refresh(refreshToken: string): Promise<AuthSession> {
    return this.sessions.refresh(refreshToken, async (id) => {
      const account = await this.accounts.findById(id);
      return account && this.withCurrentRoles(account);
    });
  }

  async getUser(caller: Caller): Promise<AuthUser> {
    return toAuthUser(await this.liveAccount(caller));
  }

  /** POST /api/user keeps the spec's shape; it may only touch the caller's own record, and never the e-mail or roles. */
  async updateUser(caller: Caller, record: UserRecordRequest): Promise<AuthUser> {
    const account = await this.liveAccount(caller);
    if (record.uid !== account.id || record.email !== account.email) {
      throw new IdentityError('FORBIDDEN', 'You can only update your own user record.');
    }
    const updated = await this.accounts.update(account.id, { firstName: record.firstName, lastName: record.lastName, gender: record.gender });
    if (!updated) throw new IdentityError('NOT_FOUND', 'Account not found');
    return toAuthUser(updated);
  }

  /** Admin only; the role is checked here against the stored account, not only by the gateway. */
  async listAccounts(caller: Caller): Promise<AccountList> {
    const account = await this.liveAccount(caller);
    if (!account.roles.includes('admin')) throw new IdentityError('FORBIDDEN', 'Unauthorized access.');
    return (await this.accounts.list()).map((row) => ({ uid: row.id, email: row.email, roles: toAuthUser(row).roles, createdAt: row.createdAt.toISOString() }));
  }

  private async liveAccount(caller: Caller): Promise<AccountRow> {
    const account = await this.accounts.findById(caller.uid);
    if (!account || account.disabledAt || !(await this.sessions.isLive(caller.sid))) {
      throw new IdentityError('UNAUTHENTICATED', 'Please sign in again.');
    }
    return account;
  }

  /** Admin is granted from configuration; keep the stored roles in step with it at every sign-in. */
  private async withCurrentRoles(account: AccountRow): Promise<AccountRow> {
    const roles = this.rolesFor(account.email);
    if (roles.join() === account.roles.join()) return account;
    return (await this.accounts.update(account.id, { roles })) ?? account;
  }

  private rolesFor(email: string): string[] {
    return this.config.adminEmails.includes(email) ? ['admin'] : [];
  }
}
