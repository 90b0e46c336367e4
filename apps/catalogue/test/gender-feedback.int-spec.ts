import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type Db, migrateService } from '@closetly/server';
import { type AdapterTestDatabase, openAdapterTestDatabase } from '@closetly/testing';
import { eq } from 'drizzle-orm';
import { genderFeedback, products } from '../src/db/schema';
import { ProductsRepository } from '../src/products/products.repository';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');

/** Gender votes on the real engines (PGlite and PostgreSQL): one row a voter and product, however the votes arrive. */
describe.each(['embedded', 'distributed'] as const)('gender feedback (%s)', (mode) => {
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let repository: ProductsRepository;

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_catalogue_feedback' });
    db = database.db;
    await migrateService(database.connection, db, 'catalogue', MIGRATIONS);
    repository = new ProductsRepository(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const newProduct = async () => {
    const id = randomUUID();
    await db.insert(products).values({ id, productKey: `url:https://shop.example/${id}`, name: 'Wool Coat', brand: 'Arket', price: 120, listed: true });
    return id;
  };
  const votesOn = async (productId: string) =>
    (await db.select().from(genderFeedback).where(eq(genderFeedback.productId, productId))).map(({ userId, voter, gender }) => ({ userId, voter, gender }));

  it('keeps one vote for 50 sent at once by one client, and the voter’s vote on another product apart', async () => {
    const [coat, scarf] = [await newProduct(), await newProduct()];

    await Promise.all(Array.from({ length: 50 }, () => repository.addFeedback(coat, null, 'client:one', 'Men')));
    await repository.addFeedback(scarf, null, 'client:one', 'Women');

    expect(await votesOn(coat)).toEqual([{ userId: null, voter: 'client:one', gender: 'Men' }]);
    expect(await votesOn(scarf)).toHaveLength(1);
  });

  it('replaces a voter’s vote with their later one, and counts each voter apart', async () => {
    const coat = await newProduct();

    await repository.addFeedback(coat, 'ada', 'user:ada', 'Men');
    await repository.addFeedback(coat, 'ada', 'user:ada', 'Women');
    await repository.addFeedback(coat, null, 'client:one', 'Men');
    await repository.addFeedback(coat, null, 'client:two', 'Unisex');

    expect((await votesOn(coat)).sort((a, b) => String(a.voter).localeCompare(String(b.voter)))).toEqual([
      { userId: null, voter: 'client:one', gender: 'Men' },
      { userId: null, voter: 'client:two', gender: 'Unisex' },
      { userId: 'ada', voter: 'user:ada', gender: 'Women' },
    ]);
  });

  it('keeps an erased user’s vote with neither their id nor their voter key', async () => {
    const coat = await newProduct();
    await repository.addFeedback(coat, 'grace', 'user:grace', 'Women');

    await db.transaction((tx) => repository.eraseUser('grace', tx as unknown as Db));

    expect(await votesOn(coat)).toEqual([{ userId: null, voter: null, gender: 'Women' }]);
  });
});
