import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '@closetly/server';
import { digestIntervalMs, PROFILE_CONFIG, type ProfileConfig } from '../config';
import { PriceAlertDigestsService } from './price-alert-digests.service';

/**
 * Sends the due price-alert digests every PRICE_ALERTS_DIGEST_INTERVAL_MS (daily by default; off under
 * NODE_ENV=test unless set, and 0 turns it off anywhere). Replicas may run together: the digest's day row
 * keeps each user to one mail a day.
 */
@Injectable()
export class PriceAlertsSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job: IntervalJob;

  constructor(
    scheduler: SchedulerRegistry,
    digests: PriceAlertDigestsService,
    @Inject(PROFILE_CONFIG) private readonly config: Pick<ProfileConfig, 'NODE_ENV' | 'PRICE_ALERTS_DIGEST_INTERVAL_MS'>,
  ) {
    this.job = new IntervalJob(scheduler, 'price-alert-digests', () => digests.runDue(), new Logger(PriceAlertsSchedule.name), 'price alert digests failed; the next run retries');
  }

  onApplicationBootstrap(): void {
    this.job.start(digestIntervalMs(this.config));
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }
}
