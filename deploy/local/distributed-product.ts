import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPublicUrl, generateInternalCallKeys } from '@closetly/server';

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
   * Where each process serves `/metrics` (METRICS_PORT): the gateway on metricsPortBase, service i on
   * metricsPortBase + i; replica r of either REPLICA_PORT_STEP × r further. Unset: no
   * metrics listeners (a METRICS_PORT in the environment is dropped: processes on one host cannot share it).
   */
  metricsPortBase?: number;
  /**
   * Where each process's output (its JSON log lines and anything else it prints) goes: the
   * parent's terminal, nowhere, or appended to `<dir>/<process>.log`.
   */
  output: 'inherit' | 'ignore' | { dir: string };
  readyTimeoutMs?: number;
  /**
   * How many of each process to run (default 1). Replica r (from 0) of a service listens on
   * rpcPortBase/httpPortBase + its number + REPLICA_PORT_STEP × r and is named `<service>-<r+1>`
   * from the second on; gateway r on gatewayPort + r. The gateways know every replica's address
   * (a comma-separated list) and take turns; consumers of one service share its group's partitions.
   */
  replicas?: number | Partial<Record<DistributedProcess, number>>;
  /**
   * Restart a process that exits on its own (a crash, an engine it could not survive), as a
   * process manager would: after 1 s, doubling up to 30 s while it keeps failing within a minute
   * of starting, each restart logged. `npm run start:distributed` sets it; tests that crash a
   * process on purpose leave it off.
   */
  supervise?: { log(line: string): void };
  /** Extra Node flags for a process, by its name (e.g. `gateway-2`): a bench's --expose-gc and preload. */
  nodeArgs?: Partial<Record<string, string[]>>;
}

/** The supervisor's wait before restarting a process that failed `failures` times in a row. */
export function restartDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** A process of the distributed mode: a service or the gateway. */
export type DistributedProcess = (typeof DISTRIBUTED_SERVICES)[number] | 'gateway';

/** How far apart the ports of a service's replicas are. */
export const REPLICA_PORT_STEP = 50;

/** The name of replica r (from 0) of a process: the first keeps the plain name. */
export const replicaName = (name: string, replica: number): string => (replica === 0 ? name : `${name}-${replica + 1}`);

