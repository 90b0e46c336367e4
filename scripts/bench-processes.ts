import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the benches that run the product as child processes share: its CPU and memory from /proc, its start, its quiet, its stop. */
const ROOT = join(__dirname, '..');
const START_DEADLINE_MS = 180_000;
const QUIET_DEADLINE_MS = 120_000;

/** The CPU time (user + system) a process has used so far, in seconds: steadier than wall time on a shared machine. */
export function cpuSeconds(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses; clock ticks of 1/100 s on Linux.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A process's resident set now, in MiB. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export interface StartedProcess {
  child: ChildProcess;
  /** Spawn to the first 200 from the health address, in seconds. */
  seconds: number;
  /** The CPU time it used until then. */
  cpuSeconds: number;
  output: () => string;
}

/** Spawns `command` from the repo root and waits for `healthUrl` to answer 200; the output is kept for the error if it dies first. */
export async function startAndWait(command: string, args: string[], env: NodeJS.ProcessEnv, healthUrl: string): Promise<StartedProcess> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // The tail only: a product logging a line per request would otherwise grow this without bound.
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-64_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (exited) throw new Error(`${args.join(' ')} exited before it was healthy:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} was not healthy within ${START_DEADLINE_MS / 1000} s`);
    }
    const healthy = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSeconds(child.pid as number), output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** SIGTERM (the product drains and exits), SIGKILL after 20 s. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until the process has used under 2 % of a core over a second (its start-up work done); answers how long that took, in seconds. */
export async function untilQuiet(pid: number): Promise<number> {
  const started = performance.now();
  let before = cpuSeconds(pid);
  while (performance.now() - started < QUIET_DEADLINE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now - before < 0.02) break;
    before = now;
  }
  return (performance.now() - started) / 1000;
}
