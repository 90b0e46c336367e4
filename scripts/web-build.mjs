// Builds the SPA (Vite) and the browser extension when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** Runs `node args` in `root` unless `output` is newer than every one of `sources`. */
function buildIfStale(root, { what, output, sources, args }) {
  const existing = sources.map((path) => join(root, path)).filter(existsSync);
  const built = existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0;
  if (built > 0 && existing.every((source) => newestMtime(source) <= built)) return;
  process.stderr.write(`Building ${what}...\n`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} did not build`);
}

const SHARED_LIBS = ['libs/contracts/src', 'libs/api-client/src', 'libs/catalogue-rules/src'];

export async function buildWebIfStale(root) {
  buildIfStale(root, {
    what: 'the web app',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', ...SHARED_LIBS],
    args: [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'],
  });
}

/** The extension's zip is what the gateway serves (/downloads/closetly-extension.zip). */
export async function buildExtensionIfStale(root) {
  buildIfStale(root, {
    what: 'the browser extension',
    output: 'extension/dist/closetly-extension.zip',
    sources: ['extension/src', 'extension/build.ts', 'extension/package.json', 'libs/product-extraction/src', ...SHARED_LIBS],
    args: ['-r', '@swc-node/register', 'extension/build.ts'],
  });
}
