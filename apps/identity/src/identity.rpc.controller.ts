import { RpcController, RpcDataPipe, RpcHandler } from '@closetly/server';
import {
  Caller,
  ForgotPasswordRequest,
  IDENTITY_PATTERNS,
  OidcCompleteRequest,
  OidcIntent,
  RefreshRequest,
  ResetPasswordRequest,
  RPC_PATTERNS,
  SignInRequest,
  SignUpRequest,
  UserRecordRequest,
  VerifyBetaCodeRequest,
  type VerifyBetaCodeResponse,
} from '@closetly/contracts';
import { Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { AccountsService } from './accounts/accounts.service';
import { BetaCodesService } from './beta-codes.service';
import { PasswordResetService } from './password-reset/password-reset.service';
import { OidcService } from './oidc/oidc.service';
import { SessionsService } from './sessions/sessions.service';

const WithCaller = z.object({ caller: Caller });
const LogoutCall = z.object({ token: z.string().max(4096), caller: Caller.optional() });
const UpdateUserCall = WithCaller.extend({ record: UserRecordRequest });
const OidcStartCall = z.object({ intent: OidcIntent });
const OidcCallbackCall = z.object({ params: z.record(z.string(), z.string().max(4096)) });

/** Every request the gateway makes of identity: parsed input, one service call, return. */
@RpcController()
export class IdentityRpcController {
  constructor(
    private readonly betaCodes: BetaCodesService,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly passwordReset: PasswordResetService,
    private readonly oidc: OidcService,
  ) {}

  @RpcHandler(RPC_PATTERNS.identity.verifyBetaCode)
  verifyBetaCode(@Payload(new RpcDataPipe(VerifyBetaCodeRequest)) request: VerifyBetaCodeRequest): VerifyBetaCodeResponse {
    return { valid: this.betaCodes.isValid(request.code) };
  }

  @RpcHandler(IDENTITY_PATTERNS.signUp)
  signUp(@Payload(new RpcDataPipe(SignUpRequest)) request: SignUpRequest) {
    return this.accounts.signUp(request);
  }

  @RpcHandler(IDENTITY_PATTERNS.signIn)
  signIn(@Payload(new RpcDataPipe(SignInRequest)) request: SignInRequest) {
    return this.accounts.signIn(request);
  }

  @RpcHandler(IDENTITY_PATTERNS.refresh)
  refresh(@Payload(new RpcDataPipe(RefreshRequest)) request: RefreshRequest) {
    return this.accounts.refresh(request.refreshToken);
  }

  @RpcHandler(IDENTITY_PATTERNS.logout)
  async logout(@Payload(new RpcDataPipe(LogoutCall)) request: z.infer<typeof LogoutCall>) {
    await this.sessions.logout(request.token);
    if (request.caller) await this.sessions.logoutSession(request.caller.sid);
    return { ok: true };
  }

  @RpcHandler(IDENTITY_PATTERNS.getUser)
  getUser(@Payload(new RpcDataPipe(WithCaller)) request: z.infer<typeof WithCaller>) {
    return this.accounts.getUser(request.caller);
  }

  @RpcHandler(IDENTITY_PATTERNS.updateUser)
  updateUser(@Payload(new RpcDataPipe(UpdateUserCall)) request: z.infer<typeof UpdateUserCall>) {
    return this.accounts.updateUser(request.caller, request.record);
  }

  @RpcHandler(IDENTITY_PATTERNS.forgotPassword)
  async forgotPassword(@Payload(new RpcDataPipe(ForgotPasswordRequest)) request: ForgotPasswordRequest) {
    await this.passwordReset.forgotPassword(request);
    return { accepted: true as const };
  }

  @RpcHandler(IDENTITY_PATTERNS.resetPassword)
  async resetPassword(@Payload(new RpcDataPipe(ResetPasswordRequest)) request: ResetPasswordRequest) {
    await this.passwordReset.resetPassword(request);
    return { ok: true };
  }

  @RpcHandler(IDENTITY_PATTERNS.listAccounts)
  listAccounts(@Payload(new RpcDataPipe(WithCaller)) request: z.infer<typeof WithCaller>) {
    return this.accounts.listAccounts(request.caller);
  }

  @RpcHandler(IDENTITY_PATTERNS.oidcStart)
  oidcStart(@Payload(new RpcDataPipe(OidcStartCall)) request: z.infer<typeof OidcStartCall>) {
    return this.oidc.start(request.intent);
  }

  @RpcHandler(IDENTITY_PATTERNS.oidcCallback)
  oidcCallback(@Payload(new RpcDataPipe(OidcCallbackCall)) request: z.infer<typeof OidcCallbackCall>) {
    return this.oidc.callback(request.params);
  }

  @RpcHandler(IDENTITY_PATTERNS.oidcComplete)
  oidcComplete(@Payload(new RpcDataPipe(OidcCompleteRequest)) request: OidcCompleteRequest) {
    return this.oidc.complete(request.loginCode);
  }
}
