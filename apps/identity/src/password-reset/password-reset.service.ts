import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@closetly/contracts';
import { UnitOfWork } from '@closetly/server';
import { AccountsRepository } from '../accounts/accounts.repository';
import { PasswordHasher } from '../accounts/password-hasher';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { IdentityError } from '../identity.errors';
import { SessionsService } from '../sessions/sessions.service';
import { hashToken, hasExpired, randomToken } from '../sessions/tokens';
import { MAILER, type Mailer } from './mailer';
import { PasswordResetRepository } from './password-reset.repository';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Forgot password answers the same, after the same work, whether the account
 * exists or not; the e-mail leaves in the background. The reset token is
 * single-use, stored hashed, valid for RESET_TOKEN_TTL_MINUTES (≤ 30).
 */
@Injectable()
export class PasswordResetService {
  private readonly log = new Logger(PasswordResetService.name);

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly resets: PasswordResetRepository,
    private readonly accounts: AccountsRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly uow: UnitOfWork,
  ) {}

  async forgotPassword(request: ForgotPasswordRequest): Promise<void> {
    const account = await this.accounts.findByEmail(request.email);
    const token = randomToken();
    await this.resets.insert({
      accountId: account && !account.disabledAt ? account.id : null,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + this.config.RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    if (!account || account.disabledAt) return;
    // Not awaited: the caller's answer must not wait for (or reveal) the mail.
    void this.sendResetMail(account.email, account.firstName, token).catch((error: unknown) =>
      this.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'password reset e-mail failed'),
    );
  }

  async resetPassword(request: ResetPasswordRequest): Promise<void> {
    const passwordHash = await this.passwords.hash(request.password);
    await this.uow.run(async (tx) => {
      const used = await this.resets.markUsed(hashToken(request.token), tx);
      // A link sent for an unknown e-mail has no account and resets nothing; refusing rolls the mark back.
      if (!used?.accountId || hasExpired(used.expiresAt)) throw new IdentityError('INVALID_RESET_TOKEN', 'This reset link is invalid or has expired.');
      // Any other link sent before this reset dies with it.
      await this.resets.markAllUsed(used.accountId, tx);
      await this.accounts.update(used.accountId, { passwordHash }, tx);
      await this.sessions.revokeAll(used.accountId, 'password reset', tx);
    });
  }

  private async sendResetMail(to: string, firstName: string, token: string): Promise<void> {
    const link = new URL('/reset-password', this.config.PUBLIC_URL);
    link.searchParams.set('token', token);
    const minutes = this.config.RESET_TOKEN_TTL_MINUTES;
    await this.mailer.send({
      to,
      subject: 'Reset your Closetly password',
      text: `Hi ${firstName},\n\nUse this link to choose a new password. It works once, for ${minutes} minutes:\n${link.toString()}\n\nIf you did not ask for this, ignore this e-mail.\n`,
      html: `<p>Hi ${escapeHtml(firstName)},</p><p>Use this link to choose a new password. It works once, for ${minutes} minutes:</p><p><a href="${escapeHtml(link.toString())}">Reset your password</a></p><p>If you did not ask for this, ignore this e-mail.</p>`,
    });
  }
}
