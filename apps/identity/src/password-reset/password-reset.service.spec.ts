import { randomUUID } from 'node:crypto';
import { pollUntil } from '@closetly/testing';
import { DEFAULT_MAIL_QUEUE_OPTIONS, type Mail, MailQueue, ProcessMetrics } from '@closetly/server';
import { accountRow, fakeUnitOfWork, inMemoryAccounts, mailbox, markFirstUnused, mockOf, recordingOutbox, sessionsServiceFor, signInThrottleFor, testConfig } from '../../test/support/unit-doubles';
import { SIGN_IN_LIMITS } from '../sign-in-throttle/sign-in-throttle.service';
import type { AccountRow } from '../accounts/accounts.repository';
import { EmailProof } from '../accounts/email-proof';
import { PasswordHasher } from '../accounts/password-hasher';
import { hashToken } from '../sessions/tokens';
import { OidcRepository } from '../oidc/oidc.repository';
import { type PasswordResetRow, PasswordResetRepository } from './password-reset.repository';
import { PasswordResetService } from './password-reset.service';

const NEW_PASSWORD = 'Fresh!Passw0rd';
const INVALID_LINK = { code: 'INVALID_RESET_TOKEN', message: 'This reset link is invalid or has expired.' };

/** PasswordResetRepository over an array, with its guarded update (a link is marked used once). */
function inMemoryResets() {
  const rows: PasswordResetRow[] = [];
  const repository = mockOf(PasswordResetRepository);
  repository.insert.mockImplementation(async (reset) => {
    rows.push({ id: randomUUID(), accountId: reset.accountId ?? null, tokenHash: reset.tokenHash, expiresAt: reset.expiresAt, usedAt: null, createdAt: new Date() });
  });
  repository.markUsed.mockImplementation(async (tokenHash) => markFirstUnused(rows, (row) => row.tokenHash === tokenHash));
  repository.markAllUsed.mockImplementation(async (accountId) => {
    for (const row of rows) if (row.accountId === accountId && !row.usedAt) row.usedAt = new Date();
  });
  return { repository, rows };
}


async function setup(...stored: AccountRow[]) {
  const config = testConfig({ PUBLIC_URL: 'https://closetly.example', RESET_TOKEN_TTL_MINUTES: '20' });
  const accounts = inMemoryAccounts(...stored);
  const resets = inMemoryResets();
  const mailer = mailbox();
  const mailQueue = new MailQueue(mailer, new ProcessMetrics(), { ...DEFAULT_MAIL_QUEUE_OPTIONS, firstRetryMs: 1 });
  const identities = mockOf(OidcRepository);
  const sessions = sessionsServiceFor(config);
  const passwords = new PasswordHasher();
  await passwords.onModuleInit();
  const { uow, tx } = fakeUnitOfWork();
  const throttle = signInThrottleFor();
  const events = recordingOutbox();
  const proof = new EmailProof(accounts.repository, events.outbox);
  const service = new PasswordResetService(config, mailQueue, resets.repository, accounts.repository, identities, passwords, sessions.service, uow, throttle.service, proof);
  /** Asks for a reset link and waits until the queued mail has left. */
  const forgotPassword = async (email: string) => {
    await service.forgotPassword({ email });
    await mailQueue.idle();
  };
  return { service, forgotPassword, accounts, resets, mailer, mailQueue, identities, sessions, passwords, uow, tx, throttle, events };
}

/** The token in a reset mail's link. */
function tokenIn(mail: Mail | undefined): string {
  const link = /https:\/\/closetly\.example\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!link?.[1]) throw new Error(`no reset link in ${mail?.text}`);
  return link[1];
}

