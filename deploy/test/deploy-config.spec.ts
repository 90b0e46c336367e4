/**
 * Checks docker-compose.yml, deploy/k8s/ and deploy/docker/ against the apps'
 * own config schemas, without a container engine: every Node app's resolved
 * environment must parse with its config loader, every RPC address must reach
 * the process that binds it, and every health check must hit a real route.
 *
 * One thing the config cannot express shapes both files: `<NAME>_RPC` is one
 * host:port that a service binds (libs/server/src/runtime/bootstrap.ts) and
 * every other process dials (libs/server/src/runtime/platform.ts). A container
 * must bind 0.0.0.0 but be dialled by its name, so each service overrides its
 * own `<NAME>_RPC` with 0.0.0.0:<port> while every other process gets
 * <service>:<port>. The tests below hold the two in step.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { loadCatalogueConfig } from '@closetly/catalogue';
import { GatewayModule, loadGatewayConfig } from '@closetly/gateway';
import { loadIdentityConfig } from '@closetly/identity';
import { loadPagesConfig } from '@closetly/pages';
import { loadProfileConfig } from '@closetly/profile';
import { loadRetentionConfig } from '@closetly/retention';
import { loadSearchConfig } from '@closetly/search';
import { callersOfService, EVENT_TOPICS } from '@closetly/contracts';
import { ConfigError, createHttpApp, createPlatform, generateInternalCallKeys, NATIVE_MEMORY_ENV, parseHostPort, type Platform, PlatformModule, type PlatformEnv, type ServiceAddressEnv } from '@closetly/server';
import { loadWardrobeConfig } from '@closetly/wardrobe';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = resolve(__dirname, '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

type Env = NodeJS.ProcessEnv;
type RpcVariable = keyof ServiceAddressEnv;
type AppName = 'gateway' | 'identity' | 'catalogue' | 'wardrobe' | 'profile' | 'search' | 'retention' | 'pages';
type ServiceName = Exclude<AppName, 'gateway'>;
type Engine = 'postgres' | 'redis' | 'kafka' | 'opensearch';

interface ParsedApp {
  config: PlatformEnv & ServiceAddressEnv;
  httpPort: number;
}

interface AppSpec {
  /** Runs the app's own config loader (throws ConfigError listing every bad variable). */
  parse(env: Env): ParsedApp;
  /** Engines the process connects to, so its deployment must provide and wait for them. */
  engines: Engine[];
}

const appSpec = <C extends PlatformEnv & ServiceAddressEnv>(load: (env: Env) => C, httpPort: (config: C) => number, engines: Engine[]): AppSpec => ({
  parse: (env) => {
    const config = load(env);
    return { config, httpPort: httpPort(config) };
  },
  engines,
});

// Every service opens PostgreSQL, Kafka (outbox relay) and Redis; the gateway has no database (apps/gateway/src/main.ts).
const SERVICE_ENGINES: Engine[] = ['postgres', 'redis', 'kafka'];
const APPS: Record<AppName, AppSpec> = {
  gateway: appSpec(loadGatewayConfig, (c) => c.PORT, ['redis', 'kafka']),
  identity: appSpec(loadIdentityConfig, (c) => c.IDENTITY_HTTP_PORT, SERVICE_ENGINES),
  catalogue: appSpec(loadCatalogueConfig, (c) => c.CATALOGUE_HTTP_PORT, SERVICE_ENGINES),
  wardrobe: appSpec(loadWardrobeConfig, (c) => c.WARDROBE_HTTP_PORT, SERVICE_ENGINES),
  profile: appSpec(loadProfileConfig, (c) => c.PROFILE_HTTP_PORT, SERVICE_ENGINES),
  search: appSpec(loadSearchConfig, (c) => c.SEARCH_HTTP_PORT, [...SERVICE_ENGINES, 'opensearch']),
  retention: appSpec(loadRetentionConfig, (c) => c.RETENTION_HTTP_PORT, SERVICE_ENGINES),
  pages: appSpec(loadPagesConfig, (c) => c.PAGES_HTTP_PORT, SERVICE_ENGINES),
};
const APP_NAMES = Object.keys(APPS) as AppName[];
const SERVICE_NAMES = APP_NAMES.filter((name): name is ServiceName => name !== 'gateway');
const rpcVariableOf = (service: ServiceName): RpcVariable => `${service.toUpperCase()}_RPC` as RpcVariable;
const isAppName = (value: unknown): value is AppName => typeof value === 'string' && value in APPS;

const gatewayCallKeys = generateInternalCallKeys();
const searchCallKeys = generateInternalCallKeys();

/** Test values for the secrets that have no default anywhere. */
const SECRETS: Record<string, string> = {
  BETA_TOKEN_SECRET: 'deploy-config-test-beta-token-secret-0123456789',
  AUTH_JWT_SECRET: 'deploy-config-test-access-token-secret-0123456789',
  UNSUBSCRIBE_TOKEN_SECRET: 'deploy-config-test-unsubscribe-secret-0123456789',
  BETA_CODES: 'deploy-test-code-1,deploy-test-code-2',
  DATABASE_URL: 'postgres://closetly:test-password@postgres.test:5432/closetly',
  GATEWAY_CALLS_PRIVATE_KEY: gatewayCallKeys.privatePem,
  GATEWAY_CALLS_PUBLIC_KEY: gatewayCallKeys.publicPem,
  SEARCH_CALLS_PRIVATE_KEY: searchCallKeys.privatePem,
  SEARCH_CALLS_PUBLIC_KEY: searchCallKeys.publicPem,
};

/**
 * The internal-call keys each process must be given (libs/server runtime/platform.ts refuses to start
 * without them): the private key of the caller it is, the public keys of the callers of its calls.
 */
