import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { digestIntervalMs, PROFILE_CONFIG, type ProfileConfig } from '../config';
import { PriceAlertDigestsService } from './price-alert-digests.service';

const JOB = 'price-alert-digests';

/**
 * Sends the due price-alert digests every PRICE_ALERTS_DIGEST_INTERVAL_MS (daily by default; off under
 * NODE_ENV=test unless set, and 0 turns it off anywhere), as the page watch's schedule does. One process
 * never overlaps itself; replicas may, and the digest's day row keeps each user to one mail a day.
 */
@Injectable()
export class PriceAlertsSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(PriceAlertsSchedule.name);
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly scheduler: SchedulerRegistry,
    private readonly digests: PriceAlertDigestsService,
    @Inject(PROFILE_CONFIG) private readonly config: Pick<ProfileConfig, 'NODE_ENV' | 'PRICE_ALERTS_DIGEST_INTERVAL_MS'>,
  ) {}

  onApplicationBootstrap(): void {
    const intervalMs = digestIntervalMs(this.config);
    if (intervalMs === 0) return;
    this.scheduler.addInterval(JOB, setInterval(() => this.tick(), intervalMs));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', JOB)) this.scheduler.deleteInterval(JOB);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.digests
      .runDue()
      .catch((error: unknown) => this.log.error({ err: error }, 'price alert digests failed; the next run retries'))
      .finally(() => {
        this.running = null;
      });
  }
}
