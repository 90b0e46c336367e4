import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from './migrations-folder';

describe('migrationsFolder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'closetly-migrations-folder-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is db/migrations beside the module in the source tree', () => {
    mkdirSync(join(dir, 'db', 'migrations'), { recursive: true });
    expect(migrationsFolder(dir, 'catalogue')).toBe(join(dir, 'db', 'migrations'));
  });

  it("is migrations/<schema> beside a bundle, where every bundled module's __dirname is the bundle's", () => {
    mkdirSync(join(dir, 'migrations', 'catalogue'), { recursive: true });
    expect(migrationsFolder(dir, 'catalogue')).toBe(join(dir, 'migrations', 'catalogue'));
    expect(migrationsFolder(dir, 'wardrobe')).toBe(join(dir, 'migrations', 'wardrobe'));
  });

  it("finds every service's own folder from its source", () => {
    const apps = join(__dirname, '..', '..', '..', '..', 'apps');
    for (const app of ['identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention', 'pages']) {
      expect(migrationsFolder(join(apps, app, 'src'), app)).toBe(join(apps, app, 'src', 'db', 'migrations'));
    }
  });
});
