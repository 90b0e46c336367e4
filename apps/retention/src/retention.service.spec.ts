import type { Caller } from '@closetly/contracts';
import { ProcessMetrics, RETENTION_SWEEP_DURATION, RETENTION_SWEEP_EXPIRED } from '@closetly/server';
import { fakeUnitOfWork, mockOf, recordingOutbox, seededRandom } from '@closetly/testing';
import { RetentionClock } from './clock';
import { RetentionRepository, type TrackedProductRow } from './retention.repository';
import { daysUntilDeletion, RETENTION_MS, RetentionService } from './retention.service';

const DAY_MS = 86_400_000;
const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const ADMIN: Caller = { uid: 'admin-1', sid: 's-1', roles: ['admin'] };
const SHOPPER: Caller = { uid: 'shopper-1', sid: 's-2', roles: [] };
const EXPIRED = 'retention.product-expired.v1';

/** RetentionRepository over maps, with the queries' semantics (newer event wins, SKIP LOCKED claims of due rows). */
function inMemoryRetention() {
  const tracked = new Map<string, TrackedProductRow>();
  const saves = new Map<string, { productId: string; userId: string; active: boolean; changedAt: Date }>();
  const repository = mockOf(RetentionRepository);
  repository.lockProducts.mockImplementation(async (seenAt) =>
    [...seenAt].sort(([a], [b]) => a.localeCompare(b)).map(([productId, at]) => {
      if (!tracked.has(productId)) tracked.set(productId, { productId, lastActivityAt: at, lastUnsavedAt: at, expiredAt: null });
      return { ...(tracked.get(productId) as TrackedProductRow) };
    }),
  );
  repository.recordSaveStates.mockImplementation(async (states) => {
    for (const { productId, userId, active, changedAt } of states) {
      const key = `${productId}/${userId}`;
      const stored = saves.get(key);
      const newer = !stored || stored.changedAt < changedAt || (active && stored.changedAt.getTime() === changedAt.getTime());
      if (newer) saves.set(key, { productId, userId, active, changedAt });
    }
  });
  repository.saveSummaries.mockImplementation(async (productIds) => {
    const summaries = new Map<string, { activeUsers: string[]; lastEndedAt: Date | null }>();
    for (const productId of productIds) {
      const rows = [...saves.values()].filter((row) => row.productId === productId);
      const ended = rows.filter((row) => !row.active).map((row) => row.changedAt.getTime());
      summaries.set(productId, { activeUsers: rows.filter((row) => row.active).map((row) => row.userId), lastEndedAt: ended.length ? new Date(Math.max(...ended)) : null });
    }
    return summaries;
  });
  repository.updateClocks.mockImplementation(async (rows) => {
    for (const { productId, lastActivityAt, lastUnsavedAt, expiredAt } of rows) {
      const row = tracked.get(productId);
      if (row) tracked.set(productId, { ...row, lastActivityAt, lastUnsavedAt, expiredAt });
    }
  });
  repository.claimExpired.mockImplementation(async (cutoff, limit) =>
    [...tracked.values()]
      .filter((row) => !row.expiredAt && row.lastUnsavedAt && row.lastUnsavedAt <= cutoff)
      .sort((a, b) => (a.lastUnsavedAt as Date).getTime() - (b.lastUnsavedAt as Date).getTime())
      .slice(0, limit)
      .map((row) => ({ productId: row.productId, lastUnsavedAt: row.lastUnsavedAt as Date })),
  );
  repository.markExpired.mockImplementation(async (ids, when) => {
    for (const id of ids) {
      const row = tracked.get(id);
      if (row) tracked.set(id, { ...row, expiredAt: when });
    }
  });
  repository.atRisk.mockImplementation(async () =>
    [...tracked.values()]
      .filter((row) => !row.expiredAt && row.lastUnsavedAt)
      .sort((a, b) => (a.lastUnsavedAt as Date).getTime() - (b.lastUnsavedAt as Date).getTime())
      .map((row) => ({ productId: row.productId, lastUnsavedAt: row.lastUnsavedAt as Date })),
  );
  const erased = new Set<string>();
  repository.erasedAmong.mockImplementation(async (userIds) => new Set(userIds.filter((userId) => erased.has(userId))));
  repository.markErased.mockImplementation(async (userId) => void erased.add(userId));
  repository.lockProductsSavedBy.mockImplementation(async (userId) =>
    [...saves.values()]
      .filter((row) => row.userId === userId)
      .map((row) => row.productId)
      .sort()
      .flatMap((productId) => {
        const row = tracked.get(productId);
        return row ? [{ productId, lastUnsavedAt: row.lastUnsavedAt }] : [];
      }),
  );
  repository.deleteSavesOf.mockImplementation(async (userId) => {
    for (const [key, row] of saves) if (row.userId === userId) saves.delete(key);
  });
  repository.withActiveSave.mockImplementation(async (productIds) => [...new Set([...saves.values()].filter((row) => row.active && productIds.includes(row.productId)).map((row) => row.productId))]);
  repository.setLastUnsaved.mockImplementation(async (productIds, lastUnsavedAt) => {
    for (const productId of productIds) {
      const row = tracked.get(productId);
      if (row) tracked.set(productId, { ...row, lastUnsavedAt });
    }
  });
  repository.countSaves.mockImplementation(async (userId) => [...saves.values()].filter((row) => row.userId === userId).length);
  return { repository, tracked, saves, erased };
}

