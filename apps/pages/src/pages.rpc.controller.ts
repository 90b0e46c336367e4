import type { RpcRequest } from '@closetly/contracts';
import { RpcController, RpcHandler } from '@closetly/server';
import { Payload } from '@nestjs/microservices';
import { PagesService } from './pages.service';

/** Every request the gateway makes of page watch: parsed input, one service call, return. */
@RpcController()
export class PagesRpcController {
  constructor(private readonly pages: PagesService) {}

  @RpcHandler('pages.run-now')
  runNow(@Payload() request: RpcRequest<'pages.run-now'>) {
    return this.pages.runNow(request.caller);
  }
}
