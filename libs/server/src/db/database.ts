import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';
import { takePgliteArtifacts } from './pglite-artifacts';
import { blankClusterStore, type ClusterCopyStore, migratedClusterStore, type SchemaMigrations } from './pglite-cluster-copies';

export type { SchemaMigrations } from './pglite-cluster-copies';

/*
 * PGlite and its Drizzle driver are loaded only when a process opens an embedded database: a distributed
 * service never does, and loading them costs it about 6 MiB resident and their module graphs
 * (BENCH_ONLY=footprint npm run bench); its image leaves them out (scripts/build-services.mjs).
 * node-postgres and its Drizzle driver likewise only when a process connects to PostgreSQL: the embedded
 * product never does (about 0.1 s of its start).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, synchronously (drizzleFor is synchronous) */
const pglite = () => require('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
const pgTrgm = () => (require('@electric-sql/pglite/contrib/pg_trgm') as typeof import('@electric-sql/pglite/contrib/pg_trgm')).pg_trgm;
const drizzlePglite = (...args: Parameters<typeof import('drizzle-orm/pglite').drizzle>) => (require('drizzle-orm/pglite') as typeof import('drizzle-orm/pglite')).drizzle(...args);
const pgliteMigrator = () => (require('drizzle-orm/pglite/migrator') as { migrate: typeof migratePglite }).migrate;
const pg = () => require('pg') as typeof import('pg');
const drizzleNodePg = (...args: Parameters<typeof import('drizzle-orm/node-postgres').drizzle>) => (require('drizzle-orm/node-postgres') as typeof import('drizzle-orm/node-postgres')).drizzle(...args);
const migrateNodePg = (...args: Parameters<typeof import('drizzle-orm/node-postgres/migrator').migrate>) =>
  (require('drizzle-orm/node-postgres/migrator') as typeof import('drizzle-orm/node-postgres/migrator')).migrate(...args);
/* eslint-enable @typescript-eslint/no-require-imports */

/** A Drizzle database or a transaction inside one: both run queries. */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * The process's one connection source. Embedded: a single PGlite (PostgreSQL
 * in WebAssembly) that every service module shares, each in its own schema.
 * Distributed: a pg pool to the real server.
 */
export type DatabaseConnection =
  | { kind: 'pglite'; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; pool: Pool; close(): Promise<void> };

export interface ConnectionOptions {
  mode: 'embedded' | 'distributed';
  /** Embedded: folder for data, or ':memory:' for a throwaway database. */
  dataDir: string;
  databaseUrl: string;
  poolSize: number;
  /**
   * Embedded, in memory: the schemas this process will migrate. The database then starts from a copy with
   * all of them applied (one per machine and set of migrations), and each service's migrate finds nothing to do.
   */
  migrations?: readonly SchemaMigrations[];
}

/**
 * PGlite's start parameters: its defaults, with shared_buffers at 32 MB instead of PostgreSQL's 128 MB.
 * The buffers live in PGlite's WebAssembly memory, which never shrinks: with 128 MB the embedded product
 * held about 130 MB more resident once a seeded catalogue had been read, for a demo database of ~50 MB of
 * pages. A page missing from the buffers is read back from the data dir (the OS page cache) on demand.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';
const pgliteStartParams = (): string[] => [...pglite().PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** Throwaway in-memory databases start from one blank cluster per machine instead of each running initdb. */
const blankClusters = blankClusterStore();
/** …and from one migrated cluster per set of schemas, made from the blank one. */
const migratedClusters = new Map<string, ClusterCopyStore>();

function migratedClustersFor(migrations: readonly SchemaMigrations[]): ClusterCopyStore {
  const key = JSON.stringify(migrations);
  let store = migratedClusters.get(key);
  if (!store) {
    store = migratedClusterStore(migrations, migrateAll, blankClusters);
    migratedClusters.set(key, store);
  }
  return store;
}

async function migrateAll(client: PGlite, migrations: readonly SchemaMigrations[]): Promise<void> {
  const connection: DatabaseConnection = { kind: 'pglite', client, close: () => client.close() };
  const db = drizzleFor(connection);
  for (const { name, migrationsFolder } of migrations) await migrateService(connection, db, name, migrationsFolder);
}

export async function openConnection(options: ConnectionOptions): Promise<DatabaseConnection> {
  if (options.mode === 'embedded') {
    let client: PGlite;
    // What the entry prepared early (preparePgliteEarly), if anything: PGlite's compiled WebAssembly.
    const pgliteOptions = { extensions: { pg_trgm: pgTrgm() }, startParams: pgliteStartParams(), ...(await takePgliteArtifacts()) };
    const copies = options.migrations?.length ? migratedClustersFor(options.migrations) : blankClusters;
    if (options.dataDir === ':memory:') {
      client = await copies.open((given) => pglite().PGlite.create(given), pgliteOptions);
    } else {
      const dataDir = resolve(options.dataDir, 'pglite');
      // A new data dir starts from the machine's cluster copy too (its files copied in), instead of running
      // initdb and every migration there: an empty start then costs what a warm restart does.
      if (!existsSync(join(dataDir, 'PG_VERSION'))) await copies.copyInto(dataDir, (given) => pglite().PGlite.create(given), pgliteOptions);
      mkdirSync(dataDir, { recursive: true });
      client = await pglite().PGlite.create({ ...pgliteOptions, dataDir });
    }
    return { kind: 'pglite', client, close: () => client.close() };
  }
  await ensureDatabaseExists(options.databaseUrl);
  const pool = new (pg().Pool)({ connectionString: options.databaseUrl, max: options.poolSize });
  // A network error on an idle client, or on one checked out mid-transaction (the server restarting),
  // must not crash the process: the query in flight fails (an outage, answered 503), the pool drops the
  // broken client, and the next query connects again once the server is back.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return { kind: 'postgres', pool, close: () => pool.end() };
}

/** Creates the database named in the URL when missing (first start on a fresh server). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  url.pathname = '/postgres';
  const admin = new (pg().Client)({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database "${name}"`).catch((error: { code?: string }) => {
        // Another process created it between our check and our create.
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await admin.end();
  }
}

export function drizzleFor(connection: DatabaseConnection): Db {
  return connection.kind === 'pglite'
    ? (drizzlePglite(connection.client) as unknown as Db)
    : (drizzleNodePg(connection.pool) as unknown as Db);
}

/** Applies one service's migrations, tracked in that service's own schema. */
export async function migrateService(
  connection: DatabaseConnection,
  db: Db,
  schemaName: string,
  migrationsFolder: string,
): Promise<void> {
  const config = { migrationsFolder, migrationsSchema: schemaName, migrationsTable: '__migrations' };
  if (connection.kind === 'pglite') {
    await pgliteMigrator()(db as unknown as Parameters<typeof migratePglite>[0], config);
    return;
  }
  // Replicas of a service start together: one migrates while the others wait on a session lock, then
  // find the work done (two at once failed with "relation … already exists").
  const client = await connection.pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`closetly:migrate:${schemaName}`]);
    try {
      await migrateNodePg(drizzleNodePg(client) as unknown as Parameters<typeof migrateNodePg>[0], config);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [`closetly:migrate:${schemaName}`]);
    }
  } finally {
    client.release();
  }
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export const migrationsFolderOf = (appRoot: string): string => join(appRoot, 'src', 'db', 'migrations');
