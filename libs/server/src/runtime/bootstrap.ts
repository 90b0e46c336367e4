import { type DynamicModule, type INestApplication, Module, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ApiErrorBody } from '@closetly/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { kafkaAuthOf, parseHostPort } from '../config/env';
import { kafkaClientConfig, kafkajs } from '../events/kafka-event-transport';
import { PinoNestLogger } from '../logging/logger';
import type { Platform } from './platform';
import { PlatformModule } from './platform.module';
import { RpcTcpSocket } from '../rpc/rpc-tcp-socket';
import { DrainingTcpServer } from '../rpc/draining-tcp-server';
import { ObservedKafkaServer } from '../events/observed-kafka-server';
import { observeHttpRequests } from '../metrics/http-metrics';
import { EVENT_CONSUMER_LAG } from '../metrics/metric-catalogue';
import { readConsumerLag } from '../events/consumer-lag';

/** Largest JSON body any route accepts; routes that need less check their own limits. */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Fastify refuses some URLs before routing, so before any hook, guard or
 * filter: a malformed percent-encoding (400), a path parameter over the
 * length limit (414). They leave in the API's error shape, and the same for
 * every path, known or not.
 */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  const body: ApiErrorBody =
    status < 500 ? { error: { code: 'VALIDATION_FAILED', message: 'Malformed request URL' } } : { error: { code: 'INTERNAL', message: 'An unexpected error occurred.' } };
  void reply.status(status).header('cache-control', 'no-store').send(body);
}

export interface HttpAppOptions {
  /**
   * Proxies (IPs or CIDR ranges) whose X-Forwarded-For sets `request.ip`. Only these: trusting any
   * sender would let a client pick its own address, and with it its own rate-limit buckets.
   */
  trustedProxies?: readonly string[];
}

/** Nest app on Fastify with the platform's engines and JSON logs. Closing the app closes the platform last. */
export async function createHttpApp(platform: Platform, modules: Array<Type | DynamicModule>, options: HttpAppOptions = {}): Promise<NestFastifyApplication> {
  @Module({ imports: [PlatformModule.forRoot(platform), ...modules] })
  class ProcessModule implements OnApplicationShutdown {
    async onApplicationShutdown(): Promise<void> {
      await platform.close();
    }
  }
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify's default (100) turns a longer route parameter into "no such route" (404) before any
    // validation: a brand of up to 200 characters (GET /api/new-arrivals/{brand}), percent-encoded
    // (up to 12 characters each), must reach its schema, which answers a 400 naming the field.
    routerOptions: { maxParamLength: 2_500 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
    trustProxy: options.trustedProxies?.length ? [...options.trustedProxies] : false,
  });
  // Every body is JSON (Fastify's own parser, with prototype poisoning refused). Without the text and
  // form parsers any other type is 415 before it reaches a route, not a 400 from a pipe by accident.
  adapter.getInstance().removeContentTypeParser('text/plain');
  observeHttpRequests(adapter.getInstance(), platform.metrics);
  const app = await NestFactory.create<NestFastifyApplication>(ProcessModule, adapter, {
    logger: new PinoNestLogger(platform.logger),
    abortOnError: false,
    bodyParser: false,
  });
  return app;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: stop taking requests, let in-flight
 * ones finish, stop relays and consumers, close the engines, then exit 0.
 * A drain longer than `graceMs` exits 1. Repeated signals are ignored: a
 * terminal's Ctrl-C reaches every process of the group, launchers included.
 */
