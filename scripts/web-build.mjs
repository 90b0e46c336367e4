// Builds the SPA with Vite when apps/web/dist is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

export async function buildWebIfStale(root) {
  const index = join(root, 'apps', 'web', 'dist', 'index.html');
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'libs/contracts/src', 'libs/api-client/src', 'libs/catalogue-rules/src']
    .map((path) => join(root, path))
    .filter(existsSync);
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > 0 && sources.every((source) => newestMtime(source) <= built)) return;
  process.stderr.write('Building the web app...\n');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web app did not build');
}
