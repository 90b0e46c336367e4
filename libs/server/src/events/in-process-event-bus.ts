import { Logger } from '@nestjs/common';
import { BaseRpcContext, type CustomTransportStrategy, Server, Transport } from '@nestjs/microservices';
import { deadLetterTopic, CORRELATION_ID_HEADER } from '@closetly/contracts';
import { isObservable, lastValueFrom } from 'rxjs';
import type { EventTransport, OutgoingEvent } from './event-transport';

/** What an in-process handler sees as its context: the same headers Kafka would carry. */
export class InProcessEventContext extends BaseRpcContext<[Record<string, string>, string]> {
  getHeaders(): Record<string, string> {
    return this.args[0];
  }
  getTopic(): string {
    return this.args[1];
  }
}

/**
 * The embedded twin of Kafka: a Nest transport strategy that collects every
 * `@EventPattern(topic, Transport.KAFKA)` handler of the process and an
 * EventTransport that delivers published events to them. Publishing waits
 * until the server listens, so no event is dropped while the app boots.
 * A handler that throws fails the publish, and the outbox retries it later
 * (consumers are idempotent through their inbox).
 */
export class InProcessEventBus extends Server implements CustomTransportStrategy, EventTransport {
  readonly kind = 'in-process' as const;
  override readonly transportId = Transport.KAFKA;
  private listening!: () => void;
  private readonly ready = new Promise<void>((resolve) => (this.listening = resolve));
  /** Messages parked as dead letters; kept for operators (and tests) to inspect. */
  readonly deadLetters: Array<{ topic: string; original: unknown; reason: string; at: string }> = [];
  private readonly log = new Logger('InProcessEventBus');

  listen(callback: () => void): void {
    this.listening();
    callback();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  on(): never {
    throw new Error('InProcessEventBus does not emit server events');
  }

  unwrap<T>(): T {
    return this as unknown as T;
  }

  prepare(): Promise<void> {
    return Promise.resolve();
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    await this.ready;
    for (const event of events) {
      const handler = this.getHandlerByPattern(event.topic);
      if (!handler) continue; // like a Kafka topic nobody subscribes to
      const context = new InProcessEventContext([{ [CORRELATION_ID_HEADER]: event.envelope.correlationId }, event.topic]);
      // JSON round trip: consumers get plain data, exactly as from Kafka.
      const data: unknown = JSON.parse(JSON.stringify(event.envelope));
      const result: unknown = await handler(data, context);
      if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
    }
  }

  async publishDeadLetter(topic: string, original: unknown, reason: string): Promise<void> {
    this.log.error({ topic: deadLetterTopic(topic), reason }, 'event dead-lettered');
    this.deadLetters.push({ topic: deadLetterTopic(topic), original, reason, at: new Date().toISOString() });
    if (this.deadLetters.length > 1000) this.deadLetters.shift();
  }

  isReady(): Promise<boolean> {
    return Promise.resolve(true);
  }
}
