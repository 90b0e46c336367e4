import { Module } from '@nestjs/common';
import { type SchemaMigrations, ServiceRuntimeModule, migrationsFolder } from '@closetly/server';
import { AccountDataRepository } from './account-data/account-data.repository';
import { AccountDataService } from './account-data/account-data.service';
import { CatalogueConsumer } from './catalogue.consumer';
import { CatalogueRpcController } from './catalogue.rpc.controller';
import { cataloguePlatformTables } from './db/schema';
import { StoredImagesRepository } from './images/stored-images.repository';
import { StoredImagesRpcController } from './images/stored-images.rpc.controller';
import { StoredImagesService } from './images/stored-images.service';
import { ListsCache } from './lists/lists-cache';
import { ListsRepository } from './lists/lists.repository';
import { ListsService } from './lists/lists.service';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';

/** The catalogue service's schema and its migrations (the embedded product starts from a copy with all of them applied). */
export const CATALOGUE_MIGRATIONS: SchemaMigrations = { name: 'catalogue', migrationsFolder: migrationsFolder(__dirname, 'catalogue') };

/** The catalogue service: shared products derived from shoppers' captures, their price history and listing, moderation, gender feedback, the browsing lists (popular, category, new arrivals), stored images, and each user's export and erasure of their part. */
@Module({
  imports: [
    ServiceRuntimeModule.forService({ ...CATALOGUE_MIGRATIONS, tables: cataloguePlatformTables }),
  ],
  controllers: [CatalogueRpcController, CatalogueConsumer, StoredImagesRpcController],
  providers: [
    ProductsRepository,
    ProductsService,
    ListsRepository,
    ListsCache,
    ListsService,
    StoredImagesRepository,
    StoredImagesService,
    AccountDataRepository,
    AccountDataService,
  ],
})
export class CatalogueModule {}
