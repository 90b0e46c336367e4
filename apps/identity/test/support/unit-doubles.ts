import { randomUUID } from 'node:crypto';
import { DEFAULT_MAIL_QUEUE_OPTIONS, type Mail, type Mailer, MailQueue, MemoryCache, type OutboxWriter, ProcessMetrics, RevokedSessions, UnitOfWork } from '@closetly/server';
import { fakeUnitOfWork, mockOf } from '@closetly/testing';
import { type AccountRow, AccountsRepository } from '../../src/accounts/accounts.repository';
import { EmailProof } from '../../src/accounts/email-proof';
import { type EmailConfirmationRow, EmailConfirmationRepository } from '../../src/email-confirmation/email-confirmation.repository';
import { EmailConfirmationService } from '../../src/email-confirmation/email-confirmation.service';
import { type Clock, systemClock } from '../../src/clock';
import { type IdentityConfig, loadIdentityConfig } from '../../src/config';
import type { sessions as sessionsTable } from '../../src/db/schema';
import { type RefreshTokenRow, SessionsRepository } from '../../src/sessions/sessions.repository';
import { SessionsService } from '../../src/sessions/sessions.service';
import { delaySeconds, type SignInFailureRow, SignInFailuresRepository, WHOLE_ACCOUNT } from '../../src/sign-in-throttle/sign-in-failures.repository';
import { SignInThrottle } from '../../src/sign-in-throttle/sign-in-throttle.service';

/**
 * Doubles for identity's unit specs: repositories replaced by jest mocks
 * (here backed by arrays where a rule needs state), everything else real.
 */

type SessionRow = typeof sessionsTable.$inferSelect;

/** The generic doubles live in @closetly/testing; re-exported so identity's specs import from one place. */
export { fakeUnitOfWork, mockOf, recordingOutbox } from '@closetly/testing';

export const TEST_JWT_SECRET = 'unit-test-secret-of-at-least-32-characters';

/** The repositories' guarded "mark used": the first matching unused row is marked and returned as a copy; undefined when none is left. */
export function markFirstUnused<Row extends { usedAt: Date | null }>(rows: Row[], matches: (row: Row) => boolean): Row | undefined {
  const row = rows.find((candidate) => matches(candidate) && !candidate.usedAt);
  if (!row) return undefined;
  row.usedAt = new Date();
  return { ...row };
}

/** Identity's settings with a known signing key; everything not named keeps its embedded default. */
export const testConfig = (env: NodeJS.ProcessEnv = {}): IdentityConfig => loadIdentityConfig({ AUTH_JWT_SECRET: TEST_JWT_SECRET, ...env });

export function accountRow(overrides: Partial<AccountRow> = {}): AccountRow {
  const id = randomUUID();
  return {
    id,
    email: `shopper-${id.slice(0, 8)}@example.com`,
    passwordHash: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    gender: '',
    roles: [],
    emailVerifiedAt: null,
    disabledAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  };
}

/** AccountsRepository over an array; the e-mail is unique, as in the table. Rows go in and out as copies. */
export function inMemoryAccounts(...initial: AccountRow[]) {
  const rows = initial.map((row) => ({ ...row }));
  const byId = (id: string) => rows.find((row) => row.id === id);
  const copy = (row: AccountRow | undefined) => row && { ...row };
  const repository = mockOf(AccountsRepository);
  repository.findByEmail.mockImplementation(async (email) => copy(rows.find((row) => row.email === email)));
  repository.findById.mockImplementation(async (id) => copy(byId(id)));
  repository.insert.mockImplementation(async (account) => {
    if (rows.some((row) => row.email === account.email)) return undefined;
    const row = accountRow({ ...account });
    rows.push(row);
    return copy(row);
  });
  repository.replacePasswordHash.mockImplementation(async (id, expected, passwordHash) => {
    const row = byId(id);
    if (row?.passwordHash !== expected) return false;
    Object.assign(row, { passwordHash, updatedAt: new Date() });
    return true;
  });
  repository.delete.mockImplementation(async (id) => {
    const index = rows.findIndex((row) => row.id === id);
    if (index >= 0) rows.splice(index, 1);
    return index >= 0;
  });
  repository.externalIdentitiesOf.mockImplementation(async () => []);
  repository.countHeldFor.mockImplementation(async (id) => ({ accounts: byId(id) ? 1 : 0 }));
  repository.update.mockImplementation(async (id, changes) => {
    const row = byId(id);
    return copy(row && Object.assign(row, changes, { updatedAt: new Date() }));
  });
  repository.list.mockImplementation(async () => [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => ({ ...row })));
  repository.markEmailVerified.mockImplementation(async (id) => {
    const row = byId(id);
    if (!row || row.emailVerifiedAt) return false;
    Object.assign(row, { emailVerifiedAt: new Date(), updatedAt: new Date() });
    return true;
  });
  return { repository, rows, byId };
}

