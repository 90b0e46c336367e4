import { Controller, Get, Inject, Res } from '@nestjs/common';
import { type ApiHealthResponse, pingPattern, SERVICE_NAMES } from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import type { FastifyReply } from 'fastify';
import { BetaExempt } from '../beta/beta-token.guard';

@Controller('api')
export class ApiHealthController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  /**
   * Each service's readiness, gathered over RPC from every replica: a service is ready when one of its
   * replicas is (it is being served); its checks are that replica's, else the first answer's. 503 while
   * any service is not ready. Each replica's own /ready says which replica is not.
   */
  @Get('health')
  @BetaExempt()
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<ApiHealthResponse> {
    const services = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        const answers = await this.rpc.callEach(pingPattern(service), {}, { timeoutMs: 2_000 });
        const answered = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
        const chosen = answered.find((answer) => answer.ready) ?? answered[0];
        if (chosen) return chosen;
        const failure = answers.find((answer) => answer.status === 'rejected')?.reason as unknown;
        return { service, ready: false, checks: {}, error: failure instanceof Error ? failure.message : String(failure) };
      }),
    );
    const ok = services.every((service) => service.ready);
    void reply.status(ok ? 200 : 503).header('cache-control', 'no-store');
    return { status: ok ? 'ok' : 'degraded', services };
  }
}
