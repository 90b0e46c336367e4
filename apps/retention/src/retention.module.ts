import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { retentionPlatformTables } from './db/schema';

/** The retention service. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'retention',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: retentionPlatformTables,
    }),
  ],
})
export class RetentionModule {}
