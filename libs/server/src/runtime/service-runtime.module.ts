import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnModuleInit,
  type Type,
} from '@nestjs/common';
import { PingRequest, pingPattern, type ServiceName } from '@closetly/contracts';
import { Payload } from '@nestjs/microservices';
import { type Db, drizzleFor, migrateService, pingDatabase, type SchemaMigrations } from '../db/database';
import type { PlatformTables } from '../db/platform-tables';
import { EventInbox } from '../events/event-inbox';
import { InboxPruner } from '../events/inbox-pruner';
import { OutboxStore, OutboxWriter, takeOutboxWrites } from '../events/outbox';
import { OutboxRelay } from '../events/outbox-relay';
import { RpcCallHandler, RpcController, RpcDataPipe } from '../rpc/rpc-handlers';
import { outboxPollMs } from '../config/env';
import { inboxMetrics, observeOutbox, relayMetrics } from '../metrics/event-metrics';
import { consumerGroupName } from './bootstrap';
import type { Platform } from './platform';
import { createSystemStatusController, SystemStatusReader } from './system-status';
import { DATABASE, PLATFORM, SERVICE_NAME } from './tokens';

export interface ServiceRuntimeOptions extends SchemaMigrations {
  name: ServiceName | string;
  /** The service's outbox and inbox tables (from `platformTables(schema)`). */
  tables: PlatformTables;
}

/** Runs a function in one transaction, then wakes the relay if it wrote events. */
export class UnitOfWork {
  constructor(
    private readonly db: Db,
    private readonly relay: OutboxRelay,
  ) {}

  async run<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    let wroteEvents = false;
    const result = await this.db.transaction(async (tx) => {
      const value = await work(tx as unknown as Db);
      wroteEvents = takeOutboxWrites(tx as unknown as Db);
      return value;
    });
    if (wroteEvents) this.relay.kick();
    return result;
  }
}

function createPingController(service: string): Type {
  @RpcController()
  class PingController {
    constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

    // Every service (and the platform's own probe) answers ping the same way, so not through the typed RpcHandler.
    @RpcCallHandler(pingPattern(service as ServiceName), service)
    ping(@Payload(new RpcDataPipe(PingRequest)) _request: PingRequest) {
      return this.platform.readiness.check(service);
    }
  }
  Object.defineProperty(PingController, 'name', { value: `${service[0]?.toUpperCase()}${service.slice(1)}PingController` });
  return PingController;
}

/**
 * Everything one service needs from the platform, bound to its own schema:
 * its database handle (migrated at start), outbox writer and relay, inbox,
 * unit of work and readiness checks, plus its `<service>.ping` RPC. The same
 * module code runs in both modes; only the Platform behind it differs.
 */
@Module({})
export class ServiceRuntimeModule {
  static forService(options: ServiceRuntimeOptions): DynamicModule {
    @Injectable()
    class ServiceLifecycle implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
      constructor(
        @Inject(PLATFORM) private readonly platform: Platform,
        @Inject(DATABASE) private readonly db: Db,
        private readonly relay: OutboxRelay,
        private readonly inboxPruner: InboxPruner,
      ) {}

      async onModuleInit(): Promise<void> {
        const connection = this.platform.database;
        if (!connection) throw new Error(`${options.name} needs a database but the platform has none`);
        await migrateService(connection, this.db, options.name, options.migrationsFolder);
        this.platform.readiness.add(options.name, {
          database: () => pingDatabase(this.db),
          events: () => this.platform.events.isReady(),
          cache: () => this.platform.cache.isReady(),
        });
      }

      onApplicationBootstrap(): void {
        this.relay.start();
        this.inboxPruner.start();
      }

      async beforeApplicationShutdown(): Promise<void> {
        await this.inboxPruner.stop();
        await this.relay.stop();
      }
    }

    return {
      module: ServiceRuntimeModule,
      controllers: [createPingController(options.name), createSystemStatusController(options.name)],
      providers: [
        { provide: SERVICE_NAME, useValue: options.name },
        {
          provide: DATABASE,
          inject: [PLATFORM],
          useFactory: (platform: Platform) => {
            if (!platform.database) throw new Error(`${options.name} needs a database but the platform has none`);
            return drizzleFor(platform.database);
          },
        },
        { provide: OutboxWriter, useValue: new OutboxWriter(options.tables) },
        {
          provide: OutboxRelay,
          inject: [PLATFORM, DATABASE],
          useFactory: (platform: Platform, db: Db) => {
            const store = new OutboxStore(db, options.tables, `outbox:${options.name}`);
            observeOutbox(platform.metrics, options.name, store);
            return new OutboxRelay(options.name, store, platform.events, {
              pollMs: outboxPollMs(platform.env),
              observer: relayMetrics(platform.metrics, options.name),
            });
          },
        },
        { provide: UnitOfWork, inject: [DATABASE, OutboxRelay], useFactory: (db: Db, relay: OutboxRelay) => new UnitOfWork(db, relay) },
        {
          provide: EventInbox,
          inject: [PLATFORM, DATABASE, OutboxRelay],
          useFactory: (platform: Platform, db: Db, relay: OutboxRelay) =>
            new EventInbox(options.name, db, options.tables, platform.events, () => relay.kick(), inboxMetrics(platform.metrics, consumerGroupName(platform.env, options.name))),
        },
        {
          provide: SystemStatusReader,
          inject: [PLATFORM, DATABASE],
          useFactory: (platform: Platform, db: Db) =>
            new SystemStatusReader(options.name, new OutboxStore(db, options.tables, `outbox:${options.name}`), platform.events, `${platform.env.KAFKA_CONSUMER_GROUP_PREFIX}${options.name}`),
        },
        { provide: InboxPruner, inject: [EventInbox], useFactory: (inbox: EventInbox) => new InboxPruner(options.name, inbox) },
        ServiceLifecycle,
      ],
      exports: [SERVICE_NAME, DATABASE, OutboxWriter, OutboxRelay, UnitOfWork, EventInbox],
    };
  }
}
