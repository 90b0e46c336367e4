import {
  applyDecorators,
  type ArgumentsHost,
  type CallHandler,
  type CanActivate,
  Catch,
  Controller,
  type ExecutionContext,
  Inject,
  Injectable,
  Logger,
  type NestInterceptor,
  type PipeTransform,
  SetMetadata,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MessagePattern, RpcException, Transport, EventPattern } from '@nestjs/microservices';
import { PATTERN_HANDLER_METADATA } from '@nestjs/microservices/constants';
import { PatternHandler } from '@nestjs/microservices/enums/pattern-handler.enum';
import type { RpcExceptionFilter } from '@nestjs/common';
import {
  callersOf,
  INTERNAL_CALL_REFUSED,
  type InternalCaller,
  RPC_CALLS,
  RpcMeta,
  type EventTopic,
  type RpcCallMap,
  type RpcRequestOf,
  type RpcResponseInputOf,
} from '@closetly/contracts';
import { finalize, Observable, tap, throwError } from 'rxjs';
import type { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { engineUnavailable, isEngineOutage } from '../errors/engine-outage';
import { acceptCorrelationId, runWithContext } from '../logging/context';
import { endSpan, isTraceparent, SpanKind, startSpan, traceparentOf } from '../tracing/tracing';
import type { Platform } from '../runtime/platform';
import { PLATFORM } from '../runtime/tokens';
import { rpcOutcomeOf, RpcMetricsInterceptor } from '../metrics/rpc-metrics.interceptor';

/**
 * Turns domain errors into the RPC error body. An engine that cannot be reached (database, cache,
 * broker, search) is SERVICE_UNAVAILABLE with a Retry-After, so the caller sees a 503 that names no
 * address; anything else becomes INTERNAL (logged, never leaked).
 */
@Catch()
export class RpcDomainErrorFilter implements RpcExceptionFilter {
  private readonly log = new Logger('RpcDomainErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof DomainError) {
      return throwError(() => ({ code: exception.code, message: exception.message, details: exception.details }));
    }
    if (exception instanceof RpcException) return throwError(() => exception.getError());
    if (isEngineOutage(exception)) {
      this.log.warn({ err: exception }, 'an engine is unreachable: answering 503');
      const unavailable = engineUnavailable();
      return throwError(() => ({ code: unavailable.code, message: unavailable.message, details: unavailable.details }));
    }
    this.log.error({ err: exception }, 'unhandled error in RPC handler');
    return throwError(() => ({ code: 'INTERNAL', message: 'Internal error' }));
  }
}

/** Restores the caller's correlation id, continues its trace in a span of the call, and refuses work whose deadline has passed. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const message = context.switchToRpc().getData<{ meta?: unknown }>();
    const meta = RpcMeta.safeParse(message?.meta);
    const correlationId = acceptCorrelationId(meta.success ? meta.data.correlationId : undefined);
    if (meta.success && meta.data.deadline < Date.now()) {
      return throwError(() => new DomainError('UPSTREAM_TIMEOUT', 'deadline passed before the call started'));
    }
    const pattern = this.reflector.get<InternalCallOfHandler | undefined>(INTERNAL_CALL_OF_HANDLER, context.getHandler())?.pattern;
    if (!pattern) return new Observable((subscriber) => runWithContext({ correlationId }, () => next.handle().subscribe(subscriber)));
    const parent = meta.success && isTraceparent(meta.data.traceparent) ? meta.data.traceparent : undefined;
    const span = startSpan(pattern, SpanKind.SERVER, parent, { 'rpc.system': 'closetly', 'rpc.method': pattern, 'closetly.correlation_id': correlationId });
    const traceparent = traceparentOf(span);
    let failure: unknown;
    // Ended when the call ends however it ends: an in-process caller takes the answer and unsubscribes,
    // so the handler's stream may never complete (as RpcMetricsInterceptor records it).
    // next.handle() inside the context: the handler may start as it is called.
    return new Observable((subscriber) =>
      runWithContext({ correlationId, ...(traceparent && { traceparent }) }, () =>
        next
          .handle()
          .pipe(
            tap({ error: (error: unknown) => (failure = error) }),
            finalize(() => (failure === undefined ? endSpan(span) : endSpan(span, failure, { 'error.type': rpcOutcomeOf(failure) }))),
          )
          .subscribe(subscriber),
      ),
    );
  }
}

/** What the guard needs to know of a handler's call: set by the handler decorator from the contract. */
interface InternalCallOfHandler {
  service: string;
  pattern: string;
  callers: readonly InternalCaller[];
}
const INTERNAL_CALL_OF_HANDLER = 'closetly:internal-call';

/**
 * Refuses, before any pipe or handler runs, an RPC call that does not carry a valid internal-call
 * assertion from a caller the contract allows (auth/internal-calls.ts): without it, anything that can
 * reach a service's port could claim any caller and roles. Event handlers pass: only services write
 * the topics they read (Kafka ACLs in distributed mode; in-process, nothing else can publish).
 */
@Injectable()
export class InternalCallGuard implements CanActivate {
  private readonly log = new Logger('InternalCallGuard');

