import { randomUUID } from 'node:crypto';
import { type Caller, emptyProfile, EXTENSION_TOKEN_SCOPE_MESSAGE, type ProfileAccount, RECENT_SEARCH_COUNT } from '@closetly/contracts';
import { fakeUnitOfWork } from '@closetly/testing';
import { priceAlertsFor, privacyServiceFor } from '../../test/support/unit-doubles';

const caller = (overrides: Partial<Caller> = {}): Caller => {
  const uid = overrides.uid ?? randomUUID();
  return { uid, sid: `session-of-${uid}`, roles: [], ...overrides };
};
const ADMIN = caller({ roles: ['admin'] });
const account = (overrides: Partial<ProfileAccount> = {}): ProfileAccount => ({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', gender: 'female', ...overrides });
const at = (minute: number) => new Date(`2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`);

/** PrivacyService sharing its profiles with a ProfilesService, so a test can make a profile as the product does. */
function setup() {
  const alerts = priceAlertsFor();
  return { ...privacyServiceFor(alerts.profiles, alerts.saved, alerts.notifications), profilesService: alerts.profiles.service, alerts };
}

/** A saver with alerts on, a target, and one alert a digest listed: everything price alerts keep for a user. */
async function withPriceAlerts(context: ReturnType<typeof setup>, shopper: Caller) {
  const { alerts, profilesService } = context;
  const productId = randomUUID();
  await profilesService.update(shopper, account(), { ...emptyProfile('', 'Grace Hopper', 'female'), priceAlerts: { enabled: true, minDropPercent: 10, rises: false } });
  await alerts.service.itemSaved({ userId: shopper.uid, productId, savedAt: at(1).toISOString(), capturedAt: at(1).toISOString(), capture: {} as never }, alerts.tx);
  await alerts.service.setTarget(shopper, productId, { targetPrice: 70 });
  await alerts.service.priceChanged({ product: { id: productId, name: 'Wool coat', brand: 'COS', sourceUrl: 'https://www.cos.com/coat' }, old: 100, new: 85, currency: 'EUR', observedAt: at(2).toISOString() }, alerts.tx);
  await alerts.digests.runDue();
  return productId;
}

describe('PrivacyService (profile)', () => {
  describe('export', () => {
    it('answers the caller’s profile and every search kept, not only the newest few, newest first', async () => {
      const { service, profilesService, searches } = setup();
      const shopper = caller();
      await profilesService.get(shopper, account());
      const terms = Array.from({ length: RECENT_SEARCH_COUNT + 2 }, (_, n) => `term ${n}`);
      terms.forEach((term, minute) => searches.push({ userId: shopper.uid, term, searchedAt: at(minute) }));
      searches.push({ userId: randomUUID(), term: 'hiking boots', searchedAt: at(30) });

      const answer = await service.export(shopper);
      expect(answer.profile).toEqual(emptyProfile('grace@example.com', 'Grace Hopper', 'female'));
      expect(answer.recentSearches).toEqual(terms.map((term, minute) => ({ term, searchedAt: at(minute).toISOString() })).reverse());
    });

    it('answers a null profile for a caller who never had one, and creates none', async () => {
      const { service, profiles, profilesRepository } = setup();

      await expect(service.export(caller())).resolves.toEqual({ profile: null, recentSearches: [], priceAlerts: { targets: [], alerts: [], digests: [] } });
      expect(profilesRepository.insertIfMissing).not.toHaveBeenCalled();
      expect(profiles.size).toBe(0);
    });

    it('includes the price alert settings, the targets, every alert made (with when a digest mailed it) and the digests sent', async () => {
      const context = setup();
      const shopper = caller();
      const productId = await withPriceAlerts(context, shopper);
      await withPriceAlerts(context, caller());

      const answer = await context.service.export(shopper);
      expect(answer.profile?.priceAlerts).toEqual({ enabled: true, minDropPercent: 10, rises: false });
      expect(answer.priceAlerts.targets).toEqual([{ productId, targetPrice: 70 }]);
      expect(answer.priceAlerts.alerts).toEqual([
        expect.objectContaining({ kind: 'price-drop', productId, name: 'Wool coat', brand: 'COS', old: 100, new: 85, currency: 'EUR', at: at(2).toISOString(), read: false, mailedAt: '2026-03-02T09:00:00.000Z' }),
      ]);
      expect(answer.priceAlerts.digests).toEqual([{ sentAt: '2026-03-02T09:00:00.000Z', items: 1 }]);
    });

    it('refuses the extension’s token with FORBIDDEN, reading nothing', async () => {
      const { service, profilesRepository, searchesRepository } = setup();

      await expect(service.export(caller({ scope: 'extension' }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: EXTENSION_TOKEN_SCOPE_MESSAGE });
      expect(profilesRepository.find).not.toHaveBeenCalled();
      expect(searchesRepository.listAll).not.toHaveBeenCalled();
    });
  });

  describe('accountDeleted (identity.account-deleted.v1)', () => {
    it('deletes the user’s profile and every search of theirs in the given transaction, leaving other users’ alone', async () => {
      const { service, profilesService, profiles, profilesRepository, searches, searchesRepository } = setup();
      const { tx } = fakeUnitOfWork();
      const [gone, stays] = [caller(), caller()];
      for (const shopper of [gone, stays]) {
        await profilesService.get(shopper, account());
        searches.push({ userId: shopper.uid, term: 'loafers', searchedAt: at(1) }, { userId: shopper.uid, term: 'trench coat', searchedAt: at(2) });
      }
      await service.accountDeleted(gone.uid, tx);

      expect(profilesRepository.deleteForUser).toHaveBeenCalledWith(gone.uid, tx);
      expect(searchesRepository.deleteForUser).toHaveBeenCalledWith(gone.uid, tx);
      expect([...profiles.keys()]).toEqual([stays.uid]);
      expect(searches.map((row) => row.userId)).toEqual([stays.uid, stays.uid]);
    });

    it('erases the user’s saved products, targets, alerts and digests too, leaving other users’ alone', async () => {
      const context = setup();
      const { tx } = fakeUnitOfWork();
      const [gone, stays] = [caller(), caller()];
      for (const shopper of [gone, stays]) await withPriceAlerts(context, shopper);
      await context.service.accountDeleted(gone.uid, tx);

      expect(await context.service.dataHeld(ADMIN, gone.uid)).toEqual({ profiles: 0, recent_searches: 0, saved_products: 0, notifications: 0, price_alert_digests: 0 });
      expect(await context.service.dataHeld(ADMIN, stays.uid)).toEqual({ profiles: 1, recent_searches: 0, saved_products: 1, notifications: 1, price_alert_digests: 1 });
    });
  });

  describe('dataHeld', () => {
    it('counts the rows held for a user, by table, for an administrator', async () => {
      const { service, profilesService, searches } = setup();
      const shopper = caller();
      await profilesService.get(shopper, account());
      searches.push({ userId: shopper.uid, term: 'loafers', searchedAt: at(1) }, { userId: shopper.uid, term: 'trench coat', searchedAt: at(2) });

      await expect(service.dataHeld(ADMIN, shopper.uid)).resolves.toEqual({ profiles: 1, recent_searches: 2, saved_products: 0, notifications: 0, price_alert_digests: 0 });
      await expect(service.dataHeld(ADMIN, randomUUID())).resolves.toEqual({ profiles: 0, recent_searches: 0, saved_products: 0, notifications: 0, price_alert_digests: 0 });
    });

    it('refuses anyone else with FORBIDDEN, counting nothing, even about themselves', async () => {
      const { service, profilesRepository, searchesRepository } = setup();
      const shopper = caller();

      await expect(service.dataHeld(shopper, shopper.uid)).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Unauthorized access.' });
      expect(profilesRepository.countForUser).not.toHaveBeenCalled();
      expect(searchesRepository.countForUser).not.toHaveBeenCalled();
    });
  });
});
