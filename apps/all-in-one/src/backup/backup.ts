import { chmod, copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { runningProcess } from '../running-marker';

/** What a backup folder holds, besides the files themselves. */
interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The data directory it was taken from, for the operator's eyes only. */
  dataDir: string;
  files: string[];
}

const DATABASE_FILE = 'database.tar.gz';
const SECRETS_FILE = 'secrets.json';
const MANIFEST_FILE = 'manifest.json';

/** A refusal the command line prints as it is (exit 1), never a stack trace. */
export class BackupRefused extends Error {}

const exists = (path: string) => stat(path).then(
  () => true,
  () => false,
);

function refuseWhileRunning(dataDir: string, what: 'back up' | 'restore'): void {
  const running = runningProcess(dataDir);
  if (running !== null) throw new BackupRefused(`Closetly is running on ${resolve(dataDir)} (process ${running}). Stop it first, then ${what}.`);
}

/**
 * Backs up the embedded product's data directory into a new folder under `into`: the whole database
 * (every service's schema: accounts, wardrobes, profiles, products and their stored images) as PGlite's
 * own archive, and secrets.json (the signing keys, so sessions and beta tokens stay valid after a
 * restore; the folder is readable by its owner only). Refuses while the product runs on that directory:
 * a database open twice is a database corrupted.
 */
export async function backupDataDir(options: { dataDir: string; into: string; now?: Date }): Promise<string> {
  const { dataDir } = options;
  refuseWhileRunning(dataDir, 'back up');
  const database = join(dataDir, 'pglite');
  if (!(await exists(database))) throw new BackupRefused(`There is no embedded database in ${resolve(dataDir)} to back up.`);
  const createdAt = (options.now ?? new Date()).toISOString();
  const folder = join(options.into, `closetly-backup-${createdAt.replace(/[:.]/g, '-')}`);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);

  const client = await PGlite.create({ dataDir: database, extensions: { pg_trgm } });
  try {
    const archive = await client.dumpDataDir('gzip');
    await writeFile(join(folder, DATABASE_FILE), Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
  } finally {
    await client.close();
  }
  const files = [DATABASE_FILE];
  if (await exists(join(dataDir, SECRETS_FILE))) {
    await copyFile(join(dataDir, SECRETS_FILE), join(folder, SECRETS_FILE));
    await chmod(join(folder, SECRETS_FILE), 0o600);
    files.push(SECRETS_FILE);
  }
  const manifest: BackupManifest = { format: 1, createdAt, dataDir: resolve(dataDir), files };
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return folder;
}

/**
 * Restores a backup folder into the data directory. Nothing is lost: the database and secrets there now
 * are moved aside (`pglite.before-restore-<time>`, `secrets.before-restore-<time>.json`), not deleted.
 * Refuses while the product runs on that directory, and a folder that is not a whole backup.
 */
export async function restoreDataDir(options: { dataDir: string; from: string; now?: Date }): Promise<{ movedAside: string[] }> {
  const { dataDir, from } = options;
  refuseWhileRunning(dataDir, 'restore');
  const manifest = await readFile(join(from, MANIFEST_FILE), 'utf8').then(
    (text) => JSON.parse(text) as Partial<BackupManifest>,
    () => undefined,
  );
  if (manifest?.format !== 1 || !manifest.files?.includes(DATABASE_FILE) || !(await exists(join(from, DATABASE_FILE)))) {
    throw new BackupRefused(`${resolve(from)} is not a Closetly backup (no ${MANIFEST_FILE} naming ${DATABASE_FILE}).`);
  }
  const archive = await readFile(join(from, DATABASE_FILE));
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  await mkdir(dataDir, { recursive: true });
  const movedAside: string[] = [];
  const database = join(dataDir, 'pglite');
  if (await exists(database)) {
    const aside = join(dataDir, `pglite.before-restore-${stamp}`);
    await rename(database, aside);
    movedAside.push(aside);
  }
  const client = await PGlite.create({ dataDir: database, loadDataDir: new Blob([archive]), extensions: { pg_trgm } });
  await client.close();
  if (manifest.files.includes(SECRETS_FILE)) {
    const secrets = join(dataDir, SECRETS_FILE);
    if (await exists(secrets)) {
      const aside = join(dataDir, `secrets.before-restore-${stamp}.json`);
      await rename(secrets, aside);
      movedAside.push(aside);
    }
    await copyFile(join(from, SECRETS_FILE), secrets);
    await chmod(secrets, 0o600);
  }
  return { movedAside };
}
