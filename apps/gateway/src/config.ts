import { resolve } from 'node:path';
import { OutboundEnv, parseEnv, PlatformEnv, previousSecret, refuseTestOutboundInProduction, requiredSecret, ServiceAddressEnv, SigningKeys } from '@closetly/server';
import { z } from 'zod';

/** The gateway's signing keys: no default in any mode (the embedded entry generates and keeps them in DATA_DIR). */
export const GATEWAY_SECRET_NAMES = ['BETA_TOKEN_SECRET', 'AUTH_JWT_SECRET'] as const;

export const GatewayConfig = PlatformEnv.extend(ServiceAddressEnv.shape)
  .extend({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    /** HMAC key for beta tokens and signed image URLs. At least 32 characters; always required. */
    BETA_TOKEN_SECRET: requiredSecret(),
    /** The beta/image key being rotated out: still verifies, never signs. */
    BETA_TOKEN_PREVIOUS_SECRET: previousSecret(),
    BETA_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(90),
    /** HMAC key of access tokens (HS256), shared with identity. Always required. */
    AUTH_JWT_SECRET: requiredSecret(),
    /** The access-token key being rotated out: tokens naming it still pass until it is removed. */
    AUTH_JWT_PREVIOUS_SECRET: previousSecret(),
    /** Scales every rate limit (load tests and benchmarks raise it; production keeps 1). */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(1_000_000).default(1),
    /** Where users reach the product (as identity's PUBLIC_URL). An https address turns on HSTS and upgrade-insecure-requests. */
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    /**
     * Reverse proxies in front of the gateway (IP addresses or CIDR ranges, comma-separated) whose
     * X-Forwarded-For names the client. Empty: the connecting address is the client, and the header
     * is ignored, so nobody gets fresh rate-limit buckets by writing it.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((list) => list.split(',').map((entry) => entry.trim()).filter(Boolean))
      .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'must be IP addresses or CIDR ranges' }))),
    /**
     * Live-event streams (GET /api/events) this replica holds open at once; past it, a new one is a 503
     * with Retry-After and the client tries again (another replica, behind a balancer). Each costs about
     * 35 KB of heap (npm run bench: live events), so the default keeps them to about 350 MB.
     */
    LIVE_STREAMS_PER_REPLICA: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    /** Built SPA (vite build output). */
    WEB_DIST_DIR: z.string().min(1).default(resolve(__dirname, '..', '..', '..', 'apps', 'web', 'dist')),
    /** The built extension's zip (npm run build:extension), served at /downloads/closetly-extension.zip. */
    EXTENSION_ZIP_PATH: z.string().min(1).default(resolve(__dirname, '..', '..', '..', 'extension', 'dist', 'closetly-extension.zip')),
  })
  // OUTBOUND_TEST_HOSTS: the image proxy reaches a mapped host's local listener (tests only; refused in production).
  .extend(OutboundEnv.shape)
  .superRefine(refuseTestOutboundInProduction)
  .transform((config) => ({
    ...config,
    /** Beta tokens and signed image URLs (each derives its own key from these). */
    betaTokenKeys: new SigningKeys(config.BETA_TOKEN_SECRET, config.BETA_TOKEN_PREVIOUS_SECRET),
    /** Access tokens: identity signs with the current one; the gateway verifies with either, by kid. */
    jwtKeys: new SigningKeys(config.AUTH_JWT_SECRET, config.AUTH_JWT_PREVIOUS_SECRET),
  }));
export type GatewayConfig = z.infer<typeof GatewayConfig>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig => parseEnv(GatewayConfig, env);

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
