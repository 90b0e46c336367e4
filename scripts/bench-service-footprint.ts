import { RUNTIME_MODES } from '@closetly/all-in-one/testing';
import { cpuSeconds, rssMb } from './bench-processes';

/**
 * Each distributed process's idle resident memory and the CPU its start took, run from its compiled
 * bundle (dist/apps/<app>/main.js, what `npm run start:distributed` and the images run) and, as the
 * reference in the same run, from its TypeScript through swc-node (RUN_FROM_SOURCE=true). Both
 * products start on the same engines; each process is read from /proc once every process is ready
 * and the product has sat idle for IDLE_SECONDS.
 */
const IDLE_SECONDS = Number(process.env.BENCH_FOOTPRINT_IDLE_SECONDS ?? 10);
/** Issue 28: each distributed service at most this resident when idle. */
const TARGET_MIB = 150;

interface Footprint {
  /** Seconds from launch until every process reported ready. */
  readySeconds: number;
  /** By process name: resident MiB when idle, and the user+system CPU seconds it had spent by then (its start, mostly). */
  processes: Map<string, { rssMib: number; cpuSeconds: number }>;
}

async function measure(fromSource: boolean): Promise<Footprint> {
  const distributed = RUNTIME_MODES.find((mode) => mode.name === 'distributed');
  if (!distributed) throw new Error('no distributed runtime mode');
  if (fromSource) process.env.RUN_FROM_SOURCE = 'true';
  else delete process.env.RUN_FROM_SOURCE;
  const started = performance.now();
  const product = await distributed.start({ LOG_LEVEL: 'error' });
  const readySeconds = (performance.now() - started) / 1000;
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const processes = new Map<string, { rssMib: number; cpuSeconds: number }>();
    for (const [name, child] of product.processes?.processes ?? []) {
      if (child.pid !== undefined) processes.set(name, { rssMib: rssMb(child.pid), cpuSeconds: cpuSeconds(child.pid) });
    }
    return { readySeconds, processes };
  } finally {
    await product.stop();
    delete process.env.RUN_FROM_SOURCE;
  }
}

export async function benchServiceFootprint(): Promise<Array<[string, boolean]>> {
  process.stdout.write(`\nDistributed processes: resident memory and CPU spent (start, then ${IDLE_SECONDS} s idle), bundle vs swc-node\n`);
  // The bundles first: their build (when stale) is not part of either start.
  const bundled = await measure(false);
  const source = await measure(true);
  process.stdout.write(`  ${'process'.padEnd(10)} ${'bundle RSS'.padStart(11)} ${'swc-node RSS'.padStart(13)} ${'ratio'.padStart(6)} ${'bundle CPU'.padStart(11)} ${'swc-node CPU'.padStart(13)}\n`);
  for (const [name, own] of bundled.processes) {
    const reference = source.processes.get(name);
    process.stdout.write(
      `  ${name.padEnd(10)} ${`${own.rssMib.toFixed(0)} MiB`.padStart(11)} ${`${reference?.rssMib.toFixed(0) ?? '?'} MiB`.padStart(13)} ${(reference ? own.rssMib / reference.rssMib : Number.NaN).toFixed(2).padStart(6)} ${`${own.cpuSeconds.toFixed(1)} s`.padStart(11)} ${`${reference?.cpuSeconds.toFixed(1) ?? '?'} s`.padStart(13)}\n`,
    );
  }
  process.stdout.write(`  every process ready in ${bundled.readySeconds.toFixed(1)} s from bundles, ${source.readySeconds.toFixed(1)} s from swc-node (all eight starting at once on this machine)\n`);
  const services = [...bundled.processes].filter(([name]) => name !== 'gateway');
  const largest = Math.max(...services.map(([, own]) => own.rssMib));
  return [
    [`every distributed service idle ≤ ${TARGET_MIB} MiB resident from its bundle (largest ${largest.toFixed(0)} MiB)`, largest <= TARGET_MIB],
    [`bundles start with less CPU than swc-node (${sum(bundled).toFixed(1)} s vs ${sum(source).toFixed(1)} s for all eight)`, sum(bundled) < sum(source)],
  ];
}

const sum = (footprint: Footprint): number => [...footprint.processes.values()].reduce((total, own) => total + own.cpuSeconds, 0);
