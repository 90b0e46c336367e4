#!/usr/bin/env node
// `npm test`: every check the project has, in order, failing fast.
//   1. lint (ESLint with Nx module boundaries)   2. typecheck (Node and browser programs)
//   3. build the SPA and the extension (the browser tests drive the built app, and load the built extension)
//   4. start Kafka and OpenSearch if they are not running (deploy/local/infra.mjs)
//   5. jest: unit, integration (real engines and their embedded twins), e2e (gateway + Chromium), two files
//      at a time (each product has its own database, search alias, cache prefix and Kafka consumer groups)
//   6. stop the engines this run started, and only those
// Ends with a plain "tests: N passed, N failed, N skipped" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { down, up } from '../deploy/local/infra.mjs';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const timings = [];

function run(label, command, args, env = {}) {
  const started = Date.now();
  process.stderr.write(`\n=== ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false', ...env } });
  timings.push([label, (Date.now() - started) / 1000]);
  if (result.status !== 0) {
    process.stderr.write(`\n${label} failed (exit ${result.status ?? result.signal}).\n`);
    return false;
  }
  return true;
}

function report() {
  process.stderr.write('\n' + timings.map(([label, seconds]) => `  ${label.padEnd(28)} ${seconds.toFixed(1)} s`).join('\n') + '\n');
}

const jestArgs = process.argv.slice(2);
const ok =
  run('lint', bin('nx'), ['show', 'projects'], {}) &&
  run('lint', bin('eslint'), ['.', '--max-warnings', '0']) &&
  run('typecheck (node)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']) &&
  run('typecheck (browser)', bin('tsc'), ['-p', 'apps/web/tsconfig.json', '--noEmit']) &&
  run('typecheck (extension)', bin('tsc'), ['-p', 'extension/tsconfig.json', '--noEmit']) &&
  run('build web', bin('vite'), ['build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn']) &&
  run('build extension', process.execPath, ['-r', '@swc-node/register', 'extension/build.ts']);
if (!ok) {
  report();
  process.exit(1);
}

process.stderr.write('\n=== engines\n');
const engineStart = Date.now();
const engines = await up([]);
timings.push(['engines up', (Date.now() - engineStart) / 1000]);

let exitCode = 1;
try {
  mkdirSync(join(root, 'test-output'), { recursive: true });
  const resultsFile = join(root, 'test-output', 'jest-results.json');
  // Three workers on two cores: the end-to-end suites spend much of their time waiting on Kafka, the engines and
  // the browser, so a third file fills those gaps (measured here: 610 s for the suite, 762 s with two workers before two suites were trimmed).
  const passed = run(
    'jest',
    process.execPath,
    ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', bin('jest'), '--ci', '--maxWorkers=3', '--json', `--outputFile=${resultsFile}`, ...jestArgs],
    {},
  );
  exitCode = passed ? 0 : 1;
  try {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`);
    if (results.numTotalTests === 0) exitCode = 1;
  } catch {
    process.stdout.write('\ntests: 0 passed, 1 failed\n');
    exitCode = 1;
  }
} finally {
  if (engines.started.length > 0) await down(engines.started);
  report();
}
process.exit(exitCode);
