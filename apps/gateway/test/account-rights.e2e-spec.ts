import { randomUUID } from 'node:crypto';
import { apiCaller, type ApiErrorBody, madeUpWord, RUNTIME_MODES, type RuntimeMode, signUpSuiteUsers, type StartedProduct, supportedShopUrl } from '@closetly/all-in-one/testing';
import {
  ACCOUNT_EXPORT_FILENAME,
  ACCOUNT_EXPORT_FORMAT,
  AccountExport,
  type AtRiskItem,
  type AuthSession,
  DataHeldReport,
  DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE,
  type WardrobeItem,
} from '@closetly/contracts';
import { pollUntil, type SmtpCapture, startSmtpCapture, subjectOf } from '@closetly/testing';

const PASSWORD = 'Passw0rd!';
const ADMIN_EMAIL = 'privacy-admin@example.com';

/** Every count of every service is 0: nothing is left of the user. */
const holdsNothing = (report: DataHeldReport): boolean => Object.values(report.services).every((counts) => Object.values(counts).every((count) => count === 0));

/**
 * The privacy rights through the gateway in both runtime modes: the export holds exactly the caller's data,
 * deletion needs the password, then every service holds nothing for the user (each service's own count),
 * old access, refresh and extension tokens are refused, the product the user alone saved enters the 30-day
 * clock, and the same e-mail signs up again as a new account.
 */
