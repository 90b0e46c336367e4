import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { wardrobePlatformTables } from './db/schema';

/** The wardrobe service. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'wardrobe',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: wardrobePlatformTables,
    }),
  ],
})
export class WardrobeModule {}
