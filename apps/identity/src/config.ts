import { parseEnv, previousSecret, requiredSecret, serviceEnv, SigningKeys } from '@closetly/server';
import { z } from 'zod';

/** The demo code of the embedded default; README names it and `npm start` prints it. */
export const DEMO_BETA_CODE = 'closetly-beta';

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const IdentityConfig = serviceEnv('IDENTITY_HTTP_PORT', 4201)
  .extend({
    /** Comma-separated beta access codes. Required in production (no demo default). */
    BETA_CODES: z.string().optional(),
    /** HMAC key of access tokens (HS256), shared with the gateway. Always required (the embedded entry keeps a generated one in DATA_DIR). */
    AUTH_JWT_SECRET: requiredSecret(),
    /** The key being rotated out: logout still reads tokens signed with it; nothing new is signed with it. */
    AUTH_JWT_PREVIOUS_SECRET: previousSecret(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(24 * 3600).default(3600),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).max(30).default(30),
    /** A session (a refresh-token family) ends this long after sign-in, however often it is refreshed. */
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(90),
    /** How long a just-rotated refresh token still refreshes (parallel tabs, a retried request) instead of counting as theft. */
    REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    /** Accounts with these e-mails hold the admin role. */
    ADMIN_EMAILS: z.string().optional(),
    /** The address users reach the product at; links in e-mails are built from it, never from a Host header. */
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    /** smtp://user:pass@host:port; without it, mails are written as .eml files under DATA_DIR/mail. */
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().min(3).default('Closetly <no-reply@closetly.local>'),
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  })
  .transform((config, context) => {
    const production = config.NODE_ENV === 'production';
    const codes = config.BETA_CODES === undefined && !production ? [DEMO_BETA_CODE] : list(config.BETA_CODES);
    if (codes.length === 0) context.addIssue({ code: 'custom', path: ['BETA_CODES'], message: 'must list at least one beta code in production' });
    const oidcParts = [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET];
    if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
      context.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together' });
    }
    return {
      ...config,
      betaCodes: codes,
      jwtKeys: new SigningKeys(config.AUTH_JWT_SECRET, config.AUTH_JWT_PREVIOUS_SECRET),
      adminEmails: list(config.ADMIN_EMAILS).map((email) => email.toLowerCase()),
      oidc: config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
        ? { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET }
        : undefined,
    };
  });
export type IdentityConfig = z.infer<typeof IdentityConfig>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => parseEnv(IdentityConfig, env);

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
