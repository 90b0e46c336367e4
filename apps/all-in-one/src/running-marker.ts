import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `DATA_DIR/closetly.pid` names the process running the embedded product on
 * that data directory, so `npm run seed` never wipes a database in use. A
 * file left by a process that died names no live process and is ignored.
 */
export const RUNNING_MARKER = 'closetly.pid';

/** Writes this process's id; the returned function removes the file if it still names this process (also run at exit). */
export function markRunning(dataDir: string): () => void {
  if (dataDir === ':memory:') return () => undefined;
  const file = join(dataDir, RUNNING_MARKER);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o644 });
  const unmark = () => {
    if (runningProcess(dataDir) === process.pid) rmSync(file, { force: true });
    process.off('exit', unmark);
  };
  process.on('exit', unmark);
  return unmark;
}

/** The live process the marker names, or null (no marker, an unreadable one, or a process that has ended). */
export function runningProcess(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dataDir, RUNNING_MARKER), 'utf8').trim(), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
