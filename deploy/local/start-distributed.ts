import { join } from 'node:path';
import { startDistributedProduct } from './distributed-product';

/** `npm run start:distributed` (after the engines are up): every service its own process, the gateway on :8080. */
async function main(): Promise<void> {
  const started = Date.now();
  const product = await startDistributedProduct({
    root: join(__dirname, '..', '..'),
    env: { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/closetly' },
    gatewayPort: Number(process.env.PORT ?? 8080),
    rpcPortBase: 4100,
    httpPortBase: 4200,
    output: 'inherit',
  });
  process.stdout.write(`\n  Closetly (distributed mode) is running at ${product.baseUrl.replace('127.0.0.1', 'localhost')}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n\n`);
  const shutdown = () => void product.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
