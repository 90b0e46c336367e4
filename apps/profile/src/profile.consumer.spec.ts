import { randomUUID } from 'node:crypto';
import { emptyProfile, type IdentityAccountRegistered } from '@closetly/contracts';
import { buildEnvelope, EventInbox } from '@closetly/server';
import { capture, deadLetterRecorder, fakeInboxDatabase } from '@closetly/testing';
import { priceAlertsFor, privacyServiceFor } from '../test/support/unit-doubles';
import { profilePlatformTables } from './db/schema';
import { ProfileConsumer } from './profile.consumer';

const TOPIC = 'identity.account-registered.v1';

/**
 * The consumer as the module wires it: a real EventInbox over a fake database, the real ProfilesService and
 * PrivacyService over one set of in-memory profiles (and in-memory recent searches).
 */
function setup() {
  const alerts = priceAlertsFor();
  const profiles = alerts.profiles;
  const privacy = privacyServiceFor(profiles, alerts.saved, alerts.notifications);
  const database = fakeInboxDatabase();
  const { transport, deadLetters } = deadLetterRecorder();
  const consumer = new ProfileConsumer(new EventInbox('profile', database.db, profilePlatformTables, transport), profiles.service, privacy.service, alerts.service);
  return { ...profiles, ...database, privacy, alerts, consumer, deadLetters };
}

