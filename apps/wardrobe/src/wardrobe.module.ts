import { Module } from '@nestjs/common';
import { ErasedAccounts, type SchemaMigrations, ServiceRuntimeModule, migrationsFolder } from '@closetly/server';
import { erasedAccounts, wardrobePlatformTables } from './db/schema';
import { PrivacyService } from './privacy/privacy.service';
import { RecommendationsRepository } from './recommendations/recommendations.repository';
import { RecommendationsService } from './recommendations/recommendations.service';
import { RecommenderCache } from './recommendations/recommender-cache';
import { SavesRepository } from './saves/saves.repository';
import { SavesService } from './saves/saves.service';
import { WardrobeConsumer } from './wardrobe.consumer';
import { WardrobeRpcController } from './wardrobe.rpc.controller';

/** The wardrobe service's schema and its migrations (the embedded product starts from a copy with all of them applied). */
export const WARDROBE_MIGRATIONS: SchemaMigrations = { name: 'wardrobe', migrationsFolder: migrationsFolder(__dirname, 'wardrobe') };

/** The wardrobe service: each user's saved items, recommendations from everyone's, and the owner's rights over theirs (export, erasure). Boots the same way embedded and distributed. */
@Module({
  imports: [
    ServiceRuntimeModule.forService({ ...WARDROBE_MIGRATIONS, tables: wardrobePlatformTables }),
  ],
  controllers: [WardrobeRpcController, WardrobeConsumer],
  providers: [SavesRepository, SavesService, RecommendationsRepository, RecommendationsService, RecommenderCache, PrivacyService, { provide: ErasedAccounts, useValue: new ErasedAccounts(erasedAccounts) }],
})
export class WardrobeModule {}
