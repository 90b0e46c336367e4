import 'reflect-metadata';
import { closeOnSignals, createHttpApp, createPlatform } from '@closetly/server';
import { loadGatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { configureGatewayHttp } from './http/gateway-http';

/** Distributed mode entry: the gateway as its own process, calling services over TCP. */
async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const env = { ...config, CLOSETLY_MODE: 'distributed' as const };
  const platform = await createPlatform({ env, addresses: config, processName: 'gateway', needsDatabase: false });
  const app = await createHttpApp(platform, [GatewayModule.forRoot(config)], { trustedProxies: config.TRUSTED_PROXIES });
  await configureGatewayHttp(app, config, platform.logger);
  closeOnSignals(app, platform.logger);
  await app.listen(config.PORT, config.HOST);
  platform.logger.info({ url: `http://${config.HOST}:${config.PORT}` }, 'gateway started');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