function internalCallKeysOf(app: AppName): Partial<Record<'INTERNAL_CALLS_PRIVATE_KEY' | 'GATEWAY_CALLS_PUBLIC_KEY' | 'SEARCH_CALLS_PUBLIC_KEY', string>> {
  const trusts = new Set(callersOfService(app));
  return {
    ...(app === 'gateway' && { INTERNAL_CALLS_PRIVATE_KEY: SECRETS.GATEWAY_CALLS_PRIVATE_KEY }),
    ...(app === 'search' && { INTERNAL_CALLS_PRIVATE_KEY: SECRETS.SEARCH_CALLS_PRIVATE_KEY }),
    ...(trusts.has('gateway') && { GATEWAY_CALLS_PUBLIC_KEY: SECRETS.GATEWAY_CALLS_PUBLIC_KEY }),
    ...(trusts.has('search') && { SEARCH_CALLS_PUBLIC_KEY: SECRETS.SEARCH_CALLS_PUBLIC_KEY }),
  };
}

/** Each app's internal-call keys as its config read them, against the ones it must be given (compose and the manifests alike). */
function expectInternalCallKeys(apps: ReadonlyArray<{ name: AppName; config: PlatformEnv }>): void {
  const trimmed = (keys: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(keys).filter(([, value]) => value !== undefined).map(([key, value]) => [key, value?.trim()]));
  for (const { name, config } of apps) {
    const given = { INTERNAL_CALLS_PRIVATE_KEY: config.INTERNAL_CALLS_PRIVATE_KEY, GATEWAY_CALLS_PUBLIC_KEY: config.GATEWAY_CALLS_PUBLIC_KEY, SEARCH_CALLS_PUBLIC_KEY: config.SEARCH_CALLS_PUBLIC_KEY };
    expect({ app: name, keys: trimmed(given) }).toEqual({ app: name, keys: trimmed(internalCallKeysOf(name)) });
  }
}

/** The old keys during a rotation (optional everywhere). */
const PREVIOUS_SECRETS = {
  BETA_TOKEN_PREVIOUS_SECRET: 'deploy-config-test-previous-beta-token-secret-0123',
  AUTH_JWT_PREVIOUS_SECRET: 'deploy-config-test-previous-access-token-secret-01',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const record = (value: unknown, what: string): Record<string, unknown> => {
  if (!isRecord(value)) throw new Error(`${what} is not a mapping`);
  return value;
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const hostsOf = (url: string): string => new URL(url).hostname;

// ---------------------------------------------------------------------------
// Compose interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?message}, ${VAR?message}, $$.

class MissingVariableError extends Error {
  constructor(readonly variable: string, readonly hint: string) {
    super(`${variable}: ${hint}`);
  }
}

function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced?: string, operator?: string, argument?: string, bare?: string) => {
    if (match === '$$') return '$';
    const name = (braced ?? bare) as string;
    const value = vars[name];
    const unsetOrEmpty = value === undefined || value === '';
    switch (operator) {
      case ':-':
        return unsetOrEmpty ? (argument ?? '') : value;
      case '-':
        return value === undefined ? (argument ?? '') : value;
      case ':?':
        if (unsetOrEmpty) throw new MissingVariableError(name, argument ?? '');
        return value;
      case '?':
        if (value === undefined) throw new MissingVariableError(name, argument ?? '');
        return value;
      default:
        return value ?? '';
    }
  });
}

/** The variable whose `:?` check stops interpolation, or undefined when it goes through. */
function missingVariable(value: unknown, vars: Record<string, string>): string | undefined {
  try {
    interpolateDeep(value, vars);
    return undefined;
  } catch (error) {
    if (error instanceof MissingVariableError) return error.variable;
    throw error;
  }
}

function interpolateDeep(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, vars);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, vars));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, vars)]));
  return value;
}

// ---------------------------------------------------------------------------
// docker-compose.yml

interface ComposeService {
  name: string;
  raw: Record<string, unknown>;
  resolved: Record<string, unknown>;
}

/** Compose accepts a mapping or a list of KEY=VALUE; a key without a value comes from the shell and is unset here. */
function environmentOf(service: Record<string, unknown>): Record<string, string> {
  const environment = service.environment;
  const entries: Array<[string, unknown]> = Array.isArray(environment)
    ? environment.map((item) => {
        const [key, ...rest] = String(item).split('=');
        return [key ?? '', rest.length > 0 ? rest.join('=') : null];
      })
    : Object.entries(isRecord(environment) ? environment : {});
  return Object.fromEntries(entries.filter(([, value]) => value !== null && value !== undefined).map(([key, value]) => [key, String(value)]));
}

/** Container ports of a service's `ports` (short "host:container[/proto]" or long syntax). */
function publishedTargets(service: Record<string, unknown>): number[] {
  return list(service.ports).map((entry) => {
    if (isRecord(entry)) return Number(entry.target);
    const withoutProtocol = String(entry).split('/')[0] ?? '';
    return Number(withoutProtocol.split(':').pop());
  });
}

function loadCompose(vars: Record<string, string>) {
  const document = record(parse(read('docker-compose.yml'), { merge: true }), 'docker-compose.yml');
  const services = record(document.services, 'services');
  return Object.entries(services).map(([name, raw]): ComposeService => ({
    name,
    raw: record(raw, `service ${name}`),
    resolved: record(interpolateDeep(raw, vars), `service ${name}`),
  }));
}

const isNodeApp = (service: ComposeService): boolean => isRecord(service.resolved.build) && service.resolved.build.dockerfile === 'deploy/docker/Dockerfile';

