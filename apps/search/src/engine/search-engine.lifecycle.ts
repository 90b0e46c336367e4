import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Db, PLATFORM, type Platform } from '@closetly/server';
import type { SearchConfig } from '../config';
import { OpenSearchProductIndex } from './opensearch-product-index';
import { PostgresProductIndex } from './postgres-product-index';
import { PRODUCT_SEARCH_INDEX, type ProductSearchIndex } from './product-search-index';

const RETRY_MS = 5_000;

/** Distributed mode → OpenSearch at OPENSEARCH_URL; embedded → PostgreSQL full-text on the service's own database. */
export function createProductSearchIndex(platform: Platform, db: Db, config: SearchConfig): ProductSearchIndex {
  return platform.env.CLOSETLY_MODE === 'distributed'
    ? // Each event's write refreshes at once: a save is searchable within tens of milliseconds instead of at the
      // engine's next scheduled refresh (about a second: save → searchable was 1.0 s at p50). Rebuilds load
      // without refreshing and refresh once at the end.
      new OpenSearchProductIndex({ node: platform.env.OPENSEARCH_URL, index: config.SEARCH_INDEX, refresh: true })
    : new PostgresProductIndex(db);
}

/**
 * Prepares the search engine at start and closes it at shutdown. Embedded,
 * a failure stops the boot (the database is local and already migrated).
 * Distributed, OpenSearch may still be starting: the service boots anyway,
 * logs a warning and keeps retrying in the background until the index is ready.
 */
@Injectable()
export class SearchEngineLifecycle implements OnModuleInit, OnApplicationShutdown {
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    @Inject(PRODUCT_SEARCH_INDEX) private readonly index: ProductSearchIndex,
  ) {}

  async onModuleInit(): Promise<void> {
    this.platform.readiness.add('search', { searchEngine: () => this.index.isReady() });
    if (this.platform.env.CLOSETLY_MODE !== 'distributed') {
      await this.index.ensureReady();
      return;
    }
    await this.tryEnsureReady();
  }

  private async tryEnsureReady(): Promise<void> {
    const logger = this.platform.logger.child({ context: SearchEngineLifecycle.name });
    try {
      await this.index.ensureReady();
      if (this.retry) logger.info('search engine ready');
      this.retry = undefined;
    } catch (error) {
      logger.warn({ err: error, retryInMs: RETRY_MS }, 'search engine not reachable; searches fail until it is');
      if (this.stopped) return;
      this.retry = setTimeout(() => void this.tryEnsureReady(), RETRY_MS);
      this.retry.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.index.close();
  }
}
