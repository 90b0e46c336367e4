import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PLATFORM } from '../runtime/tokens';
import type { Platform } from '../runtime/platform';

/** Liveness and readiness for process supervisors (Kubernetes probes, compose health checks). */
@Controller()
export class HealthController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Get('health')
  @HttpCode(200)
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const services = await this.platform.readiness.checkAll();
    const ready = services.every((service) => service.ready);
    void reply.status(ready ? 200 : 503);
    return { ready, services };
  }
}
