import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type DatabaseConnection, type Db, MailQueue, MemoryCache, migrateService, OutboxRelay, ProcessMetrics, UnitOfWork } from '@closetly/server';
import { type AdapterTestDatabase, mockOf, openAdapterTestDatabase, recordingOutbox } from '@closetly/testing';
import argon2 from 'argon2';
import { eq, inArray } from 'drizzle-orm';
import { AccountsRepository } from '../src/accounts/accounts.repository';
import { AccountsService } from '../src/accounts/accounts.service';
import { EmailProof } from '../src/accounts/email-proof';
import { EmailConfirmationRepository } from '../src/email-confirmation/email-confirmation.repository';
import { EmailConfirmationService } from '../src/email-confirmation/email-confirmation.service';
import { passwordResets, refreshTokens } from '../src/db/schema';
import { PasswordHasher } from '../src/accounts/password-hasher';
import { OidcRepository } from '../src/oidc/oidc.repository';
import { PasswordResetRepository } from '../src/password-reset/password-reset.repository';
import { SessionsRepository } from '../src/sessions/sessions.repository';
import { SessionsService } from '../src/sessions/sessions.service';
import { SignInFailuresRepository } from '../src/sign-in-throttle/sign-in-failures.repository';
import { SignInThrottle } from '../src/sign-in-throttle/sign-in-throttle.service';
import { mailbox, testConfig } from './support/unit-doubles';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');
const PASSWORD = 'Closet!Passw0rd';

/**
 * Identity's repositories on the real engines (PGlite and PostgreSQL), with
 * its migrations: the guarded updates the security rules lean on, and the
 * sign-in that upgrades an old argon2 hash in the stored row.
 */
describe.each(['embedded', 'distributed'] as const)('identity repositories (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let accounts: AccountsRepository;

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_identity_repos' });
    ({ connection, db } = database);
    await migrateService(connection, db, 'identity', MIGRATIONS);
    accounts = new AccountsRepository(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const newAccount = async (passwordHash: string | null = null) => {
    const account = await accounts.insert({ email: `${randomUUID()}@example.com`, passwordHash, firstName: 'Ada', lastName: 'Lovelace' });
    if (!account) throw new Error('account not inserted');
    return account;
  };

  it('stores a new account with its e-mail unverified', async () => {
    expect((await newAccount()).emailVerifiedAt).toBeNull();
  });

  it('replaces a password hash only while it is still the one read (a reset in between wins)', async () => {
    const account = await newAccount('old-hash');
    expect(await accounts.replacePasswordHash(account.id, 'old-hash', 'upgraded-hash')).toBe(true);
    expect(await accounts.replacePasswordHash(account.id, 'old-hash', 'stale-upgrade')).toBe(false);
    expect((await accounts.findById(account.id))?.passwordHash).toBe('upgraded-hash');
  });

  it('upgrades a hash made with weaker argon2 settings when its owner signs in', async () => {
    const weakHash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 4_096, timeCost: 1, parallelism: 1 });
    const account = await newAccount(weakHash);
    const config = testConfig();
    const passwords = new PasswordHasher();
    await passwords.onModuleInit();
    const sessions = new SessionsService(config, new MemoryCache(), new SessionsRepository(db));
    const uow = new UnitOfWork(db, mockOf(OutboxRelay));
    const outbox = recordingOutbox().outbox;
    const proof = new EmailProof(accounts, outbox);
    const confirmation = new EmailConfirmationService(config, new EmailConfirmationRepository(db), accounts, proof, sessions, new MailQueue(mailbox(), new ProcessMetrics()), uow);
    const service = new AccountsService(config, accounts, passwords, sessions, uow, outbox, new SignInThrottle(new SignInFailuresRepository(db), uow), proof, confirmation);

    await service.signIn({ client: '198.51.100.1', email: account.email, password: PASSWORD });
    const stored = (await accounts.findById(account.id))?.passwordHash ?? '';
    expect(stored).not.toBe(weakHash);
    expect(passwords.needsRehash(stored)).toBe(false);
    await expect(service.signIn({ client: '198.51.100.1', email: account.email, password: PASSWORD })).resolves.toMatchObject({ user: { uid: account.id } });
  });

  it('unlinks every provider login of an account, or all but the one named', async () => {
    const oidc = new OidcRepository(db);
    const account = await newAccount();
    const other = await newAccount();
    await oidc.linkIdentity(account.id, 'https://a.example', 'kept', db);
    await oidc.linkIdentity(account.id, 'https://a.example', 'dropped', db);
    await oidc.linkIdentity(account.id, 'https://b.example', 'kept', db);
    await oidc.linkIdentity(other.id, 'https://a.example', 'theirs', db);

    await oidc.unlinkIdentities(account.id, { issuer: 'https://a.example', subject: 'kept' });
    expect((await oidc.findAccountByIdentity('https://a.example', 'kept'))?.id).toBe(account.id);
    expect(await oidc.findAccountByIdentity('https://a.example', 'dropped')).toBeUndefined();
    expect(await oidc.findAccountByIdentity('https://b.example', 'kept')).toBeUndefined();

    await oidc.unlinkIdentities(account.id, undefined);
    expect(await oidc.findAccountByIdentity('https://a.example', 'kept')).toBeUndefined();
    expect((await oidc.findAccountByIdentity('https://a.example', 'theirs'))?.id).toBe(other.id);
  });

  it('ends the unused reset links of the named account only; an id no account has ends nothing', async () => {
    const resets = new PasswordResetRepository(db);
    const account = await newAccount();
    const other = await newAccount();
    const expiresAt = new Date(Date.now() + 60_000);
    const links = { mine: `mine-${randomUUID()}`, theirs: `theirs-${randomUUID()}`, unknown: `unknown-${randomUUID()}` };
    await resets.insert({ accountId: account.id, tokenHash: links.mine, expiresAt });
    await resets.insert({ accountId: other.id, tokenHash: links.theirs, expiresAt });
    await resets.insert({ accountId: null, tokenHash: links.unknown, expiresAt });
    const used = async () => {
      const rows = await db.select().from(passwordResets).where(inArray(passwordResets.tokenHash, Object.values(links)));
      return Object.fromEntries(rows.map((row) => [row.tokenHash, row.usedAt !== null]));
    };

    await resets.markAllUsed(randomUUID());
    expect(await used()).toEqual({ [links.mine]: false, [links.theirs]: false, [links.unknown]: false });
    await resets.markAllUsed(account.id);
    expect(await used()).toEqual({ [links.mine]: true, [links.theirs]: false, [links.unknown]: false });
  });

  it('accepts the rotation time it is given, once per refresh token', async () => {
    const sessions = new SessionsRepository(db);
    const account = await newAccount();
    const sessionId = await sessions.createSession(account.id, null, new Date());
    await sessions.addRefreshToken(sessionId, `hash-${randomUUID()}`, new Date(Date.now() + 60_000));
    const token = await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
    const at = new Date('2026-11-23T12:00:00.000Z');

    expect(await sessions.markRotated(token[0]!.id, at)).toBe(true);
    expect(await sessions.markRotated(token[0]!.id, new Date())).toBe(false);
    const [rotated] = await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
    expect(rotated?.rotatedAt?.toISOString()).toBe(at.toISOString());
  });
});
