import { Inject, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Caller, type ServiceName, type ServiceSystemStatus, systemStatusPattern } from '@closetly/contracts';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import type { EventTransport } from '../events/event-transport';
import type { OutboxStore } from '../events/outbox';
import { RpcCallHandler, RpcController, RpcDataPipe } from '../rpc/rpc-handlers';

/**
 * A service's figures for the admin System panel: its own outbox backlog, and its consumer group's lag
 * and dead letters as its event transport sees them. Administrators only.
 */
export class SystemStatusReader {
  constructor(
    private readonly service: string,
    private readonly outbox: Pick<OutboxStore, 'backlog'>,
    private readonly events: Pick<EventTransport, 'consumerStatus'>,
    /** The service's consumer group (KAFKA_CONSUMER_GROUP_PREFIX + its name). */
    private readonly consumerGroup: string,
  ) {}

  async read(caller: Caller): Promise<ServiceSystemStatus> {
    if (!caller.roles.includes('admin')) throw new DomainError('FORBIDDEN', 'Unauthorized access.');
    const [backlog, consumer] = await Promise.all([this.outbox.backlog(), this.events.consumerStatus(this.consumerGroup)]);
    const outbox = { pending: backlog.pending, oldestPendingSeconds: backlog.pending > 0 ? Math.floor(backlog.oldestAgeSeconds) : null };
    return { service: this.service, outbox, consumerLag: consumer.lag, deadLetters: consumer.deadLetters };
  }
}

const SystemStatusRequest = z.object({ caller: Caller });

/** `<service>.system-status`, the same in every service, as its ping is (the pattern is the service's, so not through the typed RpcHandler). */
export function createSystemStatusController(service: string): Type {
  @RpcController()
  class SystemStatusController {
    constructor(@Inject(SystemStatusReader) private readonly reader: SystemStatusReader) {}

    @RpcCallHandler(systemStatusPattern(service as ServiceName), service)
    status(@Payload(new RpcDataPipe(SystemStatusRequest)) request: z.infer<typeof SystemStatusRequest>): Promise<ServiceSystemStatus> {
      return this.reader.read(request.caller);
    }
  }
  Object.defineProperty(SystemStatusController, 'name', { value: `${service[0]?.toUpperCase()}${service.slice(1)}SystemStatusController` });
  return SystemStatusController;
}
