import { Inject, Injectable } from '@nestjs/common';
import {
  type AccountList,
  type AuthSession,
  type AuthUser,
  type Caller,
  type DataHeld,
  DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE,
  DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE,
  EXTENSION_TOKEN_SCOPE_MESSAGE,
  type ExtensionToken,
  FRESH_SIGN_IN_MINUTES,
  type IdentityExport,
  isExtensionScoped,
  type SignInRequest,
  type SignUpRequest,
  type UserRecordRequest,
} from '@closetly/contracts';
import { type Db, OutboxWriter, UnitOfWork } from '@closetly/server';
import { CLOCK, type Clock, systemClock } from '../clock';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { EmailConfirmationService } from '../email-confirmation/email-confirmation.service';
import { IdentityError } from '../identity.errors';
import { SessionsService } from '../sessions/sessions.service';
import { SignInThrottle } from '../sign-in-throttle/sign-in-throttle.service';
import { type AccountRow, AccountsRepository } from './accounts.repository';
import { rolesOfProvedAddress, toAuthUser } from './auth-user';
import { EmailProof } from './email-proof';
import { PasswordHasher } from './password-hasher';

/** What opened a session, as the gateway read it (see identity.sign-in). */
type WithDevice = { device?: string | undefined };
/** The client address the attempt came from, as the gateway read it. */
type WithClient = { client: string };

