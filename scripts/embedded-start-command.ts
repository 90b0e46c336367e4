import { join } from 'node:path';
import { NATIVE_MEMORY_ENV } from '@closetly/server';
import { buildBundles } from '../deploy/local/distributed-product';

const ROOT = join(__dirname, '..');

/**
 * What `npm start` runs (scripts/start.mjs), for the benches that time and weigh it: the embedded product's
 * compiled bundle, built first when stale (scripts/build-services.mjs), with the malloc settings the start
 * script adds to the child's environment (NATIVE_MEMORY_ENV).
 */
export function embeddedStartCommand(): { command: string; args: string[]; env: Record<string, string> } {
  buildBundles(ROOT, ['all-in-one']);
  return { command: process.execPath, args: ['--enable-source-maps', join(ROOT, 'dist', 'apps', 'all-in-one', 'main.js')], env: { ...NATIVE_MEMORY_ENV } };
}
