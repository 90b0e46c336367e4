import { types } from 'node:util';
import { ClientProxy } from '@nestjs/microservices';
import { RpcErrorBody, type RpcEnvelope, type ServiceName } from '@closetly/contracts';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { z } from 'zod';
import { DomainError, RemoteError } from '../errors/domain-error';
import { correlationId } from '../logging/context';

export const RPC_CLIENT = Symbol('RPC_CLIENT');

/**
 * The gateway's way to ask a service something: a typed request/response
 * call with a deadline, the correlation id in the envelope's meta, and the
 * answer validated against the contract on arrival.
 */
export class RpcClient {
  constructor(
    private readonly proxies: Record<ServiceName, ClientProxy>,
    private readonly defaultTimeoutMs: number,
  ) {}

  async call<TSchema extends z.ZodType>(
    service: ServiceName,
    pattern: string,
    data: unknown,
    responseSchema: TSchema,
    options: { timeoutMs?: number } = {},
  ): Promise<z.infer<TSchema>> {
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const envelope: RpcEnvelope<unknown> = {
      meta: { correlationId: correlationId(), deadline: Date.now() + timeoutMs },
      data,
    };
    let raw: unknown;
    try {
      raw = await firstValueFrom(this.proxies[service].send(pattern, envelope).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw toCallError(service, error);
    }
    const parsed = responseSchema.safeParse(raw);
    if (!parsed.success) throw new DomainError('INTERNAL', `${service} answered ${pattern} with an unexpected shape`);
    return parsed.data;
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.proxies).map((proxy) => proxy.close()));
  }
}

/**
 * Remote failures arrive as plain `{ code, message }` bodies (see RpcDomainErrorFilter);
 * transport failures as Error instances (refused, reset) or Nest's "no matching handler" text.
 */
function toCallError(service: ServiceName, error: unknown): DomainError {
  if (error instanceof TimeoutError) return new DomainError('UPSTREAM_TIMEOUT', `${service} did not answer in time`);
  // isNativeError, not instanceof: socket errors may come from another realm (as under Jest).
  if (!types.isNativeError(error)) {
    const remote = RpcErrorBody.safeParse(error);
    if (remote.success) return new RemoteError(remote.data.code, remote.data.message, service, remote.data.details);
  }
  const reason = types.isNativeError(error) ? error.message : String(error);
  return new DomainError('SERVICE_UNAVAILABLE', `${service} is unavailable: ${reason}`);
}
