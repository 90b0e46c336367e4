import { fakeUnitOfWork, mockOf, recordingOutbox } from '@closetly/testing';
import { type Classification, type SaveRow, SavesRepository } from '../../src/saves/saves.repository';
import { SavesService } from '../../src/saves/saves.service';

/**
 * SavesRepository over maps, with the table's rules: one save per user and
 * product, the date first saved set on insert, the capture date on every
 * write. `clock.now` is what the database's now() would answer.
 */
export function inMemorySaves() {
  const clock = { now: new Date('2026-03-01T10:00:00.000Z') };
  const saves = new Map<string, SaveRow>();
  const classifications = new Map<string, Classification>();
  const keyOf = (userId: string, productId: string) => `${userId}/${productId}`;
  const copy = (row: SaveRow | undefined) => row && { ...row };
  const withClassification = (row: SaveRow) => ({ ...row, classification: classifications.get(row.productId) ?? null });

  const repository = mockOf(SavesRepository);
  repository.insert.mockImplementation(async (userId, productId, capture) => {
    if (saves.has(keyOf(userId, productId))) return undefined;
    const row: SaveRow = { userId, productId, capture, savedAt: clock.now, capturedAt: clock.now };
    saves.set(keyOf(userId, productId), row);
    return copy(row);
  });
  repository.findForUpdate.mockImplementation(async (userId, productId) => copy(saves.get(keyOf(userId, productId))));
  repository.updateCapture.mockImplementation(async (userId, productId, capture) => {
    const row = saves.get(keyOf(userId, productId));
    if (!row) throw new Error('updated a save that does not exist');
    Object.assign(row, { capture, capturedAt: clock.now });
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
  repository.findClassification.mockImplementation(async (productId) => classifications.get(productId) ?? null);
  repository.delete.mockImplementation(async (userId, productId) => {
    const row = saves.get(keyOf(userId, productId));
    saves.delete(keyOf(userId, productId));
    return row;
  });
  repository.upsertClassification.mockImplementation(async (productId, classification) => {
    classifications.set(productId, { ...classification });
  });
  repository.deleteProduct.mockImplementation(async (productId) => {
    for (const [key, row] of saves) if (row.productId === productId) saves.delete(key);
    classifications.delete(productId);
  });
  return { repository, saves, classifications, clock };
}

/** The real SavesService over in-memory saves, a unit of work that runs at once, and a recording outbox. */
export function savesServiceFor() {
  const store = inMemorySaves();
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  return { ...store, ...events, uow, tx, service: new SavesService(store.repository, uow, events.outbox) };
}
