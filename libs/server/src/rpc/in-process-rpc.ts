import { BaseRpcContext, ClientProxy, type CustomTransportStrategy, type ReadPacket, Server, Transport, type WritePacket } from '@nestjs/microservices';
import { isObservable, from, of, type Observable, mergeMap } from 'rxjs';

/**
 * The embedded twin of the TCP transport: one strategy per process that
 * collects every `@MessagePattern(pattern, Transport.TCP)` handler, and a
 * client that calls them directly. Handlers run through Nest's pipes,
 * interceptors and filters exactly as over TCP; data is JSON round-tripped so
 * nothing is shared by reference between caller and service.
 */
export class InProcessRpcServer extends Server implements CustomTransportStrategy {
  override readonly transportId = Transport.TCP;

  listen(callback: () => void): void {
    callback();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  on(): never {
    throw new Error('InProcessRpcServer does not emit server events');
  }
  unwrap<T>(): T {
    return this as unknown as T;
  }
}

const toObservable = (value: unknown): Observable<unknown> => {
  if (value instanceof Promise) return from(value).pipe(mergeMap((inner) => (isObservable(inner) ? inner : of(inner))));
  return isObservable(value) ? value : of(value);
};

export class InProcessRpcClient extends ClientProxy {
  constructor(private readonly server: InProcessRpcServer) {
    super();
  }

  connect(): Promise<void> {
    return Promise.resolve();
  }
  close(): void {}
  unwrap<T>(): T {
    return this.server as unknown as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const handler = this.server.getHandlerByPattern(this.normalizePattern(packet.pattern));
    if (!handler) {
      // The same text Nest's TCP server answers with, so callers see one failure either way.
      callback({ err: 'There is no matching message handler defined in the remote service.', isDisposed: true });
      return () => undefined;
    }
    const data: unknown = JSON.parse(JSON.stringify(packet.data ?? null));
    let cancelled = false;
    const subscription = toObservable(handler(data, new BaseRpcContext([]))).subscribe({
      next: (response) => !cancelled && callback({ response: JSON.parse(JSON.stringify(response ?? null)) as unknown }),
      error: (err: unknown) => !cancelled && callback({ err, isDisposed: true }),
      complete: () => !cancelled && callback({ isDisposed: true }),
    });
    return () => {
      cancelled = true;
      subscription.unsubscribe();
    };
  }

  protected dispatchEvent(): Promise<never> {
    return Promise.reject(new Error('Events go through the outbox, not the RPC client'));
  }
}
