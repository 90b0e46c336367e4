import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { VerifyBetaRequest, type VerifyBetaResponse } from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import { ZodPipe } from '../http/zod-body.pipe';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';
import { BetaExempt } from './beta-token.guard';
import { BetaTokenService } from './beta-token.service';

@Controller('api')
export class BetaController {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly tokens: BetaTokenService,
  ) {}

  /** POST /api/verify-beta {code} → {verified, betaToken}; a wrong code is {verified:false}, not an error. */
  @Post('verify-beta')
  @HttpCode(200)
  @BetaExempt()
  @RateLimit('verify-beta')
  async verifyBeta(@Body(new ZodPipe(VerifyBetaRequest)) body: VerifyBetaRequest): Promise<VerifyBetaResponse> {
    const { valid } = await this.rpc.call('identity.verify-beta-code', { code: body.code });
    return valid ? { verified: true, betaToken: this.tokens.issue() } : { verified: false };
  }

  /** GET /api/verify-beta: lets the web app confirm a stored token is still accepted (the guard answers 403 if not). */
  @Get('verify-beta')
  checkBetaToken(): { verified: true } {
    return { verified: true };
  }
}