/** Accounts: sign-up, sign-in, the user record, the owner's export and deletion, and the admin role from configuration. */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly accounts: AccountsRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
    private readonly throttle: SignInThrottle,
    private readonly proof: EmailProof,
    private readonly emailConfirmation: EmailConfirmationService,
    @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** Creates the account (with the spec's user record), tells the other services (identity.account-registered.v1) and opens a session, in one transaction. */
  async signUp(request: SignUpRequest & WithDevice): Promise<AuthSession> {
    const passwordHash = await this.passwords.hash(request.password);
    return this.uow.run(async (tx) => {
      const account = await this.accounts.insert(
        {
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          gender: request.gender ?? '',
          // Nobody has proved the address yet, so ADMIN_EMAILS grants nothing until they do.
          roles: [],
        },
        tx,
      );
      if (!account) throw new IdentityError('EMAIL_TAKEN', 'An account with this email already exists.');
      await this.registered(account, tx);
      // The account works at once; the link proves the address (EmailConfirmationService).
      await this.emailConfirmation.sendLink(account, tx);
      return this.sessions.open(account, request.device ?? null, tx);
    });
  }

  /**
   * A new account, by sign-up or third-party sign-in: the profile service (and later others) learns of it
   * through the outbox, in the transaction that inserts it, so the event leaves if and only if the account exists.
   */
  async registered(account: AccountRow, tx: Db): Promise<void> {
    const { uid, email, firstName, lastName, gender } = toAuthUser(account);
    await this.outbox.add(tx, 'identity.account-registered.v1', uid, { accountId: uid, email, firstName, lastName, gender });
  }

  /**
   * Same answer and the same work (one argon2 verification) for an unknown e-mail, a wrong password and an
   * account without a password. A hash made with older argon2 settings is replaced while we hold the password.
   * The throttle admits the attempt first (counted as a failure until the password proves right), or refuses it.
   */
  async signIn(request: SignInRequest & WithDevice & WithClient): Promise<AuthSession> {
    await this.throttle.admit(request.email, request.client);
    const account = await this.accounts.findByEmail(request.email);
    const matches = await this.passwords.verify(account?.passwordHash, request.password);
    if (!account?.passwordHash || !matches) throw IdentityError.invalidCredentials();
    await this.throttle.succeeded(request.email, request.client);
    if (!account.disabledAt && this.passwords.needsRehash(account.passwordHash)) {
      await this.accounts.replacePasswordHash(account.id, account.passwordHash, await this.passwords.hash(request.password));
    }
    return this.openSession(account, request.device ?? null);
  }

  /**
   * A provider has vouched that the caller owns this account's e-mail address. An account that never proved
   * its address may have been registered by someone else first (pre-account hijacking): the owner wins, so
   * the password stops working and every session ends. Access tokens already issued are deny-listed with them.
   */
  async ownerProvedEmail(account: AccountRow, tx: Db): Promise<void> {
    if (account.emailVerifiedAt) return;
    await this.accounts.update(account.id, { passwordHash: null }, tx);
    await this.proof.prove(account.id, 'provider', tx);
    await this.sessions.revokeAll(account.id, 'e-mail proved by its owner', tx);
  }

  /** A session for an account that has proved who it is (password or provider): none when disabled, with the roles ADMIN_EMAILS gives now. */
  async openSession(account: AccountRow, device: string | null = null): Promise<AuthSession> {
    if (account.disabledAt) throw new IdentityError('ACCOUNT_DISABLED', 'This account has been disabled');
    return this.sessions.open(await this.withCurrentRoles(account), device);
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
    const account = await this.liveAccount(this.fullScope(caller));
    if (record.uid !== account.id || record.email !== account.email) {
      throw new IdentityError('FORBIDDEN', 'You can only update your own user record.');
    }
    const updated = await this.accounts.update(account.id, { firstName: record.firstName, lastName: record.lastName, gender: record.gender });
    if (!updated) throw new IdentityError('NOT_FOUND', 'Account not found');
    return toAuthUser(updated);
  }

  /** Admin only; the role is checked here against the stored account, not only by the gateway. */
  async listAccounts(caller: Caller): Promise<AccountList> {
    const account = await this.liveAccount(this.fullScope(caller));
    if (!account.roles.includes('admin')) throw new IdentityError('FORBIDDEN', 'Unauthorized access.');
    return (await this.accounts.list()).map((row) => ({ uid: row.id, email: row.email, roles: toAuthUser(row).roles, createdAt: row.createdAt.toISOString() }));
  }

  /** A token for the Chrome extension in the caller's session. Only a full-scope caller may mint one: an extension token cannot mint another. */
  async mintExtensionToken(caller: Caller): Promise<ExtensionToken> {
    const account = await this.liveAccount(this.fullScope(caller));
    return this.sessions.extensionToken(account.id, caller.sid);
  }

  /** Ends every session of the caller's account: every access, refresh and extension token of it stops working at once. */
  async signOutEverywhere(caller: Caller): Promise<void> {
    const account = await this.liveAccount(this.fullScope(caller));
    await this.sessions.revokeAll(account.id, 'signed out everywhere');
  }

  /** GDPR art. 15/20: what identity holds about the caller, never a password hash, token or provider subject id. */
  async exportAccount(caller: Caller): Promise<IdentityExport> {
    const account = await this.liveAccount(this.fullScope(caller));
    const [links, sessions] = await Promise.all([this.accounts.externalIdentitiesOf(account.id), this.sessions.listFor(account.id)]);
    const user = toAuthUser(account);
    return {
      account: { ...user, emailVerified: account.emailVerifiedAt !== null, hasPassword: account.passwordHash !== null, createdAt: account.createdAt.toISOString() },
      signInMethods: links.map((link) => ({ provider: link.issuer, linkedAt: link.createdAt.toISOString() })),
      sessions: sessions.map((session) => ({
        device: session.device,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
        endedAt: session.revokedAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * GDPR art. 17. The owner proves it is them again (an open screen is not enough): the current password, or
   * for an account without one a sign-in within FRESH_SIGN_IN_MINUTES. Then, in one transaction, every session
   * ends (its access tokens deny-listed at once), the account and everything identity keeps for it are deleted,
   * and identity.account-deleted.v1 tells every other service to delete theirs. The e-mail is free again.
   */
  async deleteAccount(caller: Caller, password: string | undefined): Promise<void> {
    const account = await this.liveAccount(this.fullScope(caller));
    if (account.passwordHash !== null) {
      // One argon2 verification whether or not a password came, so a missing one answers like a wrong one.
      if (!(await this.passwords.verify(account.passwordHash, password ?? ''))) {
        throw new IdentityError('REAUTHENTICATION_FAILED', DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE);
      }
    } else {
      const session = await this.sessions.find(caller.sid);
      const freshSince = this.clock().getTime() - FRESH_SIGN_IN_MINUTES * 60_000;
      if (!session || session.createdAt.getTime() < freshSince) throw new IdentityError('REAUTHENTICATION_FAILED', DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE);
    }
    await this.uow.run((tx) => this.erase(account.id, 'account deleted', tx));
  }

  /**
   * A provider has vouched that the caller owns the address of an account nobody proved (registered by someone
   * else first, perhaps): that account is not handed over. It is erased as a deletion is (sessions ended, its
   * rows gone, identity.account-deleted.v1 so the profile, wardrobe and catalogue erase theirs), and the owner
   * starts with a new account: nothing the registrant wrote, saved or named is theirs to see.
   */
  async discardUnprovedClaim(account: AccountRow, tx: Db): Promise<void> {
    if (account.emailVerifiedAt) throw new Error('an account whose e-mail is proved is its owner’s, never discarded');
    await this.erase(account.id, 'e-mail proved by its owner', tx);
  }

  private async erase(accountId: string, reason: string, tx: Db): Promise<void> {
    await this.sessions.revokeAll(accountId, reason, tx);
    if (!(await this.accounts.delete(accountId, tx))) throw new IdentityError('UNAUTHENTICATED', 'Please sign in again.');
    await this.outbox.add(tx, 'identity.account-deleted.v1', accountId, { userId: accountId });
  }

  /** An administrator's erasure check: how many rows identity holds for a user id (counts only). */
  async dataHeld(caller: Caller, userId: string): Promise<DataHeld> {
    const admin = await this.liveAccount(this.fullScope(caller));
    if (!admin.roles.includes('admin')) throw new IdentityError('FORBIDDEN', 'Unauthorized access.');
    return this.accounts.countHeldFor(userId);
  }

  /**
   * Calls the extension's token may not make (the gateway refuses them already; identity checks again, as it
   * checks the admin role against the stored account). getUser stays open: the gateway asks it whether an
   * extension token's session and account are still live.
   */
  private fullScope(caller: Caller): Caller {
    if (isExtensionScoped(caller)) throw new IdentityError('FORBIDDEN', EXTENSION_TOKEN_SCOPE_MESSAGE);
    return caller;
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
    const roles = this.rolesFor(account);
    if (roles.join() === account.roles.join()) return account;
    return (await this.accounts.update(account.id, { roles })) ?? account;
  }

  /** Only the proved owner of an address in ADMIN_EMAILS is an admin, not whoever registered it first. */
  private rolesFor(account: AccountRow): string[] {
    return account.emailVerifiedAt ? rolesOfProvedAddress(this.config, account.email) : [];
  }
}
