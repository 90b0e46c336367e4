import { createHash } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { type BaseClient, Issuer, TokenSet } from 'openid-client';
import { accountRow, emailConfirmationFor, fakeUnitOfWork, inMemoryAccounts, manualClock, markFirstUnused, mockOf, signInThrottleFor, recordingOutbox, sessionsServiceFor, testConfig } from '../../test/support/unit-doubles';
import type { AccountRow } from '../accounts/accounts.repository';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher';
import { hashToken } from '../sessions/tokens';
import { type OidcAttemptRow, type OidcLoginCodeRow, OidcRepository } from './oidc.repository';
import { OidcService } from './oidc.service';

const PROVIDER = 'https://accounts.provider.example';
const OTHER_PROVIDER = 'https://login.other.example';
const PUBLIC_URL = 'https://closetly.example';
const ADMIN_EMAIL = 'boss@closetly.test';
const UNVERIFIED_EMAIL = { code: 'OIDC_FAILED', message: 'Your provider has not verified this email address.' };
const ATTEMPT_UNKNOWN = { code: 'OIDC_FAILED', message: 'This sign-in attempt is unknown or has expired.' };
const LOGIN_EXPIRED = { code: 'OIDC_FAILED', message: 'This sign-in has expired. Please try again.' };

/** What the provider says about the user, in the ID token or at userinfo. */
interface ProviderClaims {
  iss?: string;
  sub?: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** Issued at, in seconds since the epoch. */
  iat?: number;
}

const providerUser = (overrides: ProviderClaims = {}): ProviderClaims => ({
  iss: PROVIDER,
  sub: 'provider-subject-1',
  email: 'grace@example.com',
  email_verified: true,
  given_name: 'Grace',
  family_name: 'Hopper',
  ...overrides,
});

/** An ID token carrying claims. Its signature, nonce and audience are openid-client's to check, so this stand-in has none. */
const idTokenWith = (claims: ProviderClaims) => [{ alg: 'none' }, claims].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.';

/**
 * The provider at the edge: discovery answers with a real openid-client Issuer (so authorization URLs are the
 * library's own), and the client's code exchange and userinfo calls are stubbed.
 */
function fakeProvider() {
  const issuer = new Issuer({ issuer: PROVIDER, authorization_endpoint: `${PROVIDER}/authorize`, token_endpoint: `${PROVIDER}/token`, userinfo_endpoint: `${PROVIDER}/userinfo` });
  const clientPrototype: BaseClient = Object.getPrototypeOf(new issuer.Client({ client_id: 'prototype-probe' }));
  const discover = jest.spyOn(Issuer, 'discover').mockResolvedValue(issuer);
  const exchange = jest.spyOn(clientPrototype, 'callback');
  const userinfo = jest.spyOn(clientPrototype, 'userinfo');
  /** The code exchange answers with an ID token about this user; userinfo, by default, names the subject only. */
  const signsIn = (claims: ProviderClaims, atUserinfo: ProviderClaims = { sub: claims.sub }) => {
    exchange.mockResolvedValue(new TokenSet({ id_token: idTokenWith(claims), access_token: 'provider-access-token' }));
    userinfo.mockResolvedValue({ ...atUserinfo, sub: atUserinfo.sub ?? '' });
  };
  return { discover, exchange, userinfo, signsIn };
}