describe('docker-compose.yml', () => {
  const services = loadCompose(SECRETS);
  const byName = new Map(services.map((service) => [service.name, service]));
  /** Prometheus and Grafana come only with `--profile observability` (deploy/observability/); checked in observability.spec.ts. */
  const isObservability = (service: ComposeService): boolean => list(service.resolved.profiles).includes('observability');
  const engineServices = services.filter((service) => !isNodeApp(service) && !isObservability(service));
  /** The Node apps with their environment run through their own config loader (throws on the first app that does not parse). */
  const nodeApps = () =>
    services.filter(isNodeApp).map((service) => {
      const env = environmentOf(service.resolved);
      const name = env.APP;
      if (!isAppName(name)) throw new Error(`compose service ${service.name} runs APP="${String(name)}", not a Closetly app`);
      return { service, name, env, ...APPS[name].parse(env) };
    });
  const appNamed = (name: AppName) => {
    const entry = nodeApps().find((candidate) => candidate.name === name);
    if (!entry) throw new Error(`no compose service runs ${name}`);
    return entry;
  };

  it('runs each of the eight Node apps exactly once, each from its own image built from the Dockerfile at the repo root', () => {
    expect(nodeApps().map((entry) => entry.name).sort()).toEqual([...APP_NAMES].sort());
    for (const { service, name } of nodeApps()) {
      // Service name = app name: the RPC addresses below dial containers by it.
      expect(service.name).toBe(name);
      // The image holds that app only (its bundle and packages); the gateway's target adds the SPA.
      expect(service.resolved.build).toEqual({
        context: '.',
        dockerfile: 'deploy/docker/Dockerfile',
        target: name === 'gateway' ? 'gateway' : 'service',
        args: { APP: name },
      });
      expect(service.resolved.image).toBe(`closetly-${name}:local`);
    }
  });

  it("resolves every Node app's environment through that app's config loader, in production and distributed mode", () => {
    for (const { name, env, config } of nodeApps()) {
      expect({ app: name, NODE_ENV: config.NODE_ENV, CLOSETLY_MODE: config.CLOSETLY_MODE }).toEqual({
        app: name,
        NODE_ENV: 'production',
        CLOSETLY_MODE: 'distributed',
      });
      // Set in compose itself, not only inherited from the image.
      expect(env.NODE_ENV).toBe('production');
      expect(env.CLOSETLY_MODE).toBe('distributed');
    }
  });

  it('points every app at the engines it uses, by compose service name, and waits for them to be healthy', () => {
    const kafkaEnv = environmentOf(byName.get('kafka')?.resolved ?? {});
    for (const { service, name, env, config } of nodeApps()) {
      const engines = APPS[name].engines;
      const dependsOn = record(service.resolved.depends_on ?? {}, `${name} depends_on`);
      for (const engine of engines) {
        expect({ app: name, engine, dependsOn: dependsOn[engine] }).toEqual({ app: name, engine, dependsOn: { condition: 'service_healthy' } });
      }
      if (engines.includes('postgres')) {
        expect(env.DATABASE_URL).toBeDefined();
        expect(hostsOf(config.DATABASE_URL)).toBe('postgres');
      }
      if (engines.includes('redis')) expect(hostsOf(config.REDIS_URL)).toBe('redis');
      if (engines.includes('opensearch')) expect(hostsOf(config.OPENSEARCH_URL)).toBe('opensearch');
      if (engines.includes('kafka')) {
        for (const broker of config.KAFKA_BROKERS) {
          expect(parseHostPort(broker).host).toBe('kafka');
          // A client bootstraps, then connects to an advertised listener: the address must be one of them.
          expect(kafkaEnv.KAFKA_ADVERTISED_LISTENERS?.split(',').map((listener) => listener.replace(/^[A-Z_]+:\/\//, ''))).toContain(broker);
        }
      }
      // Every other dependency must be healthy too, not merely started.
      for (const [dependency, condition] of Object.entries(dependsOn)) {
        expect({ app: name, dependency, condition }).toEqual({ app: name, dependency, condition: { condition: 'service_healthy' } });
      }
    }
  });

  it('gives every engine a health check', () => {
    expect(engineServices.map((service) => service.name).sort()).toEqual(['kafka', 'opensearch', 'postgres', 'redis']);
    for (const engine of engineServices) {
      const healthcheck = record(engine.resolved.healthcheck, `${engine.name} healthcheck`);
      expect(healthcheck.disable).not.toBe(true);
      expect(list(healthcheck.test).length).toBeGreaterThan(1);
      expect(list(healthcheck.test)[0]).not.toBe('NONE');
    }
  });

  it('has each service bind all interfaces on the port that every other process dials by service name', () => {
    for (const service of SERVICE_NAMES) {
      const variable = rpcVariableOf(service);
      const own = appNamed(service);
      const bound = parseHostPort(own.config[variable]);
      expect({ service, bindHost: bound.host }).toEqual({ service, bindHost: '0.0.0.0' });
      // A list names the service once per connection the gateway keeps: every entry must be the service.
      for (const [caller, dialled] of nodeApps()
        .filter((entry) => entry.name !== service)
        .flatMap((entry) => entry.config[variable].split(',').map((address) => [entry, parseHostPort(address.trim())] as const))) {
        expect({ caller: caller.name, variable, host: dialled.host, port: dialled.port }).toEqual({
          caller: caller.name,
          variable,
          host: own.service.name,
          port: bound.port,
        });
      }
    }
  });

  it('binds HTTP on all interfaces, publishes only the gateway, on the port it listens on', () => {
    for (const { service, name, env, httpPort } of nodeApps()) {
      expect({ app: name, host: name === 'gateway' ? env.HOST : env.HTTP_HOST }).toEqual({ app: name, host: '0.0.0.0' });
      expect({ app: name, published: publishedTargets(service.resolved) }).toEqual({ app: name, published: name === 'gateway' ? [httpPort] : [] });
    }
  });

  it("health-checks every Node app on its own /health route and port", () => {
    for (const { service, name, httpPort } of nodeApps()) {
      const test = list(record(service.resolved.healthcheck, `${name} healthcheck`).test).map(String);
      expect(test.slice(0, 3)).toEqual(['CMD', 'node', 'deploy/docker/healthcheck.mjs']);
      const url = new URL(test[3] ?? '');
      expect({ app: name, host: url.hostname, port: Number(url.port), path: url.pathname }).toEqual({ app: name, host: '127.0.0.1', port: httpPort, path: '/health' });
    }
    expect(existsSync(join(ROOT, 'deploy/docker/healthcheck.mjs'))).toBe(true);
  });

  it('refuses to start without the production secrets (the ${VAR:?message} form, no default)', () => {
    const required: Array<[AppName, string]> = [
      ['gateway', 'BETA_TOKEN_SECRET'],
      ['gateway', 'AUTH_JWT_SECRET'],
      ['identity', 'BETA_CODES'],
      ['identity', 'AUTH_JWT_SECRET'],
      ['profile', 'UNSUBSCRIBE_TOKEN_SECRET'],
    ];
    for (const [name, variable] of required) {
      const raw = environmentOf(byName.get(name)?.raw ?? {});
      expect(raw[variable]).toMatch(new RegExp(`^\\$\\{${variable}:\\?[^}]+\\}$`));
      // With the variable unset (and with it empty), the other secrets given, interpolation stops on exactly that variable.
      const withoutIt = Object.fromEntries(Object.entries(SECRETS).filter(([key]) => key !== variable));
      expect({ app: name, missing: missingVariable(byName.get(name)?.raw, withoutIt) }).toEqual({ app: name, missing: variable });
      expect({ app: name, missing: missingVariable(byName.get(name)?.raw, { ...SECRETS, [variable]: '' }) }).toEqual({ app: name, missing: variable });
    }
    // And the value given is the one the app uses.
    expect(loadGatewayConfig(appNamed('gateway').env).betaTokenKeys.current.secret).toBe(SECRETS.BETA_TOKEN_SECRET);
    expect(loadGatewayConfig(appNamed('gateway').env).jwtKeys.current.secret).toBe(SECRETS.AUTH_JWT_SECRET);
    expect(loadIdentityConfig(appNamed('identity').env).jwtKeys.current.secret).toBe(SECRETS.AUTH_JWT_SECRET);
    expect(loadIdentityConfig(appNamed('identity').env).betaCodes).toEqual(SECRETS.BETA_CODES?.split(','));
    expect(loadProfileConfig(appNamed('profile').env).UNSUBSCRIBE_TOKEN_SECRET).toBe(SECRETS.UNSUBSCRIBE_TOKEN_SECRET);
  });

  it('gives each app exactly the internal-call keys it needs: its own private key to the gateway and search, the public keys to the services', () => {
    expectInternalCallKeys(nodeApps());
  });

  it('passes the previous keys of a rotation through when set, and runs without them', () => {
    expect(loadGatewayConfig(appNamed('gateway').env).jwtKeys.verifying).toHaveLength(1);
    expect(loadGatewayConfig(appNamed('gateway').env).betaTokenKeys.verifying).toHaveLength(1);
    const rotating = loadCompose({ ...SECRETS, ...PREVIOUS_SECRETS });
    const envOf = (name: AppName) => environmentOf(rotating.find((service) => service.name === name)?.resolved ?? {});
    const gateway = loadGatewayConfig(envOf('gateway'));
    expect(gateway.jwtKeys.verifying.map((key) => key.secret)).toEqual([SECRETS.AUTH_JWT_SECRET, PREVIOUS_SECRETS.AUTH_JWT_PREVIOUS_SECRET]);
    expect(gateway.betaTokenKeys.verifying.map((key) => key.secret)).toEqual([SECRETS.BETA_TOKEN_SECRET, PREVIOUS_SECRETS.BETA_TOKEN_PREVIOUS_SECRET]);
    expect(loadIdentityConfig(envOf('identity')).jwtKeys.verifying.map((key) => key.secret)).toEqual([SECRETS.AUTH_JWT_SECRET, PREVIOUS_SECRETS.AUTH_JWT_PREVIOUS_SECRET]);
  });
});

// ---------------------------------------------------------------------------
// deploy/k8s/

interface K8sObject {
  kind: string;
  metadata: { name: string };
  [key: string]: unknown;
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; configMapKeyRef?: { name: string; key: string } };
}

interface ContainerPort {
  name?: string;
  containerPort: number;
}

interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports?: ContainerPort[];
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
}

interface Deployment extends K8sObject {
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean } } };
  };
}

