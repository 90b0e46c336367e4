import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

/** Every process of the distributed mode, with the variables that place it. */
export const DISTRIBUTED_SERVICES = ['identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention'] as const;

export interface DistributedProductOptions {
  /** Repository root. */
  root: string;
  /** Settings for every process (DATABASE_URL, KAFKA_BROKERS, REDIS_URL, OPENSEARCH_URL, LOG_LEVEL, ...). */
  env: Record<string, string | undefined>;
  /** Gateway port; services take rpcPortBase+1.. for RPC and httpPortBase+1.. for health. */
  gatewayPort: number;
  rpcPortBase: number;
  httpPortBase: number;
  /** Where each process's output goes: the parent's terminal, or nowhere. */
  output: 'inherit' | 'ignore';
  readyTimeoutMs?: number;
}

export interface DistributedProduct {
  baseUrl: string;
  processes: Map<string, ChildProcess>;
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
  const processes = new Map<string, ChildProcess>();
  const launch = (name: string, env: Record<string, string | undefined>) => {
    const child = spawn(process.execPath, [...cpuProfileFlags(), '--enable-source-maps', '-r', '@swc-node/register', join('apps', name, 'src', 'main.ts')], {
      cwd: options.root,
      env,
      stdio: ['ignore', options.output, options.output],
    });
    processes.set(name, child);
  };

  DISTRIBUTED_SERVICES.forEach((service, index) => {
    launch(service, { ...shared, [`${service.toUpperCase()}_HTTP_PORT`]: String(options.httpPortBase + index + 1) });
  });
  launch('gateway', { ...shared, PORT: String(options.gatewayPort), HOST: shared.HOST ?? '127.0.0.1' });

  const baseUrl = `http://127.0.0.1:${options.gatewayPort}`;
  const stop = async () => {
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

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    const exited = [...processes].find(([, child]) => child.exitCode !== null);
    if (exited) {
      await stop();
      throw new Error(`${exited[0]} exited with code ${exited[1].exitCode} during start`);
    }
    const ready = await fetch(`${baseUrl}/api/health`).then((r) => r.status === 200).catch(() => false);
    if (ready) return { baseUrl, processes, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The distributed product did not become ready in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** CPU_PROFILE_DIR=dir writes each process's V8 CPU profile there when it stops (for finding where a request's time goes). */
function cpuProfileFlags(): string[] {
  const dir = process.env.CPU_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
