import { randomUUID } from 'node:crypto';
import { RUNTIME_MODES, type RuntimeMode, type StartedProduct } from '@closetly/all-in-one/testing';
import { emptyProfile, MAX_FAVORITE_BRANDS, type NotificationList, type PriceAlertSettings, type PriceAlertsRunResult, type Profile, UNSUBSCRIBE_INVALID_MESSAGE, type UpdateProfileRequest } from '@closetly/contracts';
import { pollUntil } from '@closetly/testing';
import { Client } from 'pg';

interface Answer<T = unknown> {
  status: number;
  body: T;
}
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };
type Body = Record<string, unknown>;

/** Every field filled, heights in ft + in, weight in lbs, lengths in inches. */
const imperialProfile = (): UpdateProfileRequest => ({
  name: 'Ada King Lovelace',
  gender: 'female',
  favoriteBrands: ['COS', 'Arket', 'Toteme'],
  measurements: {
    height: { mainValue: 5, mainUnit: 'ft', secondaryValue: 6.5, secondaryUnit: 'in' },
    weight: { value: 132.28, unit: 'lbs' },
    chest: { value: 34, unit: 'in' },
    waist: { value: 27.5, unit: 'in' },
    hips: { value: 37, unit: 'in' },
  },
  sizes: {
    top: 'S',
    bottom: '27',
    shoes: '38',
    dressShirtNeck: '15',
    dressShirtArm: '33',
    dressPantWidth: '30',
    dressPantLength: '32',
    suitJacket: '38R',
    menShoeSize: '8',
    dressSize: '6',
    womenPantSize: '27/30',
    womenShoeSize: '7.5',
  },
  priceAlerts: { enabled: false, minDropPercent: 10, rises: false },
});

/** The same person in metric units, every measurement changed. */
const metricProfile = (): UpdateProfileRequest => ({
  ...imperialProfile(),
  name: 'Ada Lovelace',
  gender: 'other',
  favoriteBrands: ['Sézane'],
  measurements: {
    height: { mainValue: 1, mainUnit: 'm', secondaryValue: 69.34, secondaryUnit: 'cm' },
    weight: { value: 60, unit: 'kg' },
    chest: { value: 86.36, unit: 'cm' },
    waist: { value: 69.85, unit: 'cm' },
    hips: { value: 93.98, unit: 'cm' },
  },
  sizes: { ...imperialProfile().sizes, top: 'M', dressSize: '' },
});

/** A profile body with one change somewhere inside it (the body is a fresh copy each time). */
const withChange = (change: (body: Body & { measurements: Body & Record<'height' | 'weight' | 'chest' | 'waist' | 'hips', Body>; sizes: Body }) => void): Body => {
  const body = imperialProfile() as unknown as Parameters<typeof change>[0];
  change(body);
  return body;
};