interface Service extends K8sObject {
  spec: { selector: Record<string, string>; ports: Array<{ name?: string; port: number; targetPort?: string | number }> };
}

const K8S_DIR = 'deploy/k8s';
const k8sFiles = readdirSync(join(ROOT, K8S_DIR)).filter((file) => /\.ya?ml$/.test(file));

function loadK8s(): K8sObject[] {
  return k8sFiles.flatMap((file) =>
    parseAllDocuments(read(join(K8S_DIR, file))).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
      return document.toJS() as K8sObject;
    }),
  ).filter((object) => object && object.kind !== 'Kustomization');
}

const portNumber = (container: Container, port: string | number | undefined): number | undefined =>
  typeof port === 'number' ? port : container.ports?.find((candidate) => candidate.name === port)?.containerPort;

describe('deploy/k8s', () => {
  const objects = loadK8s();
  const ofKind = <T extends K8sObject>(kind: string): T[] => objects.filter((object): object is T => object.kind === kind);
  const configMaps = new Map(ofKind<K8sObject & { data?: Record<string, string> }>('ConfigMap').map((map) => [map.metadata.name, map.data ?? {}]));
  const secretTemplates = ofKind<K8sObject & { stringData?: Record<string, string> }>('Secret');
  const secretKeys = new Map(secretTemplates.map((secret) => [secret.metadata.name, Object.keys(secret.stringData ?? {})]));
  const deployments = ofKind<Deployment>('Deployment');
  const services = ofKind<Service>('Service');

  /** The container's environment as the kubelet builds it: envFrom first, then env (which wins). */
  function resolveEnv(container: Container, secretValues: Record<string, string>): Env {
    const env: Env = {};
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef) {
        const data = configMaps.get(source.configMapRef.name);
        if (!data) throw new Error(`${container.name}: no ConfigMap ${source.configMapRef.name}`);
        Object.assign(env, Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)])));
      }
      if (source.secretRef) {
        for (const key of secretKeys.get(source.secretRef.name) ?? []) env[key] = secretValues[key];
      }
    }
    for (const variable of container.env ?? []) {
      const secretRef = variable.valueFrom?.secretKeyRef;
      const configRef = variable.valueFrom?.configMapKeyRef;
      if (secretRef) {
        if (!secretKeys.get(secretRef.name)?.includes(secretRef.key)) throw new Error(`${container.name}: Secret ${secretRef.name} template has no key ${secretRef.key}`);
        env[variable.name] = secretValues[secretRef.key];
      } else if (configRef) {
        env[variable.name] = configMaps.get(configRef.name)?.[configRef.key];
      } else {
        env[variable.name] = variable.value === undefined ? undefined : String(variable.value);
      }
    }
    return env;
  }

  const containerOf = (deployment: Deployment): Container => {
    const [container, ...others] = deployment.spec.template.spec.containers;
    if (!container || others.length > 0) throw new Error(`Deployment ${deployment.metadata.name} must run exactly one container`);
    return container;
  };
  /** The Deployments with their resolved environment run through their app's config loader. */
  const apps = () =>
    deployments.map((deployment) => {
      const container = containerOf(deployment);
      const env = resolveEnv(container, SECRETS);
      const name = env.APP;
      if (!isAppName(name)) throw new Error(`Deployment ${deployment.metadata.name} runs APP="${String(name)}", not a Closetly app`);
      return { deployment, container, name, env, ...APPS[name].parse(env) };
    });
  const appNamed = (name: AppName) => {
    const entry = apps().find((candidate) => candidate.name === name);
    if (!entry) throw new Error(`no Deployment runs ${name}`);
    return entry;
  };

  it('lists every manifest but the Secret template in kustomization.yaml', () => {
    const kustomization = record(parse(read(join(K8S_DIR, 'kustomization.yaml'))), 'kustomization.yaml');
    expect(list(kustomization.resources).map(String).sort()).toEqual(k8sFiles.filter((file) => file !== 'kustomization.yaml' && file !== 'secret.example.yaml').sort());
  });

  it("has one Deployment per Node app, each from that app's own image, running as non-root", () => {
    expect(apps().map((entry) => entry.name).sort()).toEqual([...APP_NAMES].sort());
    const kustomization = record(parse(read(join(K8S_DIR, 'kustomization.yaml'))), 'kustomization.yaml');
    const tagged = list(kustomization.images).map((image) => String(record(image, 'kustomization image').name));
    for (const { name, container } of apps()) {
      expect({ app: name, image: container.image }).toEqual({ app: name, image: `closetly-${name}:local` });
      // kustomize retags each image: every one of them must be listed.
      expect(tagged).toContain(`closetly-${name}`);
    }
    for (const { deployment } of apps()) {
      expect(deployment.spec.template.spec.securityContext?.runAsNonRoot).toBe(true);
      expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
    }
  });

  it("resolves every Deployment's ConfigMap, Secret and env through its app's config loader, in production and distributed mode", () => {
    for (const { name, config } of apps()) {
      expect({ app: name, NODE_ENV: config.NODE_ENV, CLOSETLY_MODE: config.CLOSETLY_MODE }).toEqual({ app: name, NODE_ENV: 'production', CLOSETLY_MODE: 'distributed' });
      // Engines are managed services: none may fall back to a loopback default.
      for (const engine of APPS[name].engines) {
        const hosts = {
          postgres: [hostsOf(config.DATABASE_URL)],
          redis: [hostsOf(config.REDIS_URL)],
          kafka: config.KAFKA_BROKERS.map((broker) => parseHostPort(broker).host),
          opensearch: [hostsOf(config.OPENSEARCH_URL)],
        }[engine];
        for (const host of hosts) expect({ app: name, engine, loopback: /^(127\.|localhost$)/.test(host) }).toEqual({ app: name, engine, loopback: false });
      }
    }
  });

  it('ships a Secret template with no usable values: with it as is, the gateway and identity refuse to start', () => {
    expect(secretTemplates).toHaveLength(1);
    for (const value of Object.values(secretTemplates[0]?.stringData ?? {})) expect(value).toBe('');
    const asShipped = Object.fromEntries(Object.keys(secretTemplates[0]?.stringData ?? {}).map((key) => [key, '']));
    const required: Array<[AppName, string]> = [
      ['gateway', 'BETA_TOKEN_SECRET'],
      ['gateway', 'AUTH_JWT_SECRET'],
      ['identity', 'BETA_CODES'],
      ['identity', 'AUTH_JWT_SECRET'],
    ];
    for (const [name, key] of required) {
      const { container } = appNamed(name);
      expect(() => APPS[name].parse(resolveEnv(container, asShipped))).toThrow(ConfigError);
      // And the empty secret alone is enough to stop it.
      expect(() => APPS[name].parse(resolveEnv(container, { ...SECRETS, [key]: '' }))).toThrow(new RegExp(`${key}:`));
    }
  });

  it('references the signing keys from the Secret: the current ones required, the previous ones optional and passed through', () => {
    const secretRefsOf = (name: AppName) => new Map((appNamed(name).container.env ?? []).flatMap((variable) => (variable.valueFrom?.secretKeyRef ? [[variable.name, variable.valueFrom.secretKeyRef] as const] : [])));
    const gatewayRefs = secretRefsOf('gateway');
    const identityRefs = secretRefsOf('identity');
    for (const [refs, required, optional] of [
      [gatewayRefs, ['BETA_TOKEN_SECRET', 'AUTH_JWT_SECRET'], ['BETA_TOKEN_PREVIOUS_SECRET', 'AUTH_JWT_PREVIOUS_SECRET']],
      [identityRefs, ['AUTH_JWT_SECRET'], ['AUTH_JWT_PREVIOUS_SECRET']],
    ] as const) {
      for (const name of required) expect({ name, optional: refs.get(name)?.optional ?? false, key: refs.get(name)?.key }).toEqual({ name, optional: false, key: name });
      for (const name of optional) expect({ name, optional: refs.get(name)?.optional, key: refs.get(name)?.key }).toEqual({ name, optional: true, key: name });
    }
    const gateway = loadGatewayConfig(resolveEnv(appNamed('gateway').container, { ...SECRETS, ...PREVIOUS_SECRETS }));
    expect(gateway.jwtKeys.verifying.map((key) => key.secret)).toEqual([SECRETS.AUTH_JWT_SECRET, PREVIOUS_SECRETS.AUTH_JWT_PREVIOUS_SECRET]);
    expect(gateway.betaTokenKeys.verifying.map((key) => key.secret)).toEqual([SECRETS.BETA_TOKEN_SECRET, PREVIOUS_SECRETS.BETA_TOKEN_PREVIOUS_SECRET]);
    const identity = loadIdentityConfig(resolveEnv(appNamed('identity').container, { ...SECRETS, ...PREVIOUS_SECRETS }));
    expect(identity.jwtKeys.verifying.map((key) => key.secret)).toEqual([SECRETS.AUTH_JWT_SECRET, PREVIOUS_SECRETS.AUTH_JWT_PREVIOUS_SECRET]);
  });

  it('probes liveness on /health and readiness on /ready, on the port the app listens on', () => {
    for (const { name, container, httpPort } of apps()) {
      const liveness = container.livenessProbe?.httpGet;
      const readiness = container.readinessProbe?.httpGet;
      expect({ app: name, liveness: liveness?.path, readiness: readiness?.path }).toEqual({ app: name, liveness: '/health', readiness: '/ready' });
      expect({ app: name, liveness: portNumber(container, liveness?.port), readiness: portNumber(container, readiness?.port) }).toEqual({
        app: name,
        liveness: httpPort,
        readiness: httpPort,
      });
    }
  });

  it('gives each Deployment exactly the internal-call keys it needs, from the Secret', () => {
    expectInternalCallKeys(apps());
  });

  describe('NetworkPolicies', () => {
    interface PolicyPeer {
      podSelector?: { matchLabels?: Record<string, string> };
      namespaceSelector?: unknown;
    }
    interface NetworkPolicy extends K8sObject {
      spec: {
        podSelector: { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values: string[] }> };
        policyTypes: string[];
        ingress?: Array<{ from?: PolicyPeer[]; ports?: Array<{ port: string | number }> }>;
      };
    }
    const policies = ofKind<NetworkPolicy>('NetworkPolicy');
    const selects = (policy: NetworkPolicy, labels: Record<string, string>): boolean => {
      const { matchLabels = {}, matchExpressions = [] } = policy.spec.podSelector;
      return (
        Object.entries(matchLabels).every(([key, value]) => labels[key] === value) &&
        matchExpressions.every((expression) => expression.operator === 'In' && expression.values.includes(labels[expression.key] ?? ''))
      );
    };
    const labelsOf = (name: AppName) => appNamed(name).deployment.spec.template.metadata.labels;

    it('deny every ingress by default in the namespace', () => {
      expect(policies.find((policy) => Object.keys(policy.spec.podSelector).length === 0 && policy.spec.policyTypes.includes('Ingress') && !policy.spec.ingress)).toBeDefined();
    });

    it('let only the gateway reach the services’ RPC ports (and search the catalogue’s, for its snapshot)', () => {
      for (const service of SERVICE_NAMES) {
        const callers = new Set(callersOfService(service));
        const allowedFrom = policies
          .filter((policy) => selects(policy, labelsOf(service)))
          .flatMap((policy) => policy.spec.ingress ?? [])
          .filter((rule) => !rule.ports || rule.ports.some((port) => port.port === 'rpc' || port.port === portNumber(appNamed(service).container, 'rpc')))
          .flatMap((rule) => rule.from ?? [{}]);
        // Every peer names one pod by its app label: no open rule, no namespace-wide one.
        const peers = allowedFrom.map((peer) => (peer.namespaceSelector === undefined ? peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] : undefined));
        expect({ service, peers: [...new Set(peers)].sort() }).toEqual({ service, peers: [...callers].sort() });
      }
    });

    it('let users reach the gateway', () => {
      const rules = policies.filter((policy) => selects(policy, labelsOf('gateway'))).flatMap((policy) => policy.spec.ingress ?? []);
      expect(rules.some((rule) => !rule.from && rule.ports?.some((port) => port.port === 'http'))).toBe(true);
    });

  });

  describe('Kafka ACLs (kafka-acls/, Strimzi KafkaUsers)', () => {
    interface Acl {
      resource: { type: 'topic' | 'group'; name: string; patternType: 'literal' | 'prefix' };
      operations: string[];
    }
    const users = parseAllDocuments(read('deploy/k8s/kafka-acls/kafka-users.yaml')).map(
      (document) => document.toJS() as { kind: string; metadata: { name: string }; spec: { authorization: { acls: Acl[] } } },
    );
    const aclsOf = (service: ServiceName) => users.find((user) => user.metadata.name === `closetly-${service}`)?.spec.authorization.acls ?? [];
    /** The topics each app consumes, read from its handlers (EventHandler / EventBatchHandler). */
    const consumedBy = (service: ServiceName | 'gateway'): string[] => {
      const found = new Set<string>();
      const walk = (dir: string) => {
        for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) walk(path);
          else if (/\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name)) {
            for (const match of read(path).matchAll(/Event(?:Batch)?Handler\('([a-z.-]+\.v\d+)'\)/g)) found.add(match[1]!);
          }
        }
      };
      walk(`apps/${service}/src`);
      return [...found].sort();
    };
    const allows = (acls: Acl[], operation: string, topic: string) =>
      acls.some(
        (acl) => acl.resource.type === 'topic' && acl.operations.includes(operation) && (acl.resource.patternType === 'literal' ? acl.resource.name === topic : topic.startsWith(acl.resource.name)),
      );

    it('give every service a user that reads exactly the topics it consumes, in its own group, and writes their dead letters', () => {
      expect(users.map((user) => user.metadata.name).sort()).toEqual([...SERVICE_NAMES, 'gateway'].map((name) => `closetly-${name}`).sort());
      for (const service of SERVICE_NAMES) {
        const acls = aclsOf(service);
        const read = acls.filter((acl) => acl.resource.type === 'topic' && acl.operations.includes('Read')).map((acl) => acl.resource.name).sort();
        expect({ service, read }).toEqual({ service, read: consumedBy(service) });
        for (const topic of consumedBy(service)) expect({ service, topic, writesDeadLetters: allows(acls, 'Write', `${topic}.dlt`) }).toEqual({ service, topic, writesDeadLetters: true });
        if (consumedBy(service).length > 0) expect(acls).toContainEqual({ resource: { type: 'group', name: service, patternType: 'literal' }, operations: ['Read'] });
      }
    });

    it('give the gateway a user that reads exactly the topics its live streams announce, in the group its replicas share, and writes nothing', () => {
      const acls = users.find((user) => user.metadata.name === 'closetly-gateway')?.spec.authorization.acls ?? [];
      const read = acls.filter((acl) => acl.resource.type === 'topic' && acl.operations.includes('Read')).map((acl) => acl.resource.name).sort();
      expect(read).toEqual(consumedBy('gateway'));
      expect(read.length).toBeGreaterThan(0);
      expect(acls.filter((acl) => acl.operations.includes('Write'))).toEqual([]);
      expect(acls).toContainEqual({ resource: { type: 'group', name: 'gateway-live', patternType: 'literal' }, operations: ['Read'] });
    });

    it('let only a topic’s owner write it: every event topic is written by exactly the service it is named after', () => {
      for (const topic of Object.keys(EVENT_TOPICS)) {
        const writers = SERVICE_NAMES.filter((service) => allows(aclsOf(service), 'Write', topic));
        // A topic named after no service (the platform's own probe, in its tests) is written by none.
        const owner = topic.split('.')[0] as ServiceName;
        expect({ topic, writers }).toEqual({ topic, writers: SERVICE_NAMES.includes(owner) ? [owner] : [] });
      }
    });
  });

  it("has each service bind all interfaces and a Service that forwards the dialled port to the bound one", () => {
    for (const service of SERVICE_NAMES) {
      const variable = rpcVariableOf(service);
      const own = appNamed(service);
      const bound = parseHostPort(own.config[variable]);
      expect({ service, bindHost: bound.host }).toEqual({ service, bindHost: '0.0.0.0' });
      expect(own.container.ports?.map((port) => port.containerPort)).toContain(bound.port);
      // A list (one entry per connection the gateway keeps): every entry must reach the service.
      for (const [caller, dialled] of apps()
        .filter((entry) => entry.name !== service)
        .flatMap((entry) => entry.config[variable].split(',').map((address) => [entry, parseHostPort(address.trim())] as const))) {
        const target = services.find((candidate) => candidate.metadata.name === dialled.host);
        if (!target) throw new Error(`${caller.name} dials ${variable}=${caller.config[variable]}, but there is no Service "${dialled.host}"`);
        expect(target.spec.selector).toEqual(own.deployment.spec.selector.matchLabels);
        const port = target.spec.ports.find((candidate) => candidate.port === dialled.port);
        expect({ caller: caller.name, variable, servicePort: port?.port }).toEqual({ caller: caller.name, variable, servicePort: dialled.port });
        expect({ caller: caller.name, variable, reaches: portNumber(own.container, port?.targetPort ?? port?.port) }).toEqual({
          caller: caller.name,
          variable,
          reaches: bound.port,
        });
      }
    }
  });

  it("exposes the gateway through a Service on the port it listens on", () => {
    const gateway = appNamed('gateway');
    const service = services.find((candidate) => candidate.metadata.name === 'gateway');
    expect(service?.spec.selector).toEqual(gateway.deployment.spec.selector.matchLabels);
    expect(service?.spec.ports.map((port) => portNumber(gateway.container, port.targetPort ?? port.port))).toEqual([gateway.httpPort]);
    expect(gateway.env.HOST).toBe('0.0.0.0');
  });

  it('uses the same RPC and HTTP ports as docker-compose.yml', () => {
    const compose = new Map(
      loadCompose(SECRETS)
        .filter(isNodeApp)
        .map((service) => {
          const env = environmentOf(service.resolved);
          const name = env.APP as AppName;
          return [name, APPS[name].parse(env)] as const;
        }),
    );
    for (const { name, config, httpPort } of apps()) {
      const other = compose.get(name);
      expect({ app: name, httpPort }).toEqual({ app: name, httpPort: other?.httpPort });
      for (const service of SERVICE_NAMES) {
        const variable = rpcVariableOf(service);
        expect({ app: name, variable, port: parseHostPort(config[variable]).port }).toEqual({ app: name, variable, port: other && parseHostPort(other.config[variable]).port });
      }
    }
  });
});

