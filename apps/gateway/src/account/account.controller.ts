import { Readable } from 'node:stream';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Res } from '@nestjs/common';
import {
  ACCOUNT_EXPORT_FILENAME,
  ACCOUNT_EXPORT_FORMAT,
  type Caller,
  DataHeldReport,
  DeleteAccountRequest,
  EXPORT_PAGE_SIZE,
} from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AdminOnly, Authenticated, CurrentUser } from '../auth/auth.guards';
import { ZodPipe } from '../http/zod-body.pipe';
import { LiveStreams } from '../live-events/live-streams';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';
import { exportDocument } from './export-document';

const UserIdParam = z.string().uuid('Invalid user id');

/** The caller's own data rights (GDPR articles 15, 17 and 20), and an administrator's check that an erasure is complete. */
@Controller('api')
export class AccountController {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly liveStreams: LiveStreams,
  ) {}

  /**
   * Everything held about the caller as one JSON download. Each service answers for its own part; the gateway
   * streams the parts as they come, the long ones a page at a time, so 10,000 saves never sit in memory.
   * identity answers first: it checks the session is live (and refuses an extension token) before a byte is sent.
   */
  @Get('account/export')
  @Authenticated()
  @RateLimit('account-export')
  async exportAccount(@CurrentUser() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const identity = await this.rpc.call('identity.export-account', { caller });
    const profile = await this.rpc.call('profile.export', { caller });
    const page = { limit: EXPORT_PAGE_SIZE };
    const body = exportDocument({
      head: { format: ACCOUNT_EXPORT_FORMAT, exportedAt: new Date().toISOString(), ...identity, ...profile },
      lists: {
        saves: (after) => this.rpc.call('wardrobe.export-saves', { caller, after, ...page }),
        priceObservations: (after) => this.rpc.call('catalogue.export-price-observations', { caller, after, ...page }),
        itemFeedback: (after) => this.rpc.call('catalogue.export-item-feedback', { caller, after, ...page }),
      },
    });
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${ACCOUNT_EXPORT_FILENAME}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(body));
  }

  /** Deletes the caller's account after they prove it is them (password, or a fresh third-party sign-in); every service then deletes its part. */
  @Delete('account')
  @HttpCode(204)
  @Authenticated()
  @RateLimit('account-delete')
  async deleteAccount(@Body(new ZodPipe(DeleteAccountRequest)) body: DeleteAccountRequest, @CurrentUser() caller: Caller): Promise<void> {
    await this.rpc.call('identity.delete-account', { caller, password: body.password });
    // Every replica's streams of the account end now (identity's deletion event ends them too, once it arrives).
    await this.liveStreams.endSessions(caller.uid, null);
  }

  /** Administrators: how many rows each service still holds for a user id (all 0 once an erasure has gone through). */
  @Get('admin/users/:userId/data-held')
  @AdminOnly()
  async dataHeld(@Param('userId', new ZodPipe(UserIdParam)) userId: string, @CurrentUser() caller: Caller): Promise<DataHeldReport> {
    const about = { caller, userId };
    // Every service that keeps rows about a user; search holds products only, never who saved or searched them.
    const [identity, profile, wardrobe, catalogue, retention] = await Promise.all([
      this.rpc.call('identity.data-held', about),
      this.rpc.call('profile.data-held', about),
      this.rpc.call('wardrobe.data-held', about),
      this.rpc.call('catalogue.data-held', about),
      this.rpc.call('retention.data-held', about),
    ]);
    return { userId, services: { identity, profile, wardrobe, catalogue, retention } };
  }
}
