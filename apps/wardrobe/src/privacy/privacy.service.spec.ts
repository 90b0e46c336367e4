import { randomUUID } from 'node:crypto';
import { type Caller, EXTENSION_TOKEN_SCOPE_MESSAGE } from '@closetly/contracts';
import { allExportPages, capture, fakeUnitOfWork } from '@closetly/testing';
import { privacyServiceFor } from '../../test/support/unit-doubles';
import { exportCursorOf, positionOf } from './privacy.service';

const caller = (overrides: Partial<Caller> = {}): Caller => {
  const uid = overrides.uid ?? randomUUID();
  return { uid, sid: `session-of-${uid}`, roles: [], ...overrides };
};
const ADMIN = caller({ roles: ['admin'] });
const INVALID_CURSOR = { code: 'VALIDATION_FAILED', message: 'Invalid export cursor' };
const at = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`);

function setup() {
  const privacy = privacyServiceFor();
  /** A save as the table holds it, saved on `day` of March. */
  const seed = async (userId: string, day: number, productId: string = randomUUID()) => {
    await privacy.saves.repository.insert(userId, productId, capture({ name: `Item ${productId.slice(0, 8)}` }), undefined, at(day));
    return productId;
  };
  return { ...privacy, seed };
}

describe('PrivacyService (wardrobe)', () => {
  describe('exportSaves', () => {
    it('pages through every save of the caller’s once, oldest first and saves of one moment by product id, until next is null', async () => {
      const { service, seed } = setup();
      const shopper = caller();
      const sameDay = ['b0000000-0000-4000-8000-000000000000', 'a0000000-0000-4000-8000-000000000000', 'c0000000-0000-4000-8000-000000000000'];
      const newest = await seed(shopper.uid, 9);
      for (const productId of sameDay) await seed(shopper.uid, 5, productId);
      const oldest = [await seed(shopper.uid, 1), await seed(shopper.uid, 2), await seed(shopper.uid, 3)];
      await seed(randomUUID(), 4);

      const pages = await allExportPages((after) => service.exportSaves(shopper, after, 3));
      expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
      expect(pages.flatMap((page) => page.items.map((item) => item.productId))).toEqual([...oldest, ...[...sameDay].sort(), newest]);
      expect(pages.map((page) => page.next === null)).toEqual([false, false, true]);
    });

    it('answers next: null with a last page that is exactly full, so no empty page follows', async () => {
      const { service, seed } = setup();
      const shopper = caller();
      for (const day of [1, 2, 3, 4]) await seed(shopper.uid, day);

      expect((await allExportPages((after) => service.exportSaves(shopper, after, 2))).map((page) => page.items.length)).toEqual([2, 2]);
    });

    it('exports each save with its dates and the capture as stored; an empty wardrobe is one empty page', async () => {
      const { service, saves, seed } = setup();
      const shopper = caller();
      const productId = await seed(shopper.uid, 7);
      await saves.repository.updateCapture(shopper.uid, productId, capture({ name: 'Recaptured', price: 59 }), fakeUnitOfWork().tx, at(8));

      await expect(service.exportSaves(shopper, null, 500)).resolves.toEqual({
        items: [{ productId, savedAt: at(7).toISOString(), capturedAt: at(8).toISOString(), capture: capture({ name: 'Recaptured', price: 59 }) }],
        next: null,
      });
      await expect(service.exportSaves(caller(), null, 500)).resolves.toEqual({ items: [], next: null });
    });

    it('makes cursors that name a position to the microsecond, and reads them back', () => {
      const position = { savedAt: '2026-03-01T10:00:00.123456Z', productId: randomUUID() };
      expect(positionOf(exportCursorOf(position))).toEqual(position);
    });

    it.each([
      ['not a cursor', 'garbage'],
      ['an empty one', ''],
      ['one without a product id', '2026-03-01T10:00:00.123456Z|'],
      ['one with a product id that is no uuid', '2026-03-01T10:00:00.123456Z|not-a-uuid'],
      ['one with a time that is no time', 'yesterday|a0000000-0000-4000-8000-000000000000'],
      ['one with a day that does not exist', '2026-02-31T10:00:00.000000Z|a0000000-0000-4000-8000-000000000000'],
      ['one with an hour that does not exist', '2026-03-01T25:00:00.000000Z|a0000000-0000-4000-8000-000000000000'],
      ['one from year 0 (PostgreSQL has none)', '0000-03-01T10:00:00.000000Z|a0000000-0000-4000-8000-000000000000'],
      ['one with something after it', '2026-03-01T10:00:00.123456Z|a0000000-0000-4000-8000-000000000000|x'],
    ])('refuses %s with VALIDATION_FAILED, querying nothing', async (_case, after) => {
      const { service, saves } = setup();

      await expect(service.exportSaves(caller(), after, 500)).rejects.toMatchObject(INVALID_CURSOR);
      expect(saves.repository.listOldestFirstAfter).not.toHaveBeenCalled();
    });

    it('refuses the extension’s token with FORBIDDEN, reading nothing', async () => {
      const { service, saves, seed } = setup();
      const shopper = caller({ scope: 'extension' });
      await seed(shopper.uid, 1);

      await expect(service.exportSaves(shopper, null, 500)).rejects.toMatchObject({ code: 'FORBIDDEN', message: EXTENSION_TOKEN_SCOPE_MESSAGE });
      expect(saves.repository.listOldestFirstAfter).not.toHaveBeenCalled();
    });
  });

  describe('accountDeleted (identity.account-deleted.v1)', () => {
    it('deletes the user’s saves (their captures with them) and the recommender’s copy of their profile in the given transaction, and only theirs', async () => {
      const { service, saves, recommendations, seed } = setup();
      const { tx } = fakeUnitOfWork();
      const [gone, stays] = [randomUUID(), randomUUID()];
      const shared = await seed(gone, 1);
      await seed(gone, 2);
      await seed(stays, 1, shared);
      for (const userId of [gone, stays]) recommendations.profiles.set(userId, { userId, gender: 'female', favoriteBrands: ['COS'], sizedCategories: [] });
      await service.accountDeleted(gone, tx);

      expect(saves.repository.deleteForUser).toHaveBeenCalledWith(gone, tx);
      expect(recommendations.repository.deleteProfile).toHaveBeenCalledWith(gone, tx);
      expect([...saves.saves.values()].map((row) => [row.userId, row.productId])).toEqual([[stays, shared]]);
      expect([...recommendations.profiles.keys()]).toEqual([stays]);
    });
  });

  describe('dataHeld', () => {
    it('counts the rows held for a user, by table, for an administrator', async () => {
      const { service, recommendations, seed } = setup();
      const userId = randomUUID();
      for (const day of [1, 2, 3]) await seed(userId, day);
      recommendations.profiles.set(userId, { userId, gender: 'male', favoriteBrands: [], sizedCategories: [] });

      await expect(service.dataHeld(ADMIN, userId)).resolves.toEqual({ saves: 3, shopper_profiles: 1 });
      await expect(service.dataHeld(ADMIN, randomUUID())).resolves.toEqual({ saves: 0, shopper_profiles: 0 });
    });

    it('refuses anyone else with FORBIDDEN, counting nothing, even about themselves', async () => {
      const { service, saves, recommendations } = setup();
      const shopper = caller();

      await expect(service.dataHeld(shopper, shopper.uid)).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Unauthorized access.' });
      expect(saves.repository.countForUser).not.toHaveBeenCalled();
      expect(recommendations.repository.countProfiles).not.toHaveBeenCalled();
    });
  });
});
