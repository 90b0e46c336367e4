import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { METRICS, OUTBOUND_FETCHES, pageFetcherFromConfig, pageOutcomeLabel, PROCESS_ENV, type ProcessMetrics, type SchemaMigrations, ServiceRuntimeModule, migrationsFolder } from '@closetly/server';
import { loadPagesConfig, PAGES_CONFIG, type PagesConfig } from './config';
import { pagesPlatformTables } from './db/schema';
import { PageWatchSchedule } from './page-watch-schedule';
import { PagesConsumer } from './pages.consumer';
import { PagesRepository } from './pages.repository';
import { PagesRpcController } from './pages.rpc.controller';
import { PAGE_FETCHER, PagesService } from './pages.service';

/** The pages service's schema and its migrations (the embedded product starts from a copy with all of them applied). */
export const PAGES_MIGRATIONS: SchemaMigrations = { name: 'pages', migrationsFolder: migrationsFolder(__dirname, 'pages') };

/** Page watch: the product pages savers captured, read through the polite outbound fetcher. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ScheduleModule.forRoot(),
    ServiceRuntimeModule.forService({ ...PAGES_MIGRATIONS, tables: pagesPlatformTables }),
  ],
  controllers: [PagesRpcController, PagesConsumer],
  providers: [
    { provide: PAGES_CONFIG, inject: [PROCESS_ENV], useFactory: (env: NodeJS.ProcessEnv) => loadPagesConfig(env) },
    {
      provide: PAGE_FETCHER,
      inject: [PAGES_CONFIG, METRICS],
      useFactory: (config: PagesConfig, metrics: ProcessMetrics) => {
        const fetches = metrics.counter(OUTBOUND_FETCHES);
        return pageFetcherFromConfig(config, { onOutcome: (outcome) => fetches.inc({ outcome: pageOutcomeLabel(outcome) }) });
      },
    },
    PagesRepository,
    PagesService,
    PageWatchSchedule,
  ],
})
export class PagesModule {}
