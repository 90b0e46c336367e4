import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What travels with one unit of work: an HTTP request, an RPC call, an event. */
export interface WorkContext {
  correlationId: string;
  /** The current span, as a W3C traceparent (tracing/tracing.ts): what the next hop names as its parent. */
  traceparent?: string;
  /**
   * A batch of consumed events: each cause's span by its correlation id, so an event written for one of
   * them (OutboxWriter.addMany's `correlationId`) continues that cause's trace.
   */
  causes?: ReadonlyMap<string, string>;
}

const storage = new AsyncLocalStorage<WorkContext>();

export function runWithContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentContext(): WorkContext | undefined {
  return storage.getStore();
}

/** The current correlation id, or a fresh one for work that starts here. */
export function correlationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,200}$/;
/** Accepts a caller's correlation id only if it is short and plain; else makes one. */
export function acceptCorrelationId(candidate: unknown): string {
  return typeof candidate === 'string' && SAFE_ID.test(candidate) ? candidate : randomUUID();
}
