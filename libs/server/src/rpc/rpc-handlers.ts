import {
  applyDecorators,
  type ArgumentsHost,
  type CallHandler,
  Catch,
  Controller,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  type PipeTransform,
  UseFilters,
  UseInterceptors,
  UsePipes,
} from '@nestjs/common';
import { MessagePattern, RpcException, Transport, EventPattern } from '@nestjs/microservices';
import type { RpcExceptionFilter } from '@nestjs/common';
import { RPC_CALLS, RpcMeta, type EventTopic, type RpcCallMap, type RpcRequestOf, type RpcResponseInputOf } from '@closetly/contracts';
import { Observable, throwError } from 'rxjs';
import type { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { engineUnavailable, isEngineOutage } from '../errors/engine-outage';
import { acceptCorrelationId, runWithContext } from '../logging/context';
import { RpcMetricsInterceptor } from '../metrics/rpc-metrics.interceptor';

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

/** Restores the caller's correlation id and refuses work whose deadline has passed. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const message = context.switchToRpc().getData<{ meta?: unknown }>();
    const meta = RpcMeta.safeParse(message?.meta);
    const correlationId = acceptCorrelationId(meta.success ? meta.data.correlationId : undefined);
    if (meta.success && meta.data.deadline < Date.now()) {
      return throwError(() => new DomainError('UPSTREAM_TIMEOUT', 'deadline passed before the call started'));
    }
    return new Observable((subscriber) =>
      runWithContext({ correlationId }, () => next.handle().subscribe(subscriber)),
    );
  }
}

/** A controller that answers RPC: the same filter, context handling and metrics everywhere (metrics first: they time the whole call). */
export const RpcController = () =>
  applyDecorators(Controller(), UseFilters(RpcDomainErrorFilter), UseInterceptors(RpcMetricsInterceptor, RpcContextInterceptor));

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
      MessagePattern(pattern, Transport.TCP)(target, key, descriptor);
      UsePipes(new RpcDataPipe((calls[pattern] as TCalls[P]).request))(target, key, descriptor);
    };
}

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
