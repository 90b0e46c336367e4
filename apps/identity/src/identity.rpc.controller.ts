import { RpcController, RpcDataPipe, RpcHandler } from '@closetly/server';
import { RPC_PATTERNS, VerifyBetaCodeRequest, type VerifyBetaCodeResponse } from '@closetly/contracts';
import { Payload } from '@nestjs/microservices';
import { BetaCodesService } from './beta-codes.service';

@RpcController()
export class IdentityRpcController {
  constructor(private readonly betaCodes: BetaCodesService) {}

  @RpcHandler(RPC_PATTERNS.identity.verifyBetaCode)
  verifyBetaCode(@Payload(new RpcDataPipe(VerifyBetaCodeRequest)) request: VerifyBetaCodeRequest): VerifyBetaCodeResponse {
    return { valid: this.betaCodes.isValid(request.code) };
  }
}
