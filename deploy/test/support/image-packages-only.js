// Preloaded (`node -r`) into a bundle's process by deploy/test/service-bundles.e2e-spec.ts: the process
// may load only what its image holds. A package the bundle requires must be in its packages.json
// `dependencies`, and a package left out of the image (`leftOut`, e.g. PGlite) may not load at all,
// from anywhere: the host's node_modules has everything, a container does not.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const bundle = process.argv[1];
const { dependencies, leftOut } = JSON.parse(readFileSync(join(dirname(bundle), 'packages.json'), 'utf8'));
const packageOf = (request) => request.split('/').slice(0, request.startsWith('@') ? 2 : 1).join('/');
const isBare = (request) => !request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:') && !Module.isBuiltin(request);

const load = Module._load;
Module._load = function loadFromImage(request, parent, isMain) {
  if (isBare(request)) {
    const name = packageOf(request);
    if (leftOut.includes(name)) throw new Error(`${name} is not in this image (packages.json leftOut), yet ${parent?.filename ?? 'the process'} loads it`);
    if (parent?.filename === bundle && !Object.hasOwn(dependencies, name)) throw new Error(`the bundle requires ${name}, which its packages.json does not list`);
  }
  return load.call(this, request, parent, isMain);
};