export function closeOnSignals(
  app: INestApplication,
  logger: { info(obj: object, msg: string): void },
  options: { graceMs?: number; rpc?: DistributedTransports['rpc'] } = {},
): void {
  const graceMs = options.graceMs ?? 20_000;
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, callsInFlight: options.rpc?.callsInFlight ?? 0 }, 'shutting down');
    setTimeout(() => process.exit(1), graceMs).unref();
    // RPC first: no new calls, and every call in flight answers (a committed save keeps its reply)
    // before the consumers, relays and engines close behind it.
    (options.rpc?.drain(graceMs / 2) ?? Promise.resolve())
      .then(() => app.close())
      .then(
        // 0 unless the process is ending because something failed for good (process.exitCode set first).
        () => process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/** Embedded mode: RPC and events stay inside this process. */
export function connectInProcessTransports(app: INestApplication, platform: Platform): void {
  if (!platform.inProcess) throw new Error('connectInProcessTransports needs an embedded platform');
  app.connectMicroservice<MicroserviceOptions>({ strategy: platform.inProcess.rpc });
  app.connectMicroservice<MicroserviceOptions>({ strategy: platform.inProcess.events });
}

/** How many of its assigned partitions a service's consumer works on at once. */
export const PARTITIONS_CONSUMED_CONCURRENTLY = 4;

/** A distributed service's listeners: its RPC server (drained first on shutdown) and its Kafka consumer, if any. */
export interface DistributedTransports {
  rpc: DrainingTcpServer;
  consumer: ObservedKafkaServer | undefined;
}

/**
 * Distributed mode: the service answers RPC over TCP and, when it consumes events, joins its Kafka group.
 * Readiness includes both, live: the RPC listener accepting, and the consumer joined to its group.
 */
export async function connectDistributedTransports(
  app: INestApplication,
  platform: Platform,
  service: { name: string; rpcAddress: string; consumesEvents: boolean; consumerGroup?: string },
): Promise<DistributedTransports> {
  const rpc = new DrainingTcpServer({ ...parseHostPort(service.rpcAddress), socketClass: RpcTcpSocket });
  app.connectMicroservice<MicroserviceOptions>({ strategy: rpc });
  platform.readiness.add(service.name, { rpc: () => Promise.resolve(rpc.accepting) });
  if (!service.consumesEvents) return { rpc, consumer: undefined };
  // The group is the service: each service gets every event once, its replicas share the partitions.
  const consumer = await connectEventConsumer(app, platform, { name: service.name, groupId: service.consumerGroup ?? consumerGroupName(platform.env, service.name), fromBeginning: true });
  return { rpc, consumer };
}

/**
 * Joins a Kafka consumer group for the app's event handlers (@EventHandler): a service's, or the gateway's
 * live-event writer's. Readiness includes the consumer, live. `fromBeginning`: where a new group starts.
 */
export async function connectEventConsumer(
  app: INestApplication,
  platform: Platform,
  options: { name: string; groupId: string; fromBeginning: boolean },
): Promise<ObservedKafkaServer> {
  await platform.events.prepare();
  const { name, groupId } = options;
  const consumer = new ObservedKafkaServer({
    client: kafkaClientConfig(platform.env.KAFKA_BROKERS, `${platform.env.KAFKA_CLIENT_ID}-${name}`, kafkaAuthOf(platform.env)),
    consumer: {
      groupId,
      allowAutoTopicCreation: true,
      // A crashed replica's partitions move to the others within ~10 s rather than the default 30 s.
      sessionTimeout: 10_000,
      heartbeatInterval: 3_000,
      // A fetch waits this long for new events when there are none; stopping waits for it too, so a
      // shutdown (a deploy, a test product) takes about this long instead of 5 s. Events still arrive at once.
      maxWaitTimeInMs: 1_000,
      retry: { retries: 8, initialRetryTime: 300, maxRetryTime: 10_000 },
    },
    subscribe: { fromBeginning: options.fromBeginning },
    postfixId: '',
    // Partitions are worked on side by side (each still in order), as two replicas already do: a consumer
    // waiting on its database for one partition's event no longer holds up the others. Four leaves most of
    // the pool (DATABASE_POOL_SIZE, 10) to RPC calls.
    run: { autoCommit: true, partitionsConsumedConcurrently: PARTITIONS_CONSUMED_CONCURRENTLY },
  }, platform.env.KAFKA_TOPIC_PREFIX, (error) => {
    // The consumer will not come back by itself: end the process (drained, as on SIGTERM, but exit 1) for its supervisor to restart.
    platform.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'event consumer stopped for good; ending the process to be restarted');
    process.exitCode = 1;
    process.kill(process.pid, 'SIGTERM');
  });
  app.connectMicroservice<MicroserviceOptions>({ strategy: consumer });
  observeConsumerLag(platform, groupId, consumer, `${platform.env.KAFKA_CLIENT_ID}-${name}-lag`);
  // A rebalance (a replica joining or leaving) is a pause within a joined group, not an outage.
  platform.readiness.add(name, { consumer: () => Promise.resolve(consumer.consumerState === 'joined' || consumer.consumerState === 'rebalancing') });
  return consumer;
}

/** A service's Kafka consumer group (and the group its inbox's metrics name): the service, after the deployment's prefix. */
export function consumerGroupName(env: Pick<Platform['env'], 'KAFKA_CONSUMER_GROUP_PREFIX'>, service: string): string {
  return `${env.KAFKA_CONSUMER_GROUP_PREFIX}${service}`;
}

/**
 * The group's lag per partition, read from the broker on each scrape with a short-lived admin client
 * (every replica of a service reports its whole group: dashboards take the max per partition).
 */
function observeConsumerLag(platform: Platform, groupId: string, consumer: ObservedKafkaServer, clientId: string): void {
  const kafka = new (kafkajs().Kafka)(kafkaClientConfig(platform.env.KAFKA_BROKERS, clientId, kafkaAuthOf(platform.env)));
  platform.metrics.observe(EVENT_CONSUMER_LAG, async () => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      return await readConsumerLag(admin, groupId, consumer.subscribedTopics, platform.env.KAFKA_TOPIC_PREFIX);
    } finally {
      await admin.disconnect();
    }
  });
}
