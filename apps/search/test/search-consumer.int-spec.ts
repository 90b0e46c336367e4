import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Product } from '@closetly/contracts';
import { buildEnvelope, type DatabaseConnection, type Db, drizzleFor, EventInbox, migrateService, openConnection } from '@closetly/server';
import { deadLetterRecorder, product } from '@closetly/testing';
import { sql } from 'drizzle-orm';
import { searchPlatformTables } from '../src/db/schema';
import { PostgresProductIndex } from '../src/engine/postgres-product-index';
import { SearchConsumer } from '../src/search.consumer';
import { SearchService } from '../src/search.service';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');

/**
 * The consumer as the embedded product wires it: a real inbox and the real
 * PostgreSQL index on one PGlite connection, where an index write inside the
 * inbox's transaction would wait for itself.
 */
describe('search consumer on PGlite', () => {
  let connection: DatabaseConnection;
  let db: Db;
  let consumer: SearchConsumer;
  let index: PostgresProductIndex;
  const recorder = deadLetterRecorder();

  beforeAll(async () => {
    connection = await openConnection({ mode: 'embedded', dataDir: ':memory:', databaseUrl: 'postgres://unused@127.0.0.1/unused', poolSize: 1 });
    db = drizzleFor(connection);
    await migrateService(connection, db, 'search', MIGRATIONS);
    index = new PostgresProductIndex(db);
    await index.ensureReady();
    const service = new SearchService(index, { events: { pages: jest.fn() }, catalogue: { pages: jest.fn() } });
    consumer = new SearchConsumer(new EventInbox('search', db, searchPlatformTables, recorder.transport), service);
  });
  afterAll(async () => {
    await connection.close();
  });

  const upserted = (published: Product) => buildEnvelope('catalogue.product-upserted.v1', published.id, { product: published });
  const found = async (name: string) => (await index.search({ terms: [name] })).items.map((item) => item.id);
  const claims = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(searchPlatformTables.inbox);
    return { n: row?.n ?? 0 };
  };

  it('indexes a listed product, records the event once, and ignores its redelivery', async () => {
    const listed = product({ listed: true, name: 'Quilted Gilet Kestrel' });
    const event = upserted(listed);
    await consumer.onProductsUpserted([event]);
    expect(await found('kestrel')).toEqual([listed.id]);
    const before = (await claims()).n;

    // A redelivered event after the product changed elsewhere: the inbox skips it.
    await index.remove([listed.id]);
    await consumer.onProductsUpserted([event]);
    expect(await found('kestrel')).toEqual([]);
    expect((await claims()).n).toBe(before);
  });

  it('takes a product out when it is hidden, unlisted or removed', async () => {
    const listed = product({ listed: true, name: 'Waxed Jacket Osprey' });
    await consumer.onProductsUpserted([upserted(listed)]);
    expect(await found('osprey')).toEqual([listed.id]);
    await consumer.onProductsUpserted([upserted({ ...listed, hidden: true })]);
    expect(await found('osprey')).toEqual([]);

    await consumer.onProductsUpserted([upserted(listed)]);
    await consumer.onProductRemoved(buildEnvelope('catalogue.product-removed.v1', listed.id, { productId: listed.id }));
    expect(await found('osprey')).toEqual([]);
  });

  it('dead-letters a malformed event without recording or indexing anything', async () => {
    const before = (await claims()).n;
    await consumer.onProductsUpserted([{ ...upserted(product()), payload: { product: { id: 'not-a-uuid' } } }]);
    expect(recorder.deadLetters.at(-1)?.reason).toMatch(/^search: invalid payload/);
    expect((await claims()).n).toBe(before);
  });

  it('applies a batch in one bulk write, each product as its last event in the batch says, dead-lettering only the malformed message', async () => {
    const heron = product({ id: randomUUID(), listed: true, name: 'Linen Shirt Heronsby' });
    const wren = product({ id: randomUUID(), listed: true, name: 'Linen Shirt Wrenfield' });
    const malformed = { ...upserted(product()), payload: { product: { id: 'not-a-uuid' } } };
    const before = (await claims()).n;
    const wrenListed = upserted(wren);
    await consumer.onProductsUpserted([upserted(heron), wrenListed, malformed, upserted({ ...heron, hidden: true }), wrenListed]);

    expect(await found('wrenfield')).toEqual([wren.id]);
    expect(await found('heronsby')).toEqual([]);
    expect(recorder.deadLetters.at(-1)?.original).toEqual(malformed);
    expect((await claims()).n).toBe(before + 3);
  });
});