/** The profile through the gateway, in both runtime modes: GET and PUT /api/profile. */
describe.each(RUNTIME_MODES)('profile API ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let betaToken: string;

  const call = async <T>(method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Answer<T>> => {
    const response = await fetch(`${started.product.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-beta-token': betaToken, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const signUp = async ({ email = '', ...person }: { firstName: string; lastName: string; gender?: string; email?: string }) => {
    email ||= `${person.firstName.toLowerCase()}-${randomUUID()}@example.com`;
    const answer = await call<{ accessToken: string; user: { uid: string } }>('POST', '/api/auth/signup', { body: { ...person, email, password: 'Passw0rd!' } });
    expect(answer.status).toBe(201);
    return { token: answer.body.accessToken, uid: answer.body.user.uid, email };
  };
  const getProfile = (token: string) => call<Profile>('GET', '/api/profile', { token });
  const putProfile = (token: string, body: unknown) => call<Profile>('PUT', '/api/profile', { token, body });

  // Sign-ups are rate-limited per client address (10 an hour): the suite signs up its few users once.
  type User = Awaited<ReturnType<typeof signUp>>;
  const users = {} as Record<'ada' | 'bob' | 'val', User>;

  // The price alerts' administrator (POST /api/admin/price-alerts/run); a digest "day" of 1 ms lets one run
  // follow another as on a later day (the one-a-day rule itself is unit-tested in price-alerts.service.spec.ts).
  const adminEmail = `admin-${randomUUID()}@example.com`;

  beforeAll(async () => {
    started = await mode.start({ ADMIN_EMAILS: adminEmail, PRICE_ALERTS_DIGEST_DAY_MS: '1' });
    betaToken = await started.product.betaToken();
    users.ada = await signUp({ firstName: 'Ada', lastName: 'Lovelace', gender: 'female' });
    users.bob = await signUp({ firstName: 'Bob', lastName: 'Builder', gender: 'male' });
    users.val = await signUp({ firstName: 'Val', lastName: 'Idator' });
  }, 180_000);
  afterAll(async () => {
    await started?.stop();
  });

  it('gives a brand-new account its profile at once: GET right after sign-up answers its name, e-mail and gender', async () => {
    const newcomer = await signUp({ firstName: 'Nia', lastName: 'Newcomer', gender: 'other' });
    const answer = await getProfile(newcomer.token);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(emptyProfile(newcomer.email, 'Nia Newcomer', 'other'));
  });

  it('keeps a full profile round trip, every field, in imperial and then metric units', async () => {
    const imperial = await putProfile(users.ada.token, imperialProfile());
    expect(imperial.status).toBe(200);
    expect(imperial.body).toEqual({ ...imperialProfile(), email: users.ada.email });
    expect((await getProfile(users.ada.token)).body).toEqual({ ...imperialProfile(), email: users.ada.email });

    const metric = await putProfile(users.ada.token, metricProfile());
    expect(metric.status).toBe(200);
    expect(metric.body).toEqual({ ...metricProfile(), email: users.ada.email });
    expect((await getProfile(users.ada.token)).body).toEqual({ ...metricProfile(), email: users.ada.email });
  });

  it('stores brands trimmed', async () => {
    const answer = await putProfile(users.val.token, { ...imperialProfile(), favoriteBrands: ['  COS ', '\tArket', 'Toteme  '] });
    expect(answer.body.favoriteBrands).toEqual(['COS', 'Arket', 'Toteme']);
    expect((await getProfile(users.val.token)).body.favoriteBrands).toEqual(['COS', 'Arket', 'Toteme']);
  });

  it('ignores an e-mail in the body: the account’s stays the profile’s', async () => {
    const answer = await putProfile(users.val.token, { ...imperialProfile(), email: 'someone.else@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBe(users.val.email);
    expect((await getProfile(users.val.token)).body.email).toBe(users.val.email);
    // The account still signs in with its own address.
    const signIn = await call('POST', '/api/auth/signin', { body: { email: users.val.email, password: 'Passw0rd!' } });
    expect(signIn.status).toBe(200);
  });

  it('accepts the largest secondary heights: 11 with ft and 99 with m', async () => {
    const elevenInches = await putProfile(users.val.token, withChange((body) => Object.assign(body.measurements.height, { mainUnit: 'ft', secondaryValue: 11, secondaryUnit: 'in' })));
    expect(elevenInches.status).toBe(200);
    expect(elevenInches.body.measurements.height).toMatchObject({ mainUnit: 'ft', secondaryValue: 11 });
    const ninetyNine = await putProfile(users.val.token, withChange((body) => Object.assign(body.measurements.height, { mainUnit: 'm', mainValue: 1, secondaryValue: 99, secondaryUnit: 'cm' })));
    expect(ninetyNine.status).toBe(200);
    expect(ninetyNine.body.measurements.height).toMatchObject({ mainUnit: 'm', secondaryValue: 99 });
  });

  describe('validation', () => {
    let before: Profile;
    beforeAll(async () => {
      before = (await putProfile(users.val.token, imperialProfile())).body;
    });

    it.each<[string, Body | unknown, string, string | RegExp]>([
      ['a negative measurement', withChange((body) => (body.measurements.chest.value = -1)), 'measurements.chest.value', 'Must be 0 or more'],
      ['a negative height', withChange((body) => (body.measurements.height.mainValue = -0.5)), 'measurements.height.mainValue', 'Must be 0 or more'],
      ['a measurement past any body', withChange((body) => (body.measurements.weight.value = 10_001)), 'measurements.weight.value', 'Must be at most 10,000'],
      ['secondary height 12 with ft', withChange((body) => Object.assign(body.measurements.height, { mainUnit: 'ft', secondaryValue: 12 })), 'measurements.height.secondaryValue', 'Must be at most 11'],
      ['secondary height 100 with m', withChange((body) => Object.assign(body.measurements.height, { mainUnit: 'm', secondaryValue: 100, secondaryUnit: 'cm' })), 'measurements.height.secondaryValue', 'Must be at most 99'],
      ['a height unit not in the list', withChange((body) => (body.measurements.height.mainUnit = 'cm')), 'measurements.height.mainUnit', 'Choose ft or m'],
      ['a secondary height unit not in the list', withChange((body) => (body.measurements.height.secondaryUnit = 'mm')), 'measurements.height.secondaryUnit', 'Choose in or cm'],
      ['a weight unit not in the list', withChange((body) => (body.measurements.weight.unit = 'stone')), 'measurements.weight.unit', 'Choose kg or lbs'],
      ['a length unit not in the list', withChange((body) => (body.measurements.waist.unit = 'ft')), 'measurements.waist.unit', 'Choose in or cm'],
      ['a blank brand', withChange((body) => (body.favoriteBrands = ['COS', '   '])), 'favoriteBrands.1', 'Brand is required'],
      ['a brand over 100 characters', withChange((body) => (body.favoriteBrands = ['b'.repeat(101)])), 'favoriteBrands.0', 'Brand must be at most 100 characters'],
      ['too many brands', withChange((body) => (body.favoriteBrands = Array.from({ length: MAX_FAVORITE_BRANDS + 1 }, (_, i) => `Brand ${i}`))), 'favoriteBrands', 'At most 50 favorite brands'],
      ['a name over 200 characters', withChange((body) => (body.name = 'n'.repeat(201))), 'name', 'Name must be at most 200 characters'],
      ['a size over 20 characters', withChange((body) => (body.sizes.top = 's'.repeat(21))), 'sizes.top', 'Must be at most 20 characters'],
      ['an unknown top-level field', withChange((body) => (body.isAdmin = true)), 'body', 'Unrecognized key: "isAdmin"'],
      ['an unknown measurement field', withChange((body) => (body.measurements.height.feet = 5)), 'measurements.height', 'Unrecognized key: "feet"'],
      ['an unknown size field', withChange((body) => (body.sizes.hatSize = '7')), 'sizes', 'Unrecognized key: "hatSize"'],
      ['a name that is not text', withChange((body) => (body.name = 42)), 'name', /expected string/],
      ['a measurement sent as text', withChange((body) => (body.measurements.weight.value = '60')), 'measurements.weight.value', 'Must be a number'],
      ['brands that are not a list', withChange((body) => (body.favoriteBrands = 'COS')), 'favoriteBrands', /expected array/],
      ['a gender not in the list', withChange((body) => (body.gender = 'robot')), 'gender', /expected one of/],
      ['a missing part (measurements)', withChange((body) => delete (body as Body).measurements), 'measurements', /expected object/],
      ['a missing size field', withChange((body) => delete body.sizes.shoes), 'sizes.shoes', /expected string/],
      ['a missing unit', withChange((body) => delete body.measurements.hips.unit), 'measurements.hips.unit', 'Choose in or cm'],
      ['a body that is not an object', ['COS'], 'body', /expected object/],
    ])('refuses %s with 400 naming the field, and stores nothing', async (_what, body, field, message) => {
      const answer = await call<ErrorBody>('PUT', '/api/profile', { token: users.val.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error.fields?.[field]).toEqual([expect.stringMatching(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message)]);
      expect((await getProfile(users.val.token)).body).toEqual(before);
    });
  });

  it('lets a user read and change only their own profile (the route names no one)', async () => {
    await putProfile(users.ada.token, imperialProfile());
    const adaBefore = (await getProfile(users.ada.token)).body;

    const bobsOwn = await getProfile(users.bob.token);
    expect(bobsOwn.body).toMatchObject({ name: 'Bob Builder', email: users.bob.email, gender: 'male' });
    const bobWrites = await putProfile(users.bob.token, { ...metricProfile(), name: 'Bob Builder', email: users.ada.email });
    expect(bobWrites.status).toBe(200);
    expect(bobWrites.body.email).toBe(users.bob.email);

    expect((await getProfile(users.ada.token)).body).toEqual(adaBefore);
    expect((await getProfile(users.bob.token)).body).toEqual({ ...metricProfile(), name: 'Bob Builder', email: users.bob.email });
  });

  it('needs sign-in to read or write a profile (401), and the beta token before that (403)', async () => {
    expect((await getProfile('')).status).toBe(401);
    expect((await putProfile('', imperialProfile())).status).toBe(401);
    expect((await getProfile('not-a-token')).status).toBe(401);
    const noBeta = await fetch(`${started.product.baseUrl}/api/profile`, { headers: { authorization: `Bearer ${users.ada.token}` } });
    expect(noBeta.status).toBe(403);
  });

  describe('price alerts (a saver with a 10% alert; price changes published as the catalogue publishes them)', () => {
    let saver: User;
    let watcher: User;
    let admin: User;
    let productId: string;
    const PRODUCT = { name: 'Wool coat', brand: 'COS', sourceUrl: 'https://www.cos.com/en/wool-coat-price-alerts' };
    let price = 100;

    /** The catalogue's price-changed event, from the last price to `next` (its relay publishes it on the product's bus). */
    const priceTo = async (next: number) => {
      await started.publishEvent('catalogue.price-changed.v1', productId, { product: { id: productId, ...PRODUCT }, old: price, new: next, currency: 'EUR', observedAt: new Date().toISOString() });
      price = next;
    };
    const notifications = (user: User) => call<NotificationList>('GET', '/api/notifications', { token: user.token });
    const notificationsUntil = (user: User, count: number) =>
      pollUntil(async () => (await notifications(user)).body, (list) => list.notifications.length >= count, { timeoutMs: 60_000, what: `${count} notification(s)` });
    const runDigests = async () => {
      const answer = await call<PriceAlertsRunResult>('POST', '/api/admin/price-alerts/run', { token: admin.token });
      expect(answer.status).toBe(200);
      // The run answers once the mails are queued; the queue sends them a moment later.
      return answer.body;
    };
    const digestsTo = (user: User) => started.product.mail?.mailsTo(user.email).filter((mail) => /^Price alerts?:/.test(mail.subject)) ?? [];
    const enableAlerts = async (user: User, priceAlerts: PriceAlertSettings) => {
      const current = (await getProfile(user.token)).body;
      const answer = await putProfile(user.token, { ...current, priceAlerts });
      expect(answer.status).toBe(200);
      expect(answer.body.priceAlerts).toEqual(priceAlerts);
    };
    /** Saves the product (wardrobe → catalogue → profile learns the save from wardrobe.item-saved.v1). */
    const saveProduct = async (user: User) => {
      const saved = await call<{ id: string }>('POST', '/api/save', { token: user.token, body: { data: { ...PRODUCT, price: 100 } } });
      expect(saved.status).toBe(200);
      await pollUntil(async () => (await call('GET', `/api/price-alerts/targets/${saved.body.id}`, { token: user.token })).status, (status) => status === 200, {
        timeoutMs: 60_000,
        what: 'the profile service learning the save',
      });
      return saved.body.id;
    };

    beforeAll(async () => {
      saver = await signUp({ firstName: 'Sal', lastName: 'Saver' });
      admin = await signUp({ firstName: 'Adm', lastName: 'Inistrator', email: adminEmail });
      // The admin role comes with a proven address, in a new sign-in.
      await started.product.confirmEmail(adminEmail);
      admin.token = (await call<{ accessToken: string }>('POST', '/api/auth/signin', { body: { email: adminEmail, password: 'Passw0rd!' } })).body.accessToken;
      await enableAlerts(saver, { enabled: true, minDropPercent: 10, rises: false });
      productId = await saveProduct(saver);
    }, 120_000);

    it('keeps the settings with the profile: a PUT without them keeps them; a bad percent is 400 with the contract’s message', async () => {
      const { priceAlerts: _kept, ...withoutAlerts } = (await getProfile(saver.token)).body;
      expect((await putProfile(saver.token, withoutAlerts)).body.priceAlerts).toEqual({ enabled: true, minDropPercent: 10, rises: false });
      const bad = await call<ErrorBody>('PUT', '/api/profile', { token: saver.token, body: { ...withoutAlerts, priceAlerts: { enabled: true, minDropPercent: 15, rises: false } } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields?.['priceAlerts.minDropPercent']).toEqual(['Choose 5, 10, 20 or 30 percent']);
    });

    it('sets a target only on an item the caller saved (404 "Item not found" otherwise)', async () => {
      expect((await call('PUT', `/api/price-alerts/targets/${productId}`, { token: saver.token, body: { targetPrice: 40 } })).body).toEqual({ targetPrice: 40 });
      expect((await call('GET', `/api/price-alerts/targets/${productId}`, { token: saver.token })).body).toEqual({ targetPrice: 40 });
      const notSaved = await call<ErrorBody>('GET', `/api/price-alerts/targets/${productId}`, { token: users.bob.token });
      expect(notSaved.status).toBe(404);
      expect(notSaved.body.error.message).toBe('Item not found');
      expect((await call<ErrorBody>('PUT', `/api/price-alerts/targets/${randomUUID()}`, { token: saver.token, body: { targetPrice: 40 } })).status).toBe(404);
      expect((await call('PUT', `/api/price-alerts/targets/${productId}`, { token: saver.token, body: { targetPrice: null } })).body).toEqual({ targetPrice: null });
      for (const [targetPrice, message] of [
        [-1, 'Target price must be more than 0'],
        ['cheap', 'Target price must be a number'],
        [2_000_000, 'Target price is too high'],
      ] as const) {
        const refused = await call<ErrorBody>('PUT', `/api/price-alerts/targets/${productId}`, { token: saver.token, body: { targetPrice } });
        expect({ status: refused.status, fields: refused.body.error.fields }).toEqual({ status: 400, fields: { targetPrice: [message] } });
      }
      expect((await call<ErrorBody>('POST', '/api/notifications/read', { token: saver.token, body: { ids: ['not-an-id'] } })).status).toBe(400);
    });

    it('gets the saver exactly one digest mail for a 15% drop, and an in-app notification', async () => {
      await priceTo(85);
      const list = await notificationsUntil(saver, 1);
      expect(list).toEqual({ notifications: [expect.objectContaining({ kind: 'price-drop', productId, name: 'Wool coat', brand: 'COS', old: 100, new: 85, currency: 'EUR', read: false })], unread: 1 });

      expect(await runDigests()).toEqual({ digests: 1, items: 1 });
      const [digest] = await pollUntil(async () => digestsTo(saver), (mails) => mails.length >= 1, { timeoutMs: 30_000, what: 'the digest mail' });
      expect(digest?.text).toContain('COS Wool coat: 100.00 EUR → 85.00 EUR (down 15%)');
      expect(digest?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(digest?.headers['list-unsubscribe']).toMatch(/^<http:\/\/[^>]+\/api\/price-alerts\/unsubscribe\/one-click\?token=[\w.-]+>$/);

      expect(await runDigests()).toEqual({ digests: 0, items: 0 });
      expect(digestsTo(saver)).toHaveLength(1);
      const read = await call<NotificationList>('POST', '/api/notifications/read', { token: saver.token, body: {} });
      expect(read.body.unread).toBe(0);
    });

    it('sends no mail for a wobble of ±2% around the threshold', async () => {
      // A second saver's target fires on the wobble's last step: once it shows, every step before it was consumed.
      watcher = await signUp({ firstName: 'Wat', lastName: 'Cher' });
      await enableAlerts(watcher, { enabled: true, minDropPercent: 30, rises: false });
      await saveProduct(watcher);
      await call('PUT', `/api/price-alerts/targets/${productId}`, { token: watcher.token, body: { targetPrice: 88.3 } });
      for (const step of [91.5, 88.5, 91.8, 88.2]) await priceTo(step);
      await notificationsUntil(watcher, 1);

      expect((await notifications(saver)).body.notifications).toHaveLength(1);
      await runDigests();
      await pollUntil(async () => digestsTo(watcher), (mails) => mails.length === 1, { timeoutMs: 30_000, what: 'the watcher’s digest' });
      expect(digestsTo(saver)).toHaveLength(1);
      // The watcher's part is done: without a target, nothing the next changes do alerts them (30% is not reached).
      await call('PUT', `/api/price-alerts/targets/${productId}`, { token: watcher.token, body: { targetPrice: null } });
    });

    it('sends another mail after a recovery and a new drop', async () => {
      await priceTo(100);
      await priceTo(85);
      const list = await notificationsUntil(saver, 2);
      expect(list.notifications.map((item) => [item.old, item.new])).toEqual([
        [100, 85],
        [100, 85],
      ]);
      expect(list.unread).toBe(1);

      expect(await runDigests()).toEqual({ digests: 1, items: 1 });
      const mails = await pollUntil(async () => digestsTo(saver), (found) => found.length >= 2, { timeoutMs: 30_000, what: 'the second digest' });
      expect(mails).toHaveLength(2);
      expect(mails[1]?.text).toContain('COS Wool coat: 100.00 EUR → 85.00 EUR (down 15%)');
    });

    it('turns alerts off through the mail’s unsubscribe link, signed out and without a beta token; a bad token is 400', async () => {
      const link = /Unsubscribe from price alerts: (\S+)/.exec(digestsTo(saver)[1]?.text ?? '')?.[1] ?? '';
      const token = new URL(link).searchParams.get('token') ?? '';
      const unsubscribe = (body: unknown) => fetch(`${started.product.baseUrl}/api/price-alerts/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

      const answer = await unsubscribe({ token });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ unsubscribed: true });
      expect((await getProfile(saver.token)).body.priceAlerts).toEqual({ enabled: false, minDropPercent: 10, rises: false });

      const forged = await unsubscribe({ token: `${token.slice(0, token.lastIndexOf('.'))}.forged` });
      expect(forged.status).toBe(400);
      expect(((await forged.json()) as ErrorBody).error.message).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
      // An access token is signed for something else: refused too.
      expect((await unsubscribe({ token: saver.token })).status).toBe(400);
    });

    it('unsubscribes with a mail client’s one-click POST to the List-Unsubscribe address (RFC 8058), signed out', async () => {
      await enableAlerts(saver, { enabled: true, minDropPercent: 10, rises: false });
      const oneClick = /^<(.+)>$/.exec(digestsTo(saver)[1]?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
      const target = new URL(oneClick);
      const answer = await fetch(`${started.product.baseUrl}${target.pathname}${target.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ unsubscribed: true });
      expect((await getProfile(saver.token)).body.priceAlerts.enabled).toBe(false);
      // A form body anywhere else is still refused.
      const elsewhere = await fetch(`${started.product.baseUrl}/api/price-alerts/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(elsewhere.status).toBe(415);
    });

    it('lets only an administrator run the digests (403), and needs sign-in for notifications (401)', async () => {
      expect((await call('POST', '/api/admin/price-alerts/run', { token: saver.token })).status).toBe(403);
      expect((await call('GET', '/api/notifications')).status).toBe(401);
    });
  });

  if (mode.name === 'distributed') {
    it('creates the profile from identity’s registration event, before anyone asks for it', async () => {
      const eve = await signUp({ firstName: 'Eve', lastName: 'Event', gender: 'female' });
      // Nobody calls GET /api/profile for Eve: only identity.account-registered.v1 can create her row.
      const database = new Client({ connectionString: started.databaseUrl });
      await database.connect();
      try {
        const row = await pollUntil(
          async () => (await database.query<{ name: string; email: string; gender: string }>('select name, email, gender from profile.profiles where account_id = $1', [eve.uid])).rows[0],
          (found) => found !== undefined,
          { timeoutMs: 60_000, what: 'the profile the registration event creates' },
        );
        expect(row).toEqual({ name: 'Eve Event', email: eve.email, gender: 'female' });
      } finally {
        await database.end();
      }
      expect((await getProfile(eve.token)).body).toEqual(emptyProfile(eve.email, 'Eve Event', 'female'));
    });
  }
});
