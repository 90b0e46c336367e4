import 'reflect-metadata';
import { CATALOGUE_MIGRATIONS, CatalogueModule } from '@closetly/catalogue';
import { configureGatewayHttp, GATEWAY_SECRET_NAMES, GatewayModule, loadGatewayConfig } from '@closetly/gateway';
import { IDENTITY_MIGRATIONS, IdentityModule } from '@closetly/identity';
import { PAGES_MIGRATIONS, PagesModule } from '@closetly/pages';
import { PROFILE_MIGRATIONS, ProfileModule } from '@closetly/profile';
import { RETENTION_MIGRATIONS, RetentionModule } from '@closetly/retention';
import { SEARCH_MIGRATIONS, SearchModule } from '@closetly/search';
import { closeOnSignals, collectGarbageWhenIdle, connectInProcessTransports, createHttpApp, createPlatform, defaultPublicUrl, keptSecrets, PlatformEnv } from '@closetly/server';
import { WARDROBE_MIGRATIONS, WardrobeModule } from '@closetly/wardrobe';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEmbeddedConfig } from './config';
import { type DemoSeedReport, DemoSeeder, isDatabaseEmpty } from './demo/demo-seeder';
import { seedAtStart } from './demo/seed-policy';
import { markRunning } from './running-marker';

/** What became of the demo catalogue at start: seeded now, or why not. */
export type DemoSeedOutcome = { seeded: true; report: DemoSeedReport } | { seeded: false; reason: string };

export interface EmbeddedApp {
  app: NestFastifyApplication;
  url: string;
  /** Where this process serves Prometheus metrics (METRICS_PORT set), for tests that asked for port 0. */
  metricsUrl: string | undefined;
  /** The keys in effect (explicit or kept in DATA_DIR), for tests that forge near-valid tokens. */
  signingSecrets: { AUTH_JWT_SECRET: string; BETA_TOKEN_SECRET: string };
  /** The demo catalogue at start (SEED_DEMO_CATALOGUE, an empty database, never in production). */
  demoSeed: DemoSeedOutcome;
  /** Seeds the demo catalogue now, whatever the database holds (`npm run seed`, after it wiped the database). */
  seedDemoCatalogue(): Promise<DemoSeedReport>;
  close(): Promise<void>;
  /** For the process entry: drain and exit 0 on SIGTERM/SIGINT. */
  closeOnSignals(): void;
}

/** The service modules of the product, in one list so both entry points boot the same set. */
export const SERVICE_MODULES = [IdentityModule, CatalogueModule, WardrobeModule, ProfileModule, SearchModule, RetentionModule, PagesModule];
/** Their schemas, migrated in one database: a throwaway (in-memory) one starts from a copy with all of them applied. */
const SERVICE_MIGRATIONS = [IDENTITY_MIGRATIONS, CATALOGUE_MIGRATIONS, WARDROBE_MIGRATIONS, PROFILE_MIGRATIONS, SEARCH_MIGRATIONS, RETENTION_MIGRATIONS, PAGES_MIGRATIONS];

/**
 * Embedded mode: the gateway and every service module in one process, on
 * PGlite under DATA_DIR, the in-process bus and RPC, and an in-memory cache.
 * The modules are the very ones the distributed processes run.
 *
 * Signing keys not given in the environment are generated on first start and
 * kept in DATA_DIR/secrets.json (mode 0600), so `npm start` works with no
 * setup and no key is ever published; explicit variables win over the file.
 */
export async function startEmbeddedApp(env: NodeJS.ProcessEnv = process.env): Promise<EmbeddedApp> {
  // The profile's unsubscribe key is kept too, so a digest's link still works after a restart.
  const kept = await keptSecrets({ dataDir: PlatformEnv.shape.DATA_DIR.parse(env.DATA_DIR), names: [...GATEWAY_SECRET_NAMES, 'UNSUBSCRIBE_TOKEN_SECRET'], env });
  // Links and stored image addresses follow the port when PUBLIC_URL is unset (PORT=28080 → http://localhost:28080).
  // The relays' poll is a safety net here (outboxPollMs in libs/server: every write wakes its relay in-process).
  const rawEnv = { ...env, ...kept, CLOSETLY_MODE: 'embedded', PUBLIC_URL: defaultPublicUrl(env) };
  const config = loadGatewayConfig(rawEnv);
  const embedded = loadEmbeddedConfig(rawEnv);
  const platform = await createPlatform({ env: config, rawEnv, addresses: config, processName: 'closetly', needsDatabase: true, migrations: SERVICE_MIGRATIONS });
  const app = await createHttpApp(platform, [GatewayModule.forRoot(config), ...SERVICE_MODULES], { trustedProxies: config.TRUSTED_PROXIES });
  connectInProcessTransports(app, platform);
  await configureGatewayHttp(app, config, platform.logger);
  await app.startAllMicroservices();
  // Services migrate and their relays start here, so the demo catalogue can be seeded before the first request.
  await app.init();
  const seeder = () => DemoSeeder.for(app, config.PUBLIC_URL, platform.logger.child({ context: 'DemoSeeder' }));
  let demoSeed: DemoSeedOutcome;
  try {
    const wanted = embedded.SEED_DEMO_CATALOGUE !== 'off';
    const decision = seedAtStart({ seedDemoCatalogue: wanted, nodeEnv: embedded.NODE_ENV }, wanted && platform.database ? await isDatabaseEmpty(platform.database) : false);
    demoSeed = decision.seed ? { seeded: true, report: await seeder().seed({ sample: embedded.SEED_DEMO_CATALOGUE === 'sample' }) } : { seeded: false, reason: decision.reason };
    // The start's garbage (module loading, migrations' checks), and the seed's when there was one (thousands
    // of queries and events), is released once the product idles.
    collectGarbageWhenIdle();
  } catch (error) {
    await app.close();
    throw error;
  }
  await app.listen(config.PORT, config.HOST);
  const unmark = markRunning(config.DATA_DIR);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return {
    app,
    url: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`,
    metricsUrl: platform.metricsServer?.url,
    signingSecrets: { AUTH_JWT_SECRET: config.AUTH_JWT_SECRET, BETA_TOKEN_SECRET: config.BETA_TOKEN_SECRET },
    demoSeed,
    seedDemoCatalogue: () => seeder().seed(),
    close: async () => {
      await app.close();
      unmark();
    },
    closeOnSignals: () => closeOnSignals(app, platform.logger),
  };
}
