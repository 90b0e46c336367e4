// Builds the SPA (Vite) and the browser extension when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/**
 * Runs `node args` in `root` unless `output` is newer than every one of `sources` and was built
 * with the same `stamp` (a setting baked into the build, kept in `stampFile`).
 */
function buildIfStale(root, { what, output, sources, args, env = {}, stamp, stampFile }) {
  const existing = sources.map((path) => join(root, path)).filter(existsSync);
  const built = existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0;
  const stampPath = stampFile ? join(root, stampFile) : null;
  const sameStamp = !stampPath || (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp);
  if (built > 0 && sameStamp && existing.every((source) => newestMtime(source) <= built)) return;
  process.stderr.write(`Building ${what}...\n`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${what} did not build`);
  if (stampPath) writeFileSync(stampPath, stamp);
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

/**
 * The extension's zip is what the gateway serves (/downloads/closetly-extension.zip). `webUrl` is
 * where the product answers (PUBLIC_URL, else localhost at PORT): the extension links there when
 * signed out and accepts the web app's messages from there, so a product on another port gets an
 * extension built for it.
 */
export async function buildExtensionIfStale(root, { webUrl } = {}) {
  const origins = webUrl ? webOriginsFor(webUrl) : null;
  buildIfStale(root, {
    what: 'the browser extension',
    output: 'extension/dist/closetly-extension.zip',
    sources: ['extension/src', 'extension/build.ts', 'extension/package.json', 'libs/product-extraction/src', ...SHARED_LIBS],
    args: ['-r', '@swc-node/register', 'extension/build.ts'],
    env: origins ? { EXTENSION_WEB_URL: webUrl, EXTENSION_WEB_ORIGINS: origins.join(',') } : {},
    stamp: origins ? origins.join(',') : 'default',
    stampFile: 'extension/dist/.web-origins',
  });
}

/** The web app's origin, and its 127.0.0.1 twin for a localhost address (both reach this machine's gateway). */
function webOriginsFor(webUrl) {
  const url = new URL(webUrl);
  const origins = [url.origin];
  if (url.hostname === 'localhost') origins.push(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`);
  return origins;
}
