import { join } from 'node:path';
import { keptSecrets } from '@closetly/server';
import { startDistributedProduct } from './distributed-product';

/**
 * The signing keys every distributed process requires. The processes never
 * invent them; this launcher (a developer's machine) hands each one the same
 * explicit values: the environment's, else those kept in DATA_DIR/secrets.json
 * (generated on first start, mode 0600), as `npm start` does.
 */
const SIGNING_SECRETS = ['AUTH_JWT_SECRET', 'BETA_TOKEN_SECRET', 'UNSUBSCRIBE_TOKEN_SECRET'] as const;

/** `--replicas N` (default 1): how many of each process to run. */
export function replicasFromArgs(args: readonly string[]): number {
  const at = args.findIndex((arg) => arg === '--replicas' || arg.startsWith('--replicas='));
  if (at === -1) return 1;
  const value = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
  const replicas = Number(value);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 4) throw new Error(`--replicas takes a whole number from 1 to 4, not ${value ?? 'nothing'}`);
  return replicas;
}

/** `npm run start:distributed` (after the engines are up): every service its own process, the gateway on :8080 (and :8081.. with replicas). */
async function main(): Promise<void> {
  const replicas = replicasFromArgs(process.argv.slice(2));
  const started = Date.now();
  const root = join(__dirname, '..', '..');
  const dataDir = process.env.DATA_DIR || join(root, 'data');
  const secrets = await keptSecrets({ dataDir, names: SIGNING_SECRETS, env: process.env });
  const product = await startDistributedProduct({
    root,
    env: { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/closetly', DATA_DIR: dataDir, ...secrets },
    gatewayPort: Number(process.env.PORT ?? 8080),
    rpcPortBase: 4100,
    httpPortBase: 4200,
    // /metrics: the gateway on 4300, the services on 4301-4307 (4350.. for second replicas).
    metricsPortBase: Number(process.env.METRICS_PORT_BASE ?? 4300),
    output: 'inherit',
    replicas,
    // A crashed service comes back by itself, with backoff, as under a process manager.
    supervise: { log: (line) => process.stderr.write(`${line}\n`) },
  });
  const urls = product.gatewayUrls.map((url) => url.replace('127.0.0.1', 'localhost')).join(' and ');
  process.stdout.write(`\n  Closetly (distributed mode, ${replicas} of each process) is running at ${urls}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n\n`);
  const shutdown = () => void product.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