  constructor(
    private readonly reflector: Reflector,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const call = this.reflector.get<InternalCallOfHandler | undefined>(INTERNAL_CALL_OF_HANDLER, context.getHandler());
    if (!call) {
      // An event handler passes; a request/response handler declared without RpcCallHandler has no caller
      // the contract allows, so it answers nobody (closed by default).
      if (this.reflector.get<PatternHandler | undefined>(PATTERN_HANDLER_METADATA, context.getHandler()) !== PatternHandler.MESSAGE) return true;
      this.log.error({ handler: context.getHandler().name }, 'an RPC handler declared without RpcCallHandler answers nobody');
      throw new RpcException({ code: INTERNAL_CALL_REFUSED, message: 'This call does not carry a valid internal-call assertion.' });
    }
    const message = context.switchToRpc().getData<{ meta?: { assertion?: unknown; correlationId?: unknown }; data?: unknown } | null>();
    const check = this.platform.internalCalls.verifier.check(message?.meta?.assertion, { service: call.service, pattern: call.pattern, data: message?.data, allowed: call.callers });
    if (check.ok) return true;
    this.log.warn({ pattern: call.pattern, reason: check.reason, correlationId: message?.meta?.correlationId }, 'refused an RPC call without a valid internal-call assertion');
    throw new RpcException({ code: INTERNAL_CALL_REFUSED, message: 'This call does not carry a valid internal-call assertion.' });
  }
}

/**
 * A controller that answers RPC: the same guard, filter, context handling and metrics everywhere (metrics
 * first among the interceptors: they time the whole call; the guard runs before both).
 */
export const RpcController = () =>
  applyDecorators(Controller(), UseGuards(InternalCallGuard), UseFilters(RpcDomainErrorFilter), UseInterceptors(RpcMetricsInterceptor, RpcContextInterceptor));

type RpcHandlerMethod<TRequest, TResponse> = (request: TRequest) => TResponse | Promise<TResponse>;

/**
 * Handler decorators typed by a call map: the method must take the call's
 * parsed request and answer its response, and the request is validated with
 * the call's schema before the method runs (on `@Payload()`).
 */
export function rpcHandlersFor<TCalls extends RpcCallMap>(calls: TCalls) {
  return <P extends keyof TCalls & string>(pattern: P) =>
    <THandler extends RpcHandlerMethod<RpcRequestOf<TCalls[P]>, RpcResponseInputOf<TCalls[P]>>>(
      target: object,
      key: string | symbol,
      descriptor: TypedPropertyDescriptor<THandler>,
    ): void => {
      const call = calls[pattern] as TCalls[P];
      RpcCallHandler(pattern, call.service, callersOf(call))(target, key, descriptor);
      UsePipes(new RpcDataPipe(call.request))(target, key, descriptor);
    };
}

/**
 * A request/response handler for `pattern`, answered by `service` to `callers` (proved by the guard).
 * rpcHandlersFor uses it with the contract's entry; the calls every service answers alike (ping, system
 * status) name theirs directly, with their own validation pipe.
 */
export const RpcCallHandler = (pattern: string, service: string, callers: readonly InternalCaller[] = ['gateway']): MethodDecorator =>
  applyDecorators(MessagePattern(pattern, Transport.TCP), SetMetadata<string, InternalCallOfHandler>(INTERNAL_CALL_OF_HANDLER, { service, pattern, callers }));

/** A request/response handler for a call of the product's contract map (TCP, or in-process in embedded mode). */
export const RpcHandler = rpcHandlersFor(RPC_CALLS);

/** An event consumer (Kafka, or the in-process bus in embedded mode). */
export const EventHandler = (topic: EventTopic) => EventPattern(topic, Transport.KAFKA);

/** At most this many of one topic's events reach a batch handler at once (a bounded transaction, bounded inserts). */
export const MAX_EVENT_BATCH = 200;

/**
 * An event consumer that takes its topic's events in batches (an array of messages, in order, at most
 * MAX_EVENT_BATCH): from Kafka, what one fetch brought for one partition; in-process, a run of one
 * topic's events published together. For effects that are much cheaper set-based (one transaction,
 * one statement per table) than one event at a time; see EventInbox.consumeBatch.
 */
export const EventBatchHandler = (topic: EventTopic) => EventPattern(topic, Transport.KAFKA, { batch: true });

/** Whether a Nest message handler was declared with EventBatchHandler. */
export const takesBatches = (handler: { extras?: Record<string, unknown> } | undefined | null): boolean => handler?.extras?.batch === true;

/** Validates the `data` part of an RPC envelope with a contract schema. */
export class RpcDataPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.infer<TSchema>> {
  constructor(private readonly schema: TSchema) {}

  transform(value: unknown): z.infer<TSchema> {
    const data = (value as { data?: unknown } | null)?.data;
    const parsed = this.schema.safeParse(data);
    if (!parsed.success) {
      throw new DomainError('VALIDATION_FAILED', 'Invalid request', parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
    }
    return parsed.data;
  }
}
