import type { Product } from '@closetly/contracts';
import { fakeUnitOfWork, inMemoryErasedAccounts, mockOf, recordingOutbox } from '@closetly/testing';
import { PrivacyService } from '../../src/privacy/privacy.service';
import { RecommendationsRepository, type ShopperProfile } from '../../src/recommendations/recommendations.repository';
import { RecommendationsService } from '../../src/recommendations/recommendations.service';
import { RecommenderCache } from '../../src/recommendations/recommender-cache';
import { type Classification, type SavePosition, type SaveRow, SavesRepository } from '../../src/saves/saves.repository';
import { SavesService } from '../../src/saves/saves.service';

/**
 * SavesRepository over maps, with the table's rules: one save per user and
 * product, the date first saved set on insert, the capture date on every
 * write (`at` when the caller dated the save). `clock.now` is what the database's now() would answer.
 */
export function inMemorySaves() {
  const clock = { now: new Date('2026-03-01T10:00:00.000Z') };
  const saves = new Map<string, SaveRow>();
  const classifications = new Map<string, Classification>();
  const keyOf = (userId: string, productId: string) => `${userId}/${productId}`;
  const copy = (row: SaveRow | undefined) => row && { ...row };
  const withClassification = (row: SaveRow) => ({ ...row, classification: classifications.get(row.productId) ?? null });

  const repository = mockOf(SavesRepository);
  repository.insert.mockImplementation(async (userId, productId, capture, _tx, at) => {
    if (saves.has(keyOf(userId, productId))) return undefined;
    const row: SaveRow = { userId, productId, capture, savedAt: at ?? clock.now, capturedAt: at ?? clock.now };
    saves.set(keyOf(userId, productId), row);
    return copy(row);
  });
  repository.findForUpdate.mockImplementation(async (userId, productId) => copy(saves.get(keyOf(userId, productId))));
  repository.updateCapture.mockImplementation(async (userId, productId, capture, _tx, at) => {
    const row = saves.get(keyOf(userId, productId));
    if (!row) throw new Error('updated a save that does not exist');
    Object.assign(row, { capture, capturedAt: at ?? clock.now });
    return { ...row };
  });
  repository.find.mockImplementation(async (userId, productId) => {
    const row = saves.get(keyOf(userId, productId));
    return row && withClassification(row);
  });
  repository.listNewestFirst.mockImplementation(async (userId) =>
    [...saves.values()]
      .filter((row) => row.userId === userId)
      .sort((a, b) => b.savedAt.getTime() - a.savedAt.getTime() || b.productId.localeCompare(a.productId))
      .map(withClassification),
  );
  // The database's position: its save time to the microsecond (a Date's milliseconds, then 000).
  const positionOf = (row: SaveRow): SavePosition => ({ savedAt: row.savedAt.toISOString().replace(/Z$/, '000Z'), productId: row.productId });
  const comparePositions = (a: SavePosition, b: SavePosition) => a.savedAt.localeCompare(b.savedAt) || a.productId.localeCompare(b.productId);
  repository.listOldestFirstAfter.mockImplementation(async (userId, after, limit) =>
    [...saves.values()]
      .filter((row) => row.userId === userId)
      .map((row) => ({ ...row, position: positionOf(row) }))
      .filter((row) => after === null || comparePositions(row.position, after) > 0)
      .sort((a, b) => comparePositions(a.position, b.position))
      .slice(0, limit),
  );
  repository.deleteForUser.mockImplementation(async (userId) => {
    for (const [key, row] of saves) if (row.userId === userId) saves.delete(key);
  });
  repository.countForUser.mockImplementation(async (userId) => [...saves.values()].filter((row) => row.userId === userId).length);
  repository.findClassification.mockImplementation(async (productId) => classifications.get(productId) ?? null);
  repository.delete.mockImplementation(async (userId, productId) => {
    const row = saves.get(keyOf(userId, productId));
    saves.delete(keyOf(userId, productId));
    return row;
  });
  repository.upsertClassification.mockImplementation(async (productId, classification) => {
    classifications.set(productId, { ...classification });
  });
  repository.upsertClassifications.mockImplementation(async (rows, tx) => {
    for (const { productId, ...classification } of rows) await repository.upsertClassification(productId, classification, tx);
  });
  repository.deleteClassification.mockImplementation(async (productId) => {
    classifications.delete(productId);
  });
  return { repository, saves, classifications, clock };
}

