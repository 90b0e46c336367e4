import { resolve } from 'node:path';
import { PlatformEnv } from '@closetly/server';
import { BackupRefused, backupDataDir, restoreDataDir } from './backup';

/**
 * `npm run backup [-- --into DIR]`: backs up the embedded data directory (DATA_DIR, ./data by default)
 * into a new folder under DIR (./backups by default).
 * `npm run restore -- FOLDER`: restores such a folder into DATA_DIR, moving what is there aside.
 * Both refuse while Closetly runs on DATA_DIR.
 */
async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const dataDir = PlatformEnv.shape.DATA_DIR.parse(process.env.DATA_DIR);
  if (dataDir === ':memory:') throw new BackupRefused('DATA_DIR is :memory:, which keeps nothing to back up or restore into.');
  if (command === 'backup') {
    const at = args.indexOf('--into');
    const into = at === -1 ? 'backups' : args[at + 1];
    if (!into) throw new BackupRefused('--into needs a folder.');
    const folder = await backupDataDir({ dataDir, into });
    process.stdout.write(`Backed up ${resolve(dataDir)} to ${resolve(folder)}\nRestore it with: npm run restore -- ${folder}\n`);
    return;
  }
  if (command === 'restore') {
    const from = args.find((arg) => !arg.startsWith('--'));
    if (!from) throw new BackupRefused('Name the backup folder to restore: npm run restore -- backups/closetly-backup-<time>');
    const { movedAside } = await restoreDataDir({ dataDir, from });
    process.stdout.write(`Restored ${resolve(from)} into ${resolve(dataDir)}.\n`);
    for (const path of movedAside) process.stdout.write(`What was there is kept at ${path}\n`);
    return;
  }
  throw new BackupRefused('Use: npm run backup [-- --into DIR], or npm run restore -- FOLDER');
}

main().catch((error: unknown) => {
  if (error instanceof BackupRefused) process.stderr.write(`${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
