import 'reflect-metadata';
import { runDistributedService } from '@closetly/server';
import { loadSearchConfig } from './config';
import { SearchModule } from './search.module';

/** Distributed mode entry: the search service as its own process. */
async function main(): Promise<void> {
  const config = loadSearchConfig();
  await runDistributedService({
    name: 'search',
    module: SearchModule,
    env: config,
    rpcAddress: config.SEARCH_RPC,
    http: { host: config.HTTP_HOST, port: config.SEARCH_HTTP_PORT },
    consumesEvents: true,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
