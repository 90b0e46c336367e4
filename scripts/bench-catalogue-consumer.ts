import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { productIdFor } from '@closetly/catalogue-rules';
import { buildEnvelope, type Db, drizzleFor, EventInbox, MAX_EVENT_BATCH, migrateService, openConnection, OutboxWriter, type OutboxRelay, UnitOfWork } from '@closetly/server';
import { capture, createTestDatabase, deadLetterRecorder } from '@closetly/testing';
import { AccountDataRepository } from '../apps/catalogue/src/account-data/account-data.repository';
import { AccountDataService } from '../apps/catalogue/src/account-data/account-data.service';
import { CatalogueConsumer } from '../apps/catalogue/src/catalogue.consumer';
import { cataloguePlatformTables } from '../apps/catalogue/src/db/schema';
import { ListsCache } from '../apps/catalogue/src/lists/lists-cache';
import { ListsRepository } from '../apps/catalogue/src/lists/lists.repository';
import { ListsService } from '../apps/catalogue/src/lists/lists.service';
import { ProductsRepository } from '../apps/catalogue/src/products/products.repository';
import { ProductsService } from '../apps/catalogue/src/products/products.service';

const MIGRATIONS = join(__dirname, '..', 'apps', 'catalogue', 'src', 'db', 'migrations');
const SAVES = Number(process.env.BENCH_CONSUMER_SAVES ?? 1000);

/**
 * The catalogue consumer alone on PostgreSQL, with no other process competing for the two cores: SAVES
 * save events (20 proved savers, a product each; one in four saved again by a second saver) applied
 * one event per transaction, the reference, then the same story on new products in batches of
 * MAX_EVENT_BATCH, as a Kafka fetch hands them over. Events per second, each measured in this run.
 */
export async function benchCatalogueConsumer(): Promise<{ rows: Array<[string, string, string]>; batchedRate: number }> {
  const database = await createTestDatabase('closetly_bench_consumer');
  const connection = await openConnection({ mode: 'distributed', dataDir: ':memory:', databaseUrl: database.url, poolSize: 4 });
  const db: Db = drizzleFor(connection);
  try {
    await migrateService(connection, db, 'catalogue', MIGRATIONS);
    // No Redis: the bench measures the database work; invalidating the cached lists is one call per batch.
    const cache = { invalidate: async () => undefined } as unknown as ListsCache;
    const uow = new UnitOfWork(db, { kick: () => undefined } as unknown as OutboxRelay);
    const consumer = new CatalogueConsumer(
      new EventInbox('catalogue', db, cataloguePlatformTables, deadLetterRecorder().transport),
      new ProductsService(new ProductsRepository(db), uow, new OutboxWriter(cataloguePlatformTables), cache),
      new ListsService(new ListsRepository(db), cache),
      new AccountDataService(new AccountDataRepository(db)),
    );
    const savers = Array.from({ length: 20 }, () => randomUUID());
    for (const userId of savers) await consumer.onEmailConfirmed(buildEnvelope('identity.email-confirmed.v1', userId, { userId, how: 'link' }));
    const saves = () => {
      const run = randomUUID().slice(0, 8);
      return Array.from({ length: SAVES }, (_, n) => {
        const product = Math.floor(n * 0.8);
        const saved = capture({ name: `Bench Tee ${run} ${product}`, brand: 'Arket', price: 20 + (n % 7), sourceUrl: `https://www.asos.com/p/bench-${run}-${product}` });
        const productId = productIdFor(saved.productKey);
        const at = new Date().toISOString();
        return buildEnvelope('wardrobe.item-saved.v1', productId, { userId: savers[n % savers.length] as string, productId, savedAt: at, capturedAt: at, capture: saved });
      });
    };
    const rate = async (apply: (events: ReturnType<typeof saves>) => Promise<void>) => {
      const events = saves();
      const started = performance.now();
      await apply(events);
      return events.length / ((performance.now() - started) / 1000);
    };
    const oneByOne = await rate(async (events) => {
      for (const event of events) await consumer.onItemsSaved([event]);
    });
    const batched = await rate(async (events) => {
      for (let start = 0; start < events.length; start += MAX_EVENT_BATCH) await consumer.onItemsSaved(events.slice(start, start + MAX_EVENT_BATCH));
    });
    return {
      batchedRate: batched,
      rows: [
        [`catalogue consumer alone on PostgreSQL: ${SAVES} saves one event per transaction (reference)`, `${oneByOne.toFixed(0)} events/s`, '1.00'],
        [`catalogue consumer alone on PostgreSQL: the same in batches of ${MAX_EVENT_BATCH}`, `${batched.toFixed(0)} events/s`, (batched / oneByOne).toFixed(2)],
      ],
    };
  } finally {
    await connection.close();
    await database.drop();
  }
}
