import { randomUUID } from 'node:crypto';
import { type Caller, type CataloguePriceChanged, emptyProfile, type PriceAlertSettings, type ProfileAccount, UNSUBSCRIBE_INVALID_MESSAGE } from '@closetly/contracts';
import { SigningKeys } from '@closetly/server';
import jwt from 'jsonwebtoken';
import { priceAlertsFor, TEST_UNSUBSCRIBE_SECRET } from '../../test/support/unit-doubles';
import { UnsubscribeTokens } from './unsubscribe-tokens';

const caller = (uid = randomUUID()): Caller => ({ uid, sid: `session-of-${uid}`, roles: [] });
const ADMIN = { ...caller(), roles: ['admin'] };
const account = (email = 'grace@example.com'): ProfileAccount => ({ email, firstName: 'Grace', lastName: 'Hopper', gender: 'female' });
const ON: PriceAlertSettings = { enabled: true, minDropPercent: 10, rises: false };

function setup(env: NodeJS.ProcessEnv = {}) {
  const alerts = priceAlertsFor(env);
  const productId = randomUUID();
  let minute = 0;
  const tick = () => new Date(Date.UTC(2026, 2, 2, 8, minute++)).toISOString();
  /** A shopper with a profile and these alert settings, who saved `productId`. */
  const saver = async (settings: PriceAlertSettings = ON, product = productId, email = `${randomUUID()}@example.com`) => {
    const shopper = caller();
    await alerts.profiles.service.update(shopper, account(email), { ...emptyProfile('', 'Grace Hopper', 'female'), priceAlerts: settings });
    await alerts.service.itemSaved({ userId: shopper.uid, productId: product, savedAt: tick(), capturedAt: tick(), capture: {} as never }, alerts.tx);
    return shopper;
  };
  const change = (old: number | null, next: number | null, product = productId): CataloguePriceChanged => ({
    product: { id: product, name: 'Wool coat', brand: 'COS', sourceUrl: 'https://www.cos.com/coat' },
    old,
    new: next,
    currency: 'EUR',
    observedAt: tick(),
  });
  /** The shown price walks through `prices`, one event per change. */
  const walk = async (...prices: number[]) => {
    for (let index = 1; index < prices.length; index += 1) await alerts.service.priceChanged(change(prices[index - 1] ?? null, prices[index] ?? null), alerts.tx);
  };
  const flush = async () => {
    const result = await alerts.digests.runDue();
    await alerts.mailQueue.idle();
    return result;
  };
  return { ...alerts, productId, saver, change, walk, flush };
}

