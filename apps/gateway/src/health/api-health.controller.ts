import { Controller, Get, Inject, Res } from '@nestjs/common';
import { type ApiHealthResponse, pingPattern, SERVICE_NAMES } from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import type { FastifyReply } from 'fastify';
import { BetaExempt } from '../beta/beta-token.guard';

@Controller('api')
export class ApiHealthController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  /** Each service's readiness, gathered over RPC. 503 while any service is not ready. */
  @Get('health')
  @BetaExempt()
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<ApiHealthResponse> {
    const services = await Promise.all(
      SERVICE_NAMES.map((service) =>
        this.rpc.call(pingPattern(service), {}, { timeoutMs: 2_000 }).catch((error: unknown) => ({
          service,
          ready: false,
          checks: {},
          error: error instanceof Error ? error.message : String(error),
        })),
      ),
    );
    const ok = services.every((service) => service.ready);
    void reply.status(ok ? 200 : 503).header('cache-control', 'no-store');
    return { status: ok ? 'ok' : 'degraded', services };
  }
}
