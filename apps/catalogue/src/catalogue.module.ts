import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { cataloguePlatformTables } from './db/schema';

/** The catalogue service. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'catalogue',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: cataloguePlatformTables,
    }),
  ],
})
export class CatalogueModule {}
