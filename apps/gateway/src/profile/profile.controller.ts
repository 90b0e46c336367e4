import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { type Caller, type Profile, type ProfileAccount, UpdateProfileRequest } from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import { Authenticated, CurrentUser } from '../auth/auth.guards';
import { ZodPipe } from '../http/zod-body.pipe';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';

/**
 * Spec §7 profile calls: the caller's own profile (there is no id in the
 * route). Each passes the account as identity knows it now, so the e-mail
 * shown is the account's and a profile the registration event has not
 * reached yet is created at once.
 */
@Controller('api')
export class ProfileController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  @Get('profile')
  @Authenticated()
  async profile(@CurrentUser() caller: Caller): Promise<Profile> {
    return this.rpc.call('profile.get', { caller, account: await this.account(caller) });
  }

  /** PUT /api/profile {full profile}: the spec shows no answer; it answers the profile as stored (trimmed brands, the account's e-mail). */
  @Put('profile')
  @Authenticated()
  @RateLimit('profile-write')
  async update(@Body(new ZodPipe(UpdateProfileRequest)) profile: UpdateProfileRequest, @CurrentUser() caller: Caller): Promise<Profile> {
    // Price alerts on: the profile also gets the saves the wardrobe holds now (it uses them only when alerts turn on),
    // read beside the account rather than after it.
    const [account, savedProducts] = await Promise.all([
      this.account(caller),
      profile.priceAlerts?.enabled ? this.rpc.call('wardrobe.list', { caller }).then((items) => items.map((item) => ({ productId: item.id, savedAt: item.addedDate }))) : undefined,
    ]);
    return this.rpc.call('profile.update', { caller, account, profile, ...(savedProducts && { savedProducts }) });
  }

  /** The live account (a disabled account or an ended session is 401 here, before the profile is touched). */
  private async account(caller: Caller): Promise<ProfileAccount> {
    const { email, firstName, lastName, gender } = await this.rpc.call('identity.get-user', { caller });
    return { email, firstName, lastName, gender };
  }
}