describe.each(RUNTIME_MODES)('account export and deletion ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let betaToken: string;
  let smtp: SmtpCapture;
  const call = apiCaller(
    () => started.product.baseUrl,
    () => betaToken,
  );
  const word = madeUpWord();
  const ada = { email: `ada-${randomUUID()}@example.com`, uid: '', access: '', refresh: '', extension: '' };
  let others: Record<'bob' | 'admin', string>;
  const products = { shared: '', adasOnly: '' };
  const bobsTerm = `${word} bobsearch`;
  const adasTerm = `${word} adasearch`;

  const save = async (token: string, name: string, sourceUrl: string) => {
    const answer = await call<WardrobeItem>('POST', '/api/save', { body: { data: { name, brand: `${word} Studio`, sourceUrl, imageUrl: 'https://images.example.com/item.jpg', description: 'Soft cotton.', price: 40 } }, token });
    expect(answer.status).toBe(200);
    return answer.body.id;
  };
  const dataHeld = async (userId: string) => {
    const answer = await call<DataHeldReport>('GET', `/api/admin/users/${userId}/data-held`, { token: others.admin });
    expect(answer.status).toBe(200);
    return DataHeldReport.parse(answer.body);
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    started = await mode.start({ ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: smtp.url });
    betaToken = await started.product.betaToken();
    others = await signUpSuiteUsers(call, ['bob', 'admin'] as const, { email: ADMIN_EMAIL, password: PASSWORD, baseUrl: started.product.baseUrl, betaToken, smtp });
    const signUp = await call<AuthSession>('POST', '/api/auth/signup', { body: { firstName: 'Ada', lastName: 'Lovelace', email: ada.email, password: PASSWORD } });
    expect(signUp.status).toBe(201);
    Object.assign(ada, { uid: signUp.body.user.uid, access: signUp.body.accessToken, refresh: signUp.body.refreshToken });
    ada.extension = (await call<{ token: string }>('POST', '/api/auth/extension-token', { token: ada.access })).body.token;

    const sharedUrl = supportedShopUrl();
    products.shared = await save(ada.access, `${word} Shared Tee`, sharedUrl);
    expect(await save(others.bob, `${word} Shared Tee`, sharedUrl)).toBe(products.shared);
    products.adasOnly = await save(ada.access, `${word} Linen Shirt`, supportedShopUrl());
    // The saves' events reach the catalogue (which only then knows the product a vote is about) and retention
    // before anyone votes or the export reads them; searches, votes and the profile are answered at once.
    await pollUntil(
      () => dataHeld(ada.uid),
      (held) => held.services.catalogue?.price_observations === 2 && held.services.retention?.product_saves === 2,
      { timeoutMs: 30_000, what: 'the saves reaching the catalogue and retention' },
    );
    for (const [token, term] of [
      [ada.access, adasTerm],
      [others.bob, bobsTerm],
    ] as const) {
      expect((await call('POST', '/api/save-search', { body: { term }, token })).status).toBeLessThan(300);
      expect((await call('POST', '/api/item-feedback', { body: { itemId: products.shared, gender: 'Women' }, token })).status).toBeLessThan(300);
    }
    const profile = await call<{ favoriteBrands: string[] }>('GET', '/api/profile', { token: ada.access });
    expect((await call('PUT', '/api/profile', { body: { ...profile.body, favoriteBrands: [`${word} Studio`] }, token: ada.access })).status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await started?.stop();
    await smtp?.close();
  });

  it('exports exactly the caller’s data as a JSON download that is never cached, and refuses an extension token', async () => {
    const response = await fetch(`${started.product.baseUrl}/api/account/export`, { headers: { 'x-beta-token': betaToken, authorization: `Bearer ${ada.access}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${ACCOUNT_EXPORT_FILENAME}"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    const exported = AccountExport.parse(JSON.parse(text));

    expect(exported.format).toBe(ACCOUNT_EXPORT_FORMAT);
    expect(exported.account).toMatchObject({ uid: ada.uid, email: ada.email, firstName: 'Ada', hasPassword: true });
    expect(exported.sessions.length).toBeGreaterThanOrEqual(1);
    expect(exported.profile?.favoriteBrands).toEqual([`${word} Studio`]);
    expect(exported.recentSearches.map((search) => search.term)).toEqual([adasTerm]);
    expect(exported.saves.map((save) => save.productId).sort()).toEqual([products.shared, products.adasOnly].sort());
    expect(exported.saves.find((save) => save.productId === products.adasOnly)?.capture).toMatchObject({ name: `${word} Linen Shirt`, price: 40 });
    expect(exported.priceObservations.map((observation) => observation.productId).sort()).toEqual([products.shared, products.adasOnly].sort());
    expect(exported.itemFeedback).toEqual([expect.objectContaining({ productId: products.shared, gender: 'Women' })]);
    // Nobody else's data, and no secret of the account's own.
    expect(text).not.toContain(bobsTerm);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain(ada.refresh);

    const byExtension = await call<ApiErrorBody>('GET', '/api/account/export', { token: ada.extension });
    expect(byExtension.status).toBe(403);
    expect((await call('GET', '/api/account/export')).status).toBe(401);
  });

  it('refuses deletion with a wrong password (403, still signed in), a malformed body (400) and an extension token (403)', async () => {
    const wrong = await call<ApiErrorBody>('DELETE', '/api/account', { body: { password: 'Wrong!Passw0rd' }, token: ada.access });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual({ code: 'REAUTHENTICATION_FAILED', message: DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE });
    expect((await call<ApiErrorBody>('DELETE', '/api/account', { body: { password: 12 }, token: ada.access })).status).toBe(400);
    expect((await call<ApiErrorBody>('DELETE', '/api/account', { body: { password: PASSWORD, extra: true }, token: ada.access })).status).toBe(400);
    expect((await call('DELETE', '/api/account', { body: { password: PASSWORD }, token: ada.extension })).status).toBe(403);
    expect((await call('GET', '/api/auth/me', { token: ada.access })).status).toBe(200);
  });

  it('deletes the account: every service holds nothing for it within a minute, old tokens are refused, the lone save enters the clock, the e-mail signs up anew', async () => {
    expect((await call('DELETE', '/api/account', { body: { password: PASSWORD }, token: ada.access })).status).toBe(204);

    expect((await call('GET', '/api/auth/me', { token: ada.access })).status).toBe(401);
    expect((await call('GET', '/api/get-wardrobe', { token: ada.extension })).status).toBe(401);
    expect((await call('POST', '/api/auth/refresh', { body: { refreshToken: ada.refresh } })).status).toBe(401);
    expect((await call<ApiErrorBody>('POST', '/api/auth/signin', { body: { email: ada.email, password: PASSWORD } })).body.error.code).toBe('INVALID_CREDENTIALS');
    // Deleting again with the old token is refused, not an error.
    expect((await call('DELETE', '/api/account', { body: { password: PASSWORD }, token: ada.access })).status).toBe(401);

    const emptied = await pollUntil(() => dataHeld(ada.uid), holdsNothing, { timeoutMs: 60_000, what: 'every service deleting the user' });
    expect(Object.keys(emptied.services).sort()).toEqual(['catalogue', 'identity', 'profile', 'retention', 'wardrobe']);
    // Bob's share of the same product and of the same tables is untouched.
    const bobs = await dataHeld(subjectOf(others.bob));
    expect(bobs.services.wardrobe?.saves).toBe(1);
    expect(bobs.services.retention?.product_saves).toBe(1);

    const atRisk = await pollUntil(
      async () => (await call<AtRiskItem[]>('GET', '/api/at-risk-items', { token: others.admin })).body,
      (items) => items.some((item) => item.itemId === products.adasOnly),
      { timeoutMs: 30_000, what: 'the lone save entering the 30-day clock' },
    );
    expect(atRisk.map((item) => item.itemId)).not.toContain(products.shared);

    const again = await call<AuthSession>('POST', '/api/auth/signup', { body: { firstName: 'Ada', lastName: 'Again', email: ada.email, password: PASSWORD } });
    expect(again.status).toBe(201);
    expect(again.body.user.uid).not.toBe(ada.uid);
    expect((await call<WardrobeItem[]>('GET', '/api/get-wardrobe', { token: again.body.accessToken })).body).toEqual([]);
  });
});
