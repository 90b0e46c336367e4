import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '@closetly/server';
import { PAGES_CONFIG, type PagesConfig, pageWatchIntervalMs } from './config';
import { PagesService } from './pages.service';

/**
 * Reads due pages every PAGE_WATCH_INTERVAL_MS (a minute by default; off under NODE_ENV=test unless set,
 * and 0 turns it off anywhere). Replicas may run together: each run's page claims and host leases keep
 * them apart.
 */
@Injectable()
export class PageWatchSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job: IntervalJob;

  constructor(
    scheduler: SchedulerRegistry,
    pages: PagesService,
    @Inject(PAGES_CONFIG) private readonly config: Pick<PagesConfig, 'NODE_ENV' | 'PAGE_WATCH_INTERVAL_MS'>,
  ) {
    this.job = new IntervalJob(scheduler, 'page-watch', () => pages.runScheduled(), new Logger(PageWatchSchedule.name), 'page watch run failed; the next one retries');
  }

  onApplicationBootstrap(): void {
    this.job.start(pageWatchIntervalMs(this.config));
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }
}