/** EmailConfirmationRepository over an array, with its guarded "mark used". */
export function inMemoryEmailConfirmations(clock: Clock = systemClock) {
  const rows: EmailConfirmationRow[] = [];
  const repository = mockOf(EmailConfirmationRepository);
  repository.insert.mockImplementation(async (link) => {
    rows.push({ id: randomUUID(), usedAt: null, createdAt: clock(), ...link } as EmailConfirmationRow);
  });
  repository.markUsed.mockImplementation(async (tokenHash) => markFirstUnused(rows, (row) => row.tokenHash === tokenHash));
  repository.countSince.mockImplementation(async (accountId, since) => rows.filter((row) => row.accountId === accountId && row.createdAt > since).length);
  return { repository, rows };
}

/** A mailer that keeps what it was asked to send. */
export function mailbox(): Mailer & { mails: Mail[] } {
  const mails: Mail[] = [];
  return { mails, send: async (mail) => void mails.push(mail) };
}

/**
 * The e-mail proof and confirmation services over in-memory doubles, as
 * AccountsService, OidcService and PasswordResetService need them; the
 * confirmation mails go to `mailer` (drained with `mailQueue.idle()`).
 */
export function emailConfirmationFor(input: {
  config: IdentityConfig;
  accounts: AccountsRepository;
  sessions: SessionsService;
  uow: UnitOfWork;
  outbox: OutboxWriter;
  clock?: Clock;
}) {
  const links = inMemoryEmailConfirmations(input.clock);
  const mailer = mailbox();
  const mailQueue = new MailQueue(mailer, new ProcessMetrics(), { ...DEFAULT_MAIL_QUEUE_OPTIONS, firstRetryMs: 1 });
  const proof = new EmailProof(input.accounts, input.outbox);
  const confirmation = new EmailConfirmationService(input.config, links.repository, input.accounts, proof, input.sessions, mailQueue, input.uow, input.clock ?? systemClock);
  return { proof, confirmation, links, mailer, mailQueue };
}

/** SessionsRepository over arrays, with its guarded updates (a token rotates once, a session is revoked once). */
export function inMemorySessions(clock: Clock = systemClock) {
  const sessions: SessionRow[] = [];
  const tokens: RefreshTokenRow[] = [];
  const repository = mockOf(SessionsRepository);
  const revokeWhere = (match: (session: SessionRow) => boolean, reason: string) =>
    sessions.filter((session) => match(session) && !session.revokedAt).map((session) => Object.assign(session, { revokedAt: new Date(), revokedReason: reason }).id);
  repository.createSession.mockImplementation(async (accountId, device, at) => {
    const session: SessionRow = { id: randomUUID(), accountId, createdAt: clock(), device, lastUsedAt: at, revokedAt: null, revokedReason: null };
    sessions.push(session);
    return session.id;
  });
  repository.addRefreshToken.mockImplementation(async (sessionId, tokenHash, expiresAt) => {
    tokens.push({ id: randomUUID(), sessionId, tokenHash, expiresAt, rotatedAt: null, createdAt: new Date() });
  });
  repository.findRefreshToken.mockImplementation(async (tokenHash) => {
    const token = tokens.find((row) => row.tokenHash === tokenHash);
    const session = token && sessions.find((row) => row.id === token.sessionId);
    return token && session ? { token: { ...token }, session: { ...session } } : undefined;
  });
  repository.markRotated.mockImplementation(async (tokenId, at) => {
    const token = tokens.find((row) => row.id === tokenId && !row.rotatedAt);
    if (token) token.rotatedAt = at;
    return Boolean(token);
  });
  repository.findSession.mockImplementation(async (sessionId) => {
    const session = sessions.find((row) => row.id === sessionId);
    return session && { ...session };
  });
  repository.markUsed.mockImplementation(async (sessionId, at) => {
    const session = sessions.find((row) => row.id === sessionId);
    if (session) session.lastUsedAt = at;
  });
  repository.listForAccount.mockImplementation(async (accountId) =>
    sessions.filter((row) => row.accountId === accountId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((row) => ({ ...row })),
  );
  repository.revokeSession.mockImplementation(async (sessionId, reason) => revokeWhere((session) => session.id === sessionId, reason).length === 1);
  repository.revokeAllSessions.mockImplementation(async (accountId, reason) => revokeWhere((session) => session.accountId === accountId, reason));
  return { repository, sessions, tokens };
}

/** The real SessionsService over in-memory sessions and an in-memory deny-list, on the given clock. */
export function sessionsServiceFor(config: IdentityConfig, clock: Clock = systemClock) {
  const store = inMemorySessions(clock);
  const cache = new MemoryCache();
  return { ...store, revoked: new RevokedSessions(cache), service: new SessionsService(config, cache, store.repository, clock) };
}

/** A clock a test moves by hand. */
export function manualClock(start = new Date()) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return {
    clock,
    advance(ms: number): void {
      now += ms;
    },
  };
}

