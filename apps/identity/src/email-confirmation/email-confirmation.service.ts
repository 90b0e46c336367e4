import { Inject, Injectable } from '@nestjs/common';
import {
  type Caller,
  CONFIRMATION_RESEND_MESSAGE,
  CONFIRMATION_RESENDS_PER_DAY,
  EMAIL_CONFIRMATION_TTL_HOURS,
  type EmailStatus,
  INVALID_CONFIRMATION_MESSAGE,
} from '@closetly/contracts';
import { type Db, type Mail, MailQueue, UnitOfWork } from '@closetly/server';
import { type AccountRow, AccountsRepository } from '../accounts/accounts.repository';
import { rolesOfProvedAddress } from '../accounts/auth-user';
import { EmailProof } from '../accounts/email-proof';
import { CLOCK, type Clock, systemClock } from '../clock';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { IdentityError } from '../identity.errors';
import { SessionsService } from '../sessions/sessions.service';
import { hashToken, hasExpired, randomToken } from '../sessions/tokens';
import { EmailConfirmationRepository } from './email-confirmation.repository';

const HOUR_MS = 60 * 60 * 1000;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * "Confirm your e-mail": sign-up sends a single-use link, valid
 * EMAIL_CONFIRMATION_TTL_HOURS, to PUBLIC_URL/confirm-email. The account
 * works at once (the spec's sign-up flow is unchanged); a used link proves
 * the address (EmailProof), which makes the account count toward the shared
 * catalogue and lets ADMIN_EMAILS grant its role. A resend ends the earlier
 * links' use only by expiry; it is limited to one a minute and
 * CONFIRMATION_RESENDS_PER_DAY a day per account (the gateway limits callers too).
 */
@Injectable()
export class EmailConfirmationService {
  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly links: EmailConfirmationRepository,
    private readonly accounts: AccountsRepository,
    private readonly proof: EmailProof,
    private readonly sessions: SessionsService,
    private readonly mailQueue: MailQueue,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** A new link for the account, stored in `tx`; the mail leaves after the answer (MailQueue). */
  async sendLink(account: AccountRow, tx: Db): Promise<void> {
    this.mailQueue.enqueue(this.confirmationMail(account, await this.newLink(account.id, tx)));
  }

  /**
   * A link for the account without a mail, answered in-process only (no RPC
   * or HTTP call reaches it): the demo seeder's shoppers confirm through the
   * product's own confirm path with it, as SavesService.save's `at` lets it
   * date their saves.
   */
  issueLink(accountId: string): Promise<string> {
    return this.newLink(accountId);
  }

  /** Stores a new link (its token hashed, valid EMAIL_CONFIRMATION_TTL_HOURS) and answers the token. */
  private async newLink(accountId: string, tx?: Db): Promise<string> {
    const token = randomToken();
    await this.links.insert({ accountId, tokenHash: hashToken(token), expiresAt: new Date(this.clock().getTime() + EMAIL_CONFIRMATION_TTL_HOURS * HOUR_MS) }, tx);
    return token;
  }

  /** A used link proves the address; its roles follow at once (ADMIN_EMAILS). Unknown, used and expired links are refused alike. */
  async confirm(token: string): Promise<void> {
    await this.uow.run(async (tx) => {
      const used = await this.links.markUsed(hashToken(token), tx);
      if (!used || hasExpired(used.expiresAt)) throw new IdentityError('INVALID_CONFIRMATION_TOKEN', INVALID_CONFIRMATION_MESSAGE);
      const account = await this.accounts.findById(used.accountId, tx);
      if (!account || account.disabledAt) throw new IdentityError('INVALID_CONFIRMATION_TOKEN', INVALID_CONFIRMATION_MESSAGE);
      await this.proof.prove(account.id, 'link', tx);
      const roles = rolesOfProvedAddress(this.config, account.email);
      if (roles.join() !== account.roles.join()) await this.accounts.update(account.id, { roles }, tx);
    });
  }

  /** Sends another link to a signed-in account that has not confirmed yet; nothing for one that has. */
  async resend(caller: Caller): Promise<void> {
    const account = await this.liveAccount(caller);
    if (account.emailVerifiedAt) return;
    const now = this.clock().getTime();
    await this.uow.run(async (tx) => {
      // One a minute, a few a day: each one is a mail to someone's inbox.
      if ((await this.links.countSince(account.id, new Date(now - 60_000), tx)) > 0 || (await this.links.countSince(account.id, new Date(now - 24 * HOUR_MS), tx)) >= CONFIRMATION_RESENDS_PER_DAY) {
        throw new IdentityError('RATE_LIMITED', CONFIRMATION_RESEND_MESSAGE);
      }
      await this.sendLink(account, tx);
    });
  }

  async status(caller: Caller): Promise<EmailStatus> {
    const account = await this.liveAccount(caller);
    return { email: account.email, confirmed: account.emailVerifiedAt !== null };
  }

  private async liveAccount(caller: Caller): Promise<AccountRow> {
    const account = await this.accounts.findById(caller.uid);
    if (!account || account.disabledAt || !(await this.sessions.isLive(caller.sid))) throw new IdentityError('UNAUTHENTICATED', 'Please sign in again.');
    return account;
  }

  private confirmationMail(account: AccountRow, token: string): Mail {
    const link = new URL('/confirm-email', this.config.PUBLIC_URL);
    link.searchParams.set('token', token);
    const hours = EMAIL_CONFIRMATION_TTL_HOURS;
    return {
      to: account.email,
      subject: 'Confirm your e-mail',
      text: `Hi ${account.firstName},\n\nPlease confirm your e-mail address for Closetly. This link works once, for ${hours} hours:\n${link.toString()}\n\nIf you did not create a Closetly account, ignore this e-mail.\n`,
      html: `<p>Hi ${escapeHtml(account.firstName)},</p><p>Please confirm your e-mail address for Closetly. This link works once, for ${hours} hours:</p><p><a href="${escapeHtml(link.toString())}">Confirm your e-mail</a></p><p>If you did not create a Closetly account, ignore this e-mail.</p>`,
    };
  }
}