export interface DistributedProduct {
  baseUrl: string;
  /** Every gateway's address (one per replica); baseUrl is the first. */
  gatewayUrls: string[];
  processes: Map<string, ChildProcess>;
  /** The gateway's internal-call key (PKCS#8 PEM), fresh for this product: tests sign calls with it as the gateway would. */
  gatewayCallsPrivateKey: string;
  /** Each process's `/metrics` address, by process name (empty without metricsPortBase). */
  metricsUrls: Map<string, string>;
  /** Kills one process at once (SIGKILL: no shutdown, no draining), as a crash would. */
  crash(name: string): Promise<void>;
  /** Stops one process as a deploy would (SIGTERM: it drains and leaves its consumer group), and waits for it to exit. */
  terminate(name: string): Promise<void>;
  /** Starts a stopped or crashed process again with its settings, and waits until every process reports ready. */
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
  const replicasOf = (name: DistributedProcess): number[] => {
    const count = typeof options.replicas === 'number' ? options.replicas : (options.replicas?.[name] ?? 1);
    return [...Array(Math.max(1, count)).keys()];
  };
  const rpcAddress = (index: number, replica: number) => `127.0.0.1:${options.rpcPortBase + index + 1 + REPLICA_PORT_STEP * replica}`;
  const addresses: Record<string, string> = {};
  DISTRIBUTED_SERVICES.forEach((service, index) => {
    addresses[`${service.toUpperCase()}_RPC`] = replicasOf(service).map((replica) => rpcAddress(index, replica)).join(',');
  });
  // Internal-call keys, fresh per product (an assertion lives seconds, so nothing is lost with them): every
  // process gets the public keys, and only the gateway and search their own private one.
  const gatewayCalls = generateInternalCallKeys();
  const searchCalls = generateInternalCallKeys();
  const shared: Record<string, string | undefined> = {
    ...process.env,
    ...options.env,
    ...addresses,
    CLOSETLY_MODE: 'distributed',
    NODE_OPTIONS: '',
    INTERNAL_CALLS_PRIVATE_KEY: undefined,
    GATEWAY_CALLS_PUBLIC_KEY: gatewayCalls.publicPem,
    SEARCH_CALLS_PUBLIC_KEY: searchCalls.publicPem,
  };
  delete shared.METRICS_PORT;
  const metricsUrls = new Map<string, string>();
  /** The METRICS_PORT of a process (none without metricsPortBase), noting its address. */
  const metricsPort = (name: string, offset: number): Record<string, string> => {
    if (options.metricsPortBase === undefined) return {};
    const port = options.metricsPortBase + offset;
    metricsUrls.set(name, `http://127.0.0.1:${port}/metrics`);
    return { METRICS_PORT: String(port) };
  };
  // Every process builds links from PUBLIC_URL; unset, it is the gateway's own port here, not 8080.
  shared.PUBLIC_URL = defaultPublicUrl({ PUBLIC_URL: shared.PUBLIC_URL, PORT: String(options.gatewayPort) });
  const entryArgs = serviceEntries(options.root);
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
      const app = name.replace(/-\d+$/, '');
      const child = spawn(process.execPath, [...cpuProfileFlags(), ...(options.nodeArgs?.[name] ?? []), '--enable-source-maps', ...entryArgs(app)], {
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

  /** Where each process says it is ready: a service's own `/ready` (its consumer joined, its RPC listener up, its engines reachable), a gateway's `/api/health`. */
  const readyUrls = new Map<string, string>();
  DISTRIBUTED_SERVICES.forEach((service, index) => {
    for (const replica of replicasOf(service)) {
      const variable = service.toUpperCase();
      const name = replicaName(service, replica);
      readyUrls.set(name, `http://127.0.0.1:${options.httpPortBase + index + 1 + REPLICA_PORT_STEP * replica}/ready`);
      launch(name, {
        ...shared,
        // Its own listener; the other services' lists stay whole.
        [`${variable}_RPC`]: rpcAddress(index, replica),
        [`${variable}_HTTP_PORT`]: String(options.httpPortBase + index + 1 + REPLICA_PORT_STEP * replica),
        ...(service === 'search' && { INTERNAL_CALLS_PRIVATE_KEY: searchCalls.privatePem }),
        ...metricsPort(name, index + 1 + REPLICA_PORT_STEP * replica),
      });
    }
  });
  for (const replica of replicasOf('gateway')) {
    const name = replicaName('gateway', replica);
    launch(name, { ...shared, PORT: String(options.gatewayPort + replica), HOST: shared.HOST ?? '127.0.0.1', INTERNAL_CALLS_PRIVATE_KEY: gatewayCalls.privatePem, ...metricsPort(name, REPLICA_PORT_STEP * replica) });
  }

  const gatewayUrls = replicasOf('gateway').map((replica) => `http://127.0.0.1:${options.gatewayPort + replica}`);
  gatewayUrls.forEach((url, replica) => readyUrls.set(replicaName('gateway', replica), `${url}/api/health`));
  const baseUrl = gatewayUrls[0]!;
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
      if (exited) throw new Error(`${exited[0]} exited with code ${exited[1].exitCode} during start${logTail(exited[0])}`);
      const answers = await Promise.all([...readyUrls].map(async ([name, url]) => ({ name, url, ...(await probe(url)) })));
      const waiting = answers.filter((answer) => !answer.ready);
      if (waiting.length === 0) return;
      if (Date.now() > deadline) {
        // Say who is not ready and what it last said, with the end of its log: a failed start must explain itself.
        const reasons = waiting.map(({ name, url, said }) => `\n  ${name} (${url}): ${said}${logTail(name)}`).join('');
        throw new Error(`The distributed product did not become ready in ${Math.round(timeoutMs / 1000)} s:${reasons}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  /** The last lines a process wrote, when its output goes to a file. */
  const logTail = (name: string): string => {
    if (typeof output !== 'object') return '';
    try {
      const lines = readFileSync(join(output.dir, `${name}.log`), 'utf8').trimEnd().split('\n').slice(-LOG_TAIL_LINES);
      return lines.length > 0 && lines[0] !== '' ? `\n    ${lines.join('\n    ')}` : '';
    } catch {
      return '';
    }
  };
  const end = async (name: string, signal: NodeJS.Signals) => {
    const child = processes.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    deliberate.add(child);
    child.kill(signal);
    await once(child, 'exit');
  };
  const crash = (name: string) => end(name, 'SIGKILL');
  const terminate = (name: string) => end(name, 'SIGTERM');
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
  return { baseUrl, gatewayUrls, processes, gatewayCallsPrivateKey: gatewayCalls.privatePem, metricsUrls, crash, terminate, restart, stop };
}

/** How many of a process's last log lines a failed start shows. */
const LOG_TAIL_LINES = 15;

/** Whether a readiness address answers 200, and otherwise what it said (its status and the start of its body, or the error). */
async function probe(url: string): Promise<{ ready: boolean; said: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (response.status === 200) {
      await response.body?.cancel();
      return { ready: true, said: '200' };
    }
    return { ready: false, said: `${response.status} ${(await response.text()).slice(0, 300)}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ready: false, said: cause ?? (error as Error).message };
  }
}

/**
 * How each process is run: its compiled bundle, dist/apps/<app>/main.js, built first when missing or
 * stale (scripts/build-services.mjs: a few seconds once, then a hash check), so a start costs no
 * TypeScript compile; or, with RUN_FROM_SOURCE=true, its TypeScript through swc-node.
 */
export function serviceEntries(root: string): (app: string) => string[] {
  if (process.env.RUN_FROM_SOURCE === 'true') return (app) => ['-r', '@swc-node/register', join('apps', app, 'src', 'main.ts')];
  buildBundles(root, ['gateway', ...DISTRIBUTED_SERVICES]);
  return (app) => [join('dist', 'apps', app, 'main.js')];
}

/** Builds these apps' bundles when missing or stale (scripts/build-services.mjs), or throws. */
export function buildBundles(root: string, apps: readonly string[]): void {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build-services.mjs'), ...apps], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error(`The bundles of ${apps.join(', ')} did not build (npm run build:services says why)`);
}

/** CPU_PROFILE_DIR=dir writes each process's V8 CPU profile there when it stops (for finding where a request's time goes). */
function cpuProfileFlags(): string[] {
  const dir = process.env.CPU_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
