import { Body, Controller, Get, Headers, HttpCode, Inject, Ip, Post, UseGuards } from '@nestjs/common';
import {
  AccountList,
  AuthSession,
  AuthUser,
  type Caller,
  ConfirmEmailRequest,
  EmailStatus,
  ExtensionToken,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LogoutRequest,
  RefreshRequest,
  ResetPasswordRequest,
  SignInRequest,
  SignUpRequest,
  UserRecordRequest,
} from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import { ZodPipe } from '../http/zod-body.pipe';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';
import { AdminOnly, Authenticated, CurrentUser, OptionalJwtAuthGuard } from './auth.guards';
import { deviceOf } from './device';
import { LiveStreams } from '../live-events/live-streams';
import { SessionLiveness } from './session-liveness';

/** Accounts and sessions, as identity answers them. Every route is behind the beta token. */
@Controller('api')
export class AuthController {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly sessions: SessionLiveness,
    private readonly liveStreams: LiveStreams,
  ) {}

  @Post('auth/signup')
  @HttpCode(201)
  @RateLimit('sign-up')
  signUp(@Body(new ZodPipe(SignUpRequest)) body: SignUpRequest, @Headers('user-agent') userAgent?: string): Promise<AuthSession> {
    return this.rpc.call('identity.sign-up', { ...body, device: deviceOf(userAgent) });
  }

  @Post('auth/signin')
  @HttpCode(200)
  @RateLimit('sign-in')
  signIn(@Body(new ZodPipe(SignInRequest)) body: SignInRequest, @Ip() client: string, @Headers('user-agent') userAgent?: string): Promise<AuthSession> {
    return this.rpc.call('identity.sign-in', { ...body, client, device: deviceOf(userAgent) });
  }

  @Post('auth/refresh')
  @HttpCode(200)
  @RateLimit('refresh')
  refresh(@Body(new ZodPipe(RefreshRequest)) body: RefreshRequest): Promise<AuthSession> {
    return this.rpc.call('identity.refresh', body);
  }

  /** Spec: POST /api/logout {token}. Ends that token's session and, when a valid bearer came too, the caller's session. */
  @Post('logout')
  @HttpCode(204)
  @UseGuards(OptionalJwtAuthGuard)
  async logout(@Body(new ZodPipe(LogoutRequest)) body: LogoutRequest, @CurrentUser() caller: Caller | undefined): Promise<void> {
    await this.rpc.call('identity.logout', { token: body.token, caller });
    // This gateway refuses the ended session at once, even before (or without) the cache's deny-list,
    // and its live streams end on every replica (a logout with the refresh token alone: at their next heartbeat).
    if (caller) {
      this.sessions.forget(caller.sid);
      await this.liveStreams.endSessions(caller.uid, caller.sid);
    }
  }

  /** The "Confirm your e-mail" link's token: proves the address (no sign-in needed; the link is the proof). */
  @Post('auth/confirm-email')
  @HttpCode(204)
  @RateLimit('confirm-email')
  async confirmEmail(@Body(new ZodPipe(ConfirmEmailRequest)) body: ConfirmEmailRequest): Promise<void> {
    await this.rpc.call('identity.confirm-email', body);
  }

  /** Another confirmation link for the signed-in caller; identity limits it per account too. */
  @Post('auth/confirm-email/resend')
  @HttpCode(204)
  @Authenticated()
  @RateLimit('confirm-email-resend')
  async resendConfirmation(@CurrentUser() caller: Caller): Promise<void> {
    await this.rpc.call('identity.resend-confirmation', { caller });
  }

  /** Whether the caller's address is confirmed: the web app's banner asks. */
  @Get('auth/email-status')
  @Authenticated()
  emailStatus(@CurrentUser() caller: Caller): Promise<EmailStatus> {
    return this.rpc.call('identity.email-status', { caller });
  }

  @Get('auth/me')
  @Authenticated()
  me(@CurrentUser() caller: Caller): Promise<AuthUser> {
    return this.rpc.call('identity.get-user', { caller });
  }

  /** Spec: POST /api/user {uid, email, firstName, lastName, gender}; only the caller's own record. */
  @Post('user')
  @HttpCode(200)
  @Authenticated()
  updateUser(@Body(new ZodPipe(UserRecordRequest)) record: UserRecordRequest, @CurrentUser() caller: Caller): Promise<AuthUser> {
    return this.rpc.call('identity.update-user', { caller, record });
  }

  /**
   * A token for the Chrome extension, scoped to saving, listing and removing wardrobe items, in the caller's
   * session (it ends with it). Needs a full access token: the extension's own token cannot mint another.
   */
  @Post('auth/extension-token')
  @HttpCode(200)
  @Authenticated()
  @RateLimit('extension-token')
  mintExtensionToken(@CurrentUser() caller: Caller): Promise<ExtensionToken> {
    return this.rpc.call('identity.mint-extension-token', { caller });
  }

  /** Ends every session of the caller's account: every access, refresh and extension token of it is refused from now on. */
  @Post('auth/sign-out-everywhere')
  @HttpCode(204)
  @Authenticated()
  @RateLimit('sign-out-everywhere')
  async signOutEverywhere(@CurrentUser() caller: Caller): Promise<void> {
    await this.rpc.call('identity.sign-out-everywhere', { caller });
    this.sessions.forget(caller.sid);
    await this.liveStreams.endSessions(caller.uid, null);
  }

  @Post('auth/forgot-password')
  @HttpCode(202)
  @RateLimit('forgot-password')
  forgotPassword(@Body(new ZodPipe(ForgotPasswordRequest)) body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
    return this.rpc.call('identity.forgot-password', body);
  }

  @Post('auth/reset-password')
  @HttpCode(204)
  @RateLimit('forgot-password')
  async resetPassword(@Body(new ZodPipe(ResetPasswordRequest)) body: ResetPasswordRequest): Promise<void> {
    await this.rpc.call('identity.reset-password', body);
  }

  /** The administrator's view of accounts (admin role, checked here and again by identity). */
  @Get('admin/accounts')
  @AdminOnly()
  listAccounts(@CurrentUser() caller: Caller): Promise<AccountList> {
    return this.rpc.call('identity.list-accounts', { caller });
  }
}
