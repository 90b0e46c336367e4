import { Module } from '@nestjs/common';
import { DATABASE, kafkaAuthOf, PLATFORM, type Platform, PROCESS_ENV, type SchemaMigrations, ServiceRuntimeModule, migrationsFolder } from '@closetly/server';
import { loadSearchConfig, SEARCH_CONFIG } from './config';
import { searchPlatformTables } from './db/schema';
import { createProductSearchIndex, SearchEngineLifecycle } from './engine/search-engine.lifecycle';
import { PRODUCT_SEARCH_INDEX } from './engine/product-search-index';
import { CatalogueSnapshotSource } from './rebuild/catalogue-snapshot.source';
import { CompactedTopicsSource } from './rebuild/compacted-topics.source';
import { PRODUCT_SOURCES, type ProductSources } from './rebuild/product-source';
import { SearchConsumer } from './search.consumer';
import { SearchRpcController } from './search.rpc.controller';
import { SearchService } from './search.service';

/** The search service's schema and its migrations (the embedded product starts from a copy with all of them applied). */
export const SEARCH_MIGRATIONS: SchemaMigrations = { name: 'search', migrationsFolder: migrationsFolder(__dirname, 'search') };

/** The search service. Boots the same way embedded (all-in-one) and distributed (own process). */
@Module({
  imports: [
    ServiceRuntimeModule.forService({ ...SEARCH_MIGRATIONS, tables: searchPlatformTables }),
  ],
  controllers: [SearchRpcController, SearchConsumer],
  providers: [
    { provide: SEARCH_CONFIG, inject: [PROCESS_ENV], useFactory: (env: NodeJS.ProcessEnv) => loadSearchConfig(env) },
    { provide: PRODUCT_SEARCH_INDEX, inject: [PLATFORM, DATABASE, SEARCH_CONFIG], useFactory: createProductSearchIndex },
    {
      provide: PRODUCT_SOURCES,
      inject: [PLATFORM],
      // Distributed: `events` reads the compacted product topics, so any replica rebuilds without asking the catalogue.
      // Embedded: the in-process bus keeps no log, and the catalogue is in this process: both read it.
      useFactory: (platform: Platform): ProductSources => {
        const catalogue = new CatalogueSnapshotSource(platform.rpc);
        if (platform.inProcess) return { events: catalogue, catalogue };
        const { KAFKA_BROKERS, KAFKA_CLIENT_ID, KAFKA_TOPIC_PREFIX, KAFKA_CONSUMER_GROUP_PREFIX } = platform.env;
        const source = { brokers: KAFKA_BROKERS, clientId: KAFKA_CLIENT_ID, topicPrefix: KAFKA_TOPIC_PREFIX, groupPrefix: KAFKA_CONSUMER_GROUP_PREFIX, auth: kafkaAuthOf(platform.env) };
        return { events: new CompactedTopicsSource(source), catalogue };
      },
    },
    SearchEngineLifecycle,
    SearchService,
  ],
  exports: [PRODUCT_SEARCH_INDEX],
})
export class SearchModule {}
