import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';

/**
 * A copy of a blank PGlite cluster (what initdb leaves, before any schema), kept in the
 * machine's temp folder and shared by every process that opens an in-memory database.
 *
 * Why: a fresh in-memory PGlite runs initdb, about 3.4 s of CPU on our 2-core machines;
 * loading the same cluster from this copy costs about 0.7 s. Tests and benchmarks open
 * dozens of throwaway databases, so initdb was a fifth of the whole test run.
 * The copy holds no data of ours: migrations and rows come after it, per database.
 */
export interface BlankClusterStore {
  /** Opens a new in-memory database from the blank copy, making the copy first if there is none. */
  open(create: (options: PGliteOptions) => Promise<PGlite>, options: PGliteOptions): Promise<PGlite>;
}

/**
 * `file` names the copy; the default is keyed by PGlite's version, so an upgrade never
 * loads a cluster another version wrote.
 */
export function blankClusterStore(file: string = defaultBlankClusterFile()): BlankClusterStore {
  let copy: Blob | undefined;

  return {
    async open(create, options) {
      if (!copy && existsSync(file)) copy = new Blob([readFileSync(file)]);
      if (copy) {
        try {
          return await create({ ...options, loadDataDir: copy });
        } catch {
          // A truncated or foreign copy: forget it and make a new one below.
          copy = undefined;
          rmSync(file, { force: true });
        }
      }
      const client = await create(options);
      const dump = await client.dumpDataDir('none');
      // Written aside and renamed, so a process reading the file never sees half of it.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      copy = dump;
      return client;
    },
  };
}

function defaultBlankClusterFile(): string {
  return join(tmpdir(), `closetly-pglite-blank-${pgliteVersion()}.tar`);
}

/** The installed PGlite's version (its package.json is not among the package's exports, so it is read by path). */
function pgliteVersion(): string {
  const entry = require.resolve('@electric-sql/pglite');
  const marker = join('node_modules', '@electric-sql', 'pglite');
  const root = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return version;
}
