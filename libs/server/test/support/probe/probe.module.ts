import { join } from 'node:path';
import { Controller, Inject, Injectable, Module, type DynamicModule } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { DATABASE, type Db, EventHandler, EventInbox, OutboxWriter, PermanentEventError, ServiceRuntimeModule, UnitOfWork } from '../../../src';
import { deliveries, effects, probePlatformTables } from './schema';

export interface ProbeOptions {
  consumer: string;
  /** Kill the process right after this probe's effect commits, before the transport acknowledges it. */
  crashAfterEffectOf?: string;
}

export const PROBE_OPTIONS = Symbol('PROBE_OPTIONS');
const UUID = /^[0-9a-f-]{36}$/i;

@Injectable()
export class ProbeService {
  private readonly failures = new Map<string, number>();
  /** A test's "code change": once set, 'poison…' probes are processed like any other (a fixed bug). */
  poisonFixed = false;

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(PROBE_OPTIONS) private readonly options: ProbeOptions,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
    private readonly inbox: EventInbox,
  ) {}

  /** Writes a probe event through the outbox in its own transaction. */
  send(probeId: string, from = 'probe-test') {
    return this.uow.run((tx) => this.outbox.add(tx, 'platform.probe-recorded.v1', probeId, { probeId, from }));
  }

  async receive(message: unknown): Promise<void> {
    const eventId = (message as { id?: unknown } | null)?.id;
    await this.db.insert(deliveries).values({ eventId: typeof eventId === 'string' && UUID.test(eventId) ? eventId : randomUUID(), consumer: this.options.consumer });
    let probeId: string | undefined;
    const outcome = await this.inbox.consume('platform.probe-recorded.v1', message, async (payload, tx, envelope) => {
      probeId = payload.probeId;
      // Probe ids steer the test cases: 'poison…' can never be processed, 'flaky…' fails twice first.
      if (payload.probeId.startsWith('poison') && !this.poisonFixed) throw new PermanentEventError('poison probe');
      const seen = (this.failures.get(payload.probeId) ?? 0) + 1;
      this.failures.set(payload.probeId, seen);
      if (payload.probeId.startsWith('flaky') && seen <= 2) throw new Error(`transient failure ${seen}`);
      await tx.insert(effects).values({ eventId: envelope.id, probeId: payload.probeId, consumer: this.options.consumer });
    });
    if (outcome === 'processed' && probeId !== undefined && probeId === this.options.crashAfterEffectOf) process.kill(process.pid, 'SIGKILL');
  }

  /** How often an event reached this consumer, and how often its effect was applied. */
  async counts(eventId: string): Promise<{ effects: number; deliveries: number }> {
    const [effectRow] = await this.db.select({ n: count() }).from(effects).where(eq(effects.eventId, eventId));
    const [deliveryRow] = await this.db.select({ n: count() }).from(deliveries).where(eq(deliveries.eventId, eventId));
    return { effects: effectRow?.n ?? 0, deliveries: deliveryRow?.n ?? 0 };
  }
}

@Controller()
export class ProbeConsumer {
  constructor(private readonly probes: ProbeService) {}

  @EventHandler('platform.probe-recorded.v1')
  onProbeRecorded(@Payload() message: unknown): Promise<void> {
    return this.probes.receive(message);
  }
}

@Module({})
export class ProbeModule {
  static register(options: ProbeOptions): DynamicModule {
    return {
      module: ProbeModule,
      imports: [ServiceRuntimeModule.forService({ name: 'probe', migrationsFolder: join(__dirname, 'migrations'), tables: probePlatformTables })],
      controllers: [ProbeConsumer],
      providers: [{ provide: PROBE_OPTIONS, useValue: options }, ProbeService],
      exports: [ProbeService],
    };
  }
}
