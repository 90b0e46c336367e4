#!/usr/bin/env node
// `npm test`: every check the project has, failing fast.
//   1. Kafka and OpenSearch start, if they are not running (deploy/local/infra.mjs), while steps 2 and 3 run:
//   2. lint (ESLint with Nx module boundaries) beside the Node typecheck, then
//   3. the browser and extension typechecks beside the builds of the SPA, the extension and the services' bundles
//      (the browser tests drive the built app and load the built extension; distributed products run the bundles).
//      Two at a time: the machines have two cores.
//   4. jest: unit, integration (real engines and their embedded twins), e2e (gateway + Chromium), three files
//      at a time (each product has its own database, search alias, cache prefix and Kafka consumer groups)
//   5. stop the engines this run started, and only those
// Ends with a plain "tests: N passed, N failed, N skipped" line.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { down, up } from '../deploy/local/infra.mjs';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const timings = [];
const childEnv = (env) => ({ ...process.env, NX_DAEMON: 'false', ...env });

/** Runs a command in the foreground, its output streamed as it comes. */
function run(label, command, args, env = {}) {
  const started = Date.now();
  process.stderr.write(`\n=== ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: childEnv(env) });
  timings.push([label, (Date.now() - started) / 1000]);
  if (result.status !== 0) {
    process.stderr.write(`\n${label} failed (exit ${result.status ?? result.signal}).\n`);
    return false;
  }
  return true;
}

/** Runs a command beside others, holding its output until it ends so that steps never interleave. */
function step(label, command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv(env) });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (ok, why) => {
      timings.push([label, (Date.now() - started) / 1000]);
      process.stderr.write(`\n=== ${label}\n${Buffer.concat(output).toString()}`);
      if (!ok) process.stderr.write(`\n${label} failed (${why}).\n`);
      resolve(ok);
    };
    child.on('error', (error) => finish(false, error.message));
    child.on('close', (code, signal) => finish(code === 0, `exit ${code ?? signal}`));
  });
}

/** Steps one after another, stopping at the first that fails. */
async function lane(...steps) {
  for (const next of steps) if (!(await next())) return false;
  return true;
}

/**
 * A broker started from an empty folder creates its consumer-offsets topic on the first group join. Doing that
 * here, once, keeps it out of the first test files' product starts, which otherwise all wait on it together
 * while the CPU is at its busiest (a first distributed start once ran past its two minutes).
 */
async function warmKafka() {
  const started = Date.now();
  const { Kafka, logLevel } = require('kafkajs');
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
  const kafka = new Kafka({ clientId: 'closetly-test-warm-up', brokers, logLevel: logLevel.NOTHING });
  const groupId = `closetly-test-warm-up-${process.pid}`;
  const topic = groupId;
  const admin = kafka.admin();
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  try {
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
    const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
    await consumer.connect();
    await consumer.subscribe({ topics: [topic] });
    await consumer.run({ eachMessage: async () => undefined });
    await Promise.race([joined, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  } catch (error) {
    process.stderr.write(`kafka warm-up failed (the tests will wait instead): ${error.message}\n`);
  } finally {
    await consumer.disconnect().catch(() => undefined);
    await admin.deleteGroups([groupId]).catch(() => undefined);
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect().catch(() => undefined);
  }
  timings.push(['kafka warm-up', (Date.now() - started) / 1000]);
}

function report() {
  process.stderr.write('\n' + timings.map(([label, seconds]) => `  ${label.padEnd(28)} ${seconds.toFixed(1)} s`).join('\n') + '\n');
}

const jestArgs = process.argv.slice(2);
const engineStart = Date.now();
const enginesUp = up([]).then((engines) => {
  timings.push(['engines up', (Date.now() - engineStart) / 1000]);
  return engines;
});
const both = async (...lanes) => (await Promise.all(lanes)).every(Boolean);
const ok =
  (await both(
    lane(() => step('nx project graph', bin('nx'), ['show', 'projects']), () => step('lint', bin('eslint'), ['.', '--max-warnings', '0'])),
    lane(() => step('typecheck (node)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit'])),
  )) &&
  (await both(
    lane(
      () => step('typecheck (browser)', bin('tsc'), ['-p', 'apps/web/tsconfig.json', '--noEmit']),
      () => step('typecheck (extension)', bin('tsc'), ['-p', 'extension/tsconfig.json', '--noEmit']),
    ),
    lane(
      () => step('build web', bin('vite'), ['build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn']),
      () => step('build extension', process.execPath, ['-r', '@swc-node/register', 'extension/build.ts']),
      // The services' bundles: every distributed product the tests start runs them (no TypeScript compile per process).
      () => step('build services', process.execPath, ['scripts/build-services.mjs']),
    ),
  ));

process.stderr.write('\n=== engines\n');
const engines = await enginesUp;
if (ok) await warmKafka();
if (!ok) {
  if (engines.started.length > 0) await down(engines.started);
  report();
  process.exit(1);
}

let exitCode = 1;
try {
  mkdirSync(join(root, 'test-output'), { recursive: true });
  const resultsFile = join(root, 'test-output', 'jest-results.json');
  // Three workers on two cores: the end-to-end suites spend part of their time waiting on Kafka, the engines and
  // the browser, so a third file fills those gaps; with three the CPU is busy throughout (490 s for the suite here).
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
