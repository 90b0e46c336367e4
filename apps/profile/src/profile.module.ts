import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { profilePlatformTables } from './db/schema';

/** The profile service. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'profile',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: profilePlatformTables,
    }),
  ],
})
export class ProfileModule {}