describe('PriceAlertsService', () => {
  describe('saved products (wardrobe events) and targets', () => {
    it('sets and reads a target only for a product the caller has saved; any other is 404 "Item not found"', async () => {
      const { service, saver, productId } = setup();
      const shopper = await saver();

      await expect(service.getTarget(shopper, productId)).resolves.toEqual({ targetPrice: null });
      await expect(service.setTarget(shopper, productId, { targetPrice: 79.5 })).resolves.toEqual({ targetPrice: 79.5 });
      await expect(service.getTarget(shopper, productId)).resolves.toEqual({ targetPrice: 79.5 });
      await expect(service.setTarget(shopper, productId, { targetPrice: null })).resolves.toEqual({ targetPrice: null });

      const stranger = caller();
      await expect(service.getTarget(stranger, productId)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Item not found' });
      await expect(service.setTarget(stranger, productId, { targetPrice: 10 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Item not found' });
      await expect(service.getTarget(shopper, randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('forgets a removed save, whichever of the save and the removal arrives first; a later save counts again', async () => {
      const { service, tx } = setup();
      const shopper = caller();
      const productId = randomUUID();
      const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 8, minute)).toISOString();

      await service.itemRemoved({ userId: shopper.uid, productId, removedAt: at(2) }, tx);
      await service.itemSaved({ userId: shopper.uid, productId, savedAt: at(1), capturedAt: at(1), capture: {} as never }, tx);
      await expect(service.getTarget(shopper, productId)).rejects.toMatchObject({ code: 'NOT_FOUND' });

      await service.itemSaved({ userId: shopper.uid, productId, savedAt: at(3), capturedAt: at(3), capture: {} as never }, tx);
      await expect(service.getTarget(shopper, productId)).resolves.toEqual({ targetPrice: null });
    });
  });

  describe('priceChanged (catalogue.price-changed.v1)', () => {
    it('notifies each saver whose alert crossed, once, with the product and both prices', async () => {
      const { service, saver, walk, productId, notifications } = setup();
      const ada = await saver();
      await walk(100, 85);

      const list = await service.list(ada);
      expect(list.unread).toBe(1);
      expect(list.notifications).toEqual([
        { id: expect.any(String), kind: 'price-drop', productId, name: 'Wool coat', brand: 'COS', old: 100, new: 85, currency: 'EUR', at: expect.any(String), read: false },
      ]);
      expect(notifications.notifications[0]).toMatchObject({ userId: ada.uid, digestedAt: null });
    });

    it('tells the saver’s open clients of each new alert (profile.notification-created.v1, keyed by the user, in the same transaction)', async () => {
      const { service, saver, walk, productId, alertEvents, tx } = setup();
      const ada = await saver();
      const bob = await saver({ enabled: false, minDropPercent: 10, rises: false });
      await walk(100, 98, 85);

      const [notification] = (await service.list(ada)).notifications;
      expect(alertEvents.payloads('profile.notification-created.v1')).toEqual([{ userId: ada.uid, notificationId: notification!.id, productId, kind: 'price-drop', createdAt: notification!.at }]);
      expect(alertEvents.recorded.map((event) => [event.envelope.key, event.tx])).toEqual([[ada.uid, tx]]);
      expect((await service.list(bob)).notifications).toEqual([]);
    });

    it('leaves savers with alerts off, non-savers and removed savers alone', async () => {
      const { service, saver, walk, productId, tx, notifications } = setup();
      const off = await saver({ ...ON, enabled: false });
      const removed = await saver();
      await service.itemRemoved({ userId: removed.uid, productId, removedAt: new Date(Date.UTC(2026, 2, 2, 9)).toISOString() }, tx);
      await saver(ON, randomUUID());
      await walk(100, 50);

      expect(notifications.notifications).toEqual([]);
      expect((await service.list(off)).unread).toBe(0);
    });

    it('follows each saver’s own percent, target and rises', async () => {
      const { service, saver, walk, productId } = setup();
      const tenPercent = await saver();
      const thirtyPercent = await saver({ ...ON, minDropPercent: 30 });
      const targeted = await saver({ ...ON, minDropPercent: 30 });
      await service.setTarget(targeted, productId, { targetPrice: 88 });
      const rises = await saver({ ...ON, rises: true });
      await walk(100, 85, 100, 115);

      const kinds = async (shopper: Caller) => (await service.list(shopper)).notifications.map((item) => item.kind).reverse();
      expect(await kinds(tenPercent)).toEqual(['price-drop']);
      expect(await kinds(thirtyPercent)).toEqual([]);
      expect(await kinds(targeted)).toEqual(['below-target']);
      expect(await kinds(rises)).toEqual(['price-drop', 'price-rise']);
    });

    it('arms afresh when alerts are turned on again: the next change starts from its old price', async () => {
      const { service, saver, walk, profiles } = setup();
      const ada = await saver();
      await walk(100, 85);
      await profiles.service.update(ada, account(), { ...emptyProfile('', 'Grace Hopper', 'female'), priceAlerts: { ...ON, enabled: false } });
      await walk(85, 100, 120);
      await profiles.service.update(ada, account(), { ...emptyProfile('', 'Grace Hopper', 'female'), priceAlerts: ON });
      await walk(120, 105);

      expect((await service.list(ada)).notifications.map((item) => [item.old, item.new])).toEqual([
        [120, 105],
        [100, 85],
      ]);
    });
  });

  describe('notifications', () => {
    it('lists the caller’s own, newest first, at most 50, with the count of all unread', async () => {
      const { service, saver, walk } = setup();
      const ada = await saver();
      const bob = await saver({ ...ON, minDropPercent: 30 });
      // 55 drops of 20%, each after a recovery: 55 alerts for Ada, none for Bob.
      const prices = [100];
      for (let round = 0; round < 55; round += 1) prices.push(80, 100);
      await walk(...prices);

      const list = await service.list(ada);
      expect(list.notifications).toHaveLength(50);
      expect(list.unread).toBe(55);
      const times = list.notifications.map((item) => item.at);
      expect(times).toEqual([...times].sort().reverse());
      expect(await service.list(bob)).toEqual({ notifications: [], unread: 0 });
    });

    it('marks only the caller’s own read: named ids, or all', async () => {
      const { service, saver, walk } = setup();
      const ada = await saver();
      const bob = await saver();
      await walk(100, 85, 100, 85, 100, 85);
      const adas = (await service.list(ada)).notifications;
      const bobs = (await service.list(bob)).notifications;

      const afterOne = await service.markRead(ada, [adas[0]!.id, bobs[0]!.id]);
      expect(afterOne.unread).toBe(2);
      expect(afterOne.notifications.map((item) => item.read)).toEqual([true, false, false]);
      expect((await service.list(bob)).unread).toBe(3);

      expect((await service.markRead(ada, undefined)).unread).toBe(0);
      expect((await service.list(bob)).unread).toBe(3);
    });
  });

  describe('unsubscribe', () => {
    it('turns the token’s account’s alerts off, keeping its other choices; again is fine', async () => {
      const { service, saver, tokens, profiles } = setup();
      const ada = await saver({ enabled: true, minDropPercent: 20, rises: true });
      const other = await saver();
      const token = tokens.sign(ada.uid, new Date('2026-03-02T08:00:00.000Z'));

      await expect(service.unsubscribe(token)).resolves.toEqual({ unsubscribed: true });
      await expect(service.unsubscribe(token)).resolves.toEqual({ unsubscribed: true });
      expect(profiles.profiles.get(ada.uid)?.priceAlerts).toEqual({ enabled: false, minDropPercent: 20, rises: true });
      expect(profiles.profiles.get(other.uid)?.priceAlerts).toEqual(ON);
    });

    it('refuses a bad, expired, foreign-key or other-purpose token with 400 and the contract’s message', async () => {
      const { service, saver, tokens, profiles } = setup();
      const ada = await saver();
      // The service's clock reads 2026-03-02T09:00Z: a one-day token signed two days before has expired.
      const expired = new UnsubscribeTokens(new SigningKeys(TEST_UNSUBSCRIBE_SECRET), 1).sign(ada.uid, new Date('2026-02-28T09:00:00.000Z'));
      const foreign = new UnsubscribeTokens(new SigningKeys('f'.repeat(40)), 60).sign(ada.uid, new Date('2026-03-02T08:00:00.000Z'));
      const key = new SigningKeys(TEST_UNSUBSCRIBE_SECRET).current;
      const otherPurpose = jwt.sign({ purpose: 'something-else' }, key.keyObject, { algorithm: 'HS256', issuer: 'closetly-profile', subject: ada.uid, keyid: key.id });
      const noPurpose = jwt.sign({ typ: 'access' }, key.keyObject, { algorithm: 'HS256', issuer: 'closetly-profile', subject: ada.uid, keyid: key.id });
      const valid = tokens.sign(ada.uid, new Date('2026-03-02T08:00:00.000Z'));
      const [header, , signature] = valid.split('.');
      const tampered = `${header}.${Buffer.from(JSON.stringify({ purpose: 'price-alerts-unsubscribe', sub: randomUUID(), iss: 'closetly-profile', exp: 1_900_000_000 })).toString('base64url')}.${signature}`;

      for (const token of ['nonsense', expired, foreign, otherPurpose, noPurpose, tampered]) {
        await expect(service.unsubscribe(token)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: UNSUBSCRIBE_INVALID_MESSAGE });
      }
      expect(profiles.profiles.get(ada.uid)?.priceAlerts.enabled).toBe(true);
    });
  });
});

describe('PriceAlertDigestsService', () => {
  it('sends a saver exactly one digest for a 15% drop, listing the item, with the unsubscribe link and headers', async () => {
    const { saver, walk, flush, mail, tokens } = setup();
    const ada = await saver(ON, undefined, 'ada@example.com');
    await walk(100, 85);

    expect(await flush()).toEqual({ digests: 1, items: 1 });
    expect(await flush()).toEqual({ digests: 0, items: 0 });
    expect(mail.sent).toHaveLength(1);
    const [digest] = mail.sent;
    expect(digest).toMatchObject({ to: 'ada@example.com', subject: 'Price alert: 1 item crossed your threshold' });
    expect(digest?.text).toContain('- COS Wool coat: 100.00 EUR → 85.00 EUR (down 15%)');
    const link = /Unsubscribe from price alerts: (\S+)/.exec(digest?.text ?? '')?.[1] ?? '';
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://closetly.example/unsubscribe');
    expect(tokens.verify(url.searchParams.get('token') ?? '', new Date('2026-03-02T09:00:00.000Z'))).toBe(ada.uid);
    expect(digest?.headers).toEqual({ 'List-Unsubscribe': `<${link.replace('/unsubscribe?', '/api/price-alerts/unsubscribe/one-click?')}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(digest?.html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);
  });

  it('sends no mail for a ±2% wobble around the threshold after the crossing', async () => {
    const { saver, walk, flush, mail, moveTo } = setup();
    await saver();
    await walk(100, 85);
    await flush();
    moveTo('2026-03-03T09:00:00.000Z');
    await walk(85, 91, 89, 92, 88, 91);

    expect(await flush()).toEqual({ digests: 0, items: 0 });
    expect(mail.sent).toHaveLength(1);
  });

  it('sends at most one digest a day: what crosses after the day’s digest waits for the next day’s, which lists it all', async () => {
    const { saver, walk, flush, mail, moveTo } = setup();
    const ada = await saver();
    await walk(100, 85);
    expect(await flush()).toEqual({ digests: 1, items: 1 });

    await walk(85, 100, 85);
    await walk(85, 100, 88);
    moveTo('2026-03-02T23:59:59.999Z');
    expect(await flush()).toEqual({ digests: 0, items: 0 });
    moveTo('2026-03-03T00:00:00.000Z');
    expect(await flush()).toEqual({ digests: 1, items: 2 });
    expect(mail.sent.map((sent) => sent.subject)).toEqual(['Price alert: 1 item crossed your threshold', 'Price alerts: 2 items crossed your thresholds']);
    expect(mail.sent.every((sent) => sent.to === mail.sent[0]?.to)).toBe(true);
    expect(ada.uid).toBeDefined();
  });

  it('lists every item a user’s alerts crossed in one mail, and mails each user their own', async () => {
    const { saver, flush, mail, service, change, tx } = setup();
    const [coat, scarf] = [randomUUID(), randomUUID()];
    const ada = await saver(ON, coat, 'ada@example.com');
    await service.itemSaved({ userId: ada.uid, productId: scarf, savedAt: new Date().toISOString(), capturedAt: new Date().toISOString(), capture: {} as never }, tx);
    await saver(ON, scarf, 'bob@example.com');
    await service.priceChanged(change(100, 80, coat), tx);
    await service.priceChanged({ ...change(40, 30, scarf), product: { id: scarf, name: 'Silk scarf', brand: 'Arket', sourceUrl: 'https://www.arket.com/scarf' } }, tx);

    expect(await flush()).toEqual({ digests: 2, items: 3 });
    const adas = mail.sent.find((sent) => sent.to === 'ada@example.com');
    expect(adas?.text).toMatch(/COS Wool coat: 100\.00 EUR → 80\.00 EUR \(down 20%\)[\s\S]*Arket Silk scarf: 40\.00 EUR → 30\.00 EUR \(down 25%\)/);
    const bobs = mail.sent.find((sent) => sent.to === 'bob@example.com');
    expect(bobs?.text).toContain('Arket Silk scarf');
    expect(bobs?.text).not.toContain('Wool coat');
  });

  it('sends nothing to a user who turned alerts off (or unsubscribed) before the digest, and closes their lines', async () => {
    const { saver, walk, flush, mail, service, tokens, notifications } = setup();
    const ada = await saver();
    await walk(100, 85);
    await service.unsubscribe(tokens.sign(ada.uid, new Date('2026-03-02T08:00:00.000Z')));

    expect(await flush()).toEqual({ digests: 0, items: 0 });
    expect(mail.sent).toEqual([]);
    expect(notifications.notifications[0]?.digestedAt).not.toBeNull();
  });

  it('lets only an administrator run the digests now', async () => {
    const { digests, saver, walk } = setup();
    await saver();
    await walk(100, 85);
    await expect(digests.runNow(caller())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(digests.runNow(ADMIN)).resolves.toEqual({ digests: 1, items: 1 });
  });

  it('counts a digest day in PRICE_ALERTS_DIGEST_DAY_MS (tests shorten it; production refuses that)', async () => {
    const { saver, walk, flush, moveTo } = setup({ PRICE_ALERTS_DIGEST_DAY_MS: '1000' });
    await saver();
    await walk(100, 85);
    expect(await flush()).toEqual({ digests: 1, items: 1 });
    await walk(85, 100, 85);
    expect(await flush()).toEqual({ digests: 0, items: 0 });
    moveTo('2026-03-02T09:00:01.000Z');
    expect(await flush()).toEqual({ digests: 1, items: 1 });
  });
});
