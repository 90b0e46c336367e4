import { randomUUID } from 'node:crypto';
import { type Caller, DEFAULT_PRICE_ALERTS, emptyProfile, MAX_NAME_LENGTH, type ProfileAccount, type UpdateProfileRequest } from '@closetly/contracts';
import { profilesServiceFor } from '../../test/support/unit-doubles';
import { newProfileFields } from './profiles.service';

const UPDATED = 'profile.updated.v1';

const caller = (uid = randomUUID()): Caller => ({ uid, sid: `session-of-${uid}`, roles: [] });
const account = (overrides: Partial<ProfileAccount> = {}): ProfileAccount => ({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', gender: 'female', ...overrides });

/** Every field filled, in metric units, as the form sends it. */
function fullProfile(overrides: Partial<UpdateProfileRequest> = {}): UpdateProfileRequest {
  return {
    name: 'Grace B. Hopper',
    gender: 'female',
    favoriteBrands: ['COS', 'Arket'],
    measurements: {
      height: { mainValue: 1, mainUnit: 'm', secondaryValue: 68, secondaryUnit: 'cm' },
      weight: { value: 60, unit: 'kg' },
      chest: { value: 88, unit: 'cm' },
      waist: { value: 70, unit: 'cm' },
      hips: { value: 95, unit: 'cm' },
    },
    sizes: { ...emptyProfile().sizes, top: 'S', bottom: '28', shoes: '39', dressSize: '8', womenPantSize: '28/32', womenShoeSize: '8.5' },
    priceAlerts: { enabled: true, minDropPercent: 20, rises: true },
    ...overrides,
  };
}

describe('ProfilesService', () => {
  describe('accountRegistered (identity.account-registered.v1)', () => {
    it('creates the account’s profile (name, e-mail, gender; the rest empty) and publishes what consumers see, in the inbox’s transaction', async () => {
      const { service, profiles, payloads, recorded, tx } = profilesServiceFor();
      const userId = randomUUID();
      await service.accountRegistered(userId, account(), tx);

      expect(profiles.get(userId)).toMatchObject({ ...emptyProfile('grace@example.com', 'Grace Hopper', 'female'), accountId: userId });
      expect(payloads(UPDATED)).toEqual([{ userId, gender: 'female', favoriteBrands: [], completion: 50, complete: false, sizedCategories: [] }]);
      expect(recorded[0]?.envelope.key).toBe(userId);
      expect(recorded[0]?.tx).toBe(tx);
    });

    it('changes and publishes nothing when the account has a profile already: a second event, or one the first GET created', async () => {
      const { service, profiles, payloads, repository, tx } = profilesServiceFor();
      const shopper = caller();
      await service.get(shopper, account());
      await service.accountRegistered(shopper.uid, account({ firstName: 'Someone', lastName: 'Else', gender: 'male', email: 'else@example.com' }), tx);
      await service.accountRegistered(shopper.uid, account({ firstName: 'Another' }), tx);

      expect(profiles.get(shopper.uid)).toMatchObject({ name: 'Grace Hopper', gender: 'female', email: 'grace@example.com' });
      expect(payloads(UPDATED)).toHaveLength(1);
      expect(repository.update).not.toHaveBeenCalled();
    });
  });

  describe('newProfileFields', () => {
    it('names the profile "first last", trimmed, without a trailing space when there is no last name', () => {
      expect(newProfileFields(account({ firstName: '  Ada ', lastName: ' Lovelace ' })).name).toBe('Ada Lovelace');
      expect(newProfileFields(account({ firstName: 'lin', lastName: '' })).name).toBe('lin');
    });

    it('keeps a name within the profile’s limit (a provider’s names may be long)', () => {
      const name = newProfileFields(account({ firstName: 'A'.repeat(150), lastName: 'B'.repeat(150) })).name;
      expect(name).toHaveLength(MAX_NAME_LENGTH);
      expect(name).toBe(`${'A'.repeat(150)} ${'B'.repeat(49)}`);
    });
  });

  describe('get', () => {
    it('creates a profile from the account when the event has not arrived yet, and publishes it once', async () => {
      const { service, profiles, payloads } = profilesServiceFor();
      const shopper = caller();
      const answer = await service.get(shopper, account());
      const again = await service.get(shopper, account());

      expect(answer).toEqual(emptyProfile('grace@example.com', 'Grace Hopper', 'female'));
      expect(again).toEqual(answer);
      expect(profiles.get(shopper.uid)?.name).toBe('Grace Hopper');
      expect(payloads(UPDATED)).toEqual([{ userId: shopper.uid, gender: 'female', favoriteBrands: [], completion: 50, complete: false, sizedCategories: [] }]);
    });

    it('only reads a stored profile whose e-mail is the account’s', async () => {
      const { service, repository, uow, tx } = profilesServiceFor();
      const shopper = caller();
      await service.accountRegistered(shopper.uid, account(), tx);
      uow.run.mockClear();

      await expect(service.get(shopper, account({ firstName: 'Renamed' }))).resolves.toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com' });
      expect(uow.run).not.toHaveBeenCalled();
      expect(repository.update).not.toHaveBeenCalled();
    });

    it('answers the account’s e-mail and refreshes the stored one from it, with no event (nothing a consumer sees changed)', async () => {
      const { service, profiles, payloads, tx } = profilesServiceFor();
      const shopper = caller();
      await service.accountRegistered(shopper.uid, account({ email: 'old@example.com' }), tx);
      const answer = await service.get(shopper, account({ email: 'new@example.com' }));

      expect(answer.email).toBe('new@example.com');
      expect(profiles.get(shopper.uid)?.email).toBe('new@example.com');
      expect(payloads(UPDATED)).toHaveLength(1);
    });
  });

  describe('update', () => {
    it('stores every field, answers the profile as stored, and publishes gender, brands and completeness in the same transaction', async () => {
      const { service, profiles, payloads, recorded, tx } = profilesServiceFor();
      const shopper = caller();
      await service.get(shopper, account());
      const answer = await service.update(shopper, account(), fullProfile());

      const { email: _ignored, ...fields } = fullProfile();
      expect(answer).toEqual({ ...fields, email: 'grace@example.com' });
      expect(profiles.get(shopper.uid)).toMatchObject({ ...fields, email: 'grace@example.com' });
      expect(payloads(UPDATED)[1]).toEqual({ userId: shopper.uid, gender: 'female', favoriteBrands: ['COS', 'Arket'], completion: 100, complete: true, sizedCategories: ['tops', 'bottoms', 'shoes'] });
      expect(recorded[1]?.tx).toBe(tx);
      expect(recorded[1]?.envelope.key).toBe(shopper.uid);
    });

    it('keeps the price alert settings when the request leaves them out, and stores them when it names them', async () => {
      const { service, profiles } = profilesServiceFor();
      const shopper = caller();
      const created = await service.update(shopper, account(), { ...fullProfile(), priceAlerts: undefined });
      expect(created.priceAlerts).toEqual(DEFAULT_PRICE_ALERTS);

      await service.update(shopper, account(), fullProfile({ priceAlerts: { enabled: true, minDropPercent: 5, rises: false } }));
      const kept = await service.update(shopper, account(), { ...fullProfile({ name: 'Renamed' }), priceAlerts: undefined });

      expect(kept).toMatchObject({ name: 'Renamed', priceAlerts: { enabled: true, minDropPercent: 5, rises: false } });
      expect(profiles.get(shopper.uid)?.priceAlerts).toEqual({ enabled: true, minDropPercent: 5, rises: false });
      expect((await service.get(shopper, account())).priceAlerts).toEqual({ enabled: true, minDropPercent: 5, rises: false });
    });

    it('arms every saved item afresh when alerts are turned on (not when they stay on, nor when turned off)', async () => {
      const { service, saved } = profilesServiceFor();
      const shopper = caller();
      const off = { enabled: false, minDropPercent: 10, rises: false } as const;
      await service.update(shopper, account(), fullProfile({ priceAlerts: off }));
      expect(saved.repository.rearmAll).not.toHaveBeenCalled();

      await service.update(shopper, account(), fullProfile({ priceAlerts: { ...off, enabled: true } }));
      await service.update(shopper, account(), fullProfile({ priceAlerts: { ...off, enabled: true, minDropPercent: 20 } }));
      await service.update(shopper, account(), fullProfile({ priceAlerts: off }));
      expect(saved.repository.rearmAll).toHaveBeenCalledTimes(1);
      expect(saved.repository.rearmAll).toHaveBeenCalledWith(shopper.uid, expect.anything());
    });

    it('records the saves the wardrobe lists when alerts turn on (older than any event seen), but only then', async () => {
      const { service, saved } = profilesServiceFor();
      const shopper = caller();
      const [old, removedLater, other] = [randomUUID(), randomUUID(), randomUUID()];
      const off = { enabled: false, minDropPercent: 10, rises: false } as const;
      await saved.repository.recordRemoval(shopper.uid, removedLater, new Date('2026-03-01T12:00:00.000Z'));

      await service.update(shopper, account(), fullProfile({ priceAlerts: off }), [{ productId: other, savedAt: '2026-02-01T10:00:00.000Z' }]);
      expect(saved.row(shopper.uid, other)).toBeUndefined();
      const listed = [
        { productId: old, savedAt: '2026-02-01T10:00:00.000Z' },
        { productId: removedLater, savedAt: '2026-02-01T10:00:00.000Z' },
      ];
      await service.update(shopper, account(), fullProfile({ priceAlerts: { ...off, enabled: true } }), listed);

      expect(await saved.repository.findActive(shopper.uid, old)).toMatchObject({ savedAt: new Date('2026-02-01T10:00:00.000Z') });
      // The removal event (newer than the listed save) still wins.
      expect(await saved.repository.findActive(shopper.uid, removedLater)).toBeUndefined();
    });

    it('never stores an e-mail from the request: the account’s stays', async () => {
      const { service, profiles } = profilesServiceFor();
      const shopper = caller();
      const answer = await service.update(shopper, account(), fullProfile({ email: 'attacker@example.com' }));

      expect(answer.email).toBe('grace@example.com');
      expect(profiles.get(shopper.uid)?.email).toBe('grace@example.com');
    });

    it('creates the profile when it has none yet, with one event for the stored profile', async () => {
      const { service, profiles, payloads } = profilesServiceFor();
      const shopper = caller();
      await service.update(shopper, account(), fullProfile({ gender: 'other' }));

      expect(profiles.get(shopper.uid)).toMatchObject({ name: 'Grace B. Hopper', gender: 'other' });
      expect(payloads(UPDATED)).toEqual([{ userId: shopper.uid, gender: 'other', favoriteBrands: ['COS', 'Arket'], completion: 100, complete: true, sizedCategories: ['tops', 'bottoms', 'shoes'] }]);
    });

    it('publishes nothing when only what no consumer sees changed (a measurement’s value, a size within its categories, the name)', async () => {
      const { service, profiles, payloads } = profilesServiceFor();
      const shopper = caller();
      await service.update(shopper, account(), fullProfile());
      const changed = fullProfile({ name: 'G. Hopper', sizes: { ...fullProfile().sizes, top: 'M' } });
      changed.measurements.weight.value = 61;
      await service.update(shopper, account(), changed);

      expect(profiles.get(shopper.uid)).toMatchObject({ name: 'G. Hopper', sizes: { top: 'M' }, measurements: { weight: { value: 61, unit: 'kg' } } });
      expect(payloads(UPDATED)).toHaveLength(1);
    });

    it('publishes again when gender, brands or completeness change', async () => {
      const { service, payloads } = profilesServiceFor();
      const shopper = caller();
      await service.update(shopper, account(), fullProfile());
      await service.update(shopper, account(), fullProfile({ favoriteBrands: ['Arket'] }));
      await service.update(shopper, account(), fullProfile({ favoriteBrands: ['Arket'], gender: 'other' }));
      await service.update(shopper, account(), { ...emptyProfile('', 'Grace', 'other'), favoriteBrands: ['Arket'] });

      expect(payloads(UPDATED).map(({ gender, favoriteBrands, completion, complete }) => ({ gender, favoriteBrands, completion, complete }))).toEqual([
        { gender: 'female', favoriteBrands: ['COS', 'Arket'], completion: 100, complete: true },
        { gender: 'female', favoriteBrands: ['Arket'], completion: 100, complete: true },
        { gender: 'other', favoriteBrands: ['Arket'], completion: 100, complete: true },
        { gender: 'other', favoriteBrands: ['Arket'], completion: 67, complete: false },
      ]);
    });

    it('publishes again when the categories with a filled size change, naming the categories and never the sizes', async () => {
      const { service, payloads } = profilesServiceFor();
      const shopper = caller();
      const sizes = emptyProfile().sizes;
      await service.update(shopper, account(), fullProfile({ sizes: { ...sizes, womenShoeSize: '38' } }));
      await service.update(shopper, account(), fullProfile({ sizes: { ...sizes, womenShoeSize: '38', shoes: '39' } }));
      await service.update(shopper, account(), fullProfile({ sizes: { ...sizes, womenShoeSize: '38', suitJacket: '38R' } }));
      await service.update(shopper, account(), fullProfile({ sizes: { ...sizes, suitJacket: '38R' } }));

      expect(payloads(UPDATED).map((facts) => facts.sizedCategories)).toEqual([['shoes'], ['shoes', 'outerwear'], ['outerwear']]);
      expect(JSON.stringify(payloads(UPDATED))).not.toMatch(/38R|"39"/);
    });

    it('reads and writes only the caller’s own profile', async () => {
      const { service, profiles, repository, tx } = profilesServiceFor();
      const owner = caller();
      const other = caller();
      await service.accountRegistered(owner.uid, account(), tx);
      const before = structuredClone(profiles.get(owner.uid));
      repository.find.mockClear();
      repository.insertIfMissing.mockClear();

      await service.update(other, account({ email: 'other@example.com', firstName: 'Other' }), fullProfile({ name: 'Other Person' }));
      await service.get(other, account({ email: 'other@example.com', firstName: 'Other' }));

      expect(profiles.get(owner.uid)).toEqual(before);
      const accountIdsTouched = [repository.find, repository.findForUpdate, repository.insertIfMissing, repository.update].flatMap((method) => method.mock.calls.map((call) => call[0]));
      expect(new Set(accountIdsTouched)).toEqual(new Set([other.uid]));
    });
  });
});
