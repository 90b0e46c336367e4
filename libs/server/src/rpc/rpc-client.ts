import { types } from 'node:util';
import { Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  isServiceErrorCode,
  RPC_CALLS,
  RpcErrorBody,
  type RpcCallMap,
  type RpcCalls,
  type RpcEnvelope,
  type RpcRequestInputOf,
  type RpcResponseOf,
  type ServiceName,
} from '@closetly/contracts';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { DomainError, RemoteError } from '../errors/domain-error';
import { ENGINE_UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors/engine-outage';
import { correlationId } from '../logging/context';

export const RPC_CLIENT = Symbol('RPC_CLIENT');

/**
 * The gateway's way to ask a service something: a call typed by its entry
 * in the contract map (RPC_CALLS), with a deadline, the correlation id in the
 * envelope's meta, and the answer validated against the contract on arrival.
 */
export class RpcClient<TCalls extends RpcCallMap = RpcCalls> {
  private readonly log = new Logger('RpcClient');

  constructor(
    private readonly calls: TCalls,
    private readonly proxies: Record<ServiceName, ClientProxy>,
    private readonly defaultTimeoutMs: number,
  ) {}

  /** The default client: every call the product makes. */
  static forProduct(proxies: Record<ServiceName, ClientProxy>, defaultTimeoutMs: number): RpcClient {
    return new RpcClient(RPC_CALLS, proxies, defaultTimeoutMs);
  }

  /** The same connections, typed by another call map (tests with probe calls). */
  withCalls<TOther extends RpcCallMap>(calls: TOther): RpcClient<TOther> {
    return new RpcClient(calls, this.proxies, this.defaultTimeoutMs);
  }

  async call<P extends keyof TCalls & string>(
    pattern: P,
    data: RpcRequestInputOf<TCalls[P]>,
    options: { timeoutMs?: number } = {},
  ): Promise<RpcResponseOf<TCalls[P]>> {
    const { service, response } = this.calls[pattern] as TCalls[P];
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const envelope: RpcEnvelope<unknown> = {
      meta: { correlationId: correlationId(), deadline: Date.now() + timeoutMs },
      data,
    };
    let raw: unknown;
    try {
      raw = await firstValueFrom(this.proxies[service].send(pattern, envelope).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw this.toCallError(service, pattern, error);
    }
    const parsed = response.safeParse(raw);
    if (!parsed.success) throw new DomainError('INTERNAL', `${service} answered ${pattern} with an unexpected shape`);
    return parsed.data as RpcResponseOf<TCalls[P]>;
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.proxies).map((proxy) => proxy.close()));
  }

  /**
   * Remote failures arrive as plain `{ code, message }` bodies (see RpcDomainErrorFilter);
   * transport failures as Error instances (refused, reset) or Nest's "no matching handler" text.
   * A code outside the service's closed set is a bug there: INTERNAL, logged, never passed on.
   */
  private toCallError(service: ServiceName, pattern: string, error: unknown): DomainError {
    if (error instanceof TimeoutError) return new DomainError('UPSTREAM_TIMEOUT', `${service} did not answer in time`);
    // isNativeError, not instanceof: socket errors may come from another realm (as under Jest).
    if (!types.isNativeError(error)) {
      const remote = RpcErrorBody.safeParse(error);
      if (remote.success) {
        const { code, message, details } = remote.data;
        if (isServiceErrorCode(service, code)) return new RemoteError(code, message, service, details);
        this.log.error({ service, pattern, code }, 'service answered an error code outside its contract');
        return new DomainError('INTERNAL', `${service} failed`);
      }
    }
    // The reason names addresses (connect ECONNREFUSED 127.0.0.1:4102): logged, never passed on.
    this.log.warn({ service, pattern, reason: types.isNativeError(error) ? error.message : String(error) }, 'service unreachable');
    return new DomainError('SERVICE_UNAVAILABLE', ENGINE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  }
}
