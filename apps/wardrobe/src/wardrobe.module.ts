import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { wardrobePlatformTables } from './db/schema';
import { RecommendationsRepository } from './recommendations/recommendations.repository';
import { RecommendationsService } from './recommendations/recommendations.service';
import { RecommenderCache } from './recommendations/recommender-cache';
import { SavesRepository } from './saves/saves.repository';
import { SavesService } from './saves/saves.service';
import { WardrobeConsumer } from './wardrobe.consumer';
import { WardrobeRpcController } from './wardrobe.rpc.controller';

/** The wardrobe service: each user's saved items, and recommendations from everyone's. Boots the same way embedded and distributed. */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'wardrobe',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: wardrobePlatformTables,
    }),
  ],
  controllers: [WardrobeRpcController, WardrobeConsumer],
  providers: [SavesRepository, SavesService, RecommendationsRepository, RecommendationsService, RecommenderCache],
})
export class WardrobeModule {}
