import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
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

/** The catalogue service: shared products derived from shoppers' captures, their price history and listing, moderation, gender feedback, the browsing lists (popular, category, new arrivals), and stored images. */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'catalogue',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: cataloguePlatformTables,
    }),
  ],
  controllers: [CatalogueRpcController, CatalogueConsumer, StoredImagesRpcController],
  providers: [ProductsRepository, ProductsService, ListsRepository, ListsCache, ListsService, StoredImagesRepository, StoredImagesService],
})
export class CatalogueModule {}