/** OidcRepository over arrays; identities are found through the accounts they link to, as the join does. */
function inMemoryOidc(accounts: ReturnType<typeof inMemoryAccounts>) {
  const attempts: OidcAttemptRow[] = [];
  const loginCodes: OidcLoginCodeRow[] = [];
  const identities: { issuer: string; subject: string; accountId: string }[] = [];
  const repository = mockOf(OidcRepository);
  repository.insertAttempt.mockImplementation(async (attempt) => {
    attempts.push({ ...attempt, usedAt: null, createdAt: new Date() });
  });
  repository.markAttemptUsed.mockImplementation(async (state) => markFirstUnused(attempts, (row) => row.state === state));
  repository.insertLoginCode.mockImplementation(async (code) => {
    loginCodes.push({ ...code, usedAt: null, createdAt: new Date() });
  });
  repository.markLoginCodeUsed.mockImplementation(async (codeHash) => markFirstUnused(loginCodes, (row) => row.codeHash === codeHash));
  repository.findAccountByIdentity.mockImplementation(async (issuer, subject) => {
    const link = identities.find((row) => row.issuer === issuer && row.subject === subject);
    const account = link && accounts.byId(link.accountId);
    return account && { ...account };
  });
  repository.unlinkIdentities.mockImplementation(async (accountId, keep) => {
    const kept = identities.filter((row) => row.accountId !== accountId || (row.issuer === keep?.issuer && row.subject === keep.subject));
    identities.splice(0, identities.length, ...kept);
  });
  repository.linkIdentity.mockImplementation(async (accountId, issuer, subject) => {
    if (!identities.some((row) => row.issuer === issuer && row.subject === subject)) identities.push({ issuer, subject, accountId });
  });
  return { repository, attempts, loginCodes, identities };
}

function setup(...stored: AccountRow[]) {
  const config = testConfig({ PUBLIC_URL, OIDC_ISSUER: PROVIDER, OIDC_CLIENT_ID: 'closetly-web', OIDC_CLIENT_SECRET: 'client-secret', ADMIN_EMAILS: ADMIN_EMAIL });
  const provider = fakeProvider();
  const accounts = inMemoryAccounts(...stored);
  const oidc = inMemoryOidc(accounts);
  const sessions = sessionsServiceFor(config);
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  const time = manualClock();
  const email = emailConfirmationFor({ config, accounts: accounts.repository, sessions: sessions.service, uow, outbox: events.outbox, clock: time.clock });
  const accountsService = new AccountsService(config, accounts.repository, new PasswordHasher(), sessions.service, uow, events.outbox, signInThrottleFor(time.clock).service, email.proof, email.confirmation, time.clock);
  const service = new OidcService(config, oidc.repository, accounts.repository, accountsService, uow, email.proof, time.clock);
  return { service, provider, accounts, accountsService, oidc, sessions, tx, events, time, email };
}
type Setup = ReturnType<typeof setup>;

/** The popup's trip: start, the provider signs the user in, and redirects back with the state it was given. */
async function signInAtProvider({ service, provider }: Setup, user: ProviderClaims, atUserinfo?: ProviderClaims): Promise<{ loginCode: string }> {
  provider.signsIn(user, atUserinfo);
  const { authorizationUrl } = await service.start('signin');
  return service.callback({ state: new URL(authorizationUrl).searchParams.get('state') ?? '', code: 'provider-code' });
}

/** The whole sign-in: the popup's trip, then the opener trades the login code for a session. */
async function signInThroughProvider(context: Setup, user: ProviderClaims, atUserinfo?: ProviderClaims) {
  const { loginCode } = await signInAtProvider(context, user, atUserinfo);
  return context.service.complete(loginCode);
}

afterEach(() => jest.restoreAllMocks());

