import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPublicUrl } from '@closetly/server';

/** Every process of the distributed mode, with the variables that place it. */
export const DISTRIBUTED_SERVICES = ['identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention', 'pages'] as const;

export interface DistributedProductOptions {
  /** Repository root. */
  root: string;
  /** Settings for every process (DATABASE_URL, KAFKA_BROKERS, REDIS_URL, OPENSEARCH_URL, LOG_LEVEL, ...). */
  env: Record<string, string | undefined>;
  /** Gateway port; services take rpcPortBase+1.. for RPC and httpPortBase+1.. for health. */
  gatewayPort: number;
  rpcPortBase: number;
  httpPortBase: number;
  /**
   * Where each process's output (its JSON log lines and anything else it prints) goes: the
   * parent's terminal, nowhere, or appended to `<dir>/<process>.log`.
   */
  output: 'inherit' | 'ignore' | { dir: string };
  readyTimeoutMs?: number;
  /**
   * Restart a process that exits on its own (a crash, an engine it could not survive), as a
   * process manager would: after 1 s, doubling up to 30 s while it keeps failing within a minute
   * of starting, each restart logged. `npm run start:distributed` sets it; tests that crash a
   * process on purpose leave it off.
   */
  supervise?: { log(line: string): void };
}

/** The supervisor's wait before restarting a process that failed `failures` times in a row. */
export function restartDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

export interface DistributedProduct {
  baseUrl: string;
  processes: Map<string, ChildProcess>;
  /** Kills one process at once (SIGKILL: no shutdown, no draining), as a crash would. */
  crash(name: string): Promise<void>;
  /** Starts a stopped or crashed process again with its settings, and waits until the gateway reports every service ready. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the distributed mode: each service as its own process (TCP RPC,
 * Kafka, PostgreSQL, Redis, OpenSearch) plus the gateway, then waits until
 * the gateway reports every service ready. Used by `npm run start:distributed`
 * and by the tests that prove the TCP round trips.
 */
export async function startDistributedProduct(options: DistributedProductOptions): Promise<DistributedProduct> {
  const addresses: Record<string, string> = {};
  DISTRIBUTED_SERVICES.forEach((service, index) => {
    addresses[`${service.toUpperCase()}_RPC`] = `127.0.0.1:${options.rpcPortBase + index + 1}`;
  });
  const shared: Record<string, string | undefined> = { ...process.env, ...options.env, ...addresses, CLOSETLY_MODE: 'distributed', NODE_OPTIONS: '' };
  // Every process builds links from PUBLIC_URL; unset, it is the gateway's own port here, not 8080.
  shared.PUBLIC_URL = defaultPublicUrl({ PUBLIC_URL: shared.PUBLIC_URL, PORT: String(options.gatewayPort) });
  const processes = new Map<string, ChildProcess>();
  let stopping = false;
  /** Processes a caller ended on purpose (crash()): not restarted by the supervisor. */
  const deliberate = new WeakSet<ChildProcess>();
  /** Consecutive quick failures per process (reset by a run that lasted a minute). */
  const failures = new Map<string, number>();
  const restartTimers = new Set<NodeJS.Timeout>();
  const settings = new Map<string, Record<string, string | undefined>>();
  const { output } = options;
  if (typeof output === 'object') mkdirSync(output.dir, { recursive: true });
  const launch = (name: string, env: Record<string, string | undefined>) => {
    settings.set(name, env);
    // The child gets its own copy of the descriptor; ours is closed once it has.
    const file = typeof output === 'object' ? openSync(join(output.dir, `${name}.log`), 'a') : undefined;
    const stdio = file ?? (output as 'inherit' | 'ignore');
    try {
      const child = spawn(process.execPath, [...cpuProfileFlags(), '--enable-source-maps', '-r', '@swc-node/register', join('apps', name, 'src', 'main.ts')], {
        cwd: options.root,
        env,
        stdio: ['ignore', stdio, stdio],
      });
      processes.set(name, child);
      const startedAt = Date.now();
      child.once('exit', (code, signal) => {
        const supervise = options.supervise;
        // Only a process that ended by itself: not one stopped, crashed on purpose or replaced.
        if (!supervise || stopping || processes.get(name) !== child || deliberate.has(child)) return;
        const failed = Date.now() - startedAt < 60_000 ? (failures.get(name) ?? 0) + 1 : 1;
        failures.set(name, failed);
        const delay = restartDelayMs(failed);
        supervise.log(`[supervisor] ${name} exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s`);
        const timer = setTimeout(() => {
          restartTimers.delete(timer);
          if (!stopping) launch(name, env);
        }, delay);
        restartTimers.add(timer);
      });
    } finally {
      if (file !== undefined) closeSync(file);
    }
  };

  DISTRIBUTED_SERVICES.forEach((service, index) => {
    launch(service, { ...shared, [`${service.toUpperCase()}_HTTP_PORT`]: String(options.httpPortBase + index + 1) });
  });
  launch('gateway', { ...shared, PORT: String(options.gatewayPort), HOST: shared.HOST ?? '127.0.0.1' });

  const baseUrl = `http://127.0.0.1:${options.gatewayPort}`;
  const stop = async () => {
    stopping = true;
    for (const timer of restartTimers) clearTimeout(timer);
    await Promise.all(
      [...processes.values()].map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await once(child, 'exit');
        clearTimeout(timer);
      }),
    );
  };

  const untilReady = async (timeoutMs: number): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const exited = [...processes].find(([, child]) => child.exitCode !== null);
      if (exited) throw new Error(`${exited[0]} exited with code ${exited[1].exitCode} during start`);
      if (await fetch(`${baseUrl}/api/health`).then((r) => r.status === 200, () => false)) return;
      if (Date.now() > deadline) throw new Error('The distributed product did not become ready in time');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const crash = async (name: string) => {
    const child = processes.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    deliberate.add(child);
    child.kill('SIGKILL');
    await once(child, 'exit');
  };
  const restart = async (name: string) => {
    const env = settings.get(name);
    if (!env) throw new Error(`no process named ${name}`);
    launch(name, env);
    await untilReady(options.readyTimeoutMs ?? 120_000);
  };

  try {
    await untilReady(options.readyTimeoutMs ?? 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, processes, crash, restart, stop };
}

/** CPU_PROFILE_DIR=dir writes each process's V8 CPU profile there when it stops (for finding where a request's time goes). */
function cpuProfileFlags(): string[] {
  const dir = process.env.CPU_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
