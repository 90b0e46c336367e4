import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { MessagePattern, Transport } from '@nestjs/microservices';
import { firstValueFrom, lastValueFrom, Observable, of, throwError } from 'rxjs';
import { DomainError } from '../errors/domain-error';
import { RPC_SERVER_CALL_DURATION } from './metric-catalogue';
import { ProcessMetrics } from './process-metrics';
import { RpcMetricsInterceptor, rpcOutcomeOf } from './rpc-metrics.interceptor';

class Handlers {
  @MessagePattern('wardrobe.save', Transport.TCP)
  save() {}
}

const contextOf = (handler: () => void) => ({ getHandler: () => handler }) as unknown as ExecutionContext;
const answering = (outcome: 'ok' | Error): CallHandler => ({ handle: () => (outcome === 'ok' ? of({ saved: true }) : throwError(() => outcome)) });

describe('RpcMetricsInterceptor', () => {
  it('times each call by its declared pattern and outcome: OK, or the code the caller will see', async () => {
    const metrics = new ProcessMetrics();
    const interceptor = new RpcMetricsInterceptor(metrics);
    const save = Handlers.prototype.save;
    await lastValueFrom(interceptor.intercept(contextOf(save), answering('ok')));
    await expect(lastValueFrom(interceptor.intercept(contextOf(save), answering(new DomainError('NOT_FOUND', 'gone'))))).rejects.toBeInstanceOf(DomainError);
    await expect(lastValueFrom(interceptor.intercept(contextOf(save), answering(new TypeError('bug'))))).rejects.toBeInstanceOf(TypeError);

    const counts = (await metrics.histogram(RPC_SERVER_CALL_DURATION).get()).values
      .filter((value) => value.metricName === 'rpc_server_call_duration_seconds_count')
      .map(({ labels, value }) => [labels.rpc_method, labels.rpc_response_status_code, value]);
    expect(counts).toEqual([
      ['wardrobe.save', 'OK', 1],
      ['wardrobe.save', 'NOT_FOUND', 1],
      ['wardrobe.save', 'INTERNAL', 1],
    ]);
  });

  it('records a call at its answer, once, even when the caller unsubscribes after it (in-process), and a call given up on before it as CANCELLED', async () => {
    const metrics = new ProcessMetrics();
    const interceptor = new RpcMetricsInterceptor(metrics);
    const save = Handlers.prototype.save;
    const neverEnds: CallHandler = { handle: () => new Observable((subscriber) => subscriber.next({ saved: true })) };
    await firstValueFrom(interceptor.intercept(contextOf(save), neverEnds));
    const silent: CallHandler = { handle: () => new Observable(() => undefined) };
    interceptor.intercept(contextOf(save), silent).subscribe().unsubscribe();

    const counts = (await metrics.histogram(RPC_SERVER_CALL_DURATION).get()).values
      .filter((value) => value.metricName === 'rpc_server_call_duration_seconds_count')
      .map(({ labels, value }) => [labels.rpc_response_status_code, value]);
    expect(counts).toEqual([
      ['OK', 1],
      ['CANCELLED', 1],
    ]);
  });

  it('passes calls through untouched where no metrics were provided (a test module without the platform)', async () => {
    await expect(lastValueFrom(new RpcMetricsInterceptor().intercept(contextOf(Handlers.prototype.save), answering('ok')))).resolves.toEqual({ saved: true });
  });

  it('names an engine outage SERVICE_UNAVAILABLE, as the error filter answers it', () => {
    expect(rpcOutcomeOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('SERVICE_UNAVAILABLE');
  });
});
