import 'reflect-metadata';
import { runDistributedService } from '@closetly/server';
import { loadProfileConfig } from './config';
import { ProfileModule } from './profile.module';

/** Distributed mode entry: the profile service as its own process. */
async function main(): Promise<void> {
  const config = loadProfileConfig();
  await runDistributedService({
    name: 'profile',
    module: ProfileModule,
    env: config,
    rpcAddress: config.PROFILE_RPC,
    http: { host: config.HTTP_HOST, port: config.PROFILE_HTTP_PORT },
    consumesEvents: true,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
