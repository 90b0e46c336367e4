import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { searchPlatformTables } from './db/schema';

/** The search service. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'search',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: searchPlatformTables,
    }),
  ],
})
export class SearchModule {}
