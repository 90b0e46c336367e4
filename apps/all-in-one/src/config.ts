import { parseEnv, PlatformEnv } from '@closetly/server';
import { z } from 'zod';

/**
 * The embedded entry's own settings (the gateway and each service parse
 * theirs). SEED_DEMO_CATALOGUE: seed the demo catalogue on an empty database
 * at start: `true` the full catalogue, `sample` a small slice of it (two
 * products a brand, eight shoppers), `false` none. `npm start` sets `true`;
 * tests and production leave it off, and production never seeds even when
 * it is on.
 */
export const EmbeddedConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SEED_DEMO_CATALOGUE: z
    .enum(['true', 'false', '1', '0', 'sample', ''], { error: 'must be true, false or sample' })
    .default('false')
    .transform((value): 'full' | 'sample' | 'off' => (value === 'true' || value === '1' ? 'full' : value === 'sample' ? 'sample' : 'off')),
});
export type EmbeddedConfig = z.infer<typeof EmbeddedConfig>;

export const loadEmbeddedConfig = (env: NodeJS.ProcessEnv = process.env): EmbeddedConfig => parseEnv(EmbeddedConfig, env);

/** `npm run seed`: which data directory it reseeds, and whether the settings look like production. */
export const ReseedConfig = PlatformEnv.pick({ CLOSETLY_MODE: true, DATA_DIR: true }).extend({ NODE_ENV: z.string().optional() });
export type ReseedConfig = z.infer<typeof ReseedConfig>;

export const loadReseedConfig = (env: NodeJS.ProcessEnv = process.env): ReseedConfig => parseEnv(ReseedConfig, env);
