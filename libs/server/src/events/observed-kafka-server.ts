import { type KafkaOptions, ServerKafka } from '@nestjs/microservices';
import type { Consumer, EachMessagePayload } from 'kafkajs';

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
    if (topics.length > 0) await consumer.subscribe({ ...(this.options.subscribe ?? {}), topics });
    await consumer.run({ ...(this.options.run ?? {}), eachMessage: this.getMessageHandler() });
  }

  override async handleMessage(payload: EachMessagePayload): Promise<unknown> {
    const topic = payload.topic.startsWith(this.topicPrefix) ? payload.topic.slice(this.topicPrefix.length) : payload.topic;
    return super.handleMessage({ ...payload, topic });
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
