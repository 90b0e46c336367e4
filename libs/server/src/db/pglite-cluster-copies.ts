import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';

/**
 * Copies of PGlite clusters kept in the machine's temp folder and shared by every process that opens an
 * in-memory database:
 * - a blank cluster (what initdb leaves): a fresh in-memory PGlite runs initdb, about 3.4 s of CPU on our
 *   2-core machines, where loading the copy costs about 0.7 s;
 * - a migrated one (every service's schema, no rows): the embedded product's seven schemas take about 4 s
 *   of CPU to migrate, and tests start dozens of throwaway products.
 * A copy holds no data of ours. Its file name carries what it was made from (PGlite's version, and the
 * migrations' files), so a copy is never loaded by a version, or a checkout, it does not fit.
 */
export interface ClusterCopyStore {
  /** Opens a new in-memory database from the copy, making the copy first if there is none. */
  open(create: (options: PGliteOptions) => Promise<PGlite>, options: PGliteOptions): Promise<PGlite>;
  /**
   * Fills a new on-disk data dir with the copy's files, to be opened as an existing database. The copy is
   * unpacked once per machine into a folder beside its file, then copied file by file: a database loaded
   * from the tar keeps the tar's bytes (three copies, ~130 MB) referenced for the rest of its life.
   */
  copyInto(dataDir: string, create: (options: PGliteOptions) => Promise<PGlite>, options: PGliteOptions): Promise<void>;
}

/** How a copy is made when its file is missing: a database opened and prepared, then dumped. */
type MakeCluster = (create: (options: PGliteOptions) => Promise<PGlite>, options: PGliteOptions) => Promise<PGlite>;

/**
 * The copy in `file`, made by `make` when missing or unreadable. The file is read at each open rather
 * than kept in memory: tens of megabytes read in milliseconds, never held by a running product.
 */
export function clusterCopyStore(file: string, make: MakeCluster): ClusterCopyStore {
  const store: ClusterCopyStore = {
    async open(create, options) {
      if (existsSync(file)) {
        try {
          return await create({ ...options, loadDataDir: new Blob([readFileSync(file)]) });
        } catch {
          // A truncated or foreign copy: make a new one below.
          rmSync(file, { force: true });
        }
      }
      const client = await make(create, options);
      const dump = await client.dumpDataDir('none');
      // Written aside and renamed, so a process reading the file never sees half of it.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return client;
    },
    async copyInto(dataDir, create, options) {
      const unpacked = `${file}.d`;
      if (!existsSync(join(unpacked, 'PG_VERSION'))) {
        const partial = `${unpacked}.${process.pid}.partial`;
        rmSync(partial, { recursive: true, force: true });
        await (await store.open(create, { ...options, dataDir: partial })).close();
        rmSync(unpacked, { recursive: true, force: true });
        try {
          renameSync(partial, unpacked);
        } catch {
          // Another process unpacked it at the same moment: theirs is as good.
          rmSync(partial, { recursive: true, force: true });
        }
      }
      cpSync(unpacked, dataDir, { recursive: true });
    },
  };
  return store;
}

/** The blank cluster's copy; `file` defaults to one per PGlite version in the temp folder. */
export function blankClusterStore(file: string = join(tmpdir(), `closetly-pglite-blank-${pgliteVersion()}.tar`)): ClusterCopyStore {
  return clusterCopyStore(file, (create, options) => create(options));
}

/** One schema's migrations: the schema (the service's name) and the folder of its Drizzle migrations. */
export interface SchemaMigrations {
  name: string;
  migrationsFolder: string;
}

/**
 * The copy of a cluster with `migrations` applied, made from the blank copy by `migrate`. Its file is keyed
 * by a hash of the schemas' names and every file of their migration folders, so a new migration (or another
 * checkout's) makes a copy of its own; the services' own migrate step at start then finds nothing to do.
 */
export function migratedClusterStore(
  migrations: readonly SchemaMigrations[],
  migrate: (client: PGlite, migrations: readonly SchemaMigrations[]) => Promise<void>,
  blank: ClusterCopyStore = blankClusterStore(),
  folder: string = tmpdir(),
): ClusterCopyStore {
  const file = join(folder, `closetly-pglite-migrated-${pgliteVersion()}-${migrationsHash(migrations)}.tar`);
  return clusterCopyStore(file, async (create, options) => {
    const client = await blank.open(create, options);
    await migrate(client, migrations);
    return client;
  });
}

/** A digest of the schemas' names and their migration folders' files (paths and bytes). */
export function migrationsHash(migrations: readonly SchemaMigrations[]): string {
  const hash = createHash('sha256');
  for (const { name, migrationsFolder } of migrations) {
    hash.update(`schema\0${name}\0`);
    for (const path of filesUnder(migrationsFolder)) hash.update(`${relative(migrationsFolder, path)}\0`).update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)]));
}

/** The installed PGlite's version (its package.json is not among the package's exports, so it is read by path). */
function pgliteVersion(): string {
  const entry = require.resolve('@electric-sql/pglite');
  const marker = join('node_modules', '@electric-sql', 'pglite');
  const root = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return version;
}
