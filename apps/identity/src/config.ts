import { parseEnv, serviceEnv } from '@closetly/server';
import { z } from 'zod';

/** The demo code of the embedded default; README names it and `npm start` prints it. */
export const DEMO_BETA_CODE = 'closetly-beta';

export const IdentityConfig = serviceEnv('IDENTITY_HTTP_PORT', 4201)
  .extend({
    /** Comma-separated beta access codes. Required in production (no demo default). */
    BETA_CODES: z.string().optional(),
  })
  .transform((config, context) => {
    const codes = (config.BETA_CODES ?? (config.NODE_ENV === 'production' ? '' : DEMO_BETA_CODE))
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean);
    if (codes.length === 0) {
      context.addIssue({ code: 'custom', path: ['BETA_CODES'], message: 'must list at least one beta code in production' });
    }
    return { ...config, betaCodes: codes };
  });
export type IdentityConfig = z.infer<typeof IdentityConfig>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => parseEnv(IdentityConfig, env);

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
