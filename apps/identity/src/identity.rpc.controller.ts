import { RpcController, RpcHandler } from '@closetly/server';
import type { RpcRequest } from '@closetly/contracts';
import { Payload } from '@nestjs/microservices';
import { AccountsService } from './accounts/accounts.service';
import { BetaCodesService } from './beta-codes.service';
import { EmailConfirmationService } from './email-confirmation/email-confirmation.service';
import { PasswordResetService } from './password-reset/password-reset.service';
import { OidcService } from './oidc/oidc.service';
import { SessionsService } from './sessions/sessions.service';

/** Every request the gateway makes of identity: parsed input, one service call, return. */
@RpcController()
export class IdentityRpcController {
  constructor(
    private readonly betaCodes: BetaCodesService,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly passwordReset: PasswordResetService,
    private readonly oidc: OidcService,
    private readonly emailConfirmation: EmailConfirmationService,
  ) {}

  @RpcHandler('identity.verify-beta-code')
  verifyBetaCode(@Payload() request: RpcRequest<'identity.verify-beta-code'>) {
    return { valid: this.betaCodes.isValid(request.code) };
  }

  @RpcHandler('identity.sign-up')
  signUp(@Payload() request: RpcRequest<'identity.sign-up'>) {
    return this.accounts.signUp(request);
  }

  @RpcHandler('identity.confirm-email')
  async confirmEmail(@Payload() request: RpcRequest<'identity.confirm-email'>) {
    await this.emailConfirmation.confirm(request.token);
    return { ok: true as const };
  }

  @RpcHandler('identity.resend-confirmation')
  async resendConfirmation(@Payload() request: RpcRequest<'identity.resend-confirmation'>) {
    await this.emailConfirmation.resend(request.caller);
    return { ok: true as const };
  }

  @RpcHandler('identity.email-status')
  emailStatus(@Payload() request: RpcRequest<'identity.email-status'>) {
    return this.emailConfirmation.status(request.caller);
  }

  @RpcHandler('identity.session-live')
  async sessionLive(@Payload() request: RpcRequest<'identity.session-live'>) {
    return { live: await this.sessions.isLive(request.sessionId) };
  }

  @RpcHandler('identity.sign-in-options')
  signInOptions() {
    return this.oidc.options();
  }

  @RpcHandler('identity.sign-in')
  signIn(@Payload() request: RpcRequest<'identity.sign-in'>) {
    return this.accounts.signIn(request);
  }

  @RpcHandler('identity.refresh')
  refresh(@Payload() request: RpcRequest<'identity.refresh'>) {
    return this.accounts.refresh(request.refreshToken);
  }

  @RpcHandler('identity.logout')
  async logout(@Payload() request: RpcRequest<'identity.logout'>) {
    await this.sessions.logout(request.token);
    if (request.caller) await this.sessions.logoutSession(request.caller.sid);
    return { ok: true as const };
  }

  @RpcHandler('identity.get-user')
  getUser(@Payload() request: RpcRequest<'identity.get-user'>) {
    return this.accounts.getUser(request.caller);
  }

  @RpcHandler('identity.update-user')
  updateUser(@Payload() request: RpcRequest<'identity.update-user'>) {
    return this.accounts.updateUser(request.caller, request.record);
  }

  @RpcHandler('identity.forgot-password')
  async forgotPassword(@Payload() request: RpcRequest<'identity.forgot-password'>) {
    await this.passwordReset.forgotPassword(request);
    return { accepted: true as const };
  }

  @RpcHandler('identity.reset-password')
  async resetPassword(@Payload() request: RpcRequest<'identity.reset-password'>) {
    await this.passwordReset.resetPassword(request);
    return { ok: true as const };
  }

  @RpcHandler('identity.list-accounts')
  listAccounts(@Payload() request: RpcRequest<'identity.list-accounts'>) {
    return this.accounts.listAccounts(request.caller);
  }

  @RpcHandler('identity.mint-extension-token')
  mintExtensionToken(@Payload() request: RpcRequest<'identity.mint-extension-token'>) {
    return this.accounts.mintExtensionToken(request.caller);
  }

  @RpcHandler('identity.sign-out-everywhere')
  async signOutEverywhere(@Payload() request: RpcRequest<'identity.sign-out-everywhere'>) {
    await this.accounts.signOutEverywhere(request.caller);
    return { ok: true as const };
  }

  @RpcHandler('identity.oidc-start')
  oidcStart(@Payload() request: RpcRequest<'identity.oidc-start'>) {
    return this.oidc.start(request.intent);
  }

  @RpcHandler('identity.oidc-callback')
  oidcCallback(@Payload() request: RpcRequest<'identity.oidc-callback'>) {
    return this.oidc.callback(request.params);
  }

  @RpcHandler('identity.oidc-complete')
  oidcComplete(@Payload() request: RpcRequest<'identity.oidc-complete'>) {
    return this.oidc.complete(request.loginCode, request.device ?? null);
  }

  @RpcHandler('identity.export-account')
  exportAccount(@Payload() request: RpcRequest<'identity.export-account'>) {
    return this.accounts.exportAccount(request.caller);
  }

  @RpcHandler('identity.delete-account')
  async deleteAccount(@Payload() request: RpcRequest<'identity.delete-account'>) {
    await this.accounts.deleteAccount(request.caller, request.password);
    return { ok: true as const };
  }

  @RpcHandler('identity.data-held')
  dataHeld(@Payload() request: RpcRequest<'identity.data-held'>) {
    return this.accounts.dataHeld(request.caller, request.userId);
  }
}
