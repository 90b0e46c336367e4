import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, Optional } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { finalize, type Observable, tap } from 'rxjs';
import { DomainError } from '../errors/domain-error';
import { isEngineOutage } from '../errors/engine-outage';
import { METRICS } from '../runtime/tokens';
import { RPC_SERVER_CALL_DURATION } from './metric-catalogue';
import type { ProcessMetrics } from './process-metrics';

/**
 * The outcome of a failed call as its caller will see it (RpcDomainErrorFilter's mapping): the
 * domain error's code, SERVICE_UNAVAILABLE for an engine outage, INTERNAL for anything else.
 * Codes come from the contract's closed list, so the label stays bounded.
 */
export function rpcOutcomeOf(error: unknown): string {
  if (error instanceof DomainError) return error.code;
  if (error instanceof RpcException) {
    const code = (error.getError() as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : 'ERROR';
  }
  if (isEngineOutage(error)) return 'SERVICE_UNAVAILABLE';
  return 'INTERNAL';
}

/** The handler's declared pattern (`wardrobe.save`), the same over TCP and in-process. */
function patternOf(handler: object): string {
  const patterns = Reflect.getMetadata(PATTERN_METADATA, handler) as unknown[] | undefined;
  const [pattern] = patterns ?? [];
  return typeof pattern === 'string' ? pattern : JSON.stringify(pattern ?? (handler as { name?: string }).name ?? 'unknown');
}

/**
 * Times every RPC call a service answers, by pattern and outcome (OK or the error code). First
 * on the controller, so calls refused for a passed deadline or an invalid request count too.
 * The metrics are optional only so a test module without the platform can still build RPC controllers.
 */
@Injectable()
export class RpcMetricsInterceptor implements NestInterceptor {
  constructor(@Optional() @Inject(METRICS) private readonly metrics?: ProcessMetrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.metrics) return next.handle();
    const duration = this.metrics.histogram(RPC_SERVER_CALL_DURATION);
    const pattern = patternOf(context.getHandler());
    const startedAt = process.hrtime.bigint();
    let recorded = false;
    // Once per call, at its answer: an in-process caller takes the first value and unsubscribes, so the
    // handler's stream may never complete. A call given up on before any answer is CANCELLED.
    const record = (outcome: string) => {
      if (recorded) return;
      recorded = true;
      duration.observe({ rpc_method: pattern, rpc_response_status_code: outcome }, Number(process.hrtime.bigint() - startedAt) / 1e9);
    };
    return next.handle().pipe(
      tap({ next: () => record('OK'), complete: () => record('OK'), error: (error: unknown) => record(rpcOutcomeOf(error)) }),
      finalize(() => record('CANCELLED')),
    );
  }
}
