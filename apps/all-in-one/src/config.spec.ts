import { ConfigError } from '@closetly/server';
import { loadEmbeddedConfig } from './config';

describe('the embedded entry’s settings', () => {
  it.each([
    [undefined, 'off'],
    ['', 'off'],
    ['false', 'off'],
    ['0', 'off'],
    ['true', 'full'],
    ['1', 'full'],
    ['sample', 'sample'],
  ])('reads SEED_DEMO_CATALOGUE=%j as %s', (value, seed) => {
    expect(loadEmbeddedConfig(value === undefined ? {} : { SEED_DEMO_CATALOGUE: value }).SEED_DEMO_CATALOGUE).toBe(seed);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadEmbeddedConfig({ SEED_DEMO_CATALOGUE: 'yes' })).toThrow(ConfigError);
    expect(() => loadEmbeddedConfig({ SEED_DEMO_CATALOGUE: 'yes' })).toThrow(/SEED_DEMO_CATALOGUE: must be true, false or sample/);
  });
});
