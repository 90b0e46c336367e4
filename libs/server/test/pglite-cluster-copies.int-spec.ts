import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { blankClusterStore, migratedClusterStore, migrationsHash, type SchemaMigrations } from '../src/db/pglite-cluster-copies';

/** A real initdb and several cluster loads: seconds of CPU alone, over a minute on a loaded two-core machine. */
const INITDB_TIMEOUT_MS = 180_000;

/** In-memory databases start from cluster copies kept once per machine, blank or migrated (real PGlite, real files). */
describe('PGlite cluster copies', () => {
  let folder: string;
  let file: string;
  const opened: PGlite[] = [];
  const createCalls: PGliteOptions[] = [];
  const create = async (options: PGliteOptions) => {
    createCalls.push(options);
    const client = await PGlite.create(options);
    opened.push(client);
    return client;
  };
  const options = { extensions: { pg_trgm } };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'closetly-blank-'));
    file = join(folder, 'blank.tar');
    createCalls.length = 0;
  });
  afterEach(async () => {
    // copyInto closes the database it unpacks with itself.
    await Promise.all(opened.splice(0).filter((client) => !client.closed).map((client) => client.close()));
    rmSync(folder, { recursive: true, force: true });
  });

  // One test for making and using the copy: initdb, the slow part, runs once.
  it('makes the copy on first use; later databases, in this process or another, start from it and never see each other', async () => {
    const store = blankClusterStore(file);
    const first = await store.open(create, options);
    expect(createCalls[0]?.loadDataDir).toBeUndefined();
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
    await first.exec(`create table shoppers (email text); insert into shoppers values ('ada@example.com')`);

    const sameProcess = await store.open(create, options);
    // A new store is what another process sees: only the file.
    const otherProcess = await blankClusterStore(file).open(create, options);
    for (const [index, later] of [sameProcess, otherProcess].entries()) {
      expect(createCalls[index + 1]?.loadDataDir).toBeInstanceOf(Blob);
      expect((await later.query<{ found: string | null }>(`select to_regclass('public.shoppers')::text as found`)).rows).toEqual([{ found: null }]);
      await later.exec('create extension if not exists pg_trgm');
      expect((await later.query<{ similar: boolean }>(`select 'trainers' % 'trainer' as similar`)).rows).toEqual([{ similar: true }]);
    }
    expect((await first.query<{ email: string }>('select email from shoppers')).rows).toEqual([{ email: 'ada@example.com' }]);
  }, INITDB_TIMEOUT_MS);

  it('replaces a damaged copy instead of failing to open', async () => {
    // PGlite rejects such a file (an invalid tar); what is checked here is what the store does then, with a
    // stand-in that rejects it the same way, which keeps this test free of a second initdb (seconds of CPU).
    const damaged = join(folder, 'damaged.tar');
    writeFileSync(damaged, 'not a tar file');
    const blank = new Blob([Buffer.from('a blank cluster')]);
    const standIn = { dumpDataDir: async () => blank } as unknown as PGlite;
    const calls: PGliteOptions[] = [];
    const standInCreate = async (given: PGliteOptions) => {
      calls.push(given);
      if (given.loadDataDir) {
        const bytes = Buffer.from(await given.loadDataDir.arrayBuffer());
        if (bytes.toString('utf8', 0, 14) === 'not a tar file') throw new Error('Invalid tar');
      }
      return standIn;
    };

    expect(await blankClusterStore(damaged).open(standInCreate, options)).toBe(standIn);
    expect(calls.map((call) => call.loadDataDir !== undefined)).toEqual([true, false]);
    expect(readFileSync(damaged, 'utf8')).toBe('a blank cluster');
    // The next process starts from the new copy.
    await blankClusterStore(damaged).open(standInCreate, options);
    expect(calls.map((call) => call.loadDataDir !== undefined)).toEqual([true, false, true]);
  });

  it('fills new on-disk data dirs from the migrated copy, unpacked once; each opens as an existing database of its own', async () => {
    const migrationsFolder = join(folder, 'wardrobe', 'migrations');
    mkdirSync(migrationsFolder, { recursive: true });
    writeFileSync(join(migrationsFolder, '0000_init.sql'), 'create schema wardrobe; create table wardrobe.items (id int);');
    const migrations: SchemaMigrations[] = [{ name: 'wardrobe', migrationsFolder }];
    let migrateRuns = 0;
    const migrate = async (client: PGlite) => {
      migrateRuns += 1;
      await client.exec(readFileSync(join(migrationsFolder, '0000_init.sql'), 'utf8'));
    };
    const store = () => migratedClusterStore(migrations, migrate, blankClusterStore(), folder);
    const first = join(folder, 'first', 'pglite');
    const second = join(folder, 'second', 'pglite');
    await store().copyInto(first, create, options);
    await store().copyInto(second, create, options);
    expect(migrateRuns).toBe(1);
    expect(readdirSync(folder).filter((name) => name.endsWith('.tar.d'))).toHaveLength(1);

    const firstDb = await create({ ...options, dataDir: first });
    await firstDb.exec('insert into wardrobe.items values (1)');
    const secondDb = await create({ ...options, dataDir: second });
    expect((await secondDb.query('select * from wardrobe.items')).rows).toEqual([]);
    expect((await firstDb.query('select * from wardrobe.items')).rows).toEqual([{ id: 1 }]);
  }, INITDB_TIMEOUT_MS);

  it('starts a database with every schema migrated from a copy made once from the blank one, keyed by the migrations', async () => {
    // The machine's blank copy, which other tests have most likely made already: no initdb here.
    const blank = blankClusterStore();
    const folderOf = (name: string) => {
      const migrationsFolder = join(folder, name, 'migrations');
      mkdirSync(join(migrationsFolder, 'meta'), { recursive: true });
      writeFileSync(join(migrationsFolder, '0000_init.sql'), `create schema ${name}; create table ${name}.items (id int);`);
      writeFileSync(join(migrationsFolder, 'meta', '_journal.json'), '{"entries":[]}');
      return migrationsFolder;
    };
    const migrations: SchemaMigrations[] = [
      { name: 'wardrobe', migrationsFolder: folderOf('wardrobe') },
      { name: 'profile', migrationsFolder: folderOf('profile') },
    ];
    // A stand-in for the services' migrate step: each schema's SQL file, run once per copy made.
    const migrated: string[][] = [];
    const migrate = async (client: PGlite, schemas: readonly SchemaMigrations[]) => {
      migrated.push(schemas.map((schema) => schema.name));
      for (const schema of schemas) await client.exec(readFileSync(join(schema.migrationsFolder, '0000_init.sql'), 'utf8'));
    };
    const tablesOf = async (client: PGlite) =>
      (await client.query<{ name: string }>(`select schemaname || '.' || tablename as name from pg_tables where schemaname in ('wardrobe', 'profile') order by 1`)).rows.map((row) => row.name);

    const first = await migratedClusterStore(migrations, migrate, blank, folder).open(create, options);
    expect(await tablesOf(first)).toEqual(['profile.items', 'wardrobe.items']);
    await first.exec('insert into wardrobe.items values (1)');
    // Another process: the migrated copy, with no migration run and none of the first database's rows.
    const later = await migratedClusterStore(migrations, migrate, blank, folder).open(create, options);
    expect(migrated).toEqual([['wardrobe', 'profile']]);
    expect(await tablesOf(later)).toEqual(['profile.items', 'wardrobe.items']);
    expect((await later.query('select * from wardrobe.items')).rows).toEqual([]);

    // A new migration file is another set: a copy of its own, made from the blank one (no second initdb).
    const before = migrationsHash(migrations);
    writeFileSync(join(migrations[1]!.migrationsFolder, '0001_more.sql'), 'create table profile.more (id int);');
    expect(migrationsHash(migrations)).not.toBe(before);
    const calls = createCalls.length;
    await migratedClusterStore(migrations, migrate, blank, folder).open(create, options);
    expect(migrated).toHaveLength(2);
    expect(createCalls.slice(calls).map((call) => call.loadDataDir instanceof Blob)).toEqual([true]);
    expect(readdirSync(folder).filter((name) => name.startsWith('closetly-pglite-migrated-'))).toHaveLength(2);
  }, INITDB_TIMEOUT_MS);
});
