import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { DATABASE, PLATFORM, PROCESS_ENV, ServiceRuntimeModule } from '@closetly/server';
import { loadSearchConfig, SEARCH_CONFIG } from './config';
import { searchPlatformTables } from './db/schema';
import { createProductSearchIndex, SearchEngineLifecycle } from './engine/search-engine.lifecycle';
import { PRODUCT_SEARCH_INDEX } from './engine/product-search-index';
import { SearchConsumer } from './search.consumer';
import { SearchRpcController } from './search.rpc.controller';
import { SearchService } from './search.service';

/** The search service. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'search',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: searchPlatformTables,
    }),
  ],
  controllers: [SearchRpcController, SearchConsumer],
  providers: [
    { provide: SEARCH_CONFIG, inject: [PROCESS_ENV], useFactory: (env: NodeJS.ProcessEnv) => loadSearchConfig(env) },
    { provide: PRODUCT_SEARCH_INDEX, inject: [PLATFORM, DATABASE, SEARCH_CONFIG], useFactory: createProductSearchIndex },
    SearchEngineLifecycle,
    SearchService,
  ],
  exports: [PRODUCT_SEARCH_INDEX],
})
export class SearchModule {}