function setup({ batch = 500, testClock = false } = {}) {
  const store = inMemoryRetention();
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  const clock = new RetentionClock();
  const metrics = new ProcessMetrics();
  const service = new RetentionService(store.repository, uow, events.outbox, clock, { RETENTION_SWEEP_BATCH: batch, RETENTION_TEST_CLOCK: testClock }, metrics);
  return { ...store, ...events, service, tx, clock, metrics };
}

describe('RetentionService', () => {
  describe('the read model, by occurredAt', () => {
    it('a batch ends as its events applied one by one would: every saver’s newest state, every product’s clock (seeded mixes, erased accounts among them)', async () => {
      const products = [P1, P2, '33333333-3333-4333-8333-333333333333'];
      const users = ['ada', 'bob', 'cy', 'gone'];
      for (let seed = 1; seed <= 40; seed += 1) {
        const random = seededRandom(seed);
        const changes = Array.from({ length: 1 + random(12) }, () => ({
          productId: products[random(products.length)] as string,
          userId: users[random(users.length)] as string,
          active: random(3) > 0,
          occurredAt: at(random(6) * 1000),
        }));
        const oneByOne = setup();
        const batch = setup();
        for (const store of [oneByOne, batch]) {
          store.erased.add('gone');
          // Some history before the batch: a product already tracked and saved.
          await store.service.itemSaved(P2, 'bob', at(-5000), store.tx);
        }
        for (const change of changes) {
          if (change.active) await oneByOne.service.itemSaved(change.productId, change.userId, change.occurredAt, oneByOne.tx);
          else await oneByOne.service.itemRemoved(change.productId, change.userId, change.occurredAt, oneByOne.tx);
        }
        await batch.service.saveStatesChanged(changes, batch.tx);
        expect({ seed, tracked: batch.tracked, saves: batch.saves }).toEqual({ seed, tracked: oneByOne.tracked, saves: oneByOne.saves });
      }
    });

    it('a batch of product events notes each product’s newest, and starts a new one’s clock at its first', async () => {
      const { service, tx, tracked } = setup();
      await service.productSeen(P1, at(1000), tx);
      await service.productsSeen([{ productId: P2, occurredAt: at(3000) }, { productId: P1, occurredAt: at(5000) }, { productId: P2, occurredAt: at(2000) }, { productId: P1, occurredAt: at(500) }], tx);
      expect(tracked.get(P1)).toMatchObject({ lastActivityAt: at(5000), lastUnsavedAt: at(1000) });
      expect(tracked.get(P2)).toMatchObject({ lastActivityAt: at(3000), lastUnsavedAt: at(3000) });
    });

    it('starts the clock when the last active save ends, and stops it while anyone saves', async () => {
      const { service, tx, tracked } = setup();
      await service.itemSaved(P1, 'ada', at(0), tx);
      await service.itemSaved(P1, 'bob', at(1000), tx);
      expect(tracked.get(P1)).toMatchObject({ lastUnsavedAt: null, lastActivityAt: at(1000) });

      await service.itemRemoved(P1, 'ada', at(2000), tx);
      expect(tracked.get(P1)?.lastUnsavedAt).toBeNull();
      await service.itemRemoved(P1, 'bob', at(3000), tx);
      expect(tracked.get(P1)?.lastUnsavedAt).toEqual(at(3000));
    });

    it('save, unsave, save: saved', async () => {
      const { service, tx, tracked } = setup();
      await service.itemSaved(P1, 'ada', at(0), tx);
      await service.itemRemoved(P1, 'ada', at(1000), tx);
      await service.itemSaved(P1, 'ada', at(2000), tx);
      expect(tracked.get(P1)?.lastUnsavedAt).toBeNull();
    });

    it('an unsave arriving after a newer save changes nothing', async () => {
      const { service, tx, tracked } = setup();
      await service.itemSaved(P1, 'ada', at(0), tx);
      await service.itemSaved(P1, 'ada', at(5000), tx);
      await service.itemRemoved(P1, 'ada', at(1000), tx);
      expect(tracked.get(P1)?.lastUnsavedAt).toBeNull();
    });

    it('a late, older save does not revive an unsave, and a late unsave never restarts the clock later than it happened', async () => {
      const { service, tx, tracked } = setup();
      await service.itemRemoved(P1, 'ada', at(5000), tx);
      await service.itemSaved(P1, 'ada', at(1000), tx);
      expect(tracked.get(P1)?.lastUnsavedAt).toEqual(at(5000));
      await service.itemRemoved(P1, 'ada', at(3000), tx);
      expect(tracked.get(P1)?.lastUnsavedAt).toEqual(at(5000));
    });

    it('tracks a product first seen without saves as unsaved since its event, and only notes activity for a known one', async () => {
      const { service, tx, tracked } = setup();
      await service.productSeen(P1, at(0), tx);
      expect(tracked.get(P1)).toMatchObject({ lastUnsavedAt: at(0), expiredAt: null });
      await service.itemSaved(P2, 'ada', at(0), tx);
      await service.productSeen(P2, at(1000), tx);
      expect(tracked.get(P2)).toMatchObject({ lastUnsavedAt: null, lastActivityAt: at(1000) });
    });
  });

  describe('the sweep', () => {
    it('expires at 30 days plus 1 second and keeps at 30 days minus 1 second', async () => {
      const { service, tx, payloads } = setup();
      await service.itemSaved(P1, 'ada', at(0), tx);
      await service.itemRemoved(P1, 'ada', at(1000), tx);

      await expect(service.sweep(at(1000 + RETENTION_MS - 1000))).resolves.toBe(0);
      expect(payloads(EXPIRED)).toEqual([]);
      await expect(service.sweep(at(1000 + RETENTION_MS + 1000))).resolves.toBe(1);
      expect(payloads(EXPIRED)).toEqual([{ productId: P1, lastUnsavedAt: at(1000).toISOString() }]);
    });

    it('announces a product once, however often it runs, and writes the event in the transaction that marks it', async () => {
      const { service, tx, payloads, recorded, tracked } = setup();
      await service.productSeen(P1, at(0), tx);
      const later = at(RETENTION_MS * 2);
      await service.sweep(later);
      await service.sweep(later);
      expect(payloads(EXPIRED)).toHaveLength(1);
      expect(recorded[0]?.tx).toBe(tx);
      expect(tracked.get(P1)?.expiredAt).toEqual(later);
    });

    it('counts each sweep by outcome with its duration, and the products it removed', async () => {
      const { service, tx, metrics, repository } = setup({ batch: 2 });
      for (let i = 0; i < 3; i += 1) await service.productSeen(`${P1.slice(0, -1)}${i}`, at(i), tx);
      await service.sweep(at(RETENTION_MS + DAY_MS));
      repository.claimExpired.mockRejectedValueOnce(new Error('database gone'));
      await expect(service.sweep(at(RETENTION_MS + DAY_MS))).rejects.toThrow('database gone');

      const sweeps = (await metrics.histogram(RETENTION_SWEEP_DURATION).get()).values.filter((value) => value.metricName === 'closetly_retention_sweep_duration_seconds_count');
      expect(sweeps.map(({ labels, value }) => [labels.outcome, value]).sort()).toEqual([['failed', 1], ['ok', 1]]);
      // Both outcomes were there at 0 before any sweep (a fresh service), so an alert's increase() sees the first failure.
      const fresh = setup().metrics;
      const before = (await fresh.histogram(RETENTION_SWEEP_DURATION).get()).values.filter((value) => value.metricName === 'closetly_retention_sweep_duration_seconds_count');
      expect(before.map(({ labels, value }) => [labels.outcome, value]).sort()).toEqual([['failed', 0], ['ok', 0]]);
      expect((await metrics.counter(RETENTION_SWEEP_EXPIRED).get()).values).toEqual([{ labels: {}, value: 3 }]);
    });

    it('works through every batch', async () => {
      const { service, tx, payloads } = setup({ batch: 2 });
      for (let i = 0; i < 5; i += 1) await service.productSeen(`${P1.slice(0, -1)}${i}`, at(i), tx);
      await expect(service.sweep(at(RETENTION_MS + DAY_MS))).resolves.toBe(5);
      expect(payloads(EXPIRED)).toHaveLength(5);
    });

    it('a save after an expiry brings the product back: tracked again, expired again only after another 30 days', async () => {
      const { service, tx, payloads, tracked } = setup();
      await service.productSeen(P1, at(0), tx);
      await service.sweep(at(RETENTION_MS + 1000));
      await service.itemSaved(P1, 'ada', at(RETENTION_MS + 2000), tx);
      expect(tracked.get(P1)).toMatchObject({ expiredAt: null, lastUnsavedAt: null });
      await service.itemRemoved(P1, 'ada', at(RETENTION_MS + 3000), tx);
      await service.sweep(at(RETENTION_MS * 2));
      expect(payloads(EXPIRED)).toHaveLength(1);
      await service.sweep(at(RETENTION_MS * 2 + 4000));
      expect(payloads(EXPIRED)).toHaveLength(2);
    });
  });

  describe('at-risk items', () => {
    it('lists unsaved, unexpired products, the most urgent first, with whole days left (0 or less: pending)', async () => {
      const { service, tx, clock } = setup();
      clock.setOffset(T0.getTime() - Date.now());
      const P3 = '33333333-3333-4333-8333-333333333333';
      await service.productSeen(P2, at(-DAY_MS * 2.5), tx);
      await service.productSeen(P1, at(-DAY_MS * 29.5), tx);
      await service.itemSaved(P3, 'ada', at(-DAY_MS * 40), tx);
      await service.itemRemoved(P3, 'ada', at(-DAY_MS * 31), tx);
      await service.itemSaved('44444444-4444-4444-8444-444444444444', 'bob', at(-DAY_MS), tx);

      expect((await service.atRiskItems(ADMIN)).map(({ itemId, daysUntilDeletion: days, savedByUsers }) => ({ itemId, days, savedByUsers }))).toEqual([
        { itemId: P3, days: -1, savedByUsers: [] },
        { itemId: P1, days: 1, savedByUsers: [] },
        { itemId: P2, days: 28, savedByUsers: [] },
      ]);
    });

    it('computes days as the ceiling of what is left', () => {
      expect(daysUntilDeletion(T0, at(0))).toBe(30);
      expect(daysUntilDeletion(T0, at(DAY_MS / 2))).toBe(30);
      expect(daysUntilDeletion(T0, at(RETENTION_MS - 1))).toBe(1);
      expect(daysUntilDeletion(T0, at(RETENTION_MS))).toBe(0);
      expect(Object.is(daysUntilDeletion(T0, at(RETENTION_MS + 1000)), 0)).toBe(true);
      expect(daysUntilDeletion(T0, at(RETENTION_MS + DAY_MS + 1))).toBe(-1);
    });

    it('refuses anyone but an administrator', async () => {
      const { service } = setup();
      await expect(service.atRiskItems(SHOPPER)).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Unauthorized access.' });
      await expect(service.sweepNow(SHOPPER)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('account deletion (identity.account-deleted.v1)', () => {
    const P3 = '33333333-3333-4333-8333-333333333333';
    const DELETED_AT = at(10_000);

    it('deletes the user’s saves; a product nobody saves now starts its clock at the deletion and shows at risk; one others save is untouched', async () => {
      const { service, tx, tracked, saves, repository } = setup();
      await service.itemSaved(P1, 'ada', at(0), tx);
      await service.itemSaved(P1, 'bob', at(1000), tx);
      await service.itemSaved(P2, 'ada', at(2000), tx);
      // Ada let P3 go before: its clock runs from then.
      await service.itemSaved(P3, 'ada', at(3000), tx);
      await service.itemRemoved(P3, 'ada', at(4000), tx);

      await service.accountDeleted('ada', DELETED_AT, tx);

      expect(repository.markErased).toHaveBeenCalledWith('ada', DELETED_AT, tx);
      expect(repository.markErased.mock.invocationCallOrder[0]).toBeLessThan(repository.lockProductsSavedBy.mock.invocationCallOrder[0] as number);
      expect([...saves.values()].map(({ productId, userId }) => ({ productId, userId }))).toEqual([{ productId: P1, userId: 'bob' }]);
      expect(tracked.get(P1)?.lastUnsavedAt).toBeNull();
      expect(tracked.get(P2)?.lastUnsavedAt).toEqual(DELETED_AT);
      expect(tracked.get(P3)?.lastUnsavedAt).toEqual(at(4000));
      expect((await service.atRiskItems(ADMIN)).map((item) => ({ itemId: item.itemId, lastUnsavedAt: item.lastUnsavedAt }))).toEqual([
        { itemId: P3, lastUnsavedAt: at(4000).toISOString() },
        { itemId: P2, lastUnsavedAt: DELETED_AT.toISOString() },
      ]);
    });

    it('a save or an unsave of the deleted account arriving after the deletion changes nothing', async () => {
      const { service, tx, tracked, saves } = setup();
      await service.itemSaved(P1, 'ada', at(0), tx);
      await service.accountDeleted('ada', DELETED_AT, tx);

      // Published before the deletion, delivered after it.
      await service.itemSaved(P2, 'ada', at(5000), tx);
      await service.itemRemoved(P1, 'ada', at(6000), tx);
      await service.itemSaved(P1, 'ada', at(20_000), tx);

      expect([...saves.values()]).toEqual([]);
      expect(tracked.has(P2)).toBe(false);
      expect(tracked.get(P1)?.lastUnsavedAt).toEqual(DELETED_AT);
    });

    it('changes nothing for a user who saved nothing', async () => {
      const { service, tx, tracked } = setup();
      await service.itemSaved(P1, 'bob', at(0), tx);
      await service.accountDeleted('ada', DELETED_AT, tx);
      expect(tracked.get(P1)?.lastUnsavedAt).toBeNull();
    });

    it('answers an administrator how many save rows are held for a user, and refuses anyone else', async () => {
      const { service, tx } = setup();
      await service.itemSaved(P1, 'ada', at(0), tx);
      await service.itemSaved(P2, 'ada', at(0), tx);
      await expect(service.dataHeld(ADMIN, 'ada')).resolves.toEqual({ product_saves: 2 });
      await service.accountDeleted('ada', DELETED_AT, tx);
      await expect(service.dataHeld(ADMIN, 'ada')).resolves.toEqual({ product_saves: 0 });
      await expect(service.dataHeld(SHOPPER, 'ada')).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Unauthorized access.' });
    });
  });

  it('lets the clock be moved only where the test clock is on, and only by an administrator', () => {
    expect(() => setup().service.setClockOffset(ADMIN, 1000)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    const { service, clock } = setup({ testClock: true });
    expect(() => service.setClockOffset(SHOPPER, 1000)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    service.setClockOffset(ADMIN, DAY_MS);
    expect(clock.now().getTime()).toBeGreaterThan(Date.now() + DAY_MS - 1000);
  });
});
