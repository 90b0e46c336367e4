#!/usr/bin/env node
// `npm run build:services [-- app ...]`: compiles each server app into one JavaScript file,
// dist/apps/<app>/main.js, that Node runs without a TypeScript loader.
//
// swc compiles each TypeScript file (it emits the decorator metadata Nest's injection reads,
// emitDecoratorMetadata, which esbuild does not), and esbuild bundles an app's entry with every
// workspace package (@closetly/*) inside and every npm package left outside, to be required from
// node_modules. Beside each bundle go:
//   main.js.map        the source map (run with --enable-source-maps for TypeScript stack traces);
//   migrations/<name>/ the Drizzle migrations of each schema the app owns (libs/server migrationsFolder);
//   packages.json      the npm packages the bundle requires (from esbuild's metafile; EMBEDDED_ONLY ones left
//                      out of a distributed app's) and every package-lock location they need in turn:
//                      what the app's image holds (deploy/docker/Dockerfile);
//   .inputs-hash       a hash of every source file, so a build is redone only when one changed.
//
// `--check` prints which bundles are stale and exits 1 if any is.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const require = createRequire(join(root, 'package.json'));

/** Every server app: apps/<app>/src/main.ts. */
export const SERVICE_APPS = ['all-in-one', 'gateway', 'identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention', 'pages'];
/** The processes of the distributed mode (deploy/local/distributed-product.ts, one image each). */
export const DISTRIBUTED_APPS = SERVICE_APPS.filter((app) => app !== 'all-in-one');

/**
 * Packages only the embedded mode loads (libs/server/src/db/database.ts requires PGlite on first use):
 * a distributed app's image leaves them out. deploy/test/service-bundles.e2e-spec.ts runs each bundle
 * with them refused, so a distributed path that reached one would fail there, not in a container.
 */
export const EMBEDDED_ONLY = ['@electric-sql/pglite'];

/** What the build reads besides the sources: a change to one rebuilds every bundle. */
const BUILD_INPUTS = ['scripts/build-services.mjs', '.swcrc', 'package.json', 'package-lock.json'];

const bundleDir = (app) => join(root, 'dist', 'apps', app);
const hashFile = (app) => join(bundleDir(app), '.inputs-hash');

/** Every file under the source folders of the apps and libraries (tests and specs included: cheap, and never wrong). */
function sourceFiles() {
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  for (const group of ['apps', 'libs']) {
    for (const name of readdirSync(join(root, group))) {
      if (group === 'apps' && name === 'web') continue;
      const src = join(root, group, name, 'src');
      if (existsSync(src)) walk(src);
      const manifest = join(root, group, name, 'package.json');
      if (existsSync(manifest)) files.push(manifest);
    }
  }
  return files.sort();
}

/**
 * One hash of every input's path and contents: content, not modification times, so a fresh checkout
 * or a `git stash` round trip does not rebuild for nothing. Hashing ~1,000 files takes tens of milliseconds.
 */
