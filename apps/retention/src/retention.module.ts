import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { PROCESS_ENV, type SchemaMigrations, ServiceRuntimeModule, migrationsFolder } from '@closetly/server';
import { RetentionClock } from './clock';
import { loadRetentionConfig, RETENTION_CONFIG } from './config';
import { retentionPlatformTables } from './db/schema';
import { RetentionConsumer } from './retention.consumer';
import { RetentionRepository } from './retention.repository';
import { RetentionRpcController } from './retention.rpc.controller';
import { RetentionService } from './retention.service';
import { SweepSchedule } from './sweep-schedule';

/** The retention service's schema and its migrations (the embedded product starts from a copy with all of them applied). */
export const RETENTION_MIGRATIONS: SchemaMigrations = { name: 'retention', migrationsFolder: migrationsFolder(__dirname, 'retention') };

/** The retention service: the 30-day rule's read model, its scheduled sweep and the at-risk list. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ScheduleModule.forRoot(),
    ServiceRuntimeModule.forService({ ...RETENTION_MIGRATIONS, tables: retentionPlatformTables }),
  ],
  controllers: [RetentionRpcController, RetentionConsumer],
  providers: [
    { provide: RETENTION_CONFIG, inject: [PROCESS_ENV], useFactory: (env: NodeJS.ProcessEnv) => loadRetentionConfig(env) },
    RetentionClock,
    RetentionRepository,
    RetentionService,
    SweepSchedule,
  ],
})
export class RetentionModule {}
