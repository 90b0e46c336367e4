import 'reflect-metadata';
import { runDistributedService } from '@closetly/server';
import { loadPagesConfig } from './config';
import { PagesModule } from './pages.module';

/** Distributed mode entry: page watch as its own process. */
async function main(): Promise<void> {
  const config = loadPagesConfig();
  await runDistributedService({
    name: 'pages',
    module: PagesModule,
    env: config,
    rpcAddress: config.PAGES_RPC,
    http: { host: config.HTTP_HOST, port: config.PAGES_HTTP_PORT },
    consumesEvents: true,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
