import 'reflect-metadata';
import { runDistributedService } from '@closetly/server';
import { loadWardrobeConfig } from './config';
import { WardrobeModule } from './wardrobe.module';

/** Distributed mode entry: the wardrobe service as its own process. */
async function main(): Promise<void> {
  const config = loadWardrobeConfig();
  await runDistributedService({
    name: 'wardrobe',
    module: WardrobeModule,
    env: config,
    rpcAddress: config.WARDROBE_RPC,
    http: { host: config.HTTP_HOST, port: config.WARDROBE_HTTP_PORT },
    consumesEvents: true,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
