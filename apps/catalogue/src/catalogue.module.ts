import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { CatalogueRpcController } from './catalogue.rpc.controller';
import { cataloguePlatformTables } from './db/schema';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';

/** The catalogue service: products from saves (normalised, de-duplicated, categorised), gender feedback, products missing gender. */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'catalogue',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: cataloguePlatformTables,
    }),
  ],
  controllers: [CatalogueRpcController],
  providers: [ProductsRepository, ProductsService],
})
export class CatalogueModule {}
