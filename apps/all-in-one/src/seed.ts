import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadReseedConfig } from './config';
import { describeSeed } from './demo/demo-seeder';
import { reseedRefusal } from './demo/seed-policy';
import { startEmbeddedApp } from './embedded-app';
import { runningProcess } from './running-marker';

/**
 * `npm run seed [-- --force]`: wipes the embedded database under DATA_DIR
 * (DATA_DIR/pglite, and DATA_DIR/mail: e-mails to accounts that are gone)
 * and seeds the demo catalogue again. DATA_DIR/secrets.json stays, so beta
 * tokens and signing keys survive. Refuses while a product runs on that data
 * directory, and for production or distributed settings unless forced; it
 * never touches a distributed database.
 */
async function main(): Promise<void> {
  const config = loadReseedConfig();
  const force = process.argv.slice(2).includes('--force');
  const refusal = reseedRefusal({ nodeEnv: config.NODE_ENV, mode: config.CLOSETLY_MODE, dataDir: config.DATA_DIR }, force);
  if (refusal) return fail(`npm run seed refused: ${refusal}.`);
  const running = runningProcess(config.DATA_DIR);
  if (running !== null) return fail(`npm run seed refused: Closetly is running on ${resolve(config.DATA_DIR)} (process ${running}). Stop it first.`);

  process.stdout.write(`Wiping the embedded database in ${resolve(config.DATA_DIR)} (secrets.json is kept)...\n`);
  await rm(join(config.DATA_DIR, 'pglite'), { recursive: true, force: true });
  await rm(join(config.DATA_DIR, 'mail'), { recursive: true, force: true });
  const app = await startEmbeddedApp({
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    CLOSETLY_MODE: 'embedded',
    SEED_DEMO_CATALOGUE: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  try {
    process.stdout.write('Seeding the demo catalogue...\n');
    process.stdout.write(`${describeSeed(await app.seedDemoCatalogue())}\n`);
  } finally {
    await app.close();
  }
}

function fail(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