/** SignInFailuresRepository over a map, with its statements' semantics (a guarded upsert per count). */
export function inMemorySignInFailures() {
  const rows = new Map<string, SignInFailureRow>();
  const keyOf = (accountKey: string, client: string) => `${accountKey}\n${client}`;
  const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);
  const repository = mockOf(SignInFailuresRepository);
  repository.countPairFailure.mockImplementation(async (accountKey, client, limit, rules, now) => {
    const row = rows.get(keyOf(accountKey, client));
    if (row && row.windowEndsAt > now && row.failures >= limit) return false;
    const fresh = !row || row.windowEndsAt <= now;
    rows.set(keyOf(accountKey, client), {
      accountKey,
      client,
      failures: fresh ? 1 : row.failures + 1,
      windowEndsAt: fresh ? later(now, rules.windowSeconds) : row.windowEndsAt,
      nextAttemptAt: row?.nextAttemptAt ?? now,
    });
    return true;
  });
  repository.countAccountFailure.mockImplementation(async (accountKey, rules, now) => {
    const row = rows.get(keyOf(accountKey, WHOLE_ACCOUNT));
    const fresh = !row || row.windowEndsAt <= now;
    if (!fresh && row.failures >= rules.freeFailures && row.nextAttemptAt > now) return false;
    const failures = fresh ? 1 : row.failures + 1;
    rows.set(keyOf(accountKey, WHOLE_ACCOUNT), {
      accountKey,
      client: WHOLE_ACCOUNT,
      failures,
      windowEndsAt: fresh ? later(now, rules.windowSeconds) : row.windowEndsAt,
      nextAttemptAt: later(now, delaySeconds(failures, rules)),
    });
    return true;
  });
  repository.find.mockImplementation(async (accountKey, client) => {
    const row = rows.get(keyOf(accountKey, client));
    return row && { ...row };
  });
  repository.forgiveAttempt.mockImplementation(async (accountKey, client) => {
    rows.delete(keyOf(accountKey, client));
    const account = rows.get(keyOf(accountKey, WHOLE_ACCOUNT));
    if (account) account.failures = Math.max(0, account.failures - 1);
  });
  repository.clearAccount.mockImplementation(async (accountKey) => {
    for (const [key, row] of rows) if (row.accountKey === accountKey) rows.delete(key);
  });
  repository.pruneExpired.mockResolvedValue(undefined);
  return { repository, rows };
}

/** The real SignInThrottle over in-memory counts, whose unit of work rolls the counts back when its work throws. */
export function signInThrottleFor(clock: Clock = systemClock) {
  const store = inMemorySignInFailures();
  const { tx } = fakeUnitOfWork();
  const uow = mockOf(UnitOfWork);
  uow.run.mockImplementation(async (work) => {
    const before = [...store.rows].map(([key, row]) => [key, { ...row }] as const);
    try {
      return await work(tx);
    } catch (error) {
      store.rows.clear();
      for (const [key, row] of before) store.rows.set(key, row);
      throw error;
    }
  });
  return { ...store, service: new SignInThrottle(store.repository, uow, clock) };
}
