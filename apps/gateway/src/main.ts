import 'reflect-metadata';
import { closeOnSignals, connectEventConsumer, consumerGroupName, createHttpApp, createPlatform } from '@closetly/server';
import { loadGatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { configureGatewayHttp } from './http/gateway-http';

/** Distributed mode entry: the gateway as its own process, calling services over TCP, writing live events from Kafka. */
async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const env = { ...config, CLOSETLY_MODE: 'distributed' as const };
  const platform = await createPlatform({ env, addresses: config, processName: 'gateway', needsDatabase: false });
  const app = await createHttpApp(platform, [GatewayModule.forRoot(config)], { trustedProxies: config.TRUSTED_PROXIES });
  await configureGatewayHttp(app, config, platform.logger);
  // The live-event writer (issue 26): the replicas share one group, so each event is written to the users' logs once;
  // a new group starts from now (a deployment's first start has no streams to tell of older events).
  await connectEventConsumer(app, platform, { name: 'gateway', groupId: consumerGroupName(env, 'gateway-live'), fromBeginning: false });
  await app.startAllMicroservices();
  closeOnSignals(app, platform.logger);
  await app.listen(config.PORT, config.HOST);
  platform.logger.info({ url: `http://${config.HOST}:${config.PORT}` }, 'gateway started');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
