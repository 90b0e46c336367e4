import { types } from 'node:util';
import { Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  INTERNAL_CALL_REFUSED,
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
import type { InternalCallSigner } from '../auth/internal-calls';
import { DomainError, RemoteError } from '../errors/domain-error';
import { ENGINE_UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors/engine-outage';
import { correlationId, currentContext } from '../logging/context';
import { endSpan, type Span, SpanKind, startSpan, traceparentOf } from '../tracing/tracing';

export const RPC_CLIENT = Symbol('RPC_CLIENT');

/**
 * The gateway's way to ask a service something: a call typed by its entry
 * in the contract map (RPC_CALLS), with a deadline, the correlation id in the
 * envelope's meta, and the answer validated against the contract on arrival.
 */
export class RpcClient<TCalls extends RpcCallMap = RpcCalls> {
  private readonly log = new Logger('RpcClient');
  private readonly replicas: Record<ServiceName, readonly ClientProxy[]>;
  /** Round-robin position per service, shared by clients made with withCalls. */
  private readonly turn: Map<ServiceName, number>;

  /**
   * `proxies`: one connection per replica of each service (a list when the service runs several;
   * calls take turns over them, and a call sent again goes to the next one).
   */
  constructor(
    private readonly calls: TCalls,
    proxies: Record<ServiceName, ClientProxy | readonly ClientProxy[]>,
    private readonly defaultTimeoutMs: number,
    turn?: Map<ServiceName, number>,
    /** Proves each call (an internal-call assertion in its meta); without one, services refuse the calls (tests of that refusal). */
    private readonly signer?: InternalCallSigner,
  ) {
    const listed = Object.entries(proxies).map(([service, each]): [string, readonly ClientProxy[]] => [service, Array.isArray(each) ? each : [each as ClientProxy]]);
    this.replicas = Object.fromEntries(listed) as Record<ServiceName, readonly ClientProxy[]>;
    this.turn = turn ?? new Map();
  }

  /** The default client: every call the product makes. */
  static forProduct(proxies: Record<ServiceName, ClientProxy | readonly ClientProxy[]>, defaultTimeoutMs: number, signer?: InternalCallSigner): RpcClient {
    return new RpcClient(RPC_CALLS, proxies, defaultTimeoutMs, undefined, signer);
  }

  /** The same connections, typed by another call map (tests with probe calls). */
  withCalls<TOther extends RpcCallMap>(calls: TOther): RpcClient<TOther> {
    return new RpcClient(calls, this.replicas, this.defaultTimeoutMs, this.turn, this.signer);
  }

  /**
   * The next replica of a service to ask, skipping any that refused or dropped a connection in the last
   * second (unless all did), and never `not` (the one that just failed a call about to go again).
   */
  private nextReplica(service: ServiceName, not?: ClientProxy): ClientProxy {
    const replicas = this.replicas[service];
    const now = Date.now();
    const start = this.turn.get(service) ?? 0;
    this.turn.set(service, start + 1);
    for (let step = 0; step < replicas.length; step += 1) {
      const candidate = replicas[(start + step) % replicas.length]!;
      if (candidate !== not && (unreachableUntil.get(candidate) ?? 0) <= now) return candidate;
    }
    return replicas.find((candidate) => candidate !== not) ?? replicas[start % replicas.length]!;
  }

  async call<P extends keyof TCalls & string>(
    pattern: P,
    data: RpcRequestInputOf<TCalls[P]>,
    options: { timeoutMs?: number } = {},
  ): Promise<RpcResponseOf<TCalls[P]>> {
    const { service } = this.calls[pattern] as TCalls[P];
    return this.request(pattern, data, options, (failed) => this.nextReplica(service, failed), true);
  }

  /**
   * The same call to every replica of its service (health: one ready replica serves the service, and
   * each one's own answer says which is not), never sent again elsewhere. Each answer or failure, in replica order.
   */
  async callEach<P extends keyof TCalls & string>(
    pattern: P,
    data: RpcRequestInputOf<TCalls[P]>,
    options: { timeoutMs?: number } = {},
  ): Promise<Array<PromiseSettledResult<RpcResponseOf<TCalls[P]>>>> {
    const { service } = this.calls[pattern] as TCalls[P];
    return Promise.allSettled(this.replicas[service].map((proxy) => this.request(pattern, data, options, () => proxy, false)));
  }

  /** One call through the replica `pick` chooses (given the one that just failed, when it goes again), in its own span. */
  private async request<P extends keyof TCalls & string>(
    pattern: P,
    data: RpcRequestInputOf<TCalls[P]>,
    options: { timeoutMs?: number },
    pick: (failed?: ClientProxy) => ClientProxy,
    mayGoAgain: boolean,
  ): Promise<RpcResponseOf<TCalls[P]>> {
    const { service } = this.calls[pattern] as TCalls[P];
    const span = startSpan(pattern, SpanKind.CLIENT, currentContext()?.traceparent, { 'rpc.system': 'closetly', 'rpc.service': service, 'rpc.method': pattern });
    try {
      const answer = await this.requestIn(span, pattern, data, options, pick, mayGoAgain);
      endSpan(span);
      return answer;
    } catch (error) {
      endSpan(span, error, { 'error.type': (error as DomainError).code ?? 'unknown' });
      throw error;
    }
  }

  private async requestIn<P extends keyof TCalls & string>(
    span: Span,
    pattern: P,
    data: RpcRequestInputOf<TCalls[P]>,
    options: { timeoutMs?: number },
    pick: (failed?: ClientProxy) => ClientProxy,
    mayGoAgain: boolean,
  ): Promise<RpcResponseOf<TCalls[P]>> {
    const { service, response, idempotent } = this.calls[pattern] as TCalls[P];
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const deadline = Date.now() + timeoutMs;
    // One assertion for the call, sent again or not: it lives until the call's deadline.
    const assertion = this.signer?.assert(service, pattern, data, deadline);
    const traceparent = traceparentOf(span);
    const envelope: RpcEnvelope<unknown> = { meta: { correlationId: correlationId(), deadline, ...(assertion && { assertion }), ...(traceparent && { traceparent }) }, data };
    let replica: ClientProxy | undefined;
    const send = () => {
      replica = pick(replica);
      return firstValueFrom(replica.send(pattern, envelope).pipe(timeout(Math.max(1, deadline - Date.now()))));
    };
    let raw: unknown;
    try {
      raw = await send();
    } catch (first) {
      if (replica && isConnectionLost(first)) unreachableUntil.set(replica, Date.now() + UNREACHABLE_FOR_MS);
      // Once more, on the next replica, when the call never reached a service (refused) or its
      // connection closed before the reply and sending it twice is harmless: a replica shutting down
      // or restarting costs nothing. Never on a timeout: the first may still be running.
      const again = mayGoAgain ? sentAgainAfter(first, idempotent === true, this.replicas[service].length) : undefined;
      if (again === undefined || Date.now() + again >= deadline) throw this.toCallError(service, pattern, first);
      this.log.warn({ service, pattern, reason: (first as Error).message }, 'connection lost before the reply; sending the call again');
      span.addEvent('sent again', { reason: (first as Error).message });
      if (again > 0) await new Promise((resolve) => setTimeout(resolve, again));
      try {
        raw = await send();
      } catch (second) {
        throw this.toCallError(service, pattern, second);
      }
    }
    const parsed = response.safeParse(raw);
    if (!parsed.success) throw new DomainError('INTERNAL', `${service} answered ${pattern} with an unexpected shape`);
    return parsed.data as RpcResponseOf<TCalls[P]>;
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.replicas).flatMap((replicas) => replicas.map((proxy) => proxy.close())));
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
        if (code === INTERNAL_CALL_REFUSED) {
          this.log.error({ service, pattern }, 'the service refused this process’s internal-call assertion: are INTERNAL_CALLS_PRIVATE_KEY and its public key in step?');
          return new DomainError('INTERNAL', `${service} refused the call`);
        }
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

/** How long a replica that refused or dropped a connection is passed over (while others answer). */
const UNREACHABLE_FOR_MS = 1_000;
const unreachableUntil = new WeakMap<ClientProxy, number>();

function isConnectionLost(error: unknown): boolean {
  return types.isNativeError(error) && !(error instanceof TimeoutError) && (error.message === 'Connection closed' || typeof (error as { code?: unknown }).code === 'string');
}

/** Errors that mean the call never reached a service: it did nothing, so any call may be sent again. */
const NEVER_DELIVERED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether a failed call may be sent once more, and after how many milliseconds (undefined: not at all).
 * A call that never reached a service may always go again; one whose connection closed or reset before
 * the reply only when it is idempotent. With one replica the second try waits a little, for a restart
 * or a re-connection; with several it goes at once to the next.
 */
export function sentAgainAfter(error: unknown, idempotent: boolean, replicas: number): number | undefined {
  if (!types.isNativeError(error) || error instanceof TimeoutError) return undefined;
  const code = (error as { code?: unknown }).code;
  const neverDelivered = typeof code === 'string' && NEVER_DELIVERED.has(code);
  const lostReply = error.message === 'Connection closed' || code === 'ECONNRESET' || code === 'EPIPE';
  if (!neverDelivered && !(idempotent && lostReply)) return undefined;
  return replicas > 1 ? 0 : 250;
}
