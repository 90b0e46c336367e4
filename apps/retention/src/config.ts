import { parseEnv, serviceEnv } from '@closetly/server';
import { z } from 'zod';

export const RETENTION_CONFIG = Symbol('RETENTION_CONFIG');

export const RetentionConfig = serviceEnv('RETENTION_HTTP_PORT', 4206)
  .extend({
    /** How often the sweep runs; hourly by default. 0 turns the schedule off (a sweep then runs only when asked). */
    RETENTION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
    /** How many products one sweep transaction expires. */
    RETENTION_SWEEP_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
    /**
     * Tests only: lets an administrator move this service's clock
     * (`PUT /api/retention/clock`), so an end-to-end test sees 30 days pass.
     * Refused with NODE_ENV=production.
     */
    RETENTION_TEST_CLOCK: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  })
  .superRefine((config, context) => {
    if (config.RETENTION_TEST_CLOCK && config.NODE_ENV === 'production') {
      context.addIssue({ code: 'custom', path: ['RETENTION_TEST_CLOCK'], message: 'is for tests and cannot be on with NODE_ENV=production' });
    }
  });
export type RetentionConfig = z.infer<typeof RetentionConfig>;

export const loadRetentionConfig = (env: NodeJS.ProcessEnv = process.env): RetentionConfig => parseEnv(RetentionConfig, env);
