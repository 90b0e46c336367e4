import 'reflect-metadata';
import { runDistributedService } from '@closetly/server';
import { loadIdentityConfig } from './config';
import { IdentityModule } from './identity.module';

/** Distributed mode entry: the identity service as its own process. */
async function main(): Promise<void> {
  const config = loadIdentityConfig();
  await runDistributedService({
    name: 'identity',
    module: IdentityModule,
    env: config,
    rpcAddress: config.IDENTITY_RPC,
    http: { host: config.HTTP_HOST, port: config.IDENTITY_HTTP_PORT },
    consumesEvents: false,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
