import 'reflect-metadata';
import { runDistributedService } from '@closetly/server';
import { loadCatalogueConfig } from './config';
import { CatalogueModule } from './catalogue.module';

/** Distributed mode entry: the catalogue service as its own process. */
async function main(): Promise<void> {
  const config = loadCatalogueConfig();
  await runDistributedService({
    name: 'catalogue',
    module: CatalogueModule,
    env: config,
    rpcAddress: config.CATALOGUE_RPC,
    http: { host: config.HTTP_HOST, port: config.CATALOGUE_HTTP_PORT },
    consumesEvents: true,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
