import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import type { Caller, PageWatchRunResult } from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import { AdminOnly, CurrentUser } from '../auth/auth.guards';

/** A run reads every due page at each host's pace (2 s apart by default): it may take minutes. */
const RUN_TIMEOUT_MS = 15 * 60_000;

/** Page watch for administrators: read every due page now, besides the schedule. The page-watch service checks the role again. */
@Controller('api/admin/page-watch')
export class PageWatchController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  @Post('run')
  @HttpCode(200)
  @AdminOnly()
  run(@CurrentUser() caller: Caller): Promise<PageWatchRunResult> {
    return this.rpc.call('pages.run-now', { caller }, { timeoutMs: RUN_TIMEOUT_MS });
  }
}
