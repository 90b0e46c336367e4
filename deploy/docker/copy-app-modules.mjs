// Used by deploy/docker/Dockerfile (bundle stage), run from the folder that holds a complete
// `npm ci` install and the app's bundle (scripts/build-services.mjs):
//
//   node deploy/docker/copy-app-modules.mjs <app> <out>
//
// Copies into <out> what the app's image holds: dist/apps/<app> (its bundle, source map and
// migrations) and, from node_modules, only the packages its bundle requires and what they need in
// turn, at the lock's versions (the `installed` list in dist/apps/<app>/packages.json). An optional
// package for another platform is in that list but not installed here, and is skipped.
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [app, out] = process.argv.slice(2);
if (!app || !out) throw new Error('usage: node deploy/docker/copy-app-modules.mjs <app> <out>');
const bundle = join('dist', 'apps', app);
const { dependencies, installed } = JSON.parse(readFileSync(join(bundle, 'packages.json'), 'utf8'));

cpSync(bundle, join(out, bundle), { recursive: true });
// A nested location (node_modules/a/node_modules/b) is copied with its own folder; its parent's
// copy skips nested node_modules so that only listed packages go in.
let copied = 0;
for (const location of installed) {
  if (!existsSync(location)) continue;
  cpSync(location, join(out, location), {
    recursive: true,
    // Files, not links: a workspace checkout may link node_modules elsewhere.
    dereference: true,
    filter: (source) => !source.slice(location.length).includes('/node_modules'),
  });
  copied += 1;
}
// Fail the build, not the first start, when a package the bundle requires did not make it.
const missing = Object.keys(dependencies).filter((name) => !existsSync(join(out, 'node_modules', name, 'package.json')));
if (missing.length > 0) throw new Error(`${app}'s image would lack ${missing.join(', ')}`);
process.stdout.write(`${app}: ${copied} packages for ${Object.keys(dependencies).length} required by the bundle\n`);