export function inputsHash() {
  const hash = createHash('sha256');
  for (const path of [...sourceFiles(), ...BUILD_INPUTS.map((file) => join(root, file))]) {
    hash.update(relative(root, path).split(sep).join('/')).update('\0').update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}

/** The apps whose bundle is missing or was built from other sources. */
export function staleApps(apps = SERVICE_APPS, hash = inputsHash()) {
  return apps.filter((app) => !existsSync(join(bundleDir(app), 'main.js')) || !existsSync(hashFile(app)) || readFileSync(hashFile(app), 'utf8') !== hash);
}

/** swc's options: .swcrc's (legacy decorators with metadata, class names kept), emitting ES modules for esbuild to link. */
let swcrc;
function swcOptions(filename) {
  const rc = (swcrc ??= JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8')));
  return {
    filename,
    swcrc: false,
    jsc: { ...rc.jsc, parser: { ...rc.jsc.parser, tsx: filename.endsWith('.tsx') } },
    module: { type: 'es6' },
    sourceMaps: true,
  };
}

/** esbuild plugin: npm packages stay outside the bundle, workspace packages go in, TypeScript goes through swc. */
function servicePlugin(swc) {
  return {
    name: 'closetly-service',
    setup(build) {
      // A bare specifier: a workspace package is resolved (through its node_modules link) and bundled;
      // any other, npm packages and Node's built-ins, is required at run time.
      build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@closetly/') ? undefined : { path: args.path, external: true }));
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        const source = readFileSync(args.path, 'utf8');
        const output = await swc.transform(source, swcOptions(args.path));
        // The map rides inline so esbuild chains it into the bundle's map.
        const map = Buffer.from(output.map).toString('base64');
        return { contents: `${output.code}\n//# sourceMappingURL=data:application/json;base64,${map}`, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/** The npm package a bare import names: `pg`, `@nestjs/core`, `kafkajs/package.json` -> `kafkajs`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Every package-lock.json location (`node_modules/pg`, `node_modules/x/node_modules/y`) that `names`
 * need at run time: each package, its dependencies and optional dependencies and its required peers,
 * found as Node finds them (the nearest node_modules up the tree). Optional peers are left out: a
 * package reaches one only when the app itself requires it, and then it is among `names`.
 */
export function installedClosure(lock, names) {
  const { packages } = lock;
  const resolveFrom = (from, name) => {
    for (let base = from; ; ) {
      const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!base) return null;
      const at = base.lastIndexOf('/node_modules/');
      base = at === -1 ? '' : base.slice(0, at);
    }
  };
  const seen = new Set();
  const visit = (location) => {
    if (seen.has(location)) return;
    seen.add(location);
    const entry = packages[location];
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const needs = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
    ];
    for (const name of needs) {
      const found = resolveFrom(location, name);
      // An optional dependency for another platform is not in the lock of this one.
      if (found) visit(found);
    }
  };
  for (const name of names) {
    const location = resolveFrom('', name);
    if (!location) throw new Error(`${name} is required by a bundle but not in package-lock.json`);
    if (packages[location].link) throw new Error(`${name} is a workspace package: it belongs inside the bundle`);
    visit(location);
  }
  return [...seen].sort();
}

/** Builds one app's bundle, its migrations and its package list. */
async function buildApp(app, { esbuild, swc, hash }) {
  // Built beside the old bundle and swapped in at the end: a process starting meanwhile (a test file
  // beside this build) runs the old bundle or the new one, never a half-written folder. Same depth as
  // the final folder, so the source map's relative paths hold after the swap.
  const out = join(dirname(bundleDir(app)), `.${app}.building-${process.pid}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(root, 'apps', app, 'src', 'main.ts')],
    outfile: join(out, 'main.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    // Stack traces need the mappings only; the sources' text would double what --enable-source-maps holds in memory.
    sourcesContent: false,
    // Nest names providers by their class; keep the names as written.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [servicePlugin(swc)],
  });
  const { inputs, outputs } = result.metafile;
  // Each schema the bundle owns: a bundled `apps/<schema>/src/<schema>.module.ts` with a db/migrations folder beside it.
  const schemas = SERVICE_APPS.filter((name) => existsSync(join(root, 'apps', name, 'src', 'db', 'migrations')) && `apps/${name}/src/${name}.module.ts` in inputs);
  for (const schema of schemas) cpSync(join(root, 'apps', schema, 'src', 'db', 'migrations'), join(out, 'migrations', schema), { recursive: true });
  const bundle = Object.values(outputs).find((output) => output.entryPoint);
  const builtins = new Set(require('node:module').builtinModules);
  const packages = [...new Set(bundle.imports.filter((entry) => entry.external).map((entry) => entry.path))]
    .filter((path) => !path.startsWith('node:') && !builtins.has(path))
    .map(packageOf);
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const rootManifest = lock.packages[''];
  const leftOut = app === 'all-in-one' ? [] : EMBEDDED_ONLY.filter((name) => packages.includes(name));
  const dependencies = Object.fromEntries(
    [...new Set(packages)].filter((name) => !leftOut.includes(name)).sort().map((name) => [name, rootManifest.dependencies?.[name] ?? rootManifest.devDependencies?.[name] ?? lock.packages[`node_modules/${name}`]?.version ?? '*']),
  );
  const installed = installedClosure(lock, Object.keys(dependencies));
  writeFileSync(join(out, 'packages.json'), `${JSON.stringify({ app, schemas, dependencies, leftOut, installed }, null, 2)}\n`);
  writeFileSync(join(out, '.inputs-hash'), hash);
  const old = `${out}-old`;
  if (existsSync(bundleDir(app))) renameSync(bundleDir(app), old);
  renameSync(out, bundleDir(app));
  rmSync(old, { recursive: true, force: true });
  return { app, bytes: statSync(join(bundleDir(app), 'main.js')).size, packages: Object.keys(dependencies).length, schemas };
}

const lockDir = join(root, 'dist', 'apps', '.building');

/**
 * Holds dist/apps/.building while `work` runs: test files started in parallel each ask for fresh
 * bundles, and only one of them may write. A lock left by a process that died is taken over.
 */
async function withBuildLock(work) {
  mkdirSync(dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
      } catch {
        // Not written yet: the holder has just taken it.
      }
      if (Number.isInteger(holder) && !isAlive(holder)) rmSync(lockDir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Builds the given apps' bundles when stale (all of them by default); returns the apps it built. */
export async function buildServicesIfStale(apps = SERVICE_APPS, { log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const hash = inputsHash();
  if (staleApps(apps, hash).length === 0) return [];
  // Another process may have built them while this one waited for the lock: ask again inside it.
  return withBuildLock(() => buildStale(apps, hash, log));
}

async function buildStale(apps, hash, log) {
  const stale = staleApps(apps, hash);
  if (stale.length === 0) return [];
  log(`Building ${stale.join(', ')}...`);
  const esbuild = require('esbuild');
  const swc = require('@swc/core');
  const started = Date.now();
  const built = await Promise.all(stale.map((app) => buildApp(app, { esbuild, swc, hash })));
  for (const { app, bytes, packages, schemas } of built) {
    log(`  dist/apps/${app}/main.js  ${(bytes / 1024).toFixed(0)} KB, ${packages} npm packages${schemas.length ? `, migrations of ${schemas.join(', ')}` : ''}`);
  }
  log(`Built ${built.length} bundle(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stale;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const apps = args.filter((arg) => !arg.startsWith('--'));
  const unknown = apps.filter((app) => !SERVICE_APPS.includes(app));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown app(s): ${unknown.join(', ')}; one of ${SERVICE_APPS.join(', ')}\n`);
    process.exit(2);
  }
  if (args.includes('--check')) {
    const stale = staleApps(apps.length ? apps : SERVICE_APPS);
    process.stdout.write(stale.length ? `stale: ${stale.join(', ')}\n` : 'every bundle is fresh\n');
    process.exit(stale.length ? 1 : 0);
  }
  if (args.includes('--force')) for (const app of apps.length ? apps : SERVICE_APPS) rmSync(hashFile(app), { force: true });
  await buildServicesIfStale(apps.length ? apps : SERVICE_APPS);
}
