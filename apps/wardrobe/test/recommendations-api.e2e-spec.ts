import { randomUUID } from 'node:crypto';
import { apiCaller, type ApiErrorBody, madeUpWord, RUNTIME_MODES, type RuntimeMode, signUpSuiteUsers, type StartedProduct, supportedShopUrl } from '@closetly/all-in-one/testing';
import type { ProductList } from '@closetly/contracts';
import { pollUntil, type SmtpCapture, startSmtpCapture } from '@closetly/testing';

const PASSWORD = 'Passw0rd!';
const ADMIN_EMAIL = 'recommendations-admin@example.com';


/**
 * Recommended for You through the gateway in both runtime modes: items that
 * the caller's co-savers save (never the caller's own), popular items of the
 * profile's gender for a new user, never an unlisted or hidden product, and
 * only for a signed-in user. The wardrobe learns products and profiles from
 * events, so answers are polled (gently: the route is limited per user).
 */
describe.each(RUNTIME_MODES)('recommendations API ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let betaToken: string;
  let smtp: SmtpCapture;
  const users: Record<'ada' | 'bob' | 'cy' | 'dee' | 'eve' | 'admin', string> = { ada: '', bob: '', cy: '', dee: '', eve: '', admin: '' };
  const word = madeUpWord();
  const brand = `${madeUpWord()} Atelier`;
  const ids: Record<'w1' | 'w2' | 'w3' | 'w4' | 'hidden' | 'men' | 'unlisted', string> = { w1: '', w2: '', w3: '', w4: '', hidden: '', men: '', unlisted: '' };

  const call = apiCaller(() => started.product.baseUrl, () => betaToken);
  const recommended = async (token: string) => {
    const answer = await call<ProductList>('GET', '/api/recommended-items', { token });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** This suite's products in the caller's recommendations, in their order. */
  const ours = (list: ProductList) => list.map((product) => product.id).filter((id) => Object.values(ids).includes(id));
  const until = (token: string, done: (list: ProductList) => boolean, what: string) => pollUntil(() => recommended(token), done, { what, intervalMs: 750 });

  /** Pages of a multi-brand supported retailer, so one save lists them; each saver saves the same page. */
  const OURS: Record<keyof typeof ids, { name: string; gender: string; sourceUrl: string }> = {
    w1: { name: `${word} Silk Blouse`, gender: 'Women', sourceUrl: supportedShopUrl() },
    w2: { name: `${word} Pleated Skirt`, gender: 'Women', sourceUrl: supportedShopUrl() },
    w3: { name: `${word} Wrap Dress`, gender: 'Women', sourceUrl: supportedShopUrl() },
    w4: { name: `${word} Ballet Flats`, gender: 'Women', sourceUrl: supportedShopUrl() },
    hidden: { name: `${word} Lace Camisole`, gender: 'Women', sourceUrl: supportedShopUrl() },
    men: { name: `${word} Oxford Shirt`, gender: 'Men', sourceUrl: supportedShopUrl() },
    // One saver on a shop that is not supported: never listed.
    unlisted: { name: `${word} Hand Knit Scarf`, gender: 'Women', sourceUrl: `https://boutique-${randomUUID().slice(0, 8)}.example/p/scarf` },
  };
  const save = async (token: string, key: keyof typeof ids) => {
    const data = { ...OURS[key], brand, price: 80, imageUrl: 'https://images.example.com/item.jpg', description: '' };
    const answer = await call<{ id: string }>('POST', '/api/save', { body: { data }, token });
    expect(answer.status).toBe(200);
    ids[key] = answer.body.id;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // This suite polls the public reads while events travel (many calls a second, from one address): test traffic,
    // not a shopper's, so the per-client limits are raised; the limits themselves are tested in rate-limiters.int-spec.ts.
    started = await mode.start({ RATE_LIMIT_MULTIPLIER: '10', ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: smtp.url });
    betaToken = await started.product.betaToken();
    Object.assign(users, await signUpSuiteUsers(call, Object.keys(users) as Array<keyof typeof users>, { email: ADMIN_EMAIL, password: PASSWORD, baseUrl: started.product.baseUrl, betaToken, smtp }, (name) => (name === 'eve' ? { gender: 'female' } : {})));

    // Three shoppers co-save the women's pieces, the camisole and the shirt; only Ada saves the scarf. Dee saved two of the pieces.
    const { ada, bob, cy, dee } = users;
    for (const token of [ada, bob, cy]) for (const key of ['w1', 'w2', 'w3', 'w4', 'hidden', 'men'] as const) await save(token, key);
    await save(ada, 'unlisted');
    for (const key of ['w1', 'w2'] as const) await save(dee, key);
  }, 240_000);
  afterAll(async () => {
    await started?.stop();
    await smtp?.close();
  });

  it('recommends what the caller’s co-savers save, never the caller’s own saves, with images through the proxy', async () => {
    const list = await until(users.dee, (found) => ['w3', 'w4', 'hidden', 'men'].every((key) => ours(found).includes(ids[key as keyof typeof ids])), 'the co-saved items');
    expect(ours(list)).not.toEqual(expect.arrayContaining([ids.w1]));
    expect(ours(list)).not.toEqual(expect.arrayContaining([ids.w2]));
    expect(ours(list)).not.toContain(ids.unlisted);
    // Dee's saves lean to women's pieces: the men's shirt comes after them.
    expect(ours(list).indexOf(ids.men)).toBeGreaterThan(ours(list).indexOf(ids.w3));
    expect(ours(list).indexOf(ids.men)).toBeGreaterThan(ours(list).indexOf(ids.w4));
    const w3 = list.find((product) => product.id === ids.w3);
    expect(w3).toMatchObject({ name: OURS.w3.name, brand, price: 80, gender: 'Women', retailer: 'nordstrom.com' });
    expect(w3).not.toHaveProperty('listed');
    expect(new URL(w3?.displayImageUrl ?? '', started.product.baseUrl).pathname).toBe('/api/proxy-image');
  });

  it('gives a new user the popular items of their profile’s gender, the most saved first', async () => {
    const women = ['w1', 'w2', 'w3', 'w4'].map((key) => ids[key as keyof typeof ids]);
    const list = await until(users.eve, (found) => women.every((id) => ours(found).includes(id)) && found.every((product) => product.gender !== 'Men'), 'popular women’s items');
    // Four saves each before three each.
    expect(ours(list).slice(0, 2).sort()).toEqual([ids.w1, ids.w2].sort());
    expect(ours(list)).not.toContain(ids.men);
    expect(ours(list)).not.toContain(ids.unlisted);
  });

  it('never recommends an unlisted product, nor a hidden one once the administrator hides it', async () => {
    await until(users.dee, (found) => ours(found).includes(ids.hidden), 'the camisole recommended while it is shown');
    expect((await call('PUT', `/api/products/${ids.hidden}/hidden`, { body: { hidden: true }, token: users.admin })).status).toBe(200);
    const list = await until(users.dee, (found) => !ours(found).includes(ids.hidden) && ours(found).includes(ids.w3), 'the hidden camisole gone');
    expect(ours(list)).not.toContain(ids.unlisted);
    const eve = await recommended(users.eve);
    expect(ours(eve)).not.toContain(ids.hidden);
    expect(ours(eve)).not.toContain(ids.unlisted);
  });

  it('answers 401 without a valid access token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const answer = await call<ApiErrorBody>('GET', '/api/recommended-items', { token });
      expect([answer.status, answer.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });
});
