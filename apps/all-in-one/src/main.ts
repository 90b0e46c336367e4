// First: starts preparing PGlite before the rest of the product is loaded (see load-pglite-early.ts).
import './load-pglite-early';
import { DEMO_BETA_CODE } from '@closetly/identity';
import { DEMO_PASSWORD, describeSeed } from './demo/demo-seeder';
import { startEmbeddedApp } from './embedded-app';

/** `npm start`: the whole product in one process on its embedded engines. */
async function main(): Promise<void> {
  const started = Date.now();
  const { url, closeOnSignals, demoSeed } = await startEmbeddedApp();
  closeOnSignals();
  const usesDemoCode = !process.env.BETA_CODES;
  process.stdout.write(
    `\n  Closetly is running at ${url.replace('127.0.0.1', 'localhost')}  (embedded mode, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)\n` +
      (usesDemoCode ? `  Beta access code: ${DEMO_BETA_CODE}\n` : '') +
      (demoSeed.seeded ? `  ${describeSeed(demoSeed.report)}\n  Demo shoppers (e.g. ava.chen@example.com) sign in with the password ${DEMO_PASSWORD}\n` : '') +
      '\n',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
