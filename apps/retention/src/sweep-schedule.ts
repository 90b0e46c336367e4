import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RETENTION_CONFIG, type RetentionConfig } from './config';
import { RetentionService } from './retention.service';

const JOB = 'retention-sweep';
const FIRST_JOB = 'retention-sweep-after-start';
/** A first sweep soon after start, so a process restarted more often than the interval still sweeps. */
const FIRST_SWEEP_DELAY_MS = 30_000;

/**
 * Runs the sweep every RETENTION_SWEEP_INTERVAL_MS (hourly by default). An
 * interval registered at start rather than a decorator, so the period comes
 * from config. One process never overlaps itself; replicas may, and the
 * sweep's row locks keep them apart.
 */
@Injectable()
export class SweepSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(SweepSchedule.name);
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly scheduler: SchedulerRegistry,
    private readonly retention: RetentionService,
    @Inject(RETENTION_CONFIG) private readonly config: RetentionConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RETENTION_SWEEP_INTERVAL_MS === 0) return;
    this.scheduler.addInterval(JOB, setInterval(() => this.tick(), this.config.RETENTION_SWEEP_INTERVAL_MS));
    this.scheduler.addTimeout(FIRST_JOB, setTimeout(() => this.tick(), Math.min(FIRST_SWEEP_DELAY_MS, this.config.RETENTION_SWEEP_INTERVAL_MS)));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', JOB)) this.scheduler.deleteInterval(JOB);
    if (this.scheduler.doesExist('timeout', FIRST_JOB)) this.scheduler.deleteTimeout(FIRST_JOB);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.retention
      .sweep()
      .catch((error: unknown) => this.log.error({ err: error }, 'sweep failed; the next one retries'))
      .finally(() => {
        this.running = null;
      });
  }
}
