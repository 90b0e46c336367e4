/**
 * When the embedded product may seed its demo catalogue. Production never
 * seeds; `npm start` seeds an empty database only; `npm run seed` wipes and
 * reseeds the embedded data directory, and refuses anything that looks like
 * production unless forced.
 */

export type SeedDecision = { seed: true } | { seed: false; reason: string };

export interface StartSeedSettings {
  /** SEED_DEMO_CATALOGUE: `npm start` sets it; tests and production do not. */
  seedDemoCatalogue: boolean;
  nodeEnv: 'development' | 'test' | 'production';
}

/** At start: only when asked, never in production, and only on an empty database (no account, save, product or stored image). */
export function seedAtStart(settings: StartSeedSettings, databaseEmpty: boolean): SeedDecision {
  if (!settings.seedDemoCatalogue) return { seed: false, reason: 'SEED_DEMO_CATALOGUE is off' };
  if (settings.nodeEnv === 'production') return { seed: false, reason: 'production never seeds the demo catalogue' };
  if (!databaseEmpty) return { seed: false, reason: 'the database already has data (npm run seed wipes and reseeds it)' };
  return { seed: true };
}

export interface ReseedSettings {
  nodeEnv: string | undefined;
  mode: string | undefined;
  dataDir: string;
}

/** `npm run seed`: the reason it refuses, or null. `--force` overrides production and distributed settings, never an in-memory data directory. */
export function reseedRefusal(settings: ReseedSettings, force: boolean): string | null {
  if (settings.dataDir === ':memory:') return 'DATA_DIR is :memory:, so there is nothing to keep a demo catalogue in';
  if (force) return null;
  if (settings.nodeEnv === 'production') return 'NODE_ENV is production: the demo catalogue is never seeded in production (pass --force to seed this embedded data directory anyway)';
  if (settings.mode === 'distributed') {
    return 'CLOSETLY_MODE is distributed: npm run seed only seeds the embedded data directory (pass --force to seed it anyway; the distributed databases are never touched)';
  }
  return null;
}
