import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { CatalogueConsumer } from './catalogue.consumer';
import { CatalogueRpcController } from './catalogue.rpc.controller';
import { cataloguePlatformTables } from './db/schema';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';

/** The catalogue service: shared products derived from shoppers' captures, their price history and listing, moderation, gender feedback. */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'catalogue',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: cataloguePlatformTables,
    }),
  ],
  controllers: [CatalogueRpcController, CatalogueConsumer],
  providers: [ProductsRepository, ProductsService],
})
export class CatalogueModule {}
