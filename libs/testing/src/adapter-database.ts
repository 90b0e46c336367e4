import { type DatabaseConnection, type Db, drizzleFor, openConnection } from '@closetly/server';
import { createTestDatabase } from './engines';

/** A database an adapter's integration test runs on, in one mode; `close()` ends the connection and drops what it made. */
export interface AdapterTestDatabase {
  connection: DatabaseConnection;
  db: Db;
  close(): Promise<void>;
}

/**
 * The database of one runtime mode for an adapter test: a fresh PostgreSQL database of its own
 * (named after `prefix`) in distributed mode, a throwaway in-memory PGlite in embedded mode.
 * Migrating is the caller's, since some tests stop at an older migration first.
 */
export async function openAdapterTestDatabase(
  mode: 'embedded' | 'distributed',
  { prefix, poolSize = 4 }: { prefix: string; poolSize?: number },
): Promise<AdapterTestDatabase> {
  if (mode === 'embedded') {
    const connection = await openConnection({ mode, dataDir: ':memory:', databaseUrl: '', poolSize });
    return { connection, db: drizzleFor(connection), close: () => connection.close() };
  }
  const database = await createTestDatabase(prefix);
  try {
    const connection = await openConnection({ mode, dataDir: ':memory:', databaseUrl: database.url, poolSize });
    return {
      connection,
      db: drizzleFor(connection),
      async close() {
        await connection.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
