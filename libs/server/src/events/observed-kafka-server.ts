import { KafkaContext, type KafkaOptions, ServerKafka } from '@nestjs/microservices';
import type { Consumer, EachBatchPayload, EachMessagePayload } from 'kafkajs';
import { isObservable, lastValueFrom } from 'rxjs';
import { MAX_EVENT_BATCH, takesBatches } from '../rpc/rpc-handlers';
import { retryKafkaRound } from './kafka-event-transport';

/** Where a service's Kafka consumer is, as its own events say. */
export type ConsumerState = 'starting' | 'joined' | 'rebalancing' | 'crashed' | 'stopped';

/**
 * Nest's Kafka server, with the consumer's state kept live from kafkajs's
 * own events, for readiness. A connection made once is not "up": a consumer
 * that has crashed and is retrying, or is between group generations, is not
 * consuming, and health must say so (during a broker outage four services
 * reported `events: up` while their consumers kept crashing).
 */
export class ObservedKafkaServer extends ServerKafka {
  private current: ConsumerState = 'starting';

  /**
   * `topicPrefix` (KAFKA_TOPIC_PREFIX): handlers name topics without it; the broker's names have it.
   * `onGaveUp`: kafkajs restarts a consumer after a retriable crash, but not after any other; such a
   * consumer consumes nothing until the process restarts, so the process is told (and ends itself, for
   * its supervisor to start it again) rather than staying up and unready for good.
   */
  constructor(
    options: Required<KafkaOptions>['options'],
    private readonly topicPrefix = '',
    private readonly onGaveUp: (error: unknown) => void = () => undefined,
  ) {
    super(options);
  }

  override async bindEvents(consumer: Consumer): Promise<void> {
    const topics = [...this.messageHandlers.keys()].map((pattern) => `${this.topicPrefix}${pattern}`);
    // The topics were prepared, but another broker's metadata (or a slow one's) can lag a moment behind.
    if (topics.length > 0) await retryKafkaRound(() => consumer.subscribe({ ...(this.options.subscribe ?? {}), topics }));
    await consumer.run({ ...(this.options.run ?? {}), eachBatchAutoResolve: false, eachBatch: (payload) => this.handleBatch(payload) });
  }

  /**
   * One fetch's messages of one partition, in order: to a batch handler (EventBatchHandler) in chunks of
   * MAX_EVENT_BATCH, to any other one message at a time, as kafkajs's eachMessage would. Each offset is
   * resolved once its message is handled, so a failure redelivers from the first unhandled one; a
   * revoked partition (a rebalance) or a stopping consumer stops the loop between messages.
   */
  async handleBatch({ batch, resolveOffset, heartbeat, pause, isRunning, isStale }: EachBatchPayload): Promise<void> {
    const pattern = this.withoutPrefix(batch.topic);
    const handler = this.getHandlerByPattern(pattern);
    if (!takesBatches(handler)) {
      for (const message of batch.messages) {
        if (!isRunning() || isStale()) return;
        await this.handleMessage({ topic: batch.topic, partition: batch.partition, message, heartbeat, pause });
        resolveOffset(message.offset);
        await heartbeat();
      }
      return;
    }
    const parser = this.parser;
    if (!handler || !parser) throw new Error(`no batch handler ready for ${pattern}`);
    for (let start = 0; start < batch.messages.length; start += MAX_EVENT_BATCH) {
      if (!isRunning() || isStale()) return;
      const chunk = batch.messages.slice(start, start + MAX_EVENT_BATCH);
      const data: unknown[] = [];
      for (const message of chunk) {
        const raw = parser.parse<Record<string, unknown>>(Object.assign(message, { topic: batch.topic, partition: batch.partition }));
        data.push((await this.deserializer.deserialize(raw, { channel: pattern })).data);
      }
      const last = chunk[chunk.length - 1];
      if (!last) continue;
      const context = new KafkaContext([last as never, batch.partition, batch.topic, this.consumer as Consumer, heartbeat, this.producer as never]);
      const result: unknown = await handler(data, context);
      if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
      resolveOffset(last.offset);
      await heartbeat();
    }
  }

  private withoutPrefix(topic: string): string {
    return topic.startsWith(this.topicPrefix) ? topic.slice(this.topicPrefix.length) : topic;
  }

  override async handleMessage(payload: EachMessagePayload): Promise<unknown> {
    return super.handleMessage({ ...payload, topic: this.withoutPrefix(payload.topic) });
  }

  /** The topics this server's handlers consume, as they name them (without the prefix). */
  get subscribedTopics(): string[] {
    return [...this.messageHandlers.keys()];
  }

  get consumerState(): ConsumerState {
    return this.current;
  }

  override registerConsumerEventListeners(): void {
    super.registerConsumerEventListeners();
    const consumer = this.consumer;
    if (!consumer) return;
    const { GROUP_JOIN, REBALANCING, CRASH, STOP, DISCONNECT } = consumer.events;
    consumer.on(GROUP_JOIN, () => (this.current = 'joined'));
    consumer.on(REBALANCING, () => (this.current = 'rebalancing'));
    consumer.on(CRASH, ({ payload }) => {
      this.current = 'crashed';
      if (!payload.restart) this.onGaveUp(payload.error);
    });
    consumer.on(STOP, () => (this.current = 'stopped'));
    consumer.on(DISCONNECT, () => (this.current = 'stopped'));
  }
}