const registered = (overrides: Partial<IdentityAccountRegistered> = {}) => {
  const payload: IdentityAccountRegistered = { accountId: randomUUID(), email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', gender: 'female', ...overrides };
  return buildEnvelope(TOPIC, payload.accountId, payload);
};

describe('ProfileConsumer', () => {
  describe('identity.account-registered.v1', () => {
    it('creates the new account’s profile in the inbox’s transaction, and claims the event', async () => {
      const { consumer, profiles, repository, tx, claims, payloads } = setup();
      const event = registered();
      await consumer.onAccountRegistered(event);

      expect(profiles.get(event.payload.accountId)).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', gender: 'female', favoriteBrands: [] });
      expect(repository.insertIfMissing).toHaveBeenCalledWith(event.payload.accountId, expect.objectContaining({ name: 'Ada Lovelace' }), tx);
      expect(claims).toEqual([{ eventId: event.id, consumer: 'profile', topic: TOPIC }]);
      expect(payloads('profile.updated.v1')).toEqual([{ userId: event.payload.accountId, gender: 'female', favoriteBrands: [], completion: 50, complete: false, sizedCategories: [] }]);
    });

    it('has no second effect for an event id it already processed', async () => {
      const { consumer, repository, payloads } = setup();
      const event = registered();
      await consumer.onAccountRegistered(event);
      await consumer.onAccountRegistered(event);

      expect(repository.insertIfMissing).toHaveBeenCalledTimes(1);
      expect(payloads('profile.updated.v1')).toHaveLength(1);
    });

    it('leaves a profile alone that another event for the account (or a first GET) created', async () => {
      const { consumer, profiles, payloads } = setup();
      const first = registered();
      await consumer.onAccountRegistered(first);
      await consumer.onAccountRegistered(registered({ accountId: first.payload.accountId, firstName: 'Someone', lastName: 'Else', gender: 'male' }));

      expect(profiles.get(first.payload.accountId)).toMatchObject({ name: 'Ada Lovelace', gender: 'female' });
      expect(payloads('profile.updated.v1')).toHaveLength(1);
    });

    it('dead-letters a malformed payload or envelope instead of throwing, with no effect', async () => {
      const { consumer, repository, deadLetters, claims } = setup();
      const badPayload = { ...registered(), payload: { accountId: 'not-a-uuid', email: 'x@example.com' } };
      await expect(consumer.onAccountRegistered(badPayload)).resolves.toBeUndefined();
      await expect(consumer.onAccountRegistered('not an envelope')).resolves.toBeUndefined();

      expect(deadLetters).toEqual([
        { topic: TOPIC, original: badPayload, reason: expect.stringMatching(/^profile: invalid payload/) },
        { topic: TOPIC, original: 'not an envelope', reason: expect.stringMatching(/^profile: invalid envelope/) },
      ]);
      expect(repository.insertIfMissing).not.toHaveBeenCalled();
      expect(claims).toEqual([]);
    });

    it('rethrows a failure of its effect, so the event is delivered again and then applied', async () => {
      const { consumer, profiles, repository, deadLetters, claims } = setup();
      const event = registered();
      repository.insertIfMissing.mockRejectedValueOnce(new Error('connection reset'));

      await expect(consumer.onAccountRegistered(event)).rejects.toThrow('connection reset');
      expect(claims).toEqual([]);
      await consumer.onAccountRegistered(event);

      expect(deadLetters).toEqual([]);
      expect(profiles.get(event.payload.accountId)?.name).toBe('Ada Lovelace');
    });
  });

  describe('identity.account-deleted.v1', () => {
    const DELETED = 'identity.account-deleted.v1';
    const deleted = (userId: string) => buildEnvelope(DELETED, userId, { userId });

    it('deletes the account’s profile and all its recent searches in the inbox’s transaction, and claims the event', async () => {
      const { consumer, profiles, privacy, tx, claims } = setup();
      const event = registered();
      const userId = event.payload.accountId;
      const other = randomUUID();
      await consumer.onAccountRegistered(event);
      await consumer.onAccountRegistered(registered({ accountId: other }));
      privacy.searches.push({ userId, term: 'loafers', searchedAt: new Date() }, { userId: other, term: 'trench coat', searchedAt: new Date() });
      const deletion = deleted(userId);
      await consumer.onAccountDeleted(deletion);

      expect(profiles.has(userId)).toBe(false);
      expect(privacy.searches.map((row) => row.userId)).toEqual([other]);
      expect(privacy.profilesRepository.deleteForUser).toHaveBeenCalledWith(userId, tx);
      expect(privacy.searchesRepository.deleteForUser).toHaveBeenCalledWith(userId, tx);
      expect(claims.at(-1)).toEqual({ eventId: deletion.id, consumer: 'profile', topic: DELETED });
    });

    it('also deletes a profile a first GET created before the registration event arrived', async () => {
      const { consumer, service, profiles } = setup();
      const userId = randomUUID();
      await service.get({ uid: userId, sid: 'session-1', roles: [] }, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', gender: 'female' });
      await consumer.onAccountDeleted(deleted(userId));

      expect(profiles.size).toBe(0);
    });

    it('has no second effect for an event id it already processed', async () => {
      const { consumer, privacy, claims } = setup();
      const deletion = deleted(randomUUID());
      await consumer.onAccountDeleted(deletion);
      await consumer.onAccountDeleted(deletion);

      expect(privacy.profilesRepository.deleteForUser).toHaveBeenCalledTimes(1);
      expect(privacy.searchesRepository.deleteForUser).toHaveBeenCalledTimes(1);
      expect(claims).toHaveLength(1);
    });

    it('dead-letters a deletion without a valid user id, deleting nothing', async () => {
      const { consumer, privacy, deadLetters, claims } = setup();
      const bad = { ...deleted(randomUUID()), payload: { userId: 'not-a-uuid' } };
      await expect(consumer.onAccountDeleted(bad)).resolves.toBeUndefined();

      expect(deadLetters).toEqual([{ topic: DELETED, original: bad, reason: expect.stringMatching(/^profile: invalid payload/) }]);
      expect(privacy.profilesRepository.deleteForUser).not.toHaveBeenCalled();
      expect(claims).toEqual([]);
    });
  });

  describe('price alerts (wardrobe.item-saved.v1, wardrobe.item-removed.v1, catalogue.price-changed.v1)', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 8, minute)).toISOString();
    const saved = (userId: string, productId: string, minute = 1) =>
      buildEnvelope('wardrobe.item-saved.v1', productId, { userId, productId, savedAt: at(minute), capturedAt: at(minute), capture: capture() });
    const priceChanged = (productId: string, old: number, next: number) =>
      buildEnvelope('catalogue.price-changed.v1', productId, { product: { id: productId, name: 'Wool coat', brand: 'COS', sourceUrl: 'https://www.cos.com/coat' }, old, new: next, currency: 'EUR', observedAt: at(5) });

    it('learns saves and removals, and alerts a saver once per price event (a redelivered event has no second effect)', async () => {
      const { consumer, service, alerts } = setup();
      const shopper = { uid: randomUUID(), sid: 'session-1', roles: [] };
      await service.update(shopper, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', gender: 'female' }, { ...emptyProfile('', 'Ada Lovelace', 'female'), priceAlerts: { enabled: true, minDropPercent: 10, rises: false } });
      const productId = randomUUID();
      await consumer.onItemsSaved([saved(shopper.uid, productId)]);
      const drop = priceChanged(productId, 100, 85);
      await consumer.onPriceChanged(drop);
      await consumer.onPriceChanged(drop);

      expect((await alerts.service.list(shopper)).notifications.map((item) => [item.kind, item.old, item.new])).toEqual([['price-drop', 100, 85]]);
      await consumer.onItemsRemoved([buildEnvelope('wardrobe.item-removed.v1', productId, { userId: shopper.uid, productId, removedAt: at(6) })]);
      await expect(alerts.service.getTarget(shopper, productId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('keeps no save of an erased account (a late event after the deletion)', async () => {
      const { consumer, alerts } = setup();
      const userId = randomUUID();
      const productId = randomUUID();
      await consumer.onAccountDeleted(buildEnvelope('identity.account-deleted.v1', userId, { userId }));
      await consumer.onItemsSaved([saved(userId, productId)]);

      expect(alerts.saved.rows.size).toBe(0);
    });
  });
});