/** Every call the service made of its repositories, the unit of work and the mailer, in order, with what it passed. */
function callLog(context: Awaited<ReturnType<typeof setup>>, send: jest.SpyInstance) {
  const mocks: Array<[string, { mock: { calls: unknown[][]; invocationCallOrder: number[] } }]> = [
    ['accounts.findByEmail', context.accounts.repository.findByEmail],
    ['uow.run', context.uow.run],
    ['resets.markAllUsed', context.resets.repository.markAllUsed],
    ['resets.insert', context.resets.repository.insert],
    ['mailer.send', send],
  ];
  return mocks
    .flatMap(([name, mock]) => mock.mock.invocationCallOrder.map((order, index) => ({ name, order, args: mock.mock.calls[index] ?? [] })))
    .sort((a, b) => a.order - b.order);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A SHA-256 in base64url: a token was generated and hashed. */
const TOKEN_HASH = /^[\w-]{43}$/;

describe('PasswordResetService', () => {
  describe('forgotPassword', () => {
    it('mails a link built from PUBLIC_URL whose token is stored only as its hash, for RESET_TOKEN_TTL_MINUTES', async () => {
      const account = accountRow();
      const { forgotPassword, mailer, resets } = await setup(account);
      const before = Date.now();
      await forgotPassword(account.email);

      expect(mailer.mails).toHaveLength(1);
      expect(mailer.mails[0]).toMatchObject({ to: account.email, subject: 'Reset your Closetly password' });
      const token = tokenIn(mailer.mails[0]);
      expect(resets.rows).toEqual([expect.objectContaining({ accountId: account.id, tokenHash: hashToken(token), usedAt: null })]);
      expect(JSON.stringify(resets.rows)).not.toContain(token);
      expect(resets.rows[0]?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 20 * 60_000);
      expect(resets.rows[0]?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 20 * 60_000);
    });

    it.each([
      ['an unknown e-mail', () => accountRow(), 'nobody@example.com'],
      ['a disabled account', () => accountRow({ email: 'gone@example.com', disabledAt: new Date() }), 'gone@example.com'],
    ])('answers %s as it answers a known one, and mails nothing', async (_case, stored, email) => {
      const { service, forgotPassword, mailer, resets } = await setup(stored());

      await expect(service.forgotPassword({ email })).resolves.toBeUndefined();
      await forgotPassword(email);
      expect(mailer.mails).toHaveLength(0);
      expect(resets.rows).toEqual([expect.objectContaining({ accountId: null }), expect.objectContaining({ accountId: null })]);
    });

    it('does the same work for an unknown e-mail as for a known one: one lookup, a token generated and hashed, the same two writes in one transaction, no mail sent while answering', async () => {
      const account = accountRow();
      const known = await setup(account);
      const unknown = await setup(account);
      const knownSend = jest.spyOn(known.mailer, 'send');
      const unknownSend = jest.spyOn(unknown.mailer, 'send');

      await known.service.forgotPassword({ email: account.email });
      const knownCalls = callLog(known, knownSend);
      await unknown.service.forgotPassword({ email: 'nobody@example.com' });
      const unknownCalls = callLog(unknown, unknownSend);

      const work = ['accounts.findByEmail', 'uow.run', 'resets.markAllUsed', 'resets.insert'];
      expect(knownCalls.map((call) => call.name)).toEqual(work);
      expect(unknownCalls.map((call) => call.name)).toEqual(work);
      for (const [calls, tx, accountId] of [
        [knownCalls, known.tx, account.id],
        [unknownCalls, unknown.tx, null],
      ] as const) {
        expect(calls[2]?.args).toEqual([expect.stringMatching(UUID), tx]);
        expect(calls[3]?.args).toEqual([{ accountId, tokenHash: expect.stringMatching(TOKEN_HASH), expiresAt: expect.any(Date) }, tx]);
      }
      // The unknown path ends the links of an id no account has.
      expect(unknownCalls[2]?.args[0]).not.toBe(account.id);
      // The known account's mail leaves afterwards, off the request path.
      await known.mailQueue.idle();
      expect(knownSend).toHaveBeenCalledTimes(1);
      expect(unknownSend).not.toHaveBeenCalled();
    });

    it('answers before the mail is sent, and a send that never finishes holds nothing up', async () => {
      const account = accountRow();
      const { service, mailer } = await setup(account);
      const order: string[] = [];
      jest.spyOn(mailer, 'send').mockImplementation(() => {
        order.push('send started');
        return new Promise<void>(() => undefined);
      });

      await service.forgotPassword({ email: account.email });
      order.push('answered');
      await pollUntil(() => order.length, (length) => length === 2, { what: 'the queued mail to be sent' });
      expect(order).toEqual(['answered', 'send started']);
    });

    it('answers the same when the mail cannot be sent', async () => {
      const account = accountRow();
      const { service, mailer, mailQueue } = await setup(account);
      const send = jest.spyOn(mailer, 'send').mockRejectedValue(new Error('SMTP down'));

      await expect(service.forgotPassword({ email: account.email })).resolves.toBeUndefined();
      await mailQueue.idle();
      expect(send).toHaveBeenCalledTimes(DEFAULT_MAIL_QUEUE_OPTIONS.attempts);
    });

    it('ends the earlier links of the account: after a second request only the newest link works', async () => {
      const account = accountRow();
      const { forgotPassword, service, mailer } = await setup(account);
      await forgotPassword(account.email);
      await forgotPassword(account.email);
      const [first, second] = mailer.mails.map(tokenIn);

      await expect(service.resetPassword({ token: first!, password: NEW_PASSWORD })).rejects.toMatchObject(INVALID_LINK);
      await expect(service.resetPassword({ token: second!, password: NEW_PASSWORD })).resolves.toBeUndefined();
    });

    it('escapes the name in the HTML mail', async () => {
      const account = accountRow({ firstName: '<img src=x onerror=alert(1)>' });
      const { forgotPassword, mailer } = await setup(account);
      await forgotPassword(account.email);

      expect(mailer.mails[0]?.html).not.toContain('<img');
      expect(mailer.mails[0]?.html).toContain('&#60;img');
    });
  });

  describe('resetPassword', () => {
    it('sets the new password, marks the e-mail verified, unlinks every provider login and ends every session, in one transaction', async () => {
      const account = accountRow();
      const { service, forgotPassword, mailer, accounts, identities, sessions, passwords, tx, events } = await setup(account);
      await sessions.service.open(account);
      await sessions.service.open(account);
      await forgotPassword(account.email);

      await service.resetPassword({ token: tokenIn(mailer.mails[0]), password: NEW_PASSWORD });
      expect(await passwords.verify(accounts.byId(account.id)?.passwordHash, NEW_PASSWORD)).toBe(true);
      expect(accounts.byId(account.id)?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(sessions.sessions.map((session) => session.revokedReason)).toEqual(['password reset', 'password reset']);
      for (const session of sessions.sessions) expect(await sessions.revoked.isRevoked(session.id)).toBe(true);
      expect(accounts.repository.update).toHaveBeenCalledWith(account.id, { passwordHash: expect.any(String) }, tx);
      // The used link proves the address: the catalogue hears of it in the same transaction.
      expect(accounts.repository.markEmailVerified).toHaveBeenCalledWith(account.id, tx);
      expect(events.payloads('identity.email-confirmed.v1')).toEqual([{ userId: account.id, how: 'reset' }]);
      expect(identities.unlinkIdentities).toHaveBeenCalledWith(account.id, undefined, tx);
      expect(sessions.repository.revokeAllSessions).toHaveBeenCalledWith(account.id, 'password reset', tx);
    });

    // Issue 22: a reset used to leave the lock in place.
    it('clears the account’s failed sign-ins from every address, so its owner can sign in at once', async () => {
      const account = accountRow();
      const { service, forgotPassword, mailer, throttle } = await setup(account);
      const other = accountRow();
      for (let i = 0; i < SIGN_IN_LIMITS.pairFailures; i += 1) {
        await throttle.service.admit(account.email, '203.0.113.66');
        await throttle.service.admit(other.email, '203.0.113.66');
      }
      await expect(throttle.service.admit(account.email, '203.0.113.66')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      await expect(throttle.service.admit(account.email, '198.51.100.1')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      await forgotPassword(account.email);

      await service.resetPassword({ token: tokenIn(mailer.mails[0]), password: NEW_PASSWORD });
      await expect(throttle.service.admit(account.email, '203.0.113.66')).resolves.toBeUndefined();
      await expect(throttle.service.admit(account.email, '198.51.100.1')).resolves.toBeUndefined();
      // Another account's counts stay.
      await expect(throttle.service.admit(other.email, '203.0.113.66')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    });

    it('works once per link', async () => {
      const account = accountRow();
      const { service, forgotPassword, mailer } = await setup(account);
      await forgotPassword(account.email);
      const token = tokenIn(mailer.mails[0]);

      await service.resetPassword({ token, password: NEW_PASSWORD });
      await expect(service.resetPassword({ token, password: 'Other!Passw0rd' })).rejects.toMatchObject(INVALID_LINK);
    });

    it('refuses an expired link and leaves the password, sessions and provider logins alone', async () => {
      const account = accountRow({ passwordHash: 'the-old-hash' });
      const { service, forgotPassword, mailer, resets, accounts, identities, sessions, throttle } = await setup(account);
      await sessions.service.open(account);
      await forgotPassword(account.email);
      resets.rows[0]!.expiresAt = new Date(Date.now() - 1);

      await expect(service.resetPassword({ token: tokenIn(mailer.mails[0]), password: NEW_PASSWORD })).rejects.toMatchObject(INVALID_LINK);
      expect(accounts.byId(account.id)).toMatchObject({ passwordHash: 'the-old-hash', emailVerifiedAt: null });
      expect(sessions.sessions[0]?.revokedAt).toBeNull();
      expect(identities.unlinkIdentities).not.toHaveBeenCalled();
      expect(throttle.repository.clearAccount).not.toHaveBeenCalled();
    });

    it('refuses an unknown token, and a link made for an unknown e-mail', async () => {
      const { service, forgotPassword, resets } = await setup();
      await forgotPassword('nobody@example.com');
      const token = 'a-token-only-the-server-saw';
      resets.rows[0]!.tokenHash = hashToken(token);

      await expect(service.resetPassword({ token: 'never-issued', password: NEW_PASSWORD })).rejects.toMatchObject(INVALID_LINK);
      await expect(service.resetPassword({ token, password: NEW_PASSWORD })).rejects.toMatchObject(INVALID_LINK);
    });
  });
});
