import { randomUUID } from 'node:crypto';
import { apiCaller, type ApiErrorBody, madeUpWord, RUNTIME_MODES, type RuntimeMode, signUpSuiteUsers, type StartedProduct, supportedShopUrl } from '@closetly/all-in-one/testing';
import { MAX_COLOUR_LENGTH, type ProductList, type ProductView, type WardrobeItem } from '@closetly/contracts';
import { pollUntil, type SmtpCapture, startSmtpCapture } from '@closetly/testing';

const PASSWORD = 'Passw0rd!';
const ADMIN_EMAIL = 'lists-admin@example.com';


/**
 * The browsing lists through the gateway in both runtime modes: popular
 * items (ranked by active saves, the cache invalidated by a save or a
 * removal), category lists and a brand's new arrivals (newest first, at most
 * 16), the gender rule, listed and not hidden products only, and the checks
 * on parameters; and a stated colour from the save to the shared product
 * (issue 20). Lists span the whole catalogue, so assertions look only at
 * this suite's brands.
 */
describe.each(RUNTIME_MODES)('browsing lists API ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let betaToken: string;
  let smtp: SmtpCapture;
  const users: Record<'ada' | 'bob' | 'cy' | 'dee' | 'admin', string> = { ada: '', bob: '', cy: '', dee: '', admin: '' };
  const word = madeUpWord();
  const brand = `${madeUpWord()} Studio`;
  const ids: Record<'blouse' | 'shirt' | 'tee' | 'tote' | 'beanie', string> = { blouse: '', shirt: '', tee: '', tote: '', beanie: '' };

  const call = apiCaller(() => started.product.baseUrl, () => betaToken);
  const list = async (path: string) => {
    const answer = await call<ProductList>('GET', path);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** This suite's products in a list, in the list's order, by id. */
  const ours = async (path: string, of: readonly string[] = Object.values(ids)) => (await list(path)).map((product) => product.id).filter((id) => of.includes(id));
  /** Polls (gently: lists are rate-limited per client) until `done` accepts our part of the list. */
  const until = (path: string, done: (found: string[]) => boolean, what: string, of?: readonly string[]) => pollUntil(() => ours(path, of), done, { what, intervalMs: 150 });
  const sameAs = (expected: string[]) => (found: string[]) => JSON.stringify(found) === JSON.stringify(expected);

  /** This suite's products: pages of a multi-brand supported retailer, so one save lists them; each saver saves the same page. */
  const OURS: Record<keyof typeof ids, { name: string; gender?: string; sourceUrl: string }> = {
    blouse: { name: `${word} Silk Blouse`, gender: 'Women', sourceUrl: supportedShopUrl() },
    shirt: { name: `${word} Oxford Shirt`, gender: 'Men', sourceUrl: supportedShopUrl() },
    tee: { name: `${word} Striped Tee`, gender: 'Unisex', sourceUrl: supportedShopUrl() },
    tote: { name: `${word} Canvas Tote`, gender: 'Unisex', sourceUrl: supportedShopUrl() },
    // No gender: unspecified, shown with both.
    beanie: { name: `${word} Merino Beanie`, sourceUrl: supportedShopUrl() },
  };
  const save = async (token: string, data: Record<string, unknown>) => {
    const answer = await call<{ id: string }>('POST', '/api/save', { body: { data: { imageUrl: 'https://images.example.com/item.jpg', description: '', price: 80, ...data } }, token });
    expect(answer.status).toBe(200);
    return answer.body.id;
  };
  const saveOurs = (token: string, key: keyof typeof ids) => save(token, { ...OURS[key], brand });
  const remove = async (token: string, id: string) => expect((await call('DELETE', `/api/remove-from-wardrobe/${id}`, { token })).status).toBeLessThan(300);

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // This suite polls the public reads while events travel (many calls a second, from one address): test traffic,
    // not a shopper's, so the per-client limits are raised; the limits themselves are tested in rate-limiters.int-spec.ts.
    started = await mode.start({ RATE_LIMIT_MULTIPLIER: '10', ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: smtp.url });
    betaToken = await started.product.betaToken();
    Object.assign(users, await signUpSuiteUsers(call, Object.keys(users) as Array<keyof typeof users>, { email: ADMIN_EMAIL, password: PASSWORD, baseUrl: started.product.baseUrl, betaToken, smtp }));

    // The blouse, then the shirt, each in the catalogue before the next is saved, so "newest first" has one right answer.
    const { ada, bob, cy } = users;
    ids.blouse = await saveOurs(ada, 'blouse');
    await until('/api/products/category/tops', (found) => found.includes(ids.blouse), 'the blouse listed');
    ids.shirt = await saveOurs(ada, 'shirt');
    await until('/api/products/category/tops', (found) => found.includes(ids.shirt), 'the shirt listed');
    for (const key of ['tee', 'tote', 'beanie'] as const) ids[key] = await saveOurs(ada, key);
    // Active saves: tote 3, beanie 2 and blouse 2 (the beanie's are newer), tee 1 and shirt 1 (the tee's is newer).
    for (const token of [bob, cy]) await saveOurs(token, 'tote');
    await saveOurs(bob, 'blouse');
    await saveOurs(bob, 'beanie');
    const ranking = [ids.tote, ids.beanie, ids.blouse, ids.tee, ids.shirt];
    await until('/api/popular-items', sameAs(ranking), 'every save ranked');
  }, 240_000);
  afterAll(async () => {
    await started?.stop();
    await smtp?.close();
  });

  it('ranks popular items by active saves, with images through the proxy, and shows a new save or removal on a following call', async () => {
    const ranked = (found: string[]) => found.filter((id) => id !== ids.beanie && id !== ids.tee);
    expect(ranked(await ours('/api/popular-items'))).toEqual([ids.tote, ids.blouse, ids.shirt]);
    const [first] = await list('/api/popular-items?category=all');
    expect(new URL(first?.displayImageUrl ?? '', started.product.baseUrl).pathname).toBe('/api/proxy-image');
    expect(first).not.toHaveProperty('listed');

    // The list is cached now; three more savers move the shirt to the top (4 active saves against the tote's 3).
    for (const token of [users.bob, users.cy, users.dee]) await saveOurs(token, 'shirt');
    await until('/api/popular-items', (found) => sameAs([ids.shirt, ids.tote, ids.blouse])(ranked(found)), 'the shirt first after three saves');

    // Removals end those saves: back to one.
    for (const token of [users.bob, users.cy, users.dee]) await remove(token, ids.shirt);
    await until('/api/popular-items', (found) => sameAs([ids.tote, ids.blouse, ids.shirt])(ranked(found)), 'the shirt last after three removals');
  });

  it('applies the gender rule: Men or Women with Unisex and unspecified items, no gender all; accessories only for accessories', async () => {
    const popularMen = await ours('/api/popular-items?gender=Men');
    expect(popularMen.sort()).toEqual([ids.shirt, ids.tee, ids.tote, ids.beanie].sort());
    expect((await ours('/api/popular-items?category=all&gender=Women')).sort()).toEqual([ids.blouse, ids.tee, ids.tote, ids.beanie].sort());
    expect(await ours('/api/popular-items?category=accessories')).toEqual([ids.tote, ids.beanie]);
    expect(await ours('/api/products/category/tops?gender=Men')).toEqual([ids.tee, ids.shirt]);
    expect(await ours('/api/products/category/tops?gender=Women')).toEqual([ids.tee, ids.blouse]);
  });

  it('lists a category newest first, all genders without one', async () => {
    expect(await ours('/api/products/category/tops')).toEqual([ids.tee, ids.shirt, ids.blouse]);
    expect((await ours('/api/products/category/accessories')).sort()).toEqual([ids.tote, ids.beanie].sort());
    expect(await ours('/api/products/category/shoes')).toEqual([]);
  });

  it('lists a brand’s newest arrivals, the brand in any letter case, at most 16', async () => {
    expect((await ours(`/api/new-arrivals/${encodeURIComponent(brand.toUpperCase())}`)).slice(-2)).toEqual([ids.shirt, ids.blouse]);

    const knits = `${madeUpWord()} Knits`;
    const oldest = await save(users.dee, { name: `${word} Rib Sweater 0`, brand: knits, sourceUrl: supportedShopUrl() });
    const path = `/api/new-arrivals/${encodeURIComponent(knits)}`;
    await until(path, (found) => found.length === 1, 'the first sweater', [oldest]);
    const newer: string[] = [];
    for (let n = 1; n <= 16; n += 1) newer.push(await save(users.dee, { name: `${word} Rib Sweater ${n}`, brand: knits, sourceUrl: supportedShopUrl() }));
    const arrivals = await until(path, (found) => found.length === 16 && !found.includes(oldest), 'the 16 newest sweaters', [oldest, ...newer]);
    expect(arrivals.sort()).toEqual([...newer].sort());
    expect(await list(path)).toHaveLength(16);
    // A brand as long as a brand may be (200 characters), percent-encoded in the path, is a brand like any other.
    expect(await list(`/api/new-arrivals/${encodeURIComponent('é'.repeat(200))}`)).toEqual([]);
  });

  it('shows only listed, not hidden products: an unknown shop’s product with one saver never, a hidden one no longer', async () => {
    const scarf = await save(users.ada, { name: `${word} Hand Knit Scarf`, brand, sourceUrl: `https://boutique-${randomUUID().slice(0, 8)}.example/p/scarf` });
    await pollUntil(() => call('GET', `/api/products/${scarf}`, { token: users.admin }), (answer) => answer.status === 200, { what: 'the scarf in the catalogue' });
    for (const path of ['/api/popular-items', '/api/popular-items?category=accessories', '/api/products/category/accessories', `/api/new-arrivals/${encodeURIComponent(brand)}`]) {
      expect(await ours(path, [scarf])).toEqual([]);
    }

    expect((await call('PUT', `/api/products/${ids.beanie}/hidden`, { body: { hidden: true }, token: users.admin })).status).toBe(200);
    await until('/api/popular-items?category=accessories', (found) => !found.includes(ids.beanie), 'the hidden beanie gone from popular items');
    expect(await ours('/api/products/category/accessories', [ids.beanie])).toEqual([]);
    expect(await ours(`/api/new-arrivals/${encodeURIComponent(brand)}`, [ids.beanie])).toEqual([]);
  });

  it.each([
    ['an unknown popular category', '/api/popular-items?category=tops', 'category'],
    ['an unknown gender', '/api/popular-items?gender=Kids', 'gender'],
    ['an unknown parameter', '/api/popular-items?limit=5', ''],
    ['an unknown list category', '/api/products/category/hats', 'category'],
    ['a gender outside Women and Men', '/api/products/category/tops?gender=Unisex', 'gender'],
    ['a blank brand', '/api/new-arrivals/%20%20', 'brand'],
    ['a brand over 200 characters', `/api/new-arrivals/${'b'.repeat(201)}`, 'brand'],
  ])('refuses %s with 400 naming the field', async (_case, path, field) => {
    const answer = await call<ApiErrorBody>('GET', path);
    expect([answer.status, answer.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    if (field) expect(Object.keys(answer.body.error.fields ?? {})).toContain(field);
  });

  it('needs the beta token, and nothing more', async () => {
    for (const path of ['/api/popular-items', '/api/products/category/tops', `/api/new-arrivals/${encodeURIComponent(brand)}`]) {
      expect((await call('GET', path, { beta: false })).status).toBe(403);
    }
  });

  describe('a stated colour, from the save to the shared product', () => {
    const colourBrand = `${madeUpWord()} Shirting`;
    const colourItem = (overrides: Record<string, unknown> = {}) => ({
      name: `${madeUpWord()} Oxford Shirt`,
      // Not the suite's brand: these saves stay out of its lists.
      brand: colourBrand,
      price: 120,
      imageUrl: 'https://images.example.com/shirt.jpg',
      // A multi-brand supported retailer's page: one save lists it, so a visitor sees the shared product.
      sourceUrl: supportedShopUrl(),
      ...overrides,
    });
    const saveItem = (token: string, data: Record<string, unknown>) => call<WardrobeItem>('POST', '/api/save', { body: { data }, token });
    /** The shared product as a visitor sees it (a saver would see their own capture). */
    const shared = (id: string) => call<ProductView>('GET', `/api/products/${id}`);

    it('keeps the colour on the saved item, in My Wardrobe and on the shared product', async () => {
      const data = colourItem({ colour: ' Navy ' });
      const saved = await saveItem(users.dee, data);
      expect(saved.status).toBe(200);
      expect(saved.body.colour).toBe('Navy');
      const wardrobe = await call<WardrobeItem[]>('GET', '/api/get-wardrobe', { token: users.dee });
      expect(wardrobe.body.find((found) => found.id === saved.body.id)?.colour).toBe('Navy');
      const seen = await pollUntil(() => shared(saved.body.id), (answer) => answer.status === 200, { what: 'the shared product listed' });
      expect(seen.body).toMatchObject({ id: saved.body.id, name: data.name, colour: 'Navy' });
    });

    it('shows on the shared product the colour most savers stated; a saver who stated none does not vote', async () => {
      const data = colourItem({ colour: 'Ecru' });
      const first = await saveItem(users.ada, data);
      expect(first.status).toBe(200);
      expect((await saveItem(users.bob, { ...data, colour: 'Oat' })).status).toBe(200);
      expect((await saveItem(users.cy, { ...data, colour: undefined })).status).toBe(200);
      // Ecru and Oat tie (the saver who stated none does not count): the first saver's stands.
      await pollUntil(() => shared(first.body.id), (answer) => answer.status === 200 && answer.body.colour === 'Ecru', { what: 'the first saver’s colour on the tie' });
      // Cy now states Oat too: two to one.
      expect((await saveItem(users.cy, { ...data, colour: 'oat' })).status).toBe(200);
      await pollUntil(() => shared(first.body.id), (answer) => answer.body.colour === 'Oat', { what: 'the colour most savers stated' });
      // Each saver keeps their own in My Wardrobe.
      const own = await call<WardrobeItem[]>('GET', '/api/get-wardrobe', { token: users.ada });
      expect(own.body.find((found) => found.id === first.body.id)?.colour).toBe('Ecru');
    });

    it('refuses a colour over 60 characters with 400 and a message on the field', async () => {
      const answer = await saveItem(users.ada, colourItem({ colour: 'c'.repeat(MAX_COLOUR_LENGTH + 1) }));
      expect(answer.status).toBe(400);
      expect((answer.body as unknown as ApiErrorBody).error.fields?.['data.colour']).toEqual([`Colour must be at most ${MAX_COLOUR_LENGTH} characters`]);
    });
  });
});
