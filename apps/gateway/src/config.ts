import { resolve } from 'node:path';
import { DEVELOPMENT_JWT_SECRET, parseEnv, PlatformEnv, ServiceAddressEnv } from '@closetly/server';
import { z } from 'zod';

/** Used only outside production, so a restart keeps issued beta tokens valid on a dev box. */
const DEVELOPMENT_BETA_SECRET = 'closetly-development-beta-token-secret-not-for-production';

export const GatewayConfig = PlatformEnv.extend(ServiceAddressEnv.shape)
  .extend({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    /** HMAC key for beta tokens and signed image URLs. At least 32 characters; required in production. */
    BETA_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    BETA_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(90),
    /** HMAC key of access tokens (HS256), shared with identity. Required in production. */
    AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Scales every rate limit (load tests and benchmarks raise it; production keeps 1). */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(1_000_000).default(1),
    /** Built SPA (vite build output). */
    WEB_DIST_DIR: z.string().min(1).default(resolve(__dirname, '..', '..', 'web', 'dist')),
  })
  .transform((config, context) => {
    if (config.NODE_ENV === 'production') {
      for (const name of ['BETA_TOKEN_SECRET', 'AUTH_JWT_SECRET'] as const) {
        if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
      }
    }
    return {
      ...config,
      betaTokenSecret: config.BETA_TOKEN_SECRET ?? DEVELOPMENT_BETA_SECRET,
      jwtSecret: config.AUTH_JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    };
  });
export type GatewayConfig = z.infer<typeof GatewayConfig>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig => parseEnv(GatewayConfig, env);

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
