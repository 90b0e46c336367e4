import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PAGES_CONFIG, type PagesConfig, pageWatchIntervalMs } from './config';
import { PagesService } from './pages.service';

const JOB = 'page-watch';

/**
 * Reads due pages every PAGE_WATCH_INTERVAL_MS (a minute by default; off
 * under NODE_ENV=test unless set, and 0 turns it off anywhere). An interval
 * registered at start rather than a decorator, so the period comes from
 * config. One process never overlaps itself; replicas may, and each page's
 * claim keeps them apart.
 */
@Injectable()
export class PageWatchSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(PageWatchSchedule.name);
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly scheduler: SchedulerRegistry,
    private readonly pages: PagesService,
    @Inject(PAGES_CONFIG) private readonly config: Pick<PagesConfig, 'NODE_ENV' | 'PAGE_WATCH_INTERVAL_MS'>,
  ) {}

  onApplicationBootstrap(): void {
    const intervalMs = pageWatchIntervalMs(this.config);
    if (intervalMs === 0) return;
    this.scheduler.addInterval(JOB, setInterval(() => this.tick(), intervalMs));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', JOB)) this.scheduler.deleteInterval(JOB);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.pages
      .runScheduled()
      .catch((error: unknown) => this.log.error({ err: error }, 'page watch run failed; the next one retries'))
      .finally(() => {
        this.running = null;
      });
  }
}
