import { randomUUID } from 'node:crypto';
import { type ApiAnswer, apiCaller, type ApiErrorBody, madeUpWord, RUNTIME_MODES, type RuntimeMode, signUpSuiteUsers, type StartedProduct, supportedShopUrl } from '@closetly/all-in-one/testing';
import type { RecentSearches, SearchResults, SearchSuggestions } from '@closetly/contracts';
import { pollUntil, type SmtpCapture, startSmtpCapture } from '@closetly/testing';

const PASSWORD = 'Passw0rd!';
const ADMIN_EMAIL = 'search-admin@example.com';


/**
 * Search through the gateway in both runtime modes: the index is fed by the
 * catalogue's events (Kafka and the search service in distributed mode), only
 * listed, not hidden products are found, and the query string is checked.
 */
describe.each(RUNTIME_MODES)('search API ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let betaToken: string;
  let smtp: SmtpCapture;
  const users: Record<'ada' | 'bob' | 'cy' | 'admin', string> = { ada: '', bob: '', cy: '', admin: '' };
  /** This suite's brands: every search filters on them, so nothing else on the engine leaks in (and filters are proven not to leak). */
  const brandA = `${madeUpWord()} Studio`;
  const brandB = `${madeUpWord()} Atelier`;
  const word = madeUpWord();

  const call = apiCaller(() => started.product.baseUrl, () => betaToken);
  const search = (params: Record<string, string | string[]>) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) for (const one of [value].flat()) query.append(key, one);
    return call<SearchResults>('GET', `/api/search?${query}`);
  };
  /** A search within this suite's brands. */
  const ours = (q: string, params: Record<string, string | string[]> = {}) => search({ q, brand: [brandA, brandB], ...params });
  const names = (answer: ApiAnswer<SearchResults>) => answer.body.products.map((product) => product.name).sort();
  const found = (q: string, name: string, params: Record<string, string | string[]> = {}) =>
    pollUntil(() => ours(q, params), (answer) => names(answer).includes(name), { what: `"${q}" to find ${name}` });

  const unknownShop = () => `https://boutique-${randomUUID().slice(0, 8)}.example/p/${randomUUID().slice(0, 8)}`;
  const save = async (token: string, data: Record<string, unknown>) => {
    const answer = await call<{ id: string }>('POST', '/api/save', { body: { data: { imageUrl: 'https://images.example.com/item.jpg', description: '', ...data } }, token });
    expect(answer.status).toBe(200);
    return answer.body.id;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // This suite polls the public reads while events travel (many calls a second, from one address): test traffic,
    // not a shopper's, so the per-client limits are raised; the limits themselves are tested in rate-limiters.int-spec.ts.
    started = await mode.start({ RATE_LIMIT_MULTIPLIER: '10', ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: smtp.url });
    betaToken = await started.product.betaToken();
    Object.assign(users, await signUpSuiteUsers(call, Object.keys(users) as Array<keyof typeof users>, { email: ADMIN_EMAIL, password: PASSWORD, baseUrl: started.product.baseUrl, betaToken, smtp }));

    // The catalogue this suite searches: listed products (a supported shop's pages) of two brands.
    await save(users.ada, { name: `${word} Linen Shirt`, brand: brandA, price: 39, sourceUrl: supportedShopUrl(), gender: 'Men', description: 'A breezy shirt in washed linen.' });
    await save(users.ada, { name: `${word} Denim Jacket`, brand: brandA, price: 120, sourceUrl: supportedShopUrl(), gender: 'Women', description: 'A boxy jacket in rigid denim.' });
    await save(users.ada, { name: `${word} Court Sneakers`, brand: brandB, price: 85, sourceUrl: supportedShopUrl(), gender: 'Unisex', description: 'Low-top leather sneakers.' });
    await save(users.ada, { name: `${word} Tote`, brand: brandB, price: 240, sourceUrl: supportedShopUrl(), gender: 'Women', description: 'Roomy enough for a linen shirt and a laptop.' });
    await found(word, `${word} Tote`);
  }, 240_000);
  afterAll(async () => {
    await started?.stop();
    await smtp?.close();
  });

  it('finds listed products by their words, with image URLs through the proxy, the total and facet counts', async () => {
    const answer = await pollUntil(() => ours(word), (result) => result.body.total === 4, { what: 'the four seeded products' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 4, page: 1, pageSize: 25, pageCount: 1 });
    expect(names(answer)).toEqual([`${word} Court Sneakers`, `${word} Denim Jacket`, `${word} Linen Shirt`, `${word} Tote`]);
    for (const product of answer.body.products) expect(new URL(product.displayImageUrl ?? '', started.product.baseUrl).pathname).toBe('/api/proxy-image');
    expect(answer.body.facets.brand).toEqual([
      { value: brandA, count: 2 },
      { value: brandB, count: 2 },
    ].sort((a, b) => (a.value < b.value ? -1 : 1)));
    expect(answer.body.facets.price).toEqual([
      { value: 'under-50', label: 'Under $50', count: 1 },
      { value: '50-100', label: '$50-$100', count: 1 },
      { value: '100-200', label: '$100-$200', count: 1 },
      { value: 'over-200', label: 'Over $200', count: 1 },
    ]);
    expect(answer.body.facets.gender.map((facet) => [facet.value, facet.count]).sort()).toEqual([['Men', 1], ['Unisex', 1], ['Women', 2]]);
  });

  it('ranks a name match above a mention in the description', async () => {
    const answer = await ours(`${word} linen shirt`);
    expect(answer.body.products[0]?.name).toBe(`${word} Linen Shirt`);
  });

  it('forgives a typo in a word', async () => {
    await found('jaket', `${word} Denim Jacket`);
  });

  it('keeps every filter: gender, price band and brand, several values each, never leaking outside them', async () => {
    expect(names(await ours(word, { gender: 'Women' }))).toEqual([`${word} Denim Jacket`, `${word} Tote`]);
    expect(names(await ours(word, { gender: ['Men', 'Unisex'] }))).toEqual([`${word} Court Sneakers`, `${word} Linen Shirt`]);
    expect(names(await ours(word, { price: ['under-50', 'over-200'] }))).toEqual([`${word} Linen Shirt`, `${word} Tote`]);
    expect(names(await search({ q: word, brand: brandB, price: '50-100' }))).toEqual([`${word} Court Sneakers`]);
    expect((await search({ q: word, brand: `${brandB} Outlet` })).body.total).toBe(0);
  });

  it('counts each facet within the other filters, not its own, so another value can be ticked', async () => {
    const womenOfA = await search({ q: word, brand: brandA, gender: 'Women' });
    expect([names(womenOfA), womenOfA.body.total]).toEqual([[`${word} Denim Jacket`], 1]);
    // Women's products of either brand; brand A's products of either gender; brand A's women's products by price.
    expect(womenOfA.body.facets.brand).toEqual([
      { value: brandA, count: 1 },
      { value: brandB, count: 1 },
    ].sort((a, b) => (a.value < b.value ? -1 : 1)));
    expect(womenOfA.body.facets.gender.map((facet) => [facet.value, facet.count])).toEqual([['Men', 1], ['Women', 1]]);
    expect(womenOfA.body.facets.price).toEqual([{ value: '100-200', label: '$100-$200', count: 1 }]);
  });

  it('joins a multi-search’s terms with OR; a plain search understands garments joined by "or"', async () => {
    // The tote's description mentions a linen shirt, so it matches the first term too; the jacket matches neither.
    expect(names(await ours(`${word} shirt OR ${word} sneakers`, { isMultiSearch: 'true' }))).toEqual([`${word} Court Sneakers`, `${word} Linen Shirt`, `${word} Tote`]);
    // A plain search wants a shirt or sneakers: the tote is neither.
    expect(names(await ours(`${word} shirt OR ${word} sneakers`, { isMultiSearch: 'false' })).sort()).toEqual([`${word} Court Sneakers`, `${word} Linen Shirt`]);
  });

  it('pages 25 at a time, and a page past the end is empty', async () => {
    const brand = `${madeUpWord()} Knits`;
    for (let n = 1; n <= 26; n += 1) await save(users.bob, { name: `${word} Rib Sweater ${n}`, brand, price: 60 + n, sourceUrl: supportedShopUrl(), gender: 'Women' });
    const first = await pollUntil(() => search({ q: word, brand }), (answer) => answer.body.total === 26, { what: '26 sweaters indexed' });
    expect([first.body.products.length, first.body.pageCount]).toEqual([25, 2]);
    const second = await search({ q: word, brand, page: '2' });
    expect(second.body.products).toHaveLength(1);
    expect(new Set([...first.body.products, ...second.body.products].map((product) => product.id)).size).toBe(26);
    const past = await search({ q: word, brand, page: '3' });
    expect([past.status, past.body.products, past.body.total]).toEqual([200, [], 26]);
  });

  it('finds a product from an unknown shop only once a second saver agrees on it, and never one an administrator hid', async () => {
    const name = `${word} Silk Scarf`;
    const data = { name, brand: brandA, price: 70, sourceUrl: unknownShop(), gender: 'Women' };
    const id = await save(users.ada, data);
    await found(word, `${word} Tote`);
    expect(names(await ours(word))).not.toContain(name);
    await save(users.cy, data);
    await found(word, name);

    expect((await call('PUT', `/api/products/${id}/hidden`, { body: { hidden: true }, token: users.admin })).status).toBe(200);
    await pollUntil(() => ours(word), (answer) => !names(answer).includes(name), { what: 'the hidden scarf gone from search' });
    expect((await call<SearchSuggestions>('GET', `/api/search/suggestions?q=${encodeURIComponent(`${word} sil`)}`)).body.suggestions.map((s) => s.name)).not.toContain(name);
    expect((await call('PUT', `/api/products/${id}/hidden`, { body: { hidden: false }, token: users.admin })).status).toBe(200);
    await found(word, name);
  });

  it('suggests the first names for a prefix, each with its product id', async () => {
    const answer = await pollUntil(
      () => call<SearchSuggestions>('GET', `/api/search/suggestions?q=${encodeURIComponent(`${word} deni`)}`),
      (result) => result.body.suggestions.some((suggestion) => suggestion.name === `${word} Denim Jacket`),
      { what: 'a suggestion for the jacket' },
    );
    expect(answer.body.suggestions.length).toBeLessThanOrEqual(5);
    expect(answer.body.suggestions.find((suggestion) => suggestion.name === `${word} Denim Jacket`)?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call<SearchSuggestions>('GET', '/api/search/suggestions?q=%20%20')).body).toEqual({ suggestions: [] });
  });

  it('answers an empty list for an empty or meaningless query', async () => {
    for (const q of ['', '   ', '!!!']) {
      const answer = await search({ q });
      expect([answer.status, answer.body.total, answer.body.products]).toEqual([200, 0, []]);
    }
    expect((await call<SearchResults>('GET', '/api/search')).body.total).toBe(0);
  });

  it.each([
    ['a q over 200 characters', `q=${'a'.repeat(201)}`, 'q'],
    ['an unknown price band', 'q=shirt&price=cheap', 'price.0'],
    ['an unknown gender', 'q=shirt&gender=Kids', 'gender.0'],
    ['page 0', 'q=shirt&page=0', 'page'],
    ['a page that is not a number', 'q=shirt&page=two', 'page'],
    ['a page past the deepest one served', 'q=shirt&page=401', 'page'],
    ['isMultiSearch neither true nor false', 'q=shirt&isMultiSearch=yes', 'isMultiSearch'],
    ['an unknown parameter', 'q=shirt&sort=price', ''],
  ])('refuses %s with 400 naming the field', async (_case, query, field) => {
    const answer = await call<ApiErrorBody>('GET', `/api/search?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    if (field) expect(Object.keys(answer.body.error.fields ?? {})).toContain(field);
  });

  it('keeps each signed-in user’s recent searches, newest first and distinct, for them alone', async () => {
    const { cy, bob } = users;
    for (const term of ['linen shirt', 'denim jacket', 'Linen  Shirt']) expect((await call('POST', '/api/save-search', { body: { term }, token: cy })).status).toBe(204);
    const recent = await call<RecentSearches>('GET', '/api/recent-searches', { token: cy });
    expect(recent.status).toBe(200);
    expect(recent.body.map((entry) => entry.term)).toEqual(['Linen Shirt', 'denim jacket']);
    expect((await call<RecentSearches>('GET', '/api/recent-searches', { token: bob })).body).toEqual([]);
    expect((await call('GET', '/api/recent-searches')).status).toBe(401);
    expect((await call('POST', '/api/save-search', { body: { term: 'x' } })).status).toBe(401);
    const blank = await call<ApiErrorBody>('POST', '/api/save-search', { body: { term: '   ' }, token: cy });
    expect([blank.status, Object.keys(blank.body.error.fields ?? {})]).toEqual([400, ['term']]);
  });

  it('rebuilds the index for an administrator only, from the product events or from the catalogue, which agree, and keeps answering', async () => {
    const refused = await call<ApiErrorBody>('POST', '/api/admin/search/reindex', { token: users.bob });
    expect(refused.status).toBe(403);
    // Distributed: the catalogue's compacted product topics, read by the search service alone.
    const rebuilt = await call<{ indexed: number }>('POST', '/api/admin/search/reindex', { token: users.admin });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.indexed).toBeGreaterThanOrEqual(4);
    expect(names(await ours(word))).toEqual(expect.arrayContaining([`${word} Linen Shirt`, `${word} Tote`]));
    // The catalogue's own tables (after a database restore): the same products.
    const fromCatalogue = await call<{ indexed: number }>('POST', '/api/admin/search/reindex?from=catalogue', { token: users.admin });
    expect([fromCatalogue.status, fromCatalogue.body.indexed]).toEqual([200, rebuilt.body.indexed]);
    expect(names(await ours(word))).toEqual(expect.arrayContaining([`${word} Linen Shirt`, `${word} Tote`]));
    const unknown = await call<ApiErrorBody>('POST', '/api/admin/search/reindex?from=nowhere', { token: users.admin });
    expect([unknown.status, Object.keys(unknown.body.error.fields ?? {})]).toEqual([400, ['from']]);
  });
});
