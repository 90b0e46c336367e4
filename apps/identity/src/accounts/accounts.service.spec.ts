import argon2 from 'argon2';
import jwt from 'jsonwebtoken';
import { type Caller, DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE, DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE, EXTENSION_TOKEN_SCOPE_MESSAGE, type SignUpRequest, type UserRecordRequest } from '@closetly/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, keyIdOf } from '@closetly/server';
import { accountRow, emailConfirmationFor, fakeUnitOfWork, inMemoryAccounts, manualClock, recordingOutbox, sessionsServiceFor, signInThrottleFor, TEST_JWT_SECRET, testConfig } from '../../test/support/unit-doubles';
import { SIGN_IN_LIMITS } from '../sign-in-throttle/sign-in-throttle.service';
import type { AccountRow } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { PasswordHasher } from './password-hasher';

const ADMIN_EMAIL = 'boss@closetly.test';
const PASSWORD = 'Closet!Passw0rd';
const INVALID_CREDENTIALS = { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' };
const UNAUTHENTICATED = { code: 'UNAUTHENTICATED' };
const EXTENSION_REFUSED = { code: 'FORBIDDEN', message: EXTENSION_TOKEN_SCOPE_MESSAGE };
const DAY_MS = 24 * 60 * 60 * 1000;
/** The client address sign-ins come from unless a test says otherwise. */
const CLIENT = '198.51.100.1';

function signUpRequest(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  return { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', password: PASSWORD, gender: 'female', ...overrides };
}

/** The service over in-memory accounts and sessions; ADMIN_EMAILS is written in another case to show it is not case-sensitive. */
async function setup(...stored: AccountRow[]) {
  const config = testConfig({ ADMIN_EMAILS: `other@closetly.test, ${ADMIN_EMAIL.toUpperCase()}` });
  const accounts = inMemoryAccounts(...stored);
  const time = manualClock();
  const sessions = sessionsServiceFor(config, time.clock);
  const passwords = new PasswordHasher();
  await passwords.onModuleInit();
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  const throttle = signInThrottleFor(time.clock);
  const email = emailConfirmationFor({ config, accounts: accounts.repository, sessions: sessions.service, uow, outbox: events.outbox, clock: time.clock });
  const service = new AccountsService(config, accounts.repository, passwords, sessions.service, uow, events.outbox, throttle.service, email.proof, email.confirmation, time.clock);
  return { service, accounts, sessions, passwords, tx, events, time, throttle, email };
}

/** A stored account that signs in with PASSWORD. */
async function withPassword(overrides: Partial<AccountRow> = {}): Promise<AccountRow> {
  return accountRow({ passwordHash: await new PasswordHasher().hash(PASSWORD), ...overrides });
}

/** Signs the account in (through the sessions service) and returns the caller the gateway would send. */
async function callerFor(sessions: Awaited<ReturnType<typeof setup>>['sessions'], account: AccountRow): Promise<Caller> {
  const { accessToken } = await sessions.service.open(account);
  const claims = jwt.decode(accessToken) as jwt.JwtPayload;
  return { uid: String(claims.sub), sid: String(claims.sid), roles: account.roles, scope: 'full' };
}

/** The caller the gateway sends for that session's extension token: no roles, extension scope. */
const extensionCallerOf = (caller: Caller): Caller => ({ ...caller, roles: [], scope: 'extension' });

function recordOf(account: AccountRow, overrides: Partial<UserRecordRequest> = {}): UserRecordRequest {
  return { uid: account.id, email: account.email, firstName: 'New', lastName: 'Name', gender: 'other', ...overrides };
}

describe('AccountsService', () => {
  describe('signUp', () => {
    it('stores the user record (gender included) with a password hash, and opens a session for it in the same transaction', async () => {
      const { service, accounts, sessions, passwords, tx } = await setup();
      const session = await service.signUp(signUpRequest());

      const [stored] = accounts.rows;
      expect(stored).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', gender: 'female', roles: [] });
      expect(stored?.passwordHash).not.toContain(PASSWORD);
      expect(await passwords.verify(stored?.passwordHash, PASSWORD)).toBe(true);
      expect(session.user).toEqual({ uid: stored?.id, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', gender: 'female', roles: [] });
      expect(accounts.repository.insert).toHaveBeenCalledWith(expect.anything(), tx);
      expect(sessions.repository.createSession).toHaveBeenCalledWith(stored?.id, null, expect.any(Date), tx);
    });

    it('issues an access token whose claims name the new account, its session and its roles', async () => {
      const { service, accounts, sessions } = await setup();
      const { accessToken } = await service.signUp(signUpRequest());

      expect(jwt.decode(accessToken)).toMatchObject({ sub: accounts.rows[0]?.id, sid: sessions.sessions[0]?.id, roles: [], typ: 'access' });
    });

    it('stores an empty gender when none is given', async () => {
      const { service, accounts } = await setup();
      await service.signUp(signUpRequest({ gender: undefined }));
      expect(accounts.rows[0]?.gender).toBe('');
    });

    it('grants no admin role at sign-up, even to an e-mail listed in ADMIN_EMAILS: nobody has proved the address yet', async () => {
      const { service, accounts } = await setup();
      const registrant = await service.signUp(signUpRequest({ email: ADMIN_EMAIL }));

      expect(registrant.user.roles).toEqual([]);
      expect(jwt.decode(registrant.accessToken)).toMatchObject({ roles: [] });
      expect(accounts.rows[0]).toMatchObject({ roles: [], emailVerifiedAt: null });
    });

    it('refuses an e-mail that is taken, and opens no session', async () => {
      const { service, sessions } = await setup(accountRow({ email: 'grace@example.com' }));

      await expect(service.signUp(signUpRequest())).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
      expect(sessions.sessions).toHaveLength(0);
    });

    it('announces the new account (identity.account-registered.v1, key = its id) in the transaction that inserts it', async () => {
      const { service, accounts, events, tx } = await setup();
      const session = await service.signUp(signUpRequest({ email: 'grace@example.com', gender: 'female' }));

      const id = accounts.rows[0]?.id;
      expect(session.user.uid).toBe(id);
      expect(events.payloads('identity.account-registered.v1')).toEqual([{ accountId: id, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', gender: 'female' }]);
      expect(events.recorded).toHaveLength(1);
      expect(events.recorded[0]?.envelope.key).toBe(id);
      expect(events.recorded[0]?.tx).toBe(tx);
    });

    it('announces an account without a gender with an empty one', async () => {
      const { service, events } = await setup();
      await service.signUp(signUpRequest({ gender: undefined }));
      expect(events.payloads('identity.account-registered.v1')).toEqual([expect.objectContaining({ gender: '' })]);
    });

    it('announces nothing when the e-mail is taken', async () => {
      const { service, events } = await setup(accountRow({ email: 'grace@example.com' }));
      await expect(service.signUp(signUpRequest())).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
      expect(events.recorded).toEqual([]);
    });
  });

  describe('signIn', () => {
    it('opens a session for the right password', async () => {
      const account = await withPassword();
      const { service } = await setup(account);

      const session = await service.signIn({ client: CLIENT, email: account.email, password: PASSWORD });
      expect(jwt.decode(session.accessToken)).toMatchObject({ sub: account.id, typ: 'access' });
    });

    it('answers an unknown e-mail and a wrong password alike, after one password verification each', async () => {
      const account = await withPassword();
      const { service, passwords, sessions } = await setup(account);
      const verify = jest.spyOn(passwords, 'verify');

      await expect(service.signIn({ client: CLIENT, email: 'nobody@example.com', password: PASSWORD })).rejects.toMatchObject(INVALID_CREDENTIALS);
      expect(verify).toHaveBeenCalledTimes(1);
      await expect(service.signIn({ client: CLIENT, email: account.email, password: 'Wrong!Passw0rd' })).rejects.toMatchObject(INVALID_CREDENTIALS);
      expect(verify).toHaveBeenCalledTimes(2);
      expect(sessions.sessions).toHaveLength(0);
    });

    it('refuses an account that signs in only through a provider the same way', async () => {
      const account = accountRow({ passwordHash: null });
      const { service } = await setup(account);
      await expect(service.signIn({ client: CLIENT, email: account.email, password: PASSWORD })).rejects.toMatchObject(INVALID_CREDENTIALS);
    });

    it('says a disabled account is disabled only to someone who knows its password', async () => {
      const account = await withPassword({ disabledAt: new Date() });
      const { service, sessions } = await setup(account);

      await expect(service.signIn({ client: CLIENT, email: account.email, password: 'Wrong!Passw0rd' })).rejects.toMatchObject(INVALID_CREDENTIALS);
      await expect(service.signIn({ client: CLIENT, email: account.email, password: PASSWORD })).rejects.toMatchObject({
        code: 'ACCOUNT_DISABLED',
        message: 'This account has been disabled',
      });
      expect(sessions.sessions).toHaveLength(0);
    });

    it.each([
      ['grants admin to a verified e-mail now listed in ADMIN_EMAILS', ADMIN_EMAIL, new Date(), [], ['admin']],
      ['withholds admin from a listed e-mail nobody has proved', ADMIN_EMAIL, null, [], []],
      ['takes admin from an e-mail no longer listed', 'former-boss@closetly.test', new Date(), ['admin'], []],
    ])('%s, in the stored account and the token', async (_rule, email, emailVerifiedAt, storedRoles, roles) => {
      const account = await withPassword({ email, emailVerifiedAt, roles: storedRoles });
      const { service, accounts } = await setup(account);

      const session = await service.signIn({ client: CLIENT, email, password: PASSWORD });
      expect(jwt.decode(session.accessToken)).toMatchObject({ roles });
      expect(accounts.byId(account.id)?.roles).toEqual(roles);
    });

    it('replaces a hash made with older, weaker argon2 settings on a successful sign-in', async () => {
      const weakHash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 4_096, timeCost: 1, parallelism: 1 });
      const account = accountRow({ passwordHash: weakHash });
      const { service, accounts, passwords } = await setup(account);

      await service.signIn({ client: CLIENT, email: account.email, password: PASSWORD });
      const upgraded = accounts.byId(account.id)?.passwordHash ?? '';
      expect(upgraded).not.toBe(weakHash);
      expect(passwords.needsRehash(upgraded)).toBe(false);
      expect(await passwords.verify(upgraded, PASSWORD)).toBe(true);
      expect(accounts.repository.replacePasswordHash).toHaveBeenCalledWith(account.id, weakHash, upgraded);
    });

    it('replaces an argon2i hash with an argon2id one', async () => {
      const argon2iHash = await argon2.hash(PASSWORD, { type: argon2.argon2i, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
      const account = accountRow({ passwordHash: argon2iHash });
      const { service, accounts } = await setup(account);

      await service.signIn({ client: CLIENT, email: account.email, password: PASSWORD });
      expect(accounts.byId(account.id)?.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('keeps a current hash, and never touches the hash on a wrong password', async () => {
      const weak = accountRow({ passwordHash: await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 4_096, timeCost: 1, parallelism: 1 }) });
      const current = await withPassword();
      const { service, accounts } = await setup(weak, current);

      await service.signIn({ client: CLIENT, email: current.email, password: PASSWORD });
      await expect(service.signIn({ client: CLIENT, email: weak.email, password: 'Wrong!Passw0rd' })).rejects.toMatchObject(INVALID_CREDENTIALS);
      expect(accounts.repository.replacePasswordHash).not.toHaveBeenCalled();
    });
  });

  // Issue 22: ten wrong passwords from anywhere locked the owner out, even after a reset, and parallel attempts passed the limit.
  describe('signIn, throttled', () => {
    const WRONG = 'Wrong!Passw0rd';
    const RATE_LIMITED = { code: 'RATE_LIMITED', message: 'Too many failed attempts. Please try again later.' };
    const retryAfterOf = (error: unknown) => ((error as { details?: { retryAfterSeconds?: number } }).details?.retryAfterSeconds ?? 0);
    const attempt = (service: AccountsService, email: string, password: string, client: string) =>
      service.signIn({ email, password, client }).then(
        () => 'signed in' as const,
        (error: unknown) => error,
      );

    it('locks the pair after 10 failures from one address for the rest of 15 minutes, and checks no password meanwhile', async () => {
      const account = await withPassword();
      const { service, passwords } = await setup(account);
      const verify = jest.spyOn(passwords, 'verify');
      for (let i = 0; i < SIGN_IN_LIMITS.pairFailures; i += 1) expect(await attempt(service, account.email, WRONG, '203.0.113.66')).toMatchObject(INVALID_CREDENTIALS);

      const refused = await attempt(service, account.email, PASSWORD, '203.0.113.66');
      expect(refused).toMatchObject(RATE_LIMITED);
      expect(retryAfterOf(refused)).toBeGreaterThan(60);
      expect(retryAfterOf(refused)).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowSeconds);
      expect(verify).toHaveBeenCalledTimes(SIGN_IN_LIMITS.pairFailures);
    });

    it('lets the owner in from their own address after the slow-down’s wait, while the guesser’s address stays locked', async () => {
      const account = await withPassword();
      const { service, time } = await setup(account);
      for (let i = 0; i < SIGN_IN_LIMITS.pairFailures; i += 1) await attempt(service, account.email, WRONG, '203.0.113.66');

      const slowed = await attempt(service, account.email, PASSWORD, CLIENT);
      expect(slowed).toMatchObject(RATE_LIMITED);
      time.advance(retryAfterOf(slowed) * 1000);
      expect(await attempt(service, account.email, PASSWORD, CLIENT)).toBe('signed in');
      expect(await attempt(service, account.email, PASSWORD, '203.0.113.66')).toMatchObject(RATE_LIMITED);
    });

    it('never makes the owner wait more than a minute after the last wrong guess, however many addresses guess', async () => {
      const account = await withPassword();
      const { service, time } = await setup(account);
      let guesses = 0;
      for (let address = 0; address < 200; address += 1) {
        const outcome = await attempt(service, account.email, WRONG, `10.0.${Math.floor(address / 250)}.${address % 250}`);
        if ((outcome as { code?: string }).code === 'INVALID_CREDENTIALS') guesses += 1;
        else {
          expect(retryAfterOf(outcome)).toBeLessThanOrEqual(SIGN_IN_LIMITS.account.maxDelaySeconds);
          time.advance(retryAfterOf(outcome) * 1000);
        }
      }
      // The slow-down let through 10 free guesses and then one per wait, never more.
      expect(guesses).toBeLessThan(200);

      const owner = await attempt(service, account.email, PASSWORD, CLIENT);
      if (owner !== 'signed in') {
        expect(retryAfterOf(owner)).toBeLessThanOrEqual(SIGN_IN_LIMITS.account.maxDelaySeconds);
        time.advance(retryAfterOf(owner) * 1000);
      }
      expect(await attempt(service, account.email, PASSWORD, CLIENT)).toBe('signed in');
    });

    it('forgives a right password: the owner’s own sign-ins never count against them', async () => {
      const account = await withPassword();
      const { service } = await setup(account);
      for (let i = 0; i < SIGN_IN_LIMITS.pairFailures * 3; i += 1) expect(await attempt(service, account.email, PASSWORD, CLIENT)).toBe('signed in');
      for (let i = 0; i < SIGN_IN_LIMITS.pairFailures - 1; i += 1) await attempt(service, account.email, WRONG, CLIENT);
      expect(await attempt(service, account.email, PASSWORD, CLIENT)).toBe('signed in');
    });

    it('refuses an unknown e-mail the same way, so the refusal says nothing of which addresses have accounts', async () => {
      const { service } = await setup();
      for (let i = 0; i < SIGN_IN_LIMITS.pairFailures; i += 1) expect(await attempt(service, 'nobody@example.com', WRONG, '203.0.113.66')).toMatchObject(INVALID_CREDENTIALS);
      expect(await attempt(service, 'nobody@example.com', WRONG, '203.0.113.66')).toMatchObject(RATE_LIMITED);
    });
  });

  describe('ownerProvedEmail', () => {
    it('hands an account that never proved its e-mail to the owner: verified, no password, every session ended', async () => {
      const squatted = await withPassword();
      const { service, accounts, sessions, tx } = await setup(squatted);
      const squatterSession = await sessions.service.open(squatted);

      await service.ownerProvedEmail(squatted, tx);
      expect(accounts.byId(squatted.id)).toMatchObject({ passwordHash: null, emailVerifiedAt: expect.any(Date) });
      expect(sessions.sessions[0]).toMatchObject({ revokedReason: 'e-mail proved by its owner' });
      expect(await sessions.revoked.isRevoked(sessions.sessions[0]!.id)).toBe(true);
      await expect(service.refresh(squatterSession.refreshToken)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
      await expect(service.signIn({ client: CLIENT, email: squatted.email, password: PASSWORD })).rejects.toMatchObject(INVALID_CREDENTIALS);
      expect(sessions.repository.revokeAllSessions).toHaveBeenCalledWith(squatted.id, 'e-mail proved by its owner', tx);
    });

    it('leaves an account whose e-mail was already proved as it is', async () => {
      const owned = await withPassword({ emailVerifiedAt: new Date('2026-01-01T00:00:00Z') });
      const { service, accounts, sessions, tx } = await setup(owned);
      await sessions.service.open(owned);

      await service.ownerProvedEmail(owned, tx);
      expect(accounts.repository.update).not.toHaveBeenCalled();
      expect(sessions.sessions[0]?.revokedAt).toBeNull();
      await expect(service.signIn({ client: CLIENT, email: owned.email, password: PASSWORD })).resolves.toMatchObject({ user: { uid: owned.id } });
    });
  });

  describe('refresh', () => {
    it('rotates the pair with the roles ADMIN_EMAILS gives now', async () => {
      const account = accountRow({ email: 'former-boss@closetly.test', roles: ['admin'] });
      const { service, sessions, accounts } = await setup(account);
      const { refreshToken } = await sessions.service.open(account);

      const refreshed = await service.refresh(refreshToken);
      expect(refreshed.refreshToken).not.toBe(refreshToken);
      expect(jwt.decode(refreshed.accessToken)).toMatchObject({ roles: [] });
      expect(accounts.byId(account.id)?.roles).toEqual([]);
    });

    it('ends the session of an account disabled since it signed in', async () => {
      const account = accountRow();
      const { service, sessions, accounts } = await setup(account);
      const { refreshToken } = await sessions.service.open(account);
      await accounts.repository.update(account.id, { disabledAt: new Date() });

      await expect(service.refresh(refreshToken)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
      expect(sessions.sessions[0]?.revokedAt).not.toBeNull();
    });
  });

  describe('getUser and updateUser', () => {
    it('getUser answers the caller’s own record', async () => {
      const account = accountRow({ gender: 'male' });
      const { service, sessions } = await setup(account, accountRow());

      await expect(service.getUser(await callerFor(sessions, account))).resolves.toEqual({
        uid: account.id,
        email: account.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        gender: 'male',
        roles: [],
      });
    });

    it('refuses a caller whose session has ended or whose account is disabled', async () => {
      const account = accountRow();
      const { service, sessions, accounts } = await setup(account);
      const ended = await callerFor(sessions, account);
      await sessions.service.logoutSession(ended.sid);
      const live = await callerFor(sessions, account);

      await expect(service.getUser(ended)).rejects.toMatchObject(UNAUTHENTICATED);
      await expect(service.updateUser(ended, recordOf(account))).rejects.toMatchObject(UNAUTHENTICATED);
      await accounts.repository.update(account.id, { disabledAt: new Date() });
      await expect(service.getUser(live)).rejects.toMatchObject(UNAUTHENTICATED);
    });

    it('updateUser changes the caller’s own names and gender, never the e-mail or roles', async () => {
      const account = accountRow({ roles: ['admin'] });
      const { service, sessions, accounts } = await setup(account);

      const updated = await service.updateUser(await callerFor(sessions, account), recordOf(account));
      expect(updated).toMatchObject({ uid: account.id, email: account.email, firstName: 'New', lastName: 'Name', gender: 'other', roles: ['admin'] });
      expect(accounts.byId(account.id)).toMatchObject({ email: account.email, firstName: 'New', roles: ['admin'] });
    });

    it.each([
      ['another account’s uid', (_mine: AccountRow, theirs: AccountRow) => ({ uid: theirs.id })],
      ['another e-mail', (_mine: AccountRow, theirs: AccountRow) => ({ email: theirs.email })],
    ])('updateUser refuses a record with %s and changes nothing', async (_what, change) => {
      const mine = accountRow();
      const theirs = accountRow({ firstName: 'Theirs' });
      const { service, sessions, accounts } = await setup(mine, theirs);

      await expect(service.updateUser(await callerFor(sessions, mine), recordOf(mine, change(mine, theirs)))).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(accounts.repository.update).not.toHaveBeenCalled();
    });
  });

  describe('listAccounts', () => {
    it('lists every account for an admin', async () => {
      const admin = accountRow({ email: ADMIN_EMAIL, roles: ['admin'], createdAt: new Date('2026-01-01T00:00:00Z') });
      const shopper = accountRow({ createdAt: new Date('2026-02-01T00:00:00Z') });
      const { service, sessions } = await setup(shopper, admin);

      await expect(service.listAccounts(await callerFor(sessions, admin))).resolves.toEqual([
        { uid: admin.id, email: ADMIN_EMAIL, roles: ['admin'], createdAt: '2026-01-01T00:00:00.000Z' },
        { uid: shopper.id, email: shopper.email, roles: [], createdAt: '2026-02-01T00:00:00.000Z' },
      ]);
    });

    it('refuses anyone whose stored account is not an admin, whatever the caller claims', async () => {
      const shopper = accountRow();
      const { service, sessions } = await setup(shopper);
      const caller = { ...(await callerFor(sessions, shopper)), roles: ['admin'] };

      await expect(service.listAccounts(caller)).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Unauthorized access.' });
    });
  });

  describe('mintExtensionToken', () => {
    it('mints a token of the caller’s session, verified like an access token, typed "extension", with no roles even for an admin, for 30 days', async () => {
      const admin = accountRow({ email: ADMIN_EMAIL, roles: ['admin'] });
      const { service, sessions } = await setup(admin);
      const caller = await callerFor(sessions, admin);
      const before = Date.now();

      const minted = await service.mintExtensionToken(caller);
      expect(jwt.decode(minted.token, { complete: true })?.header.kid).toBe(keyIdOf(TEST_JWT_SECRET));
      const claims = jwt.verify(minted.token, TEST_JWT_SECRET, { algorithms: ['HS256'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }) as jwt.JwtPayload;
      expect(claims).toMatchObject({ sub: admin.id, sid: caller.sid, typ: 'extension' });
      expect(claims.roles ?? []).toEqual([]);
      const lifetime = new Date(minted.expiresAt).getTime() - before;
      expect(lifetime).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
      expect(lifetime).toBeLessThanOrEqual(30 * DAY_MS + 1000);
      expect(claims.exp).toBe(Math.floor(new Date(minted.expiresAt).getTime() / 1000));
    });

    it('refuses an extension-scoped caller: an extension token cannot mint another', async () => {
      const account = accountRow();
      const { service, sessions } = await setup(account);
      const caller = await callerFor(sessions, account);

      await expect(service.mintExtensionToken(extensionCallerOf(caller))).rejects.toMatchObject(EXTENSION_REFUSED);
    });

    it('refuses a caller whose session has ended or whose account is disabled', async () => {
      const account = accountRow();
      const { service, sessions, accounts } = await setup(account);
      const ended = await callerFor(sessions, account);
      await sessions.service.logoutSession(ended.sid);
      const live = await callerFor(sessions, account);

      await expect(service.mintExtensionToken(ended)).rejects.toMatchObject(UNAUTHENTICATED);
      await accounts.repository.update(account.id, { disabledAt: new Date() });
      await expect(service.mintExtensionToken(live)).rejects.toMatchObject(UNAUTHENTICATED);
    });
  });

  describe('signOutEverywhere', () => {
    it('ends every session of the caller’s account, its own included, and deny-lists each; other accounts keep theirs', async () => {
      const account = accountRow();
      const other = accountRow();
      const { service, sessions } = await setup(account, other);
      const callers = [await callerFor(sessions, account), await callerFor(sessions, account)];
      const theirs = await callerFor(sessions, other);

      await service.signOutEverywhere(callers[0]!);
      for (const caller of callers) {
        expect(await sessions.service.isLive(caller.sid)).toBe(false);
        expect(await sessions.revoked.isRevoked(caller.sid)).toBe(true);
        await expect(service.getUser(caller)).rejects.toMatchObject(UNAUTHENTICATED);
      }
      expect(sessions.sessions.filter((session) => session.accountId === account.id).map((session) => session.revokedReason)).toEqual([
        'signed out everywhere',
        'signed out everywhere',
      ]);
      expect(await sessions.service.isLive(theirs.sid)).toBe(true);
    });

    it('refuses an extension-scoped caller and a caller whose session has ended, ending nothing', async () => {
      const account = accountRow();
      const { service, sessions } = await setup(account);
      const ended = await callerFor(sessions, account);
      await sessions.service.logoutSession(ended.sid);
      const live = await callerFor(sessions, account);

      await expect(service.signOutEverywhere(extensionCallerOf(live))).rejects.toMatchObject(EXTENSION_REFUSED);
      await expect(service.signOutEverywhere(ended)).rejects.toMatchObject(UNAUTHENTICATED);
      expect(await sessions.service.isLive(live.sid)).toBe(true);
    });
  });

  describe('exportAccount', () => {
    it('answers the caller’s account and sessions, with the device and times, and never a password hash', async () => {
      const account = await withPassword({ email: 'ada@example.com' });
      const { service, sessions } = await setup(account, accountRow());
      const caller = await callerFor(sessions, account);
      await sessions.service.open(account, 'Firefox on Linux');

      const exported = await service.exportAccount(caller);

      expect(exported.account).toMatchObject({ uid: account.id, email: 'ada@example.com', hasPassword: true, emailVerified: false });
      expect(JSON.stringify(exported)).not.toContain(account.passwordHash ?? 'no hash');
      expect(exported.sessions).toHaveLength(2);
      expect(exported.sessions.map((session) => session.device).sort()).toEqual(['Firefox on Linux', null].sort());
      expect(exported.sessions.every((session) => session.lastUsedAt !== null && session.endedAt === null)).toBe(true);
    });

    it('refuses an extension-scoped caller', async () => {
      const account = accountRow();
      const { service, sessions } = await setup(account);
      await expect(service.exportAccount(extensionCallerOf(await callerFor(sessions, account)))).rejects.toMatchObject(EXTENSION_REFUSED);
    });
  });

  describe('deleteAccount', () => {
    it('with the right password: ends and deny-lists every session, deletes the account and publishes identity.account-deleted.v1 in one transaction', async () => {
      const account = await withPassword();
      const other = accountRow();
      const { service, sessions, accounts, events, tx } = await setup(account, other);
      const callers = [await callerFor(sessions, account), await callerFor(sessions, account)];

      await service.deleteAccount(callers[0]!, PASSWORD);

      expect(accounts.rows.map((row) => row.id)).toEqual([other.id]);
      for (const caller of callers) expect(await sessions.revoked.isRevoked(caller.sid)).toBe(true);
      expect(events.recorded.map(({ tx: within, envelope }) => ({ within, type: envelope.type, key: envelope.key, payload: envelope.payload }))).toEqual([
        { within: tx, type: 'identity.account-deleted.v1', key: account.id, payload: { userId: account.id } },
      ]);
      expect(accounts.repository.delete).toHaveBeenCalledWith(account.id, tx);
      await expect(service.getUser(callers[1]!)).rejects.toMatchObject(UNAUTHENTICATED);
    });

    it('refuses a wrong or missing password with REAUTHENTICATION_FAILED (not 401: the user stays signed in), deleting nothing', async () => {
      const account = await withPassword();
      const { service, sessions, accounts, events } = await setup(account);
      const caller = await callerFor(sessions, account);

      for (const password of ['Wrong!Passw0rd', undefined, '']) {
        await expect(service.deleteAccount(caller, password)).rejects.toMatchObject({ code: 'REAUTHENTICATION_FAILED', message: DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE });
      }
      expect(accounts.rows).toHaveLength(1);
      expect(events.recorded).toEqual([]);
      expect(await sessions.service.isLive(caller.sid)).toBe(true);
    });

    it('lets an account without a password delete within the fresh sign-in window only', async () => {
      const stale = accountRow();
      const fresh = accountRow();
      const { service, sessions, accounts, time } = await setup(stale, fresh);
      const staleCaller = await callerFor(sessions, stale);
      time.advance(11 * 60_000);
      const freshCaller = await callerFor(sessions, fresh);

      await expect(service.deleteAccount(staleCaller, undefined)).rejects.toMatchObject({ code: 'REAUTHENTICATION_FAILED', message: DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE });
      await service.deleteAccount(freshCaller, undefined);
      expect(accounts.rows.map((row) => row.id)).toEqual([stale.id]);
    });

    it('refuses an extension-scoped caller and an ended session', async () => {
      const account = await withPassword();
      const { service, sessions, accounts } = await setup(account);
      const ended = await callerFor(sessions, account);
      await sessions.service.logoutSession(ended.sid);
      const live = await callerFor(sessions, account);

      await expect(service.deleteAccount(extensionCallerOf(live), PASSWORD)).rejects.toMatchObject(EXTENSION_REFUSED);
      await expect(service.deleteAccount(ended, PASSWORD)).rejects.toMatchObject(UNAUTHENTICATED);
      expect(accounts.rows).toHaveLength(1);
    });
  });

  describe('dataHeld', () => {
    it('answers an administrator the row counts for a user id, and refuses anyone else', async () => {
      const admin = accountRow({ email: ADMIN_EMAIL, roles: ['admin'] });
      const shopper = accountRow();
      const { service, sessions } = await setup(admin, shopper);

      expect(await service.dataHeld(await callerFor(sessions, admin), shopper.id)).toEqual({ accounts: 1 });
      await expect(service.dataHeld(await callerFor(sessions, shopper), admin.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('the extension scope gains nothing', () => {
    it('listAccounts and updateUser refuse an extension-scoped caller, even an admin’s; getUser answers it (the gateway’s liveness check)', async () => {
      const admin = accountRow({ email: ADMIN_EMAIL, roles: ['admin'] });
      const { service, sessions, accounts } = await setup(admin);
      const caller = extensionCallerOf(await callerFor(sessions, admin));

      await expect(service.listAccounts(caller)).rejects.toMatchObject(EXTENSION_REFUSED);
      await expect(service.updateUser(caller, recordOf(admin))).rejects.toMatchObject(EXTENSION_REFUSED);
      expect(accounts.repository.update).not.toHaveBeenCalled();
      await expect(service.getUser(caller)).resolves.toMatchObject({ uid: admin.id });
    });
  });
});
