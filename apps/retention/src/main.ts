import 'reflect-metadata';
import { runDistributedService } from '@closetly/server';
import { loadRetentionConfig } from './config';
import { RetentionModule } from './retention.module';

/** Distributed mode entry: the retention service as its own process. */
async function main(): Promise<void> {
  const config = loadRetentionConfig();
  await runDistributedService({
    name: 'retention',
    module: RetentionModule,
    env: config,
    rpcAddress: config.RETENTION_RPC,
    http: { host: config.HTTP_HOST, port: config.RETENTION_HTTP_PORT },
    consumesEvents: true,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