describe('OidcService', () => {
  describe('start', () => {
    it('sends the browser to the provider with PKCE (S256), a state and a nonce, all kept server-side for ten minutes', async () => {
      const { service, oidc } = setup();
      const before = Date.now();
      const { authorizationUrl } = await service.start('signup');

      const url = new URL(authorizationUrl);
      const [attempt] = oidc.attempts;
      expect(`${url.origin}${url.pathname}`).toBe(`${PROVIDER}/authorize`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: 'closetly-web',
        response_type: 'code',
        redirect_uri: `${PUBLIC_URL}/api/auth/oidc/callback`,
        scope: 'openid email profile',
        state: attempt?.state,
        nonce: attempt?.nonce,
        code_challenge: createHash('sha256').update(attempt?.codeVerifier ?? '').digest('base64url'),
        code_challenge_method: 'S256',
      });
      expect(authorizationUrl).not.toContain(attempt?.codeVerifier);
      expect(attempt).toMatchObject({ intent: 'signup', usedAt: null });
      expect(attempt?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 10 * 60_000);
      expect(attempt?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    });

    it('gives every attempt its own state, nonce and verifier', async () => {
      const { service, oidc } = setup();
      await service.start('signin');
      await service.start('signin');

      const [first, second] = oidc.attempts;
      expect(second?.state).not.toBe(first?.state);
      expect(second?.nonce).not.toBe(first?.nonce);
      expect(second?.codeVerifier).not.toBe(first?.codeVerifier);
    });

    it('refuses when third-party sign-in is not configured', async () => {
      const { oidc, accounts, accountsService, email } = setup();
      const { uow } = fakeUnitOfWork();
      const unconfigured = new OidcService(testConfig(), oidc.repository, accounts.repository, accountsService, uow, email.proof);

      await expect(unconfigured.start('signin')).rejects.toMatchObject({ code: 'OIDC_FAILED' });
      // The web app is told, so it shows no button that could only fail.
      expect(unconfigured.options()).toEqual({ google: false });
      expect(setup().service.options()).toEqual({ google: true });
    });

    it('reports a provider it cannot reach, and tries discovery again next time', async () => {
      const { service, provider } = setup();
      provider.discover.mockRejectedValueOnce(new Error('ECONNREFUSED'));

      await expect(service.start('signin')).rejects.toMatchObject({ code: 'OIDC_FAILED', message: 'The sign-in provider is not reachable.' });
      await expect(service.start('signin')).resolves.toEqual({ authorizationUrl: expect.stringContaining(PROVIDER) });
      expect(provider.discover).toHaveBeenCalledTimes(2);
    });
  });

  describe('callback', () => {
    it('exchanges the code with the state, nonce and PKCE verifier kept for the attempt', async () => {
      const context = setup();
      await signInAtProvider(context, providerUser());

      const [attempt] = context.oidc.attempts;
      expect(context.provider.exchange).toHaveBeenCalledWith(
        `${PUBLIC_URL}/api/auth/oidc/callback`,
        { state: attempt?.state, code: 'provider-code' },
        { state: attempt?.state, nonce: attempt?.nonce, code_verifier: attempt?.codeVerifier },
      );
    });

    it('uses a state once', async () => {
      const { service, provider, oidc } = setup();
      provider.signsIn(providerUser());
      await service.start('signin');
      const state = oidc.attempts[0]?.state ?? '';

      await service.callback({ state, code: 'provider-code' });
      await expect(service.callback({ state, code: 'provider-code' })).rejects.toMatchObject(ATTEMPT_UNKNOWN);
      expect(provider.exchange).toHaveBeenCalledTimes(1);
    });

    it('refuses an unknown or missing state without asking the provider', async () => {
      const { service, provider } = setup();
      await service.start('signin');

      await expect(service.callback({ state: 'made-up-state', code: 'provider-code' })).rejects.toMatchObject(ATTEMPT_UNKNOWN);
      await expect(service.callback({ code: 'provider-code' })).rejects.toMatchObject(ATTEMPT_UNKNOWN);
      expect(provider.exchange).not.toHaveBeenCalled();
    });

    it('refuses an attempt older than ten minutes', async () => {
      const { service, provider, oidc } = setup();
      await service.start('signin');
      const [attempt] = oidc.attempts;
      attempt!.expiresAt = new Date(Date.now() - 1);

      await expect(service.callback({ state: attempt!.state, code: 'provider-code' })).rejects.toMatchObject(ATTEMPT_UNKNOWN);
      expect(provider.exchange).not.toHaveBeenCalled();
    });

    it('refuses a redirect that carries the provider’s error, and the state is spent', async () => {
      const { service, provider, oidc } = setup();
      await service.start('signin');
      const state = oidc.attempts[0]?.state ?? '';

      await expect(service.callback({ state, error: 'access_denied' })).rejects.toMatchObject({ code: 'OIDC_FAILED', message: 'The provider did not sign you in.' });
      await expect(service.callback({ state, code: 'provider-code' })).rejects.toMatchObject(ATTEMPT_UNKNOWN);
      expect(provider.exchange).not.toHaveBeenCalled();
    });

    it('refuses an answer the client cannot verify (signature, nonce, PKCE)', async () => {
      const context = setup();
      context.provider.exchange.mockRejectedValue(new Error('nonce mismatch'));
      const { authorizationUrl } = await context.service.start('signin');
      const state = new URL(authorizationUrl).searchParams.get('state') ?? '';

      await expect(context.service.callback({ state, code: 'provider-code' })).rejects.toMatchObject({ code: 'OIDC_FAILED', message: 'The sign-in could not be verified.' });
      expect(context.oidc.loginCodes).toHaveLength(0);
    });

    describe('an ID token issued ahead of our clock', () => {
      const secondsFromNow = (context: Setup, seconds: number) => Math.floor(context.time.clock().getTime() / 1000) + seconds;

      it.each([
        ['an hour', 3600],
        ['five minutes and two seconds', 302],
      ])('is refused %s ahead, and signs nobody in', async (_ahead, seconds) => {
        const context = setup();

        const callback = signInAtProvider(context, providerUser({ iat: secondsFromNow(context, seconds) }));

        await expect(callback).rejects.toMatchObject({ code: 'OIDC_FAILED', message: 'The sign-in could not be verified.' });
        expect(context.oidc.loginCodes).toHaveLength(0);
        expect(context.accounts.rows).toHaveLength(0);
      });

      it.each([
        ['up to five minutes ahead', 299],
        ['issued just now', 0],
        ['issued a while ago', -120],
      ])('is accepted %s', async (_when, seconds) => {
        const context = setup();

        await signInAtProvider(context, providerUser({ iat: secondsFromNow(context, seconds) }));

        expect(context.oidc.loginCodes).toHaveLength(1);
      });
    });
  });

  describe('accounts for provider identities', () => {
    it('creates an account for a new identity, with the provider’s names and no password, linked on issuer and subject in one transaction', async () => {
      const context = setup();
      const session = await signInThroughProvider(context, providerUser({ email: ' Grace@Example.com ' }));

      expect(session.user).toEqual({ uid: expect.any(String), email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', gender: '', roles: [] });
      expect(context.accounts.byId(session.user.uid)?.passwordHash).toBeNull();
      expect(context.oidc.identities).toEqual([{ issuer: PROVIDER, subject: 'provider-subject-1', accountId: session.user.uid }]);
      expect(context.accounts.repository.insert).toHaveBeenCalledWith(expect.anything(), context.tx);
      expect(context.oidc.repository.linkIdentity).toHaveBeenCalledWith(session.user.uid, PROVIDER, 'provider-subject-1', context.tx);
    });

    it('announces an account it creates (identity.account-registered.v1, key = its id) in the transaction that inserts it', async () => {
      const context = setup();
      const session = await signInThroughProvider(context, providerUser({ email: ' Grace@Example.com ' }));

      expect(context.events.payloads('identity.account-registered.v1')).toEqual([{ accountId: session.user.uid, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', gender: '' }]);
      // The provider verified the address: the account is proved from the start.
      expect(context.events.payloads('identity.email-confirmed.v1')).toEqual([{ userId: session.user.uid, how: 'provider' }]);
      expect(context.events.recorded.map(({ envelope, tx }) => ({ key: envelope.key, tx }))).toEqual([
        { key: session.user.uid, tx: context.tx },
        { key: session.user.uid, tx: context.tx },
      ]);
    });

    it('announces nothing when it signs in to or links an account that already exists', async () => {
      const existing = accountRow({ email: 'grace@example.com', emailVerifiedAt: new Date('2026-01-01T00:00:00Z') });
      const context = setup(existing);
      await signInThroughProvider(context, providerUser());
      await signInThroughProvider(context, providerUser());

      expect(context.accounts.rows).toHaveLength(1);
      expect(context.events.recorded).toEqual([]);
    });

    it('names a new account after its e-mail when the provider gives no first name', async () => {
      const session = await signInThroughProvider(setup(), providerUser({ email: 'lin@example.com', given_name: undefined, family_name: undefined }));
      expect(session.user).toMatchObject({ firstName: 'lin', lastName: '' });
    });

    it('makes a new account an admin when its e-mail is in ADMIN_EMAILS', async () => {
      const session = await signInThroughProvider(setup(), providerUser({ email: ADMIN_EMAIL }));
      expect(session.user.roles).toEqual(['admin']);
    });

    it('finds the account again by issuer and subject, whatever e-mail the provider sends now', async () => {
      const context = setup();
      const first = await signInThroughProvider(context, providerUser());
      const again = await signInThroughProvider(context, providerUser({ email: 'grace.hopper@navy.example', email_verified: false }));

      expect(again.user.uid).toBe(first.user.uid);
      expect(context.accounts.rows).toHaveLength(1);
    });

    it('treats the same subject at another issuer as another identity', async () => {
      const context = setup();
      const first = await signInThroughProvider(context, providerUser());
      const elsewhere = await signInThroughProvider(context, providerUser({ iss: OTHER_PROVIDER, email: 'someone.else@example.com' }));

      expect(elsewhere.user.uid).not.toBe(first.user.uid);
      expect(context.oidc.identities.map((link) => link.issuer)).toEqual([PROVIDER, OTHER_PROVIDER]);
    });

    it('links a provider identity to an account whose e-mail was already proved, and leaves its password and sessions alone', async () => {
      const existing = accountRow({ email: 'grace@example.com', passwordHash: 'argon2-hash', emailVerifiedAt: new Date('2026-01-01T00:00:00Z') });
      const context = setup(existing);
      await context.sessions.service.open(existing);
      const session = await signInThroughProvider(context, providerUser({ email_verified: true }));

      expect(session.user.uid).toBe(existing.id);
      expect(context.oidc.identities).toEqual([{ issuer: PROVIDER, subject: 'provider-subject-1', accountId: existing.id }]);
      expect(context.accounts.byId(existing.id)).toMatchObject({ passwordHash: 'argon2-hash', emailVerifiedAt: existing.emailVerifiedAt });
      expect(context.sessions.sessions.map((row) => row.revokedAt)).toEqual([null, null]);
      expect(context.oidc.repository.unlinkIdentities).not.toHaveBeenCalled();
    });

    // Issue 22: the owner used to take over the registrant's account, with its name, profile and wardrobe.
    it('discards an account nobody proved when the provider’s verified owner signs in: the owner starts with a new account, the registrant’s is erased everywhere', async () => {
      const squatted = accountRow({ email: 'grace@example.com', passwordHash: 'squatters-argon2-hash', firstName: 'Squatter', lastName: 'McClaim', gender: 'male' });
      const context = setup(squatted);
      await context.sessions.service.open(squatted);
      context.oidc.identities.push({ issuer: OTHER_PROVIDER, subject: 'squatters-login', accountId: squatted.id });

      const session = await signInThroughProvider(context, providerUser({ email_verified: true }));

      expect(session.user.uid).not.toBe(squatted.id);
      expect(session.user).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', gender: '' });
      expect(context.accounts.byId(squatted.id)).toBeUndefined();
      expect(context.accounts.rows).toEqual([expect.objectContaining({ id: session.user.uid, passwordHash: null, emailVerifiedAt: expect.any(Date) })]);
      const [squatterSession, ownerSession] = context.sessions.sessions;
      expect(squatterSession).toMatchObject({ accountId: squatted.id, revokedReason: 'e-mail proved by its owner' });
      expect(await context.sessions.revoked.isRevoked(squatterSession!.id)).toBe(true);
      expect(ownerSession).toMatchObject({ accountId: session.user.uid, revokedAt: null });
      expect(context.oidc.identities.filter((link) => link.accountId === session.user.uid)).toEqual([{ issuer: PROVIDER, subject: 'provider-subject-1', accountId: session.user.uid }]);
      // The other services erase the registrant's profile, wardrobe and captures, and make the owner's afresh, from these events.
      expect(context.events.recorded.map(({ envelope, tx }) => ({ topic: envelope.type, key: envelope.key, tx }))).toEqual([
        { topic: 'identity.account-deleted.v1', key: squatted.id, tx: context.tx },
        { topic: 'identity.account-registered.v1', key: session.user.uid, tx: context.tx },
        { topic: 'identity.email-confirmed.v1', key: session.user.uid, tx: context.tx },
      ]);
      expect(context.events.payloads('identity.account-deleted.v1')).toEqual([{ userId: squatted.id }]);
      expect(context.events.payloads('identity.account-registered.v1')).toEqual([{ accountId: session.user.uid, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', gender: '' }]);
    });

    it('signs the owner in to the same new account next time, and the registrant’s password opens nothing', async () => {
      const squatted = accountRow({ email: 'grace@example.com', passwordHash: 'squatters-argon2-hash' });
      const context = setup(squatted);

      const first = await signInThroughProvider(context, providerUser());
      const again = await signInThroughProvider(context, providerUser());

      expect(again.user.uid).toBe(first.user.uid);
      expect(context.accounts.rows).toHaveLength(1);
      expect(context.events.payloads('identity.account-deleted.v1')).toEqual([{ userId: squatted.id }]);
    });

    it('hands an account linked before e-mail proof was recorded to the owner when the provider now vouches for its address', async () => {
      const legacy = accountRow({ email: 'grace@example.com', passwordHash: 'argon2-hash' });
      const context = setup(legacy);
      context.oidc.identities.push({ issuer: PROVIDER, subject: 'provider-subject-1', accountId: legacy.id });

      await signInThroughProvider(context, providerUser({ email: 'someone.else@example.com' }));
      expect(context.accounts.byId(legacy.id)).toMatchObject({ passwordHash: 'argon2-hash', emailVerifiedAt: null });
      await signInThroughProvider(context, providerUser({ email_verified: false }));
      expect(context.accounts.byId(legacy.id)).toMatchObject({ passwordHash: 'argon2-hash', emailVerifiedAt: null });
      await signInThroughProvider(context, providerUser());
      expect(context.accounts.byId(legacy.id)).toMatchObject({ passwordHash: null, emailVerifiedAt: expect.any(Date) });
    });

    it('marks a new account’s e-mail verified', async () => {
      const context = setup();
      const session = await signInThroughProvider(context, providerUser());
      expect(context.accounts.byId(session.user.uid)?.emailVerifiedAt).toBeInstanceOf(Date);
    });

    it.each([
      ['marks the e-mail unverified', false],
      ['does not say the e-mail is verified', undefined],
    ])('never takes over the existing account with that e-mail when the provider %s', async (_case, emailVerified) => {
      const existing = accountRow({ email: 'grace@example.com', passwordHash: 'argon2-hash' });
      const context = setup(existing);

      await expect(signInAtProvider(context, providerUser({ email_verified: emailVerified }))).rejects.toMatchObject(UNVERIFIED_EMAIL);
      expect(context.oidc.identities).toHaveLength(0);
      expect(context.oidc.loginCodes).toHaveLength(0);
      expect(context.accounts.byId(existing.id)?.passwordHash).toBe('argon2-hash');
    });

    it.each([
      ['marks the e-mail unverified', false],
      ['does not say the e-mail is verified', undefined],
    ])('never creates an account when the provider %s', async (_case, emailVerified) => {
      const context = setup();

      await expect(signInAtProvider(context, providerUser({ email_verified: emailVerified }))).rejects.toMatchObject(UNVERIFIED_EMAIL);
      expect(context.accounts.rows).toHaveLength(0);
      expect(context.oidc.identities).toHaveLength(0);
    });

    it.each([
      ['no subject', { sub: undefined }, 'The provider sent no subject.'],
      ['no e-mail', { email: undefined }, 'The provider did not share an e-mail address.'],
    ])('refuses an identity with %s', async (_case, claims, message) => {
      const context = setup();
      await expect(signInAtProvider(context, providerUser(claims))).rejects.toMatchObject({ code: 'OIDC_FAILED', message });
      expect(context.accounts.rows).toHaveLength(0);
    });

    it('takes the e-mail from userinfo when the ID token has none, for the same subject only', async () => {
      const context = setup();
      const idTokenOnly = providerUser({ email: undefined, email_verified: undefined, given_name: undefined, family_name: undefined });
      const session = await signInThroughProvider(context, idTokenOnly, providerUser());
      expect(session.user).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });

      const mallory = providerUser({ sub: 'someone-else', email: 'mallory@example.com' });
      await expect(signInAtProvider(context, { ...idTokenOnly, sub: 'provider-subject-2' }, mallory)).rejects.toMatchObject({
        code: 'OIDC_FAILED',
        message: 'The provider did not share an e-mail address.',
      });
    });
  });

  describe('the one-time login code', () => {
    it('is kept only as its hash, for two minutes, and opens one session once', async () => {
      const context = setup();
      const before = Date.now();
      const { loginCode } = await signInAtProvider(context, providerUser());

      const [stored] = context.oidc.loginCodes;
      expect(stored?.codeHash).toBe(hashToken(loginCode));
      expect(stored?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 120_000);
      expect(stored?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
      await expect(context.service.complete(loginCode)).resolves.toMatchObject({ user: { email: 'grace@example.com' } });
      await expect(context.service.complete(loginCode)).rejects.toMatchObject(LOGIN_EXPIRED);
      expect(context.sessions.sessions).toHaveLength(1);
    });

    it('refuses an expired or unknown code', async () => {
      const context = setup();
      const { loginCode } = await signInAtProvider(context, providerUser());
      context.oidc.loginCodes[0]!.expiresAt = new Date(Date.now() - 1);

      await expect(context.service.complete(loginCode)).rejects.toMatchObject(LOGIN_EXPIRED);
      await expect(context.service.complete('never-issued')).rejects.toMatchObject(LOGIN_EXPIRED);
      expect(context.sessions.sessions).toHaveLength(0);
    });

    it.each([
      ['grants admin to an e-mail now listed in ADMIN_EMAILS', ADMIN_EMAIL, [], ['admin']],
      ['takes admin from an e-mail no longer listed', 'former-boss@closetly.test', ['admin'], []],
    ])('%s, in the stored account and the token', async (_rule, email, storedRoles, roles) => {
      const account = accountRow({ email, roles: storedRoles });
      const context = setup(account);
      context.oidc.identities.push({ issuer: PROVIDER, subject: 'provider-subject-1', accountId: account.id });

      const session = await signInThroughProvider(context, providerUser({ email }));
      expect(session.user.roles).toEqual(roles);
      expect(jwt.decode(session.accessToken)).toMatchObject({ roles });
      expect(context.accounts.byId(account.id)?.roles).toEqual(roles);
    });

    it('opens no session for a disabled account', async () => {
      const disabled = accountRow({ email: 'grace@example.com', disabledAt: new Date() });
      const context = setup(disabled);
      context.oidc.identities.push({ issuer: PROVIDER, subject: 'provider-subject-1', accountId: disabled.id });
      const { loginCode } = await signInAtProvider(context, providerUser());

      await expect(context.service.complete(loginCode)).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED', message: 'This account has been disabled' });
      expect(context.sessions.sessions).toHaveLength(0);
    });
  });
});
