import type { RpcRequest } from '@closetly/contracts';
import { RpcController, RpcHandler } from '@closetly/server';
import { Payload } from '@nestjs/microservices';
import { SearchService } from './search.service';

/** Every request the gateway makes of the search service: parsed input, one service call, return. */
@RpcController()
export class SearchRpcController {
  constructor(private readonly search: SearchService) {}

  @RpcHandler('search.search')
  run(@Payload() request: RpcRequest<'search.search'>) {
    return this.search.search(request);
  }

  @RpcHandler('search.suggest')
  suggest(@Payload() request: RpcRequest<'search.suggest'>) {
    return this.search.suggest(request.prefix);
  }

  @RpcHandler('search.reindex')
  reindex(@Payload() request: RpcRequest<'search.reindex'>) {
    return this.search.reindex(request.caller, request.from);
  }
}
