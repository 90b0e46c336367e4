import { chmod, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keptSecrets, SECRETS_FILE_NAME, SecretsFileError } from './secrets';

const NAMES = ['AUTH_JWT_SECRET', 'BETA_TOKEN_SECRET'] as const;
const posixOnly = process.platform === 'win32' ? it.skip : it;

describe('keptSecrets (DATA_DIR/secrets.json)', () => {
  let dataDir: string;
  let file: string;
  beforeEach(async () => {
    // A folder that does not exist yet, as on a first `npm start`.
    dataDir = join(await mkdtemp(join(tmpdir(), 'closetly-secrets-')), 'data');
    file = join(dataDir, SECRETS_FILE_NAME);
  });
  afterEach(() => rm(join(dataDir, '..'), { recursive: true, force: true }));

  const keep = (env: NodeJS.ProcessEnv = {}) => keptSecrets({ dataDir, names: NAMES, env });
  const stored = async () => JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;

  posixOnly('generates random secrets on first start into a file of mode 0600, leaving no temporary file', async () => {
    const secrets = await keep();
    expect(Object.keys(secrets).sort()).toEqual([...NAMES].sort());
    for (const value of Object.values(secrets)) expect(value).toMatch(/^[\w-]{43}$/);
    expect(secrets.AUTH_JWT_SECRET).not.toBe(secrets.BETA_TOKEN_SECRET);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await stored()).toEqual(secrets);
    expect(await readdir(dataDir)).toEqual([SECRETS_FILE_NAME]);
  });

  it('reuses the same secrets on later starts', async () => {
    const first = await keep();
    expect(await keep()).toEqual(first);
  });

  it('generates different secrets for another data directory', async () => {
    const first = await keep();
    const other = await keptSecrets({ dataDir: join(dataDir, 'other'), names: NAMES, env: {} });
    expect(other.AUTH_JWT_SECRET).not.toBe(first.AUTH_JWT_SECRET);
  });

  it('lets explicit variables win: a variable that is set is neither read from nor written to the file', async () => {
    const explicit = 'e'.repeat(40);
    const secrets = await keep({ AUTH_JWT_SECRET: explicit });
    expect(secrets).toEqual({ BETA_TOKEN_SECRET: expect.any(String) });
    expect(Object.keys(await stored())).toEqual(['BETA_TOKEN_SECRET']);
    // Once the file holds both, an explicit value still wins.
    await keep();
    expect(await keep({ AUTH_JWT_SECRET: explicit })).toEqual({ BETA_TOKEN_SECRET: secrets.BETA_TOKEN_SECRET });
  });

  it('touches no file when every secret is given', async () => {
    expect(await keep({ AUTH_JWT_SECRET: 'a'.repeat(40), BETA_TOKEN_SECRET: 'b'.repeat(40) })).toEqual({});
    await expect(stat(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('adds a secret the file lacks and keeps the ones it has', async () => {
    const first = await keep({ AUTH_JWT_SECRET: 'a'.repeat(40) });
    const both = await keep();
    expect(both.BETA_TOKEN_SECRET).toBe(first.BETA_TOKEN_SECRET);
    expect(await stored()).toEqual(both);
  });

  it('agrees on one set of secrets when two starts race', async () => {
    const results = await Promise.all([keep(), keep(), keep(), keep()]);
    for (const result of results) expect(result).toEqual(await stored());
  });

  it('keeps nothing on disk with DATA_DIR :memory: (fresh secrets each start, like the database)', async () => {
    const first = await keptSecrets({ dataDir: ':memory:', names: NAMES, env: {} });
    const second = await keptSecrets({ dataDir: ':memory:', names: NAMES, env: {} });
    expect(first.AUTH_JWT_SECRET).toMatch(/^[\w-]{43}$/);
    expect(second.AUTH_JWT_SECRET).not.toBe(first.AUTH_JWT_SECRET);
  });

  posixOnly('refuses a file other users can read, saying how to keep it or start afresh', async () => {
    await keep();
    await chmod(file, 0o644);
    await expect(keep()).rejects.toThrow(SecretsFileError);
    await expect(keep()).rejects.toThrow(/can be read by other users \(mode 644\)[\s\S]*chmod 600[\s\S]*delete it/);
    await chmod(file, 0o600);
    await expect(keep()).resolves.toEqual(expect.objectContaining({ AUTH_JWT_SECRET: expect.any(String) }));
  });

  it.each([
    ['not JSON', '{ broken', /is not valid JSON/],
    ['a list', '["a"]', /must map variable names to secrets/],
    ['a short secret', JSON.stringify({ AUTH_JWT_SECRET: 'short' }), /must map variable names to secrets of at least 32/],
    ['a number', JSON.stringify({ AUTH_JWT_SECRET: 42 }), /must map variable names to secrets/],
  ])('refuses broken content (%s) and leaves the file as it was', async (_what, content, message) => {
    await keep();
    await writeFile(file, content, { mode: 0o600 });
    await expect(keep()).rejects.toThrow(message);
    expect(await readFile(file, 'utf8')).toBe(content);
  });

  posixOnly('refuses a secrets file that is a symbolic link', async () => {
    await keep();
    const elsewhere = join(dataDir, 'elsewhere.json');
    await writeFile(elsewhere, await readFile(file), { mode: 0o600 });
    await rm(file);
    await symlink(elsewhere, file);
    await expect(keep()).rejects.toThrow(/is not a regular file/);
  });
});
