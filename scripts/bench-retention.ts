import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { type DatabaseConnection, type Db, drizzleFor, migrateService, openConnection, OutboxWriter, type OutboxRelay, ProcessMetrics, UnitOfWork } from '@closetly/server';
import { RETENTION_MS, RetentionClock, retentionPlatformTables, RetentionRepository, RetentionService } from '@closetly/retention';
import { createTestDatabase } from '@closetly/testing';
import { sql } from 'drizzle-orm';


/**
 * One full retention sweep over BENCH_RETENTION_PRODUCTS (100,000) tracked
 * products, on PGlite (embedded) and PostgreSQL (distributed): the read model
 * filled in bulk through the repository, 90 % of it unsaved for more than 30
 * days, then one sweep expires them (an outbox row and a mark each, in
 * batches of 500), and a second sweep finds nothing left to do.
 */
const PRODUCTS = Number(process.env.BENCH_RETENTION_PRODUCTS ?? 100_000);
const DUE_SHARE = 0.9;
const INSERT_CHUNK = 5000;
/** The sweep runs hourly: it should take a small part of that. */
const TARGET_SECONDS = 360;

const MIGRATIONS = join(__dirname, '..', 'apps', 'retention', 'src', 'db', 'migrations');

async function benchOne(mode: 'embedded' | 'distributed'): Promise<{ fill: number; sweep: number; idle: number; expired: number }> {
  const database = mode === 'distributed' ? await createTestDatabase('closetly_bench_retention') : undefined;
  const connection: DatabaseConnection = await openConnection({ mode, dataDir: ':memory:', databaseUrl: database?.url ?? 'postgres://unused@127.0.0.1/unused', poolSize: 4 });
  try {
    const db: Db = drizzleFor(connection);
    await migrateService(connection, db, 'retention', MIGRATIONS);
    const repository = new RetentionRepository(db);
    const now = new Date();
    const fillStarted = performance.now();
    for (let offset = 0; offset < PRODUCTS; offset += INSERT_CHUNK) {
      const rows = Array.from({ length: Math.min(INSERT_CHUNK, PRODUCTS - offset) }, (_, i) => {
        const due = (offset + i) / PRODUCTS < DUE_SHARE;
        const lastUnsavedAt = new Date(now.getTime() - (due ? RETENTION_MS + 1000 + i * 1000 : RETENTION_MS / 2));
        return { productId: randomUUID(), lastActivityAt: lastUnsavedAt, lastUnsavedAt };
      });
      await repository.insertTracked(rows);
    }
    await db.execute(sql`analyze retention.tracked_products`);
    const fill = (performance.now() - fillStarted) / 1000;

    const uow = new UnitOfWork(db, { kick: () => undefined } as unknown as OutboxRelay);
    const service = new RetentionService(repository, uow, new OutboxWriter(retentionPlatformTables), new RetentionClock(), { RETENTION_SWEEP_BATCH: 500, RETENTION_TEST_CLOCK: false }, new ProcessMetrics());
    const sweepStarted = performance.now();
    const expired = await service.sweep(now);
    const sweep = (performance.now() - sweepStarted) / 1000;
    const idleStarted = performance.now();
    await service.sweep(now);
    const idle = (performance.now() - idleStarted) / 1000;
    return { fill, sweep, idle, expired };
  } finally {
    await connection.close();
    await database?.drop();
  }
}

export async function benchRetention(): Promise<Array<[string, boolean]>> {
  // The sweep logs what it expired; the numbers below say it.
  Logger.overrideLogger(false);
  process.stdout.write(`\nRetention sweep, ${PRODUCTS.toLocaleString('en')} tracked products (${DUE_SHARE * 100} % unsaved for over 30 days), batches of 500\n`);
  const targets: Array<[string, boolean]> = [];
  for (const mode of ['embedded', 'distributed'] as const) {
    const { fill, sweep, idle, expired } = await benchOne(mode);
    const engine = mode === 'embedded' ? 'PGlite' : 'PostgreSQL';
    process.stdout.write(
      `  ${engine.padEnd(11)} fill ${fill.toFixed(1)} s; full sweep ${sweep.toFixed(1)} s for ${expired.toLocaleString('en')} expiries (${((expired / sweep) | 0).toLocaleString('en')} a second); a sweep with nothing due ${(idle * 1000).toFixed(0)} ms\n`,
    );
    targets.push([`${engine}: one full sweep of ${PRODUCTS.toLocaleString('en')} tracked products ≤ ${TARGET_SECONDS} s (a tenth of the hourly interval)`, sweep <= TARGET_SECONDS && expired === Math.round(PRODUCTS * DUE_SHARE)]);
  }
  return targets;
}

if (require.main === module) {
  benchRetention()
    .then((targets) => {
      for (const [name, met] of targets) process.stdout.write(`  ${met ? 'met   ' : 'MISSED'} ${name}\n`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
