import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '@closetly/server';
import { RETENTION_CONFIG, type RetentionConfig } from './config';
import { RetentionService } from './retention.service';

/** A first sweep soon after start, so a process restarted more often than the interval still sweeps. */
const FIRST_SWEEP_DELAY_MS = 30_000;

/**
 * Runs the sweep every RETENTION_SWEEP_INTERVAL_MS (hourly by default) and once soon after start.
 * Replicas may run together: the sweep's row locks keep them apart.
 */
@Injectable()
export class SweepSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job: IntervalJob;

  constructor(
    scheduler: SchedulerRegistry,
    retention: RetentionService,
    @Inject(RETENTION_CONFIG) private readonly config: RetentionConfig,
  ) {
    this.job = new IntervalJob(scheduler, 'retention-sweep', () => retention.sweep(), new Logger(SweepSchedule.name), 'sweep failed; the next one retries');
  }

  onApplicationBootstrap(): void {
    const intervalMs = this.config.RETENTION_SWEEP_INTERVAL_MS;
    this.job.start(intervalMs, Math.min(FIRST_SWEEP_DELAY_MS, intervalMs));
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }
}
