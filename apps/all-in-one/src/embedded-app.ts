import 'reflect-metadata';
import { CatalogueModule } from '@closetly/catalogue';
import { configureGatewayHttp, GatewayModule, loadGatewayConfig } from '@closetly/gateway';
import { IdentityModule } from '@closetly/identity';
import { ProfileModule } from '@closetly/profile';
import { RetentionModule } from '@closetly/retention';
import { SearchModule } from '@closetly/search';
import { closeOnSignals, connectInProcessTransports, createHttpApp, createPlatform } from '@closetly/server';
import { WardrobeModule } from '@closetly/wardrobe';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface EmbeddedApp {
  app: NestFastifyApplication;
  url: string;
  close(): Promise<void>;
  /** For the process entry: drain and exit 0 on SIGTERM/SIGINT. */
  closeOnSignals(): void;
}

/** The service modules of the product, in one list so both entry points boot the same set. */
export const SERVICE_MODULES = [IdentityModule, CatalogueModule, WardrobeModule, ProfileModule, SearchModule, RetentionModule];

/**
 * Embedded mode: the gateway and every service module in one process, on
 * PGlite under DATA_DIR, the in-process bus and RPC, and an in-memory cache.
 * The modules are the very ones the distributed processes run.
 */
export async function startEmbeddedApp(env: NodeJS.ProcessEnv = process.env): Promise<EmbeddedApp> {
  const rawEnv = { ...env, CLOSETLY_MODE: 'embedded' };
  const config = loadGatewayConfig(rawEnv);
  const platform = await createPlatform({ env: config, rawEnv, addresses: config, processName: 'closetly', needsDatabase: true });
  const app = await createHttpApp(platform, [GatewayModule.forRoot(config), ...SERVICE_MODULES]);
  connectInProcessTransports(app, platform);
  await configureGatewayHttp(app, config, platform.logger);
  await app.startAllMicroservices();
  await app.listen(config.PORT, config.HOST);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return {
    app,
    url: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`,
    close: () => app.close(),
    closeOnSignals: () => closeOnSignals(app, platform.logger),
  };
}
