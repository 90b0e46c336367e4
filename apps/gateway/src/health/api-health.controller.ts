import { Controller, Get, Res } from '@nestjs/common';
import type { ApiHealthResponse } from '@closetly/contracts';
import type { FastifyReply } from 'fastify';
import { BetaExempt } from '../beta/beta-token.guard';
import { ReadinessState, statusCodeOf } from './readiness-state';

@Controller('api')
export class ApiHealthController {
  constructor(private readonly readiness: ReadinessState) {}

  /** Every service's readiness (see ReadinessState: at most a second old; a young answer is sent from its hook); 503 while any service is not ready. */
  @Get('health')
  @BetaExempt()
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<ApiHealthResponse> {
    const answer = await this.readiness.current();
    void reply.status(statusCodeOf(answer)).header('cache-control', 'no-store');
    return answer;
  }
}
