import type { RpcRequest } from '@closetly/contracts';
import { RpcController, RpcHandler } from '@closetly/server';
import { Payload } from '@nestjs/microservices';
import { RetentionService } from './retention.service';

/** Every request the gateway makes of the retention service: parsed input, one service call, return. */
@RpcController()
export class RetentionRpcController {
  constructor(private readonly retention: RetentionService) {}

  @RpcHandler('retention.at-risk-items')
  atRisk(@Payload() request: RpcRequest<'retention.at-risk-items'>) {
    return this.retention.atRiskItems(request.caller);
  }

  @RpcHandler('retention.sweep-now')
  sweepNow(@Payload() request: RpcRequest<'retention.sweep-now'>) {
    return this.retention.sweepNow(request.caller);
  }

  @RpcHandler('retention.set-clock')
  setClock(@Payload() request: RpcRequest<'retention.set-clock'>) {
    this.retention.setClockOffset(request.caller, request.offsetMs);
    return { ok: true as const };
  }

  @RpcHandler('retention.data-held')
  dataHeld(@Payload() request: RpcRequest<'retention.data-held'>) {
    return this.retention.dataHeld(request.caller, request.userId);
  }
}
