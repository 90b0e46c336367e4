import { DEMO_BETA_CODE, loadIdentityConfig } from './config';

describe('identity config', () => {
  it('offers the demo beta code outside production', () => {
    expect(loadIdentityConfig({}).betaCodes).toEqual([DEMO_BETA_CODE]);
  });

  it('reads a comma-separated list of codes', () => {
    expect(loadIdentityConfig({ BETA_CODES: ' one, two ,,three ' }).betaCodes).toEqual(['one', 'two', 'three']);
  });

  it('refuses to start in production without explicit codes', () => {
    expect(() => loadIdentityConfig({ NODE_ENV: 'production' })).toThrow(/BETA_CODES/);
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', BETA_CODES: ' , ' })).toThrow(/BETA_CODES/);
  });
});
