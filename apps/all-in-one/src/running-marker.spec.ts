import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markRunning, RUNNING_MARKER, runningProcess } from './running-marker';

describe('the running marker', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'closetly-marker-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('names this process while it runs on the data directory, and nothing once it stops', () => {
    expect(runningProcess(dataDir)).toBeNull();
    const unmark = markRunning(dataDir);
    expect(readFileSync(join(dataDir, RUNNING_MARKER), 'utf8')).toBe(`${process.pid}\n`);
    expect(runningProcess(dataDir)).toBe(process.pid);
    unmark();
    expect(runningProcess(dataDir)).toBeNull();
  });

  it('ignores a marker left by a process that has ended, or one that is not a process id', () => {
    writeFileSync(join(dataDir, RUNNING_MARKER), '2147483646\n');
    expect(runningProcess(dataDir)).toBeNull();
    writeFileSync(join(dataDir, RUNNING_MARKER), 'garbage');
    expect(runningProcess(dataDir)).toBeNull();
  });

  it('leaves another process’s marker alone', () => {
    const unmark = markRunning(dataDir);
    writeFileSync(join(dataDir, RUNNING_MARKER), '1\n');
    unmark();
    expect(readFileSync(join(dataDir, RUNNING_MARKER), 'utf8')).toBe('1\n');
  });

  it('keeps nothing for an in-memory data directory', () => {
    expect(() => markRunning(':memory:')()).not.toThrow();
  });
});
