import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomSecret } from '@closetly/server';
import { createTestDatabase, engines, freePortBlock, newKafkaNamespace, removeKafkaNamespace, removeSearchIndices, uniqueName } from '@closetly/testing';
import { DISTRIBUTED_SERVICES, type DistributedProduct, startDistributedProduct } from '@closetly/local-deploy';

/**
 * Each app's compiled bundle (scripts/build-services.mjs, what its image runs) starts as a process
 * of its own on the real engines and answers /health, loading only packages its image holds
 * (support/image-packages-only.js refuses any other); and each image's package set (the bundle's
 * packages.json, which deploy/docker/copy-app-modules.mjs copies) holds what that app requires and
 * nothing of the web app, the browser or the build tools.
 */
const ROOT = join(__dirname, '..', '..');
const APPS = ['gateway', ...DISTRIBUTED_SERVICES] as const;
type App = (typeof APPS)[number];

interface BundlePackages {
  app: string;
  schemas: string[];
  /** The npm packages the bundle requires, with their ranges from package.json. */
  dependencies: Record<string, string>;
  /** Packages the bundle requires only in embedded mode, which its image leaves out. */
  leftOut: string[];
  /** Every package-lock location the image holds: those and what they need in turn. */
  installed: string[];
}

const packagesOf = (app: App): BundlePackages => JSON.parse(readFileSync(join(ROOT, 'dist', 'apps', app, 'packages.json'), 'utf8')) as BundlePackages;
/** `node_modules/a/node_modules/@b/c` -> `@b/c`. */
const packageName = (location: string): string => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** What every Node process of the distributed mode requires (libs/server: Nest, its engines' clients, logs, metrics, traces). */
const PLATFORM = [
  '@nestjs/common',
  '@nestjs/core',
  '@nestjs/microservices',
  '@nestjs/platform-fastify',
  '@opentelemetry/api',
  '@opentelemetry/core',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-trace-node',
  '@opentelemetry/semantic-conventions',
  'drizzle-orm',
  'ioredis',
  'jsonwebtoken',
  'kafkajs',
  'lru-cache',
  'pg',
  'pino',
  'prom-client',
  'reflect-metadata',
  'robots-parser',
  'rxjs',
  'zod',
];

/** Each image's packages beyond PLATFORM, and why: a new one shows up here, in review. */
const OWN_PACKAGES: Record<App, string[]> = {
  // Static files (and the hashed ones from memory: send's types, the encoding negotiator) and compression for the SPA, passport for bearer tokens, rate limits, helmet, image resizing.
  gateway: ['@fastify/accept-negotiator', '@fastify/compress', '@fastify/send', '@fastify/static', '@nestjs/passport', 'bowser', 'helmet', 'passport-jwt', 'rate-limiter-flexible', 'sharp'],
  // Password hashes, OpenID Connect sign-in, and its mail (nodemailer is loaded by the first mail, so only the services that send any require it).
  identity: ['argon2', 'nodemailer', 'openid-client'],
  catalogue: ['uuid'],
  wardrobe: ['uuid'],
  // The price-alert digest's schedule and its mail.
  profile: ['@nestjs/schedule', 'nodemailer'],
  search: ['@opensearch-project/opensearch'],
  // The retention sweeps' schedule.
  retention: ['@nestjs/schedule'],
  // The page-watch schedule and the HTML parser that reads product pages.
  pages: ['@nestjs/schedule', 'entities', 'htmlparser2', 'uuid'],
};

/** Nothing of these may reach a service's image: the web app, a browser, test and build tools, a TypeScript loader. */
const NEVER = /^(react|react-dom|react-router|@tanstack\/.*|@radix-ui\/.*|vite|@vitejs\/.*|playwright.*|@playwright\/.*|puppeteer.*|chromium.*|lighthouse|jest|@jest\/.*|typescript|@swc\/.*|@swc-node\/.*|esbuild|@esbuild\/.*|eslint|nx|@nx\/.*|@closetly\/.*)$/;

describe('service bundles', () => {
  let product: DistributedProduct;
  let httpPortBase: number;
  let dropDatabase: () => Promise<void>;
  let dataDir: string;
  const kafka = newKafkaNamespace();
  const searchIndex = uniqueName('products').toLowerCase();

  beforeAll(async () => {
    const database = await createTestDatabase('closetly_bundles');
    dropDatabase = database.drop;
    dataDir = await mkdtemp(join(tmpdir(), 'closetly-bundles-'));
    const base = await freePortBlock([0, ...[1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i, 10 + i])]);
    httpPortBase = base + 10;
    // startDistributedProduct builds the bundles when stale, then runs each one (RUN_FROM_SOURCE unset).
    delete process.env.RUN_FROM_SOURCE;
    product = await startDistributedProduct({
      root: ROOT,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        KAFKA_BROKERS: engines.kafkaBrokers.join(','),
        KAFKA_CLIENT_ID: uniqueName('closetly'),
        KAFKA_TOPIC_PREFIX: kafka.topicPrefix,
        KAFKA_CONSUMER_GROUP_PREFIX: kafka.groupPrefix,
        CACHE_PREFIX: `${uniqueName('closetly')}:`,
        REDIS_URL: engines.redisUrl,
        OPENSEARCH_URL: engines.openSearchUrl,
        SEARCH_INDEX: searchIndex,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        AUTH_JWT_SECRET: randomSecret(),
        BETA_TOKEN_SECRET: randomSecret(),
      },
      gatewayPort: base,
      rpcPortBase: base,
      httpPortBase,
      output: { dir: join(dataDir, 'logs') },
      nodeArgs: Object.fromEntries(APPS.map((app) => [app, ['-r', join(__dirname, 'support', 'image-packages-only.js')]])),
    });
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
    await dropDatabase?.();
    await removeSearchIndices(searchIndex);
    await removeKafkaNamespace(kafka);
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it.each(APPS)('%s runs from its bundle, with no TypeScript loader', (app) => {
    const args = product.processes.get(app)?.spawnargs ?? [];
    expect(args).toContain(join('dist', 'apps', app, 'main.js'));
    expect(args.join(' ')).not.toContain('swc-node');
  });

  it.each(DISTRIBUTED_SERVICES.map((service, index) => [service, index] as const))('%s answers /health from its bundle', async (service, index) => {
    const response = await fetch(`http://127.0.0.1:${httpPortBase + index + 1}/health`);
    expect({ service, status: response.status }).toEqual({ service, status: 200 });
  });

  it('the gateway answers /health from its bundle', async () => {
    const response = await fetch(`${product.baseUrl}/health`);
    expect(response.status).toBe(200);
  });

  it.each(APPS)("%s's image holds the platform's packages and its own, and nothing else it requires", (app) => {
    expect(Object.keys(packagesOf(app).dependencies).sort()).toEqual([...PLATFORM, ...OWN_PACKAGES[app]].sort());
  });

  it.each(APPS)("%s's image holds no web app, browser, build or test tool, nor any workspace source", (app) => {
    const banned = packagesOf(app).installed.map(packageName).filter((name) => NEVER.test(name));
    expect({ app, banned }).toEqual({ app, banned: [] });
  });

  it('leaves PGlite, which only the embedded mode opens, out of every image', () => {
    for (const app of APPS) {
      const { leftOut, installed } = packagesOf(app);
      expect({ app, leftOut, holdsPglite: installed.some((location) => packageName(location) === '@electric-sql/pglite') }).toEqual({ app, leftOut: ['@electric-sql/pglite'], holdsPglite: false });
    }
  });

  it('only identity, which hashes passwords, holds argon2; only the gateway, which resizes images, holds sharp', () => {
    const holding = (name: string) => APPS.filter((app) => packagesOf(app).installed.some((location) => packageName(location) === name));
    expect(holding('argon2')).toEqual(['identity']);
    expect(holding('sharp')).toEqual(['gateway']);
  });

  it('each service carries the migrations of its own schema and no other', () => {
    for (const app of APPS) expect({ app, schemas: packagesOf(app).schemas }).toEqual({ app, schemas: app === 'gateway' ? [] : [app] });
  });
});
