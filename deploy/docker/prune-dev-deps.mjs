// Used by deploy/docker/Dockerfile (runtime-deps stage), run from the folder
// that holds package.json and a complete `npm ci` install.
//
// Deletes every package that only devDependencies need, except the tools the
// image starts the apps with: server TypeScript runs directly through
// `node -r @swc-node/register`, and that loader, @swc/core (its compiler) and
// typescript (which it uses to read tsconfig.json) are devDependencies in
// package.json. `npm prune --omit=dev` would delete them, so this script asks
// npm which installed packages are dev-only and keeps those tools with
// everything they depend on.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const RUNTIME_TOOLS = ['@swc-node/register', '@swc/core', 'typescript'];

/** `npm query` answers with the installed tree's nodes; `location` is relative to the root. */
function query(selector) {
  const output = execFileSync('npm', ['query', selector], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(output);
}

// `#name` is a package by name; `#name *` is everything in its dependency tree.
const toolSelector = RUNTIME_TOOLS.flatMap((name) => [`#${name}`, `#${name} *`]).join(', ');
const keep = new Set(query(toolSelector).map((node) => node.location));
for (const name of RUNTIME_TOOLS) {
  if (![...keep].some((location) => location === `node_modules/${name}`)) {
    throw new Error(`${name} is not installed: the image could not start TypeScript entries`);
  }
}

// A kept package may be nested inside a dev-only one's folder: leave that folder alone.
const holdsKept = (location) => [...keep].some((kept) => kept === location || kept.startsWith(`${location}/`));
// `dev` is npm's own flag (as in package-lock.json): only devDependencies reach this package.
// (The `.dev` selector is not the same thing: it also matches packages production code needs.)
const devOnly = query('*').filter(
  (node) => node.dev === true && node.location.startsWith('node_modules/') && !node.isLink && !holdsKept(node.location),
);
for (const node of devOnly) rmSync(node.location, { recursive: true, force: true });
rmSync('node_modules/.cache', { recursive: true, force: true });

process.stdout.write(`removed ${devOnly.length} dev-only packages, kept ${keep.size} for ${RUNTIME_TOOLS.join(', ')}\n`);
