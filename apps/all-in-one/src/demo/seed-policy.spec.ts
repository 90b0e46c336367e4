import { reseedRefusal, seedAtStart } from './seed-policy';

describe('seeding the demo catalogue at start', () => {
  it('seeds an empty database when asked, outside production', () => {
    expect(seedAtStart({ seedDemoCatalogue: true, nodeEnv: 'development' }, true)).toEqual({ seed: true });
    expect(seedAtStart({ seedDemoCatalogue: true, nodeEnv: 'test' }, true)).toEqual({ seed: true });
  });

  it.each([
    ['not asked (tests, the distributed processes)', { seedDemoCatalogue: false, nodeEnv: 'development' as const }, true, /SEED_DEMO_CATALOGUE is off/],
    ['production, even when asked', { seedDemoCatalogue: true, nodeEnv: 'production' as const }, true, /production never seeds/],
    ['a database with data in it', { seedDemoCatalogue: true, nodeEnv: 'development' as const }, false, /already has data/],
  ])('never seeds %s', (_case, settings, empty, reason) => {
    const decision = seedAtStart(settings, empty);
    expect(decision.seed).toBe(false);
    expect(decision.seed === false && decision.reason).toMatch(reason);
  });
});

describe('npm run seed', () => {
  const embedded = { nodeEnv: 'development', mode: 'embedded', dataDir: './data' };

  it('reseeds the embedded data directory', () => {
    expect(reseedRefusal(embedded, false)).toBeNull();
    expect(reseedRefusal({ nodeEnv: undefined, mode: undefined, dataDir: './data' }, false)).toBeNull();
  });

  it('refuses production and distributed settings unless forced', () => {
    expect(reseedRefusal({ ...embedded, nodeEnv: 'production' }, false)).toMatch(/NODE_ENV is production/);
    expect(reseedRefusal({ ...embedded, mode: 'distributed' }, false)).toMatch(/CLOSETLY_MODE is distributed/);
    expect(reseedRefusal({ ...embedded, nodeEnv: 'production', mode: 'distributed' }, true)).toBeNull();
  });

  it('refuses an in-memory data directory, forced or not', () => {
    expect(reseedRefusal({ ...embedded, dataDir: ':memory:' }, true)).toMatch(/:memory:/);
  });
});
