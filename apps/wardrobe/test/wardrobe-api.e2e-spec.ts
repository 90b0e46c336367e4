import { randomUUID } from 'node:crypto';
import { RUNTIME_MODES, type RuntimeMode, type StartedProduct } from '@closetly/all-in-one/testing';

interface Answer<T = unknown> {
  status: number;
  body: T;
}
type Item = { id: string; name: string; brand: string; price: number | null; currency: string | null; priceText: string | null; sourceUrl: string; retailer: string | null; gender: string; category: string; description: string; addedDate: string };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const ADMIN_EMAIL = 'wardrobe-admin@example.com';

/** Saving items: catalogue ingest and the wardrobe through the gateway, in both runtime modes. */
describe.each(RUNTIME_MODES)('saving items API ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let betaToken: string;

  const call = async <T>(method: string, path: string, options: { body?: unknown; token?: string; rawBody?: string } = {}): Promise<Answer<T>> => {
    const response = await fetch(`${started.product.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-beta-token': betaToken, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const signUp = async (email = `shopper-${randomUUID()}@example.com`) => {
    const answer = await call<{ accessToken: string; user: { uid: string } }>('POST', '/api/auth/signup', { body: { firstName: 'Sam', lastName: 'Shopper', email, password: 'Passw0rd!' } });
    expect(answer.status).toBe(201);
    return answer.body.accessToken;
  };
  const item = (overrides: Record<string, unknown> = {}) => ({
    name: `Relaxed Denim Jeans ${randomUUID().slice(0, 8)}`,
    brand: 'Levi’s',
    price: 'Was $80 Now $59.99',
    imageUrl: 'https://images.example.com/jeans.jpg',
    description: 'Mid-rise jeans in organic cotton denim.',
    sourceUrl: `https://www.zara.com/us/en/jeans-p${Math.floor(Math.random() * 1e9)}.html?utm_source=newsletter`,
    gender: 'Women',
    ...overrides,
  });
  const save = (token: string, data: unknown) => call<Item>('POST', '/api/save', { body: { data }, token });
  const wardrobe = (token: string) => call<Item[]>('GET', '/api/get-wardrobe', { token });

  // Sign-ups are rate-limited per client address (10 an hour), so the suite signs up its few users once.
  const users: Record<'ada' | 'bob' | 'cy' | 'dee' | 'owner' | 'stranger' | 'admin', string> = { ada: '', bob: '', cy: '', dee: '', owner: '', stranger: '', admin: '' };

  beforeAll(async () => {
    started = await mode.start({ ADMIN_EMAILS: ADMIN_EMAIL });
    betaToken = await started.product.betaToken();
    for (const name of Object.keys(users) as Array<keyof typeof users>) users[name] = await signUp(name === 'admin' ? ADMIN_EMAIL : undefined);
  }, 180_000);
  afterAll(() => started?.stop());

  it('saves an item as the wardrobe shows it, with the price parsed, retailer and category inferred', async () => {
    const token = users.ada;
    const data = item();
    const saved = await save(token, data);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: data.name,
      brand: 'Levi’s',
      price: 59.99,
      currency: 'USD',
      priceText: 'Was $80 Now $59.99',
      retailer: 'zara.com',
      gender: 'Women',
      category: 'bottoms',
      sourceUrl: data.sourceUrl,
    });
    expect(saved.body.id).toMatch(/^[0-9a-f-]{36}$/);
    // Images go through the signed proxy only.
    const display = new URL((saved.body as Item & { displayImageUrl: string }).displayImageUrl, started.product.baseUrl);
    expect(display.pathname).toBe('/api/proxy-image');
    expect(display.searchParams.get('url')).toBe(data.imageUrl);
    expect(display.searchParams.get('sig')).toBeTruthy();
    const list = await wardrobe(token);
    expect(list.body[0]?.id).toBe(saved.body.id);
  });

  it('lists the wardrobe newest first and saving again creates nothing twice', async () => {
    const token = users.bob;
    const first = await save(token, item());
    const second = await save(token, item({ name: 'Wool Blend Coat', price: 189 }));
    const again = await save(token, item({ name: first.body.name, sourceUrl: first.body.sourceUrl }));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.addedDate).toBe(first.body.addedDate);
    expect((await wardrobe(token)).body.map((entry) => entry.id)).toEqual([second.body.id, first.body.id]);
  });

  it('keeps one product when many users save it (canonical source URL first, else name + brand)', async () => {
    const [ada, bob, cy] = [users.ada, users.cy, users.dee];
    const url = `https://www.zara.com/us/en/dress-p${Math.floor(Math.random() * 1e9)}.html`;
    const viaAda = await save(ada, item({ name: 'Satin Slip Dress', sourceUrl: `${url}?utm_campaign=x#reviews` }));
    const viaBob = await save(bob, item({ name: 'Satin Slip Dress', sourceUrl: url.replace('https://www.', 'https://') }));
    expect(viaBob.body.id).toBe(viaAda.body.id);

    const unlinked = { name: `Canvas Tote ${randomUUID().slice(0, 6)}`, brand: 'Everlane', price: 40, sourceUrl: '#' };
    const viaCy = await save(cy, unlinked);
    const viaAdaToo = await save(ada, { ...unlinked, name: unlinked.name.toUpperCase(), brand: 'everlane' });
    expect(viaAdaToo.body.id).toBe(viaCy.body.id);
    expect(viaCy.body.sourceUrl).toBe('#');
  });

  it('removes the owner’s save; another user’s removal is 404 and changes nothing', async () => {
    const { owner, stranger } = users;
    const saved = await save(owner, item());
    const refused = await call<ErrorBody>('DELETE', `/api/remove-from-wardrobe/${saved.body.id}`, { token: stranger });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('NOT_FOUND');
    expect((await wardrobe(owner)).body.map((entry) => entry.id)).toEqual([saved.body.id]);

    const removed = await call('DELETE', `/api/remove-from-wardrobe/${saved.body.id}`, { token: owner });
    expect(removed.status).toBe(204);
    expect((await wardrobe(owner)).body).toEqual([]);
    expect((await call('DELETE', `/api/remove-from-wardrobe/${saved.body.id}`, { token: owner })).status).toBe(404);
  });

  it('serves one product by id to anyone with the beta token, 404 for unknown ids', async () => {
    const saved = await save(users.ada, item({ name: `Ribbed Tank Top ${randomUUID().slice(0, 6)}` }));
    const found = await call<Item>('GET', `/api/products/${saved.body.id}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: saved.body.id, name: saved.body.name, category: 'tops' });
    expect((await call('GET', `/api/products/${randomUUID()}`)).status).toBe(404);
    expect((await call('GET', '/api/products/not-an-id')).status).toBe(404);
  });

  it.each(['not-a-uuid', randomUUID()])('answers removal of unknown id %s with 404', async (id) => {
    const answer = await call<ErrorBody>('DELETE', `/api/remove-from-wardrobe/${id}`, { token: users.ada });
    expect(answer.status).toBe(404);
  });

  it('needs sign-in to save, list or remove (401), and the beta token before that (403)', async () => {
    expect((await save('', item())).status).toBe(401);
    expect((await wardrobe('')).status).toBe(401);
    const noBeta = await fetch(`${started.product.baseUrl}/api/get-wardrobe`);
    expect(noBeta.status).toBe(403);
  });

  it.each([
    ['a missing name', { brand: 'B', price: 10 }, 'data.name', 'Name is required'],
    ['a missing brand', { name: 'N', price: 10 }, 'data.brand', 'Brand is required'],
    ['a missing price', { name: 'N', brand: 'B' }, 'data.price', 'Price is required'],
    ['a name over 300 characters', { name: 'x'.repeat(301), brand: 'B', price: 10 }, 'data.name', 'Name must be at most 300 characters'],
    ['a description over 5,000 characters', { name: 'N', brand: 'B', price: 10, description: 'd'.repeat(5001) }, 'data.description', 'Description must be at most 5,000 characters'],
    ['a negative price', { name: 'N', brand: 'B', price: -1 }, 'data.price', 'Price must not be negative'],
  ])('refuses %s with 400 and a field message', async (_what, data, field, message) => {
    const answer = await save(users.ada, data);
    expect(answer.status).toBe(400);
    expect((answer.body as unknown as ErrorBody).error.fields?.[field]).toEqual([message]);
  });

  it('refuses a body over 256 KB with 413', async () => {
    const answer = await call<ErrorBody>('POST', '/api/save', { token: users.ada, rawBody: JSON.stringify({ data: { name: 'N', brand: 'B', price: 1, description: 'x'.repeat(300 * 1024) } }) });
    expect(answer.status).toBe(413);
  });

  it('stores HTML in names and descriptions as text, unchanged', async () => {
    const token = users.ada;
    const payload = `<img src=x onerror="alert('xss')"> Tee ${randomUUID().slice(0, 6)}`;
    const saved = await save(token, item({ name: payload, description: '<script>alert(1)</script>' }));
    expect(saved.body.name).toBe(payload);
    expect(saved.body.description).toBe('<script>alert(1)</script>');
  });

  it('records gender feedback for a known item and answers 404 for an unknown one', async () => {
    const token = users.ada;
    const saved = await save(token, item());
    expect((await call('POST', '/api/item-feedback', { body: { itemId: saved.body.id, gender: 'Men' } })).status).toBe(204);
    expect((await call('POST', '/api/item-feedback', { body: { itemId: randomUUID(), gender: 'Men' } })).status).toBe(404);
    expect((await call('POST', '/api/item-feedback', { body: { itemId: saved.body.id, gender: 'Other' } })).status).toBe(400);
  });

  it('lists products missing a gender tag for the admin only, and the admin’s tag sticks', async () => {
    const token = users.admin;
    const shopper = users.cy;
    const untagged = await save(shopper, item({ gender: undefined, name: `Plain Scarf ${randomUUID().slice(0, 6)}` }));
    expect(untagged.body.gender).toBe('Unisex');

    expect((await call<ErrorBody>('GET', '/api/products/ungendered', { token: shopper })).body.error).toMatchObject({ code: 'FORBIDDEN', message: 'Unauthorized access.' });
    const listed = await call<Item[]>('GET', '/api/products/ungendered', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((product) => product.id)).toContain(untagged.body.id);

    const tagged = await call<Item>('PUT', `/api/products/${untagged.body.id}/gender`, { body: { gender: 'Men' }, token });
    expect(tagged.body.gender).toBe('Men');
    expect((await call<Item[]>('GET', '/api/products/ungendered', { token })).body.map((product) => product.id)).not.toContain(untagged.body.id);
    const savedAgain = await save(users.dee, item({ gender: undefined, name: untagged.body.name, sourceUrl: untagged.body.sourceUrl }));
    expect(savedAgain.body.gender).toBe('Men');
    expect((await call('PUT', `/api/products/${untagged.body.id}/gender`, { body: { gender: 'Women' }, token: shopper })).status).toBe(403);
  });
});
