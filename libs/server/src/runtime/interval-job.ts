import type { Logger } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';

/**
 * A service's recurring work (page watch's reads, the retention sweep, the price-alert digests) on Nest's
 * scheduler: an interval registered at start rather than a decorator, so the period comes from config.
 * One process never overlaps itself (a run still going when the next is due is skipped); replicas may,
 * and each job's own locks keep them apart. A shutdown stops the timers and waits for the run under way.
 */
export class IntervalJob {
  private running: Promise<unknown> | null = null;

  /** `failed`: what the log says when a run fails; the next run is the retry. */
  constructor(
    private readonly scheduler: SchedulerRegistry,
    private readonly name: string,
    private readonly run: () => Promise<unknown>,
    private readonly log: Pick<Logger, 'error'>,
    private readonly failed: string,
  ) {}

  /** Every `intervalMs` (0: never), and once after `firstAfterMs` when given (a process restarted more often than the interval still runs it). */
  start(intervalMs: number, firstAfterMs?: number): void {
    if (intervalMs === 0) return;
    this.scheduler.addInterval(this.name, setInterval(() => this.tick(), intervalMs));
    if (firstAfterMs !== undefined) this.scheduler.addTimeout(this.firstName, setTimeout(() => this.tick(), firstAfterMs));
  }

  async stop(): Promise<void> {
    if (this.scheduler.doesExist('interval', this.name)) this.scheduler.deleteInterval(this.name);
    if (this.scheduler.doesExist('timeout', this.firstName)) this.scheduler.deleteTimeout(this.firstName);
    await this.running;
  }

  private get firstName(): string {
    return `${this.name}-after-start`;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.run()
      .catch((error: unknown) => this.log.error({ err: error }, this.failed))
      .finally(() => {
        this.running = null;
      });
  }
}
