import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@closetly/contracts';
import { type Mail, MailQueue, UnitOfWork } from '@closetly/server';
import { AccountsRepository } from '../accounts/accounts.repository';
import { EmailProof } from '../accounts/email-proof';
import { PasswordHasher } from '../accounts/password-hasher';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { IdentityError } from '../identity.errors';
import { SessionsService } from '../sessions/sessions.service';
import { SignInThrottle } from '../sign-in-throttle/sign-in-throttle.service';
import { hashToken, hasExpired, randomToken } from '../sessions/tokens';
import { OidcRepository } from '../oidc/oidc.repository';
import { PasswordResetRepository } from './password-reset.repository';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Forgot password answers the same, after the same work, whether the account
 * exists or not: one lookup, one token generated and hashed, the same two
 * writes in one transaction; the e-mail is queued and leaves after the
 * answer. A new link ends the earlier ones. The reset token is single-use,
 * stored hashed, valid for RESET_TOKEN_TTL_MINUTES (≤ 30).
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly mailQueue: MailQueue,
    private readonly resets: PasswordResetRepository,
    private readonly accounts: AccountsRepository,
    private readonly identities: OidcRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly uow: UnitOfWork,
    private readonly throttle: SignInThrottle,
    private readonly proof: EmailProof,
  ) {}

  async forgotPassword(request: ForgotPasswordRequest): Promise<void> {
    const found = await this.accounts.findByEmail(request.email);
    const account = found && !found.disabledAt ? found : undefined;
    const token = randomToken();
    await this.uow.run(async (tx) => {
      // Only the newest link works. For an unknown e-mail this ends the links of an id no account has: the same statement, the same cost.
      await this.resets.markAllUsed(account?.id ?? randomUUID(), tx);
      await this.resets.insert(
        { accountId: account?.id ?? null, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + this.config.RESET_TOKEN_TTL_MINUTES * 60_000) },
        tx,
      );
    });
    if (account) this.mailQueue.enqueue(this.resetMail(account.email, account.firstName, token));
  }

  /**
   * A used link proves the mailbox: the e-mail counts as verified, every session ends, every provider login
   * is unlinked (one someone else linked must not outlive the owner's reset; the owner's own links again by itself,
   * since the address is now verified), and failed sign-ins stop counting against the account.
   */
  async resetPassword(request: ResetPasswordRequest): Promise<void> {
    const passwordHash = await this.passwords.hash(request.password);
    await this.uow.run(async (tx) => {
      const used = await this.resets.markUsed(hashToken(request.token), tx);
      // A link sent for an unknown e-mail has no account and resets nothing; refusing rolls the mark back.
      if (!used?.accountId || hasExpired(used.expiresAt)) throw new IdentityError('INVALID_RESET_TOKEN', 'This reset link is invalid or has expired.');
      await this.resets.markAllUsed(used.accountId, tx);
      const account = await this.accounts.update(used.accountId, { passwordHash }, tx);
      if (account) await this.throttle.clearAccount(account.email, tx);
      await this.proof.prove(used.accountId, 'reset', tx);
      await this.identities.unlinkIdentities(used.accountId, undefined, tx);
      await this.sessions.revokeAll(used.accountId, 'password reset', tx);
    });
  }

  private resetMail(to: string, firstName: string, token: string): Mail {
    const link = new URL('/reset-password', this.config.PUBLIC_URL);
    link.searchParams.set('token', token);
    const minutes = this.config.RESET_TOKEN_TTL_MINUTES;
    return {
      to,
      subject: 'Reset your Closetly password',
      text: `Hi ${firstName},\n\nUse this link to choose a new password. It works once, for ${minutes} minutes:\n${link.toString()}\n\nIf you did not ask for this, ignore this e-mail.\n`,
      html: `<p>Hi ${escapeHtml(firstName)},</p><p>Use this link to choose a new password. It works once, for ${minutes} minutes:</p><p><a href="${escapeHtml(link.toString())}">Reset your password</a></p><p>If you did not ask for this, ignore this e-mail.</p>`,
    };
  }
}
