// Container health check for the Closetly image (no curl in a slim image).
//
//   node deploy/docker/healthcheck.mjs [url]
//
// With a URL it checks that URL. Without one it checks the running app's
// liveness endpoint, /health, on the port that app's config reads: PORT for
// the gateway, <APP>_HTTP_PORT for a service (APP names the app, as in the
// image's start command), falling back to the defaults in apps/*/src/config.ts.
// Exit 0 when the answer is 2xx, 1 otherwise.
//
//   node deploy/docker/healthcheck.mjs --print-url   prints the URL it would check

/** Default HTTP ports from apps/<app>/src/config.ts; deploy/test/deploy-config.spec.ts keeps them in step. */
const DEFAULT_PORTS = {
  gateway: 8080,
  identity: 4201,
  catalogue: 4202,
  wardrobe: 4203,
  profile: 4204,
  search: 4205,
  retention: 4206,
  pages: 4207,
};

function defaultUrl(env) {
  const app = env.APP ?? '';
  if (!(app in DEFAULT_PORTS)) throw new Error(`APP must be one of ${Object.keys(DEFAULT_PORTS).join(', ')}; got "${app}"`);
  const portVariable = app === 'gateway' ? 'PORT' : `${app.toUpperCase()}_HTTP_PORT`;
  const bound = (app === 'gateway' ? env.HOST : env.HTTP_HOST) ?? '127.0.0.1';
  // A wildcard bind answers on loopback; a specific address must be asked on that address.
  const host = ['0.0.0.0', '::', '[::]', ''].includes(bound) ? '127.0.0.1' : bound;
  const port = env[portVariable] || String(DEFAULT_PORTS[app]);
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/health`;
}

const args = process.argv.slice(2);
const printOnly = args.includes('--print-url');
const url = args.find((arg) => !arg.startsWith('--')) ?? defaultUrl(process.env);

if (printOnly) {
  process.stdout.write(`${url}\n`);
} else {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(4_000) });
    process.exit(response.ok ? 0 : 1);
  } catch {
    process.exit(1);
  }
}
