import { Controller, Get, Header, Inject } from '@nestjs/common';
import { type Caller, type DeadLetterCount, SERVICE_NAMES, type SystemStatus, systemStatusPattern } from '@closetly/contracts';
import { DomainError, RPC_CLIENT, type RpcClient } from '@closetly/server';
import { AdminOnly, CurrentUser } from '../auth/auth.guards';

/** An answer waits at most this long: the panel shows a slow service as not answering rather than hanging. */
const STATUS_TIMEOUT_MS = 5_000;

/** The admin System panel: each service's outbox and consumer lag, and the dead letters per topic. Each service checks the role again. */
@Controller('api/admin')
export class SystemController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  @Get('system')
  @AdminOnly()
  @Header('cache-control', 'no-store')
  async system(@CurrentUser() caller: Caller): Promise<SystemStatus> {
    const answers = await Promise.all(
      SERVICE_NAMES.map((service) =>
        this.rpc.call(systemStatusPattern(service), { caller }, { timeoutMs: STATUS_TIMEOUT_MS }).then(
          (status) => ({ service, status }),
          (error: unknown) => {
            // A refusal is the caller's answer, not a service being down.
            if (error instanceof DomainError && error.code === 'FORBIDDEN') throw error;
            return { service, error: error instanceof Error ? error.message : String(error) };
          },
        ),
      ),
    );
    // Two services reading one topic (and, embedded, every service sharing one bus) see the same dead-letter topic: counted once.
    const deadLetters = new Map<string, number>();
    for (const answer of answers) {
      for (const { topic, count } of 'status' in answer ? answer.status.deadLetters : []) deadLetters.set(topic, Math.max(count, deadLetters.get(topic) ?? 0));
    }
    return {
      services: answers.map((answer) =>
        'status' in answer
          ? { service: answer.service, outbox: answer.status.outbox, consumerLag: totalLag(answer.status.consumerLag) }
          : { service: answer.service, outbox: null, consumerLag: null, error: answer.error },
      ),
      deadLetters: [...deadLetters].map(([topic, count]): DeadLetterCount => ({ topic, count })).sort((a, b) => a.topic.localeCompare(b.topic)),
    };
  }
}

/** Events behind over every partition; null when the service has no consumer group (in-process delivery, or it consumes nothing). */
function totalLag(partitions: ReadonlyArray<{ lag: number }> | null): number | null {
  if (partitions === null || partitions.length === 0) return null;
  return partitions.reduce((sum, { lag }) => sum + lag, 0);
}
