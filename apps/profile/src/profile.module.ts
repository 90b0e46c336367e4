import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ErasedAccounts, ServiceRuntimeModule } from '@closetly/server';
import { erasedAccounts, profilePlatformTables } from './db/schema';
import { PrivacyService } from './privacy/privacy.service';
import { ProfileConsumer } from './profile.consumer';
import { ProfileRpcController } from './profile.rpc.controller';
import { ProfilesRepository } from './profiles/profiles.repository';
import { ProfilesService } from './profiles/profiles.service';
import { RecentSearchesRepository } from './recent-searches/recent-searches.repository';
import { RecentSearchesService } from './recent-searches/recent-searches.service';

/** The profile service: each shopper's profile and recent searches, and the owner's rights over them (export, erasure). Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'profile',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: profilePlatformTables,
    }),
  ],
  controllers: [ProfileRpcController, ProfileConsumer],
  providers: [ProfilesRepository, ProfilesService, RecentSearchesRepository, RecentSearchesService, PrivacyService, { provide: ErasedAccounts, useValue: new ErasedAccounts(erasedAccounts) }],
})
export class ProfileModule {}
