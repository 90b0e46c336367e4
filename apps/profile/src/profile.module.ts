import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { profilePlatformTables } from './db/schema';
import { ProfileConsumer } from './profile.consumer';
import { ProfileRpcController } from './profile.rpc.controller';
import { ProfilesRepository } from './profiles/profiles.repository';
import { ProfilesService } from './profiles/profiles.service';
import { RecentSearchesRepository } from './recent-searches/recent-searches.repository';
import { RecentSearchesService } from './recent-searches/recent-searches.service';

/** The profile service: each shopper's profile and recent searches. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'profile',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: profilePlatformTables,
    }),
  ],
  controllers: [ProfileRpcController, ProfileConsumer],
  providers: [ProfilesRepository, ProfilesService, RecentSearchesRepository, RecentSearchesService],
})
export class ProfileModule {}
