import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { DATABASE, PLATFORM, ServiceRuntimeModule } from '@closetly/server';
import { searchPlatformTables } from './db/schema';
import { createProductSearchIndex, SearchEngineLifecycle } from './engine/search-engine.lifecycle';
import { PRODUCT_SEARCH_INDEX } from './engine/product-search-index';

/** The search service. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'search',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: searchPlatformTables,
    }),
  ],
  providers: [
    { provide: PRODUCT_SEARCH_INDEX, inject: [PLATFORM, DATABASE], useFactory: createProductSearchIndex },
    SearchEngineLifecycle,
  ],
  exports: [PRODUCT_SEARCH_INDEX],
})
export class SearchModule {}
