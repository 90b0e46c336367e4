import jwt from 'jsonwebtoken';
import { type Caller, CONFIRMATION_RESENDS_PER_DAY, INVALID_CONFIRMATION_MESSAGE } from '@closetly/contracts';
import { accountRow, emailConfirmationFor, fakeUnitOfWork, inMemoryAccounts, manualClock, recordingOutbox, sessionsServiceFor, signInThrottleFor, testConfig } from '../../test/support/unit-doubles';
import { AccountsService } from '../accounts/accounts.service';
import type { AccountRow } from '../accounts/accounts.repository';
import { PasswordHasher } from '../accounts/password-hasher';

const HOUR_MS = 60 * 60 * 1000;
const PUBLIC_URL = 'https://closetly.example';
const ADMIN_EMAIL = 'owner@closetly.test';

async function setup(options: { startedHoursAgo?: number } = {}, ...stored: AccountRow[]) {
  const config = testConfig({ PUBLIC_URL, ADMIN_EMAILS: ADMIN_EMAIL });
  const accounts = inMemoryAccounts(...stored);
  const time = manualClock(new Date(Date.now() - (options.startedHoursAgo ?? 0) * HOUR_MS));
  const sessions = sessionsServiceFor(config, time.clock);
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  const email = emailConfirmationFor({ config, accounts: accounts.repository, sessions: sessions.service, uow, outbox: events.outbox, clock: time.clock });
  const passwords = new PasswordHasher();
  await passwords.onModuleInit();
  const accountsService = new AccountsService(config, accounts.repository, passwords, sessions.service, uow, events.outbox, signInThrottleFor(time.clock).service, email.proof, email.confirmation, time.clock);
  /** The token of the newest confirmation mail, once the queue has sent it. */
  const latestToken = async (): Promise<string> => {
    await email.mailQueue.idle();
    const mail = email.mailer.mails.at(-1);
    const link = new RegExp(`${PUBLIC_URL}/confirm-email\\?token=([\\w-]+)`).exec(mail?.text ?? '');
    if (!link?.[1]) throw new Error(`no confirmation link in ${mail?.text}`);
    return link[1];
  };
  const callerOf = async (account: AccountRow): Promise<Caller> => {
    const { accessToken } = await sessions.service.open(account);
    const claims = jwt.decode(accessToken) as jwt.JwtPayload;
    return { uid: String(claims.sub), sid: String(claims.sid), roles: [], scope: 'full' };
  };
  return { ...email, accounts, accountsService, events, time, tx, latestToken, callerOf };
}

const signUp = (context: Awaited<ReturnType<typeof setup>>, email = 'grace@example.com') =>
  context.accountsService.signUp({ firstName: 'Grace', lastName: 'Hopper', email, password: 'Corr3ct-Horse!', gender: 'female' });

describe('EmailConfirmationService', () => {
  it('sends a "Confirm your e-mail" link on sign-up; the account works at once, unproved', async () => {
    const context = await setup();
    const session = await signUp(context);
    await context.mailQueue.idle();

    expect(session.user.email).toBe('grace@example.com');
    expect(context.mailer.mails).toEqual([expect.objectContaining({ to: 'grace@example.com', subject: 'Confirm your e-mail' })]);
    expect(context.mailer.mails[0]?.html).toContain(`${PUBLIC_URL}/confirm-email?token=`);
    expect(context.accounts.byId(session.user.uid)?.emailVerifiedAt).toBeNull();
    expect(context.events.payloads('identity.email-confirmed.v1')).toEqual([]);
    // Stored hashed: the token in the mail is not in the table.
    expect(context.links.rows[0]?.tokenHash).not.toBe(await context.latestToken());
  });

  it('proves the address with the link, once: the catalogue hears of it, and a second use is refused', async () => {
    const context = await setup();
    const session = await signUp(context);
    const token = await context.latestToken();

    await context.confirmation.confirm(token);
    expect(context.accounts.byId(session.user.uid)?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(context.events.payloads('identity.email-confirmed.v1')).toEqual([{ userId: session.user.uid, how: 'link' }]);

    await expect(context.confirmation.confirm(token)).rejects.toMatchObject({ code: 'INVALID_CONFIRMATION_TOKEN', message: INVALID_CONFIRMATION_MESSAGE });
    await expect(context.confirmation.confirm('not-a-token')).rejects.toMatchObject({ code: 'INVALID_CONFIRMATION_TOKEN' });
  });

  it('refuses a link older than 24 hours', async () => {
    const context = await setup({ startedHoursAgo: 25 });
    await signUp(context);
    await expect(context.confirmation.confirm(await context.latestToken())).rejects.toMatchObject({ code: 'INVALID_CONFIRMATION_TOKEN' });
  });

  it('grants ADMIN_EMAILS its role only once the address is confirmed', async () => {
    const context = await setup();
    const session = await signUp(context, ADMIN_EMAIL);
    expect(session.user.roles).toEqual([]);
    await context.confirmation.confirm(await context.latestToken());
    expect(context.accounts.byId(session.user.uid)?.roles).toEqual(['admin']);
  });

  it('resends at most one link a minute and a few a day, and none once confirmed', async () => {
    const account = accountRow({ email: 'ada@example.com' });
    const context = await setup({}, account);
    const caller = await context.callerOf(account);

    await context.confirmation.resend(caller);
    await expect(context.confirmation.resend(caller)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    for (let sent = 1; sent < CONFIRMATION_RESENDS_PER_DAY; sent++) {
      context.time.advance(61_000);
      await context.confirmation.resend(caller);
    }
    context.time.advance(61_000);
    await expect(context.confirmation.resend(caller)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(context.links.rows).toHaveLength(CONFIRMATION_RESENDS_PER_DAY);

    await context.confirmation.confirm(await context.latestToken());
    await expect(context.confirmation.status(caller)).resolves.toEqual({ email: 'ada@example.com', confirmed: true });
    context.time.advance(25 * HOUR_MS);
    await context.confirmation.resend(caller);
    expect(context.links.rows).toHaveLength(CONFIRMATION_RESENDS_PER_DAY);
  });

  it('answers the status only to a live session', async () => {
    const account = accountRow();
    const context = await setup({}, account);
    const caller = await context.callerOf(account);
    await expect(context.confirmation.status(caller)).resolves.toEqual({ email: account.email, confirmed: false });
    await expect(context.confirmation.status({ ...caller, sid: 'ended' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
