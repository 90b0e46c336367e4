import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';

export const MIN_SECRET_LENGTH = 32;

/**
 * A signing key read from the environment. Required in every mode and for
 * every NODE_ENV: a default would be a key published with the source. The
 * embedded entry fills it in from DATA_DIR/secrets.json before config parses.
 */
export const requiredSecret = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `is required: at least ${MIN_SECRET_LENGTH} random characters (e.g. openssl rand -hex 32); there is no default` : undefined) })
    .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`);

/** The key being rotated out (accepted, never used to sign). Empty counts as unset, so compose can pass `${VAR:-}`. */
export const previousSecret = () =>
  z.preprocess((value) => (value === '' ? undefined : value), z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional());

export const randomSecret = (): string => randomBytes(32).toString('base64url');

export const SECRETS_FILE_NAME = 'secrets.json';

/** The secrets file cannot be used as it is; the message says what to do. */
export class SecretsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsFileError';
  }
}

export interface KeptSecretsOptions {
  /** DATA_DIR; `:memory:` keeps nothing on disk (fresh secrets each start, like the in-memory database). */
  dataDir: string;
  /** The variables to provide. */
  names: readonly string[];
  /** Explicit values win: a name set here is neither read from nor written to the file. */
  env: NodeJS.ProcessEnv;
}

/**
 * Values for the named secrets the environment does not set, kept in
 * DATA_DIR/secrets.json: random on first start, the same on every later start
 * (so sessions and beta tokens survive a restart). The file is created
 * atomically (written to a private temporary file, then hard-linked into
 * place, so two starts racing agree on one file) with mode 0600.
 *
 * A file others can read, or one that is not valid, is refused rather than
 * repaired: its keys may already have leaked, or it was edited by hand, and
 * only the operator can tell. The error says how to keep it (chmod 600) or
 * start afresh (delete it; sessions and beta tokens then end).
 */
export async function keptSecrets(options: KeptSecretsOptions): Promise<Record<string, string>> {
  const missing = options.names.filter((name) => !options.env[name]);
  if (missing.length === 0) return {};
  if (options.dataDir === ':memory:') return Object.fromEntries(missing.map((name) => [name, randomSecret()]));

  const directory = resolve(options.dataDir);
  const path = join(directory, SECRETS_FILE_NAME);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const stored = await readSecretsFile(path);
    if (stored && missing.every((name) => stored[name] !== undefined)) return pick(stored, missing);
    const complete = { ...stored, ...Object.fromEntries(missing.filter((name) => stored?.[name] === undefined).map((name) => [name, randomSecret()])) };
    // A new file only if none exists (link fails on a racing start's file, which is then read); an older file lacking a name is replaced whole.
    if (await writeSecretsFile(path, complete, stored ? 'replace' : 'create')) return pick(complete, missing);
  }
  throw new SecretsFileError(`${path} keeps changing while Closetly starts; is another copy starting on the same DATA_DIR?`);
}

const pick = (values: Record<string, string>, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, values[name] as string]));

/** The stored values, or undefined when there is no file. */
async function readSecretsFile(path: string): Promise<Record<string, string> | undefined> {
  const stats = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!stats) return undefined;
  const startAfresh = `delete it to generate new secrets (signed-in users and beta visitors then start again)`;
  if (!stats.isFile()) throw new SecretsFileError(`${path} is not a regular file; ${startAfresh}.`);
  // POSIX permission bits only mean something outside Windows.
  if (process.platform !== 'win32' && (stats.mode & 0o077) !== 0) {
    throw new SecretsFileError(
      `${path} can be read by other users (mode ${(stats.mode & 0o777).toString(8)}), so its keys may have leaked. ` +
        `Run "chmod 600 ${path}" to keep them, or ${startAfresh}.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new SecretsFileError(`${path} is not valid JSON; ${startAfresh}.`);
  }
  const shape = z.record(z.string(), z.string().min(MIN_SECRET_LENGTH)).safeParse(parsed);
  if (!shape.success) throw new SecretsFileError(`${path} must map variable names to secrets of at least ${MIN_SECRET_LENGTH} characters; ${startAfresh}.`);
  return shape.data;
}

/** False when `create` met a file another start made first. */
async function writeSecretsFile(path: string, values: Record<string, string>, how: 'create' | 'replace'): Promise<boolean> {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const file = await open(temporary, 'wx', 0o600);
  try {
    await file.writeFile(`${JSON.stringify(values, null, 2)}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    if (how === 'replace') {
      await rename(temporary, path);
      return true;
    }
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}