/** The real SavesService over in-memory saves, a unit of work that runs at once, a recording outbox and the real recommender cache (its `changed` spied on). */
export function savesServiceFor(recommenderCache = new RecommenderCache()) {
  const store = inMemorySaves();
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  const recommenderChanged = jest.spyOn(recommenderCache, 'changed');
  return { ...store, ...events, uow, tx, recommenderCache, recommenderChanged, service: new SavesService(store.repository, uow, events.outbox, recommenderCache) };
}

/**
 * RecommendationsRepository over maps, with the queries' rules: public
 * products are listed and not hidden, the newest saves come newest first up
 * to the limit, rows go in and out as copies. `saves` may be the map of
 * `inMemorySaves`, so both repositories see one saves table.
 */
export function inMemoryRecommendations(saves = new Map<string, SaveRow>()) {
  const products = new Map<string, Product>();
  const profiles = new Map<string, ShopperProfile>();

  const repository = mockOf(RecommendationsRepository);
  repository.upsertProduct.mockImplementation(async (product) => {
    products.set(product.id, structuredClone(product));
  });
  repository.upsertProducts.mockImplementation(async (published, tx) => {
    for (const product of published) await repository.upsertProduct(product, tx);
  });
  repository.deleteProduct.mockImplementation(async (productId) => {
    products.delete(productId);
  });
  repository.upsertProfile.mockImplementation(async (profile) => {
    profiles.set(profile.userId, structuredClone(profile));
  });
  repository.findProfile.mockImplementation(async (userId) => structuredClone(profiles.get(userId)));
  repository.deleteProfile.mockImplementation(async (userId) => {
    profiles.delete(userId);
  });
  repository.countProfiles.mockImplementation(async (userId) => (profiles.has(userId) ? 1 : 0));
  repository.newestSaves.mockImplementation(async (limit) =>
    [...saves.values()]
      .sort((a, b) => b.savedAt.getTime() - a.savedAt.getTime())
      .slice(0, limit)
      .map((row) => ({ userId: row.userId, itemId: row.productId, at: row.savedAt })),
  );
  repository.savesOf.mockImplementation(async (userId) =>
    [...saves.values()].filter((row) => row.userId === userId).map((row) => ({ productId: row.productId, name: row.capture.name, brand: row.capture.brand })),
  );
  repository.publicProducts.mockImplementation(async () =>
    [...products.values()]
      .filter((product) => product.listed && !product.hidden)
      .map(({ id, name, brand, price, gender, category }) => ({ id, name, brand, price, gender, category })),
  );
  repository.products.mockImplementation(async (ids) => ids.flatMap((id) => (products.has(id) ? [structuredClone(products.get(id) as Product)] : [])));
  return { repository, products, profiles, saves };
}

/** The real RecommendationsService over in-memory read models and saves, with a real recommender cache. */
export function recommendationsServiceFor(saves?: Map<string, SaveRow>, cache = new RecommenderCache()) {
  const store = inMemoryRecommendations(saves);
  return { ...store, cache, service: new RecommendationsService(store.repository, cache) };
}

/** The real PrivacyService over in-memory saves and read models (pass the ones other services use, to share them). */
export function privacyServiceFor(saves = inMemorySaves(), recommendations = inMemoryRecommendations(saves.saves)) {
  const erased = inMemoryErasedAccounts();
  return { saves, recommendations, erased, service: new PrivacyService(saves.repository, recommendations.repository, erased.accounts) };
}
