import { randomUUID } from 'node:crypto';
import { accountRow, fakeUnitOfWork, inMemoryAccounts, markFirstUnused, mockOf, sessionsServiceFor, testConfig } from '../../test/support/unit-doubles';
import type { AccountRow } from '../accounts/accounts.repository';
import { PasswordHasher } from '../accounts/password-hasher';
import { hashToken } from '../sessions/tokens';
import type { Mail, Mailer } from './mailer';
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

/** A mailer that keeps what it was asked to send. */
function mailbox(): Mailer & { mails: Mail[] } {
  const mails: Mail[] = [];
  return { mails, send: async (mail) => void mails.push(mail) };
}

async function setup(...stored: AccountRow[]) {
  const config = testConfig({ PUBLIC_URL: 'https://closetly.example', RESET_TOKEN_TTL_MINUTES: '20' });
  const accounts = inMemoryAccounts(...stored);
  const resets = inMemoryResets();
  const mailer = mailbox();
  const sessions = sessionsServiceFor(config);
  const passwords = new PasswordHasher();
  await passwords.onModuleInit();
  const { uow, tx } = fakeUnitOfWork();
  const service = new PasswordResetService(config, mailer, resets.repository, accounts.repository, passwords, sessions.service, uow);
  return { service, accounts, resets, mailer, sessions, passwords, tx };
}

/** The token in a reset mail's link. */
function tokenIn(mail: Mail | undefined): string {
  const link = /https:\/\/closetly\.example\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!link?.[1]) throw new Error(`no reset link in ${mail?.text}`);
  return link[1];
}

describe('PasswordResetService', () => {
  describe('forgotPassword', () => {
    it('mails a link built from PUBLIC_URL whose token is stored only as its hash, for RESET_TOKEN_TTL_MINUTES', async () => {
      const account = accountRow();
      const { service, mailer, resets } = await setup(account);
      const before = Date.now();
      await service.forgotPassword({ email: account.email });

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
    ])('answers %s as it answers a known one, after the same work, and mails nothing', async (_case, stored, email) => {
      const { service, mailer, resets } = await setup(stored());

      await expect(service.forgotPassword({ email })).resolves.toBeUndefined();
      expect(mailer.mails).toHaveLength(0);
      expect(resets.rows).toEqual([expect.objectContaining({ accountId: null })]);
    });

    it('answers the same when the mail cannot be sent', async () => {
      const account = accountRow();
      const { service, mailer } = await setup(account);
      jest.spyOn(mailer, 'send').mockRejectedValue(new Error('SMTP down'));

      await expect(service.forgotPassword({ email: account.email })).resolves.toBeUndefined();
    });

    it('escapes the name in the HTML mail', async () => {
      const account = accountRow({ firstName: '<img src=x onerror=alert(1)>' });
      const { service, mailer } = await setup(account);
      await service.forgotPassword({ email: account.email });

      expect(mailer.mails[0]?.html).not.toContain('<img');
      expect(mailer.mails[0]?.html).toContain('&#60;img');
    });
  });

  describe('resetPassword', () => {
    it('sets the new password and ends every session of the account, in one transaction', async () => {
      const account = accountRow();
      const { service, mailer, accounts, sessions, passwords, tx } = await setup(account);
      await sessions.service.open(account);
      await sessions.service.open(account);
      await service.forgotPassword({ email: account.email });

      await service.resetPassword({ token: tokenIn(mailer.mails[0]), password: NEW_PASSWORD });
      expect(await passwords.verify(accounts.byId(account.id)?.passwordHash, NEW_PASSWORD)).toBe(true);
      expect(sessions.sessions.map((session) => session.revokedReason)).toEqual(['password reset', 'password reset']);
      for (const session of sessions.sessions) expect(await sessions.revoked.isRevoked(session.id)).toBe(true);
      expect(accounts.repository.update).toHaveBeenCalledWith(account.id, { passwordHash: expect.any(String) }, tx);
      expect(sessions.repository.revokeAllSessions).toHaveBeenCalledWith(account.id, 'password reset', tx);
    });

    it('works once per link', async () => {
      const account = accountRow();
      const { service, mailer } = await setup(account);
      await service.forgotPassword({ email: account.email });
      const token = tokenIn(mailer.mails[0]);

      await service.resetPassword({ token, password: NEW_PASSWORD });
      await expect(service.resetPassword({ token, password: 'Other!Passw0rd' })).rejects.toMatchObject(INVALID_LINK);
    });

    it('ends the account’s other links when one is used', async () => {
      const account = accountRow();
      const { service, mailer, resets } = await setup(account);
      await service.forgotPassword({ email: account.email });
      await service.forgotPassword({ email: account.email });
      const [first, second] = mailer.mails.map(tokenIn);

      await service.resetPassword({ token: second!, password: NEW_PASSWORD });
      expect(resets.rows.every((row) => row.usedAt !== null)).toBe(true);
      await expect(service.resetPassword({ token: first!, password: 'Other!Passw0rd' })).rejects.toMatchObject(INVALID_LINK);
    });

    it('refuses an expired link and leaves the password and sessions alone', async () => {
      const account = accountRow({ passwordHash: 'the-old-hash' });
      const { service, mailer, resets, accounts, sessions } = await setup(account);
      await sessions.service.open(account);
      await service.forgotPassword({ email: account.email });
      resets.rows[0]!.expiresAt = new Date(Date.now() - 1);

      await expect(service.resetPassword({ token: tokenIn(mailer.mails[0]), password: NEW_PASSWORD })).rejects.toMatchObject(INVALID_LINK);
      expect(accounts.byId(account.id)?.passwordHash).toBe('the-old-hash');
      expect(sessions.sessions[0]?.revokedAt).toBeNull();
    });

    it('refuses an unknown token, and a link made for an unknown e-mail', async () => {
      const { service, resets } = await setup();
      await service.forgotPassword({ email: 'nobody@example.com' });
      const token = 'a-token-only-the-server-saw';
      resets.rows[0]!.tokenHash = hashToken(token);

      await expect(service.resetPassword({ token: 'never-issued', password: NEW_PASSWORD })).rejects.toMatchObject(INVALID_LINK);
      await expect(service.resetPassword({ token, password: NEW_PASSWORD })).rejects.toMatchObject(INVALID_LINK);
    });
  });
});