// ---------------------------------------------------------------------------
// deploy/docker/

interface DockerStage {
  name: string;
  lines: string[];
}

/** Stages of a Dockerfile, with continuation lines joined and comments dropped. */
function dockerStages(text: string): DockerStage[] {
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: DockerStage[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1] ?? String(stages.length), lines: [] });
    stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** .dockerignore semantics (Go filepath.Match plus `**`, `!` re-includes, a match on a folder covers what is inside). */
function dockerIgnored(patterns: string[], path: string): boolean {
  const toRegExp = (pattern: string) =>
    new RegExp(
      `^${pattern
        .replace(/^\/+|\/+$/g, '')
        .split('/')
        .map((segment) => (segment === '**' ? '(?:.*)' : segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
        .join('/')
        .replace(/\(\?:\.\*\)\//g, '(?:.*/)?')}$`,
    );
  const parts = path.split('/');
  const prefixes = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = toRegExp(negated ? raw.slice(1) : raw);
    if (prefixes.some((prefix) => pattern.test(prefix))) ignored = !negated;
  }
  return ignored;
}

describe('deploy/docker/Dockerfile', () => {
  const stages = dockerStages(read('deploy/docker/Dockerfile'));
  const runtime = stages.at(-1);
  const runtimeText = runtime?.lines.join('\n') ?? '';
  const composeApps = loadCompose(SECRETS)
    .filter(isNodeApp)
    .map((service) => environmentOf(service.resolved).APP ?? '');

  const stageNamed = (name: string) => stages.find((stage) => stage.name === name);
  /** A stage's lines with those of the stages it is built FROM (`FROM app AS gateway`). */
  const linesOf = (name: string): string[] => {
    const stage = stageNamed(name);
    const parent = /^FROM\s+(\S+)/i.exec(stage?.lines[0] ?? '')?.[1];
    return [...(parent && stageNamed(parent) ? linesOf(parent) : []), ...(stage?.lines ?? [])];
  };

  it('builds a service image by default (last), and gives the gateway a target of its own; both non-root, production, distributed', () => {
    expect(runtime?.name).toBe('service');
    for (const target of ['service', 'gateway']) {
      const text = linesOf(target).join('\n');
      expect(text).toMatch(/^ENV .*NODE_ENV=production/m);
      expect(text).toMatch(/^ENV .*CLOSETLY_MODE=distributed/m);
      const user = linesOf(target).filter((line) => /^USER\s/i.test(line)).at(-1);
      expect(user).toBeDefined();
      expect(user).not.toMatch(/^USER\s+(root|0)(:|$)/i);
      expect(text).toMatch(/^HEALTHCHECK .*deploy\/docker\/healthcheck\.mjs/m);
    }
  });

  it("sets glibc's malloc as the product's own start does (NATIVE_MEMORY_ENV), in every image and in npm start", () => {
    for (const target of ['service', 'gateway']) {
      const text = linesOf(target).join('\n');
      for (const [name, value] of Object.entries(NATIVE_MEMORY_ENV)) expect(text).toMatch(new RegExp(`^ENV .*\\b${name}=${value}\\b`, 'm'));
    }
    const start = read('scripts/start.mjs');
    for (const [name, value] of Object.entries(NATIVE_MEMORY_ENV)) expect(start).toContain(`${name}: '${value}'`);
  });

  it('installs with npm ci and builds the SPA into apps/web/dist, which only the gateway target copies', () => {
    expect(stages.some((stage) => stage.lines.some((line) => /^RUN .*\bnpm ci\b/.test(line)))).toBe(true);
    const webBuild = stages.find((stage) => stage.lines.some((line) => /vite build --config apps\/web\/vite\.config\.ts/.test(line)));
    expect(webBuild).toBeDefined();
    expect(linesOf('gateway').join('\n')).toContain(`COPY --from=${webBuild?.name} /app/apps/web/dist ./apps/web/dist`);
    expect(linesOf('service').join('\n')).not.toContain(`--from=${webBuild?.name}`);
    // A gateway image built without its target would answer 503 for the web app: the service target refuses it.
    expect(runtimeText).toMatch(/^RUN test "\$\{APP\}" != gateway/m);
  });

  it('builds the app\'s bundle and copies only it and the packages it requires: no TypeScript loader at run time', () => {
    const bundle = stageNamed('bundle')?.lines.join('\n') ?? '';
    expect(bundle).toMatch(/^RUN node scripts\/build-services\.mjs "\$\{APP\}" && node deploy\/docker\/copy-app-modules\.mjs "\$\{APP\}" \/out$/m);
    const app = linesOf('service');
    // Nothing from the full install reaches an app image but /out (its bundle and its packages).
    const copies = app.filter((line) => /^COPY\s+--from=/i.test(line));
    expect(copies).toEqual(['COPY --from=bundle /out/ ./']);
    expect(app.join('\n')).not.toMatch(/swc-node|@swc\//);
  });

  it('starts dist/$APP/main.js, the bundle scripts/build-services.mjs writes for every app compose runs', () => {
    const command = linesOf('service').find((line) => /^CMD\s/i.test(line)) ?? '';
    expect(command).toMatch(/exec node --enable-source-maps \\"dist\/apps\/\$\{APP\}\/main\.js\\"/);
    expect(composeApps.sort()).toEqual([...APP_NAMES].sort());
    const built = read('scripts/build-services.mjs');
    for (const name of composeApps) {
      expect({ app: name, built: built.includes(`'${name}'`), entry: existsSync(join(ROOT, 'apps', name, 'src', 'main.ts')) }).toEqual({ app: name, built: true, entry: true });
    }
  });

  it('keeps in the build context every file the image needs (.dockerignore)', () => {
    const patterns = read('.dockerignore')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    const needed = [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.node.json',
      'tsconfig.base.json',
      'deploy/docker/healthcheck.mjs',
      'deploy/docker/copy-app-modules.mjs',
      'scripts/build-services.mjs',
      '.swcrc',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/src',
      'libs/server/src/index.ts',
      ...APP_NAMES.map((name) => `apps/${name}/src/main.ts`),
    ];
    for (const path of needed) expect({ path, ignored: dockerIgnored(patterns, path) }).toEqual({ path, ignored: false });
    for (const path of ['node_modules/zod/package.json', 'apps/web/dist/index.html', '.git/HEAD', '.env']) {
      expect({ path, ignored: dockerIgnored(patterns, path) }).toEqual({ path, ignored: true });
    }
  });

  it("has the image's own health check hit /health on each app's default port", () => {
    for (const name of APP_NAMES) {
      const url = execFileSync(process.execPath, [join(ROOT, 'deploy/docker/healthcheck.mjs'), '--print-url'], {
        env: { PATH: process.env.PATH, APP: name },
        encoding: 'utf8',
      }).trim();
      const { httpPort } = APPS[name].parse(SECRETS);
      expect({ app: name, url }).toEqual({ app: name, url: `http://127.0.0.1:${httpPort}/health` });
    }
  });
});

// ---------------------------------------------------------------------------
// The routes the probes name.

describe('health routes the probes use', () => {
  it('are registered in every app (PlatformModule) as GET /health and GET /ready', () => {
    const controllers = PlatformModule.forRoot({} as Platform).controllers ?? [];
    const routes = controllers.flatMap((controller) =>
      Object.getOwnPropertyNames(controller.prototype)
        .map((key) => (controller.prototype as Record<string, unknown>)[key])
        .filter((handler): handler is object => typeof handler === 'function' && Reflect.hasMetadata(PATH_METADATA, handler))
        .map((handler) => `${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]} /${String(Reflect.getMetadata(PATH_METADATA, handler))}`),
    );
    expect(routes).toEqual(expect.arrayContaining(['GET /health', 'GET /ready']));
  });

  describe('on the gateway', () => {
    let app: NestFastifyApplication;

    beforeAll(async () => {
      const config = loadGatewayConfig({ ...SECRETS, NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: join(ROOT, 'apps/web') });
      // Embedded platform: in-process RPC and cache, no engines; the guard and routes are the distributed ones.
      const platform = await createPlatform({ env: { ...config, CLOSETLY_MODE: 'embedded' }, addresses: config, processName: 'gateway', needsDatabase: false });
      app = await createHttpApp(platform, [GatewayModule.forRoot(config)]);
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
    });
    afterAll(() => app?.close());

    const status = async (url: string): Promise<number> => (await app.getHttpAdapter().getInstance().inject({ method: 'GET', url })).statusCode;

    it('boots and gates the API', async () => {
      expect(await status('/api/verify-beta')).toBe(403);
    });

    // The beta gate covers /api only: supervisors probe /health and /ready without a token.
    it('answers /health without a beta token', async () => {
      expect(await status('/health')).toBe(200);
    });
    it('answers /ready without a beta token', async () => {
      expect(await status('/ready')).toBe(200);
    });
  });
});
