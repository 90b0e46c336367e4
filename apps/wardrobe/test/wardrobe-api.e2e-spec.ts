import { randomUUID } from 'node:crypto';
import { RUNTIME_MODES, type RuntimeMode, type StartedProduct } from '@closetly/all-in-one/testing';
import { PRICE_FORMAT_MESSAGE } from '@closetly/contracts';
import { confirmEmailByLink, pollUntil, proveEmailByResetLink, type SmtpCapture, startSmtpCapture } from '@closetly/testing';

interface Answer<T = unknown> {
  status: number;
  body: T;
}
type Item = { id: string; name: string; brand: string; price: number | null; currency: string | null; priceText: string | null; imageUrl: string | null; sourceUrl: string; retailer: string | null; gender: string; category: string; description: string; addedDate: string };
type SharedProduct = Item & { listed: boolean; hidden: boolean };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const ADMIN_EMAIL = 'wardrobe-admin@example.com';

/** Saving items: catalogue ingest and the wardrobe through the gateway, in both runtime modes. */
describe.each(RUNTIME_MODES)('saving items API ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let betaToken: string;
  /** Reset mails: the administrator proves the ADMIN_EMAILS address with one before it holds the role. */
  let smtp: SmtpCapture;

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
    // Only confirmed accounts count toward the shared catalogue, as the suite's shoppers do.
    await confirmEmailByLink({ baseUrl: started.product.baseUrl, betaToken, smtp, email });
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
  /** The shared product as a visitor (no sign-in) sees it: 404 until it is listed and while it is hidden. */
  const publicProduct = (id: string) => call<SharedProduct>('GET', `/api/products/${id}`);
  const asAdmin = (id: string) => call<SharedProduct>('GET', `/api/products/${id}`, { token: users.admin });
  const unknownShop = () => `https://boutique-${randomUUID().slice(0, 8)}.example/p/${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    started = await mode.start({ ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: smtp.url });
    betaToken = await started.product.betaToken();
    for (const name of Object.keys(users) as Array<keyof typeof users>) users[name] = await signUp(name === 'admin' ? ADMIN_EMAIL : undefined);
    await proveEmailByResetLink({ baseUrl: started.product.baseUrl, betaToken, smtp, email: ADMIN_EMAIL, password: 'Passw0rd!' });
    const admin = await call<{ accessToken: string; user: { roles: string[] } }>('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: 'Passw0rd!' } });
    expect(admin.body.user.roles).toEqual(['admin']);
    users.admin = admin.body.accessToken;
  }, 180_000);
  afterAll(async () => {
    await started?.stop();
    await smtp?.close();
  });

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
    // http, host case, a trailing slash, tracking and fragments are one page; path case is another.
    const variants = [url.replace('https://', 'http://'), url.replace('www.zara.com', 'WWW.ZARA.COM'), `${url}/`, `${url}?gclid=1&fbclid=2&utm_medium=x#top`];
    for (const variant of variants) expect((await save(cy, item({ name: 'Satin Slip Dress', sourceUrl: variant }))).body.id).toBe(viaAda.body.id);
    expect((await save(cy, item({ name: 'Satin Slip Dress', sourceUrl: url.replace('/dress-p', '/DRESS-p') }))).body.id).not.toBe(viaAda.body.id);

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

  it('serves a listed product by id to anyone with the beta token, 404 for unknown ids', async () => {
    const saved = await save(users.ada, item({ name: `Ribbed Tank Top ${randomUUID().slice(0, 6)}`, brand: 'Zara' }));
    const found = await pollUntil(() => publicProduct(saved.body.id), (answer) => answer.status === 200, { what: 'the listed product' });
    expect(found.body).toMatchObject({ id: saved.body.id, name: saved.body.name, category: 'tops', listed: true, hidden: false });
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

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing name', { brand: 'B', price: 10 }, 'data.name', 'Name is required'],
    ['a missing brand', { name: 'N', price: 10 }, 'data.brand', 'Brand is required'],
    ['a missing price', { name: 'N', brand: 'B' }, 'data.price', 'Price is required'],
    ['a name over 300 characters', { name: 'x'.repeat(301), brand: 'B', price: 10 }, 'data.name', 'Name must be at most 300 characters'],
    ['a description over 5,000 characters', { name: 'N', brand: 'B', price: 10, description: 'd'.repeat(5001) }, 'data.description', 'Description must be at most 5,000 characters'],
    ['a negative price', { name: 'N', brand: 'B', price: -1 }, 'data.price', 'Price must not be negative'],
    ...['-1', '1e309', '12abc', 'free', 'NaN', 'Infinity', '$-5', '0x1F', 'N/A', '$99,999,999,999', '12.00.00', '12..5', '12 abc'].map(
      (price): [string, Record<string, unknown>, string, string] => [`the price text ${JSON.stringify(price)}`, { name: 'N', brand: 'B', price }, 'data.price', PRICE_FORMAT_MESSAGE],
    ),
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

  it('records gender feedback for a listed item and answers 404 for an unknown one', async () => {
    const token = users.ada;
    const saved = await save(token, item({ brand: 'Zara' }));
    await pollUntil(() => publicProduct(saved.body.id), (answer) => answer.status === 200, { what: 'the listed product' });
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
    // The catalogue derives the product from the save's event.
    const listed = await pollUntil(
      () => call<Item[]>('GET', '/api/products/ungendered', { token }),
      (answer) => answer.body.some((product) => product.id === untagged.body.id),
      { what: 'the new product in the missing-gender list' },
    );
    expect(listed.status).toBe(200);

    const tagged = await call<Item>('PUT', `/api/products/${untagged.body.id}/gender`, { body: { gender: 'Men' }, token });
    expect(tagged.body.gender).toBe('Men');
    expect((await call<Item[]>('GET', '/api/products/ungendered', { token })).body.map((product) => product.id)).not.toContain(untagged.body.id);
    // Savers see the administrator's tag once the wardrobe has the catalogue's event; a later capture without gender keeps it.
    await pollUntil(() => wardrobe(shopper), (answer) => answer.body.find((entry) => entry.id === untagged.body.id)?.gender === 'Men', { what: 'the tag in the wardrobe' });
    const savedAgain = await save(users.dee, item({ gender: 'Women', name: untagged.body.name, sourceUrl: untagged.body.sourceUrl }));
    expect(savedAgain.body.gender).toBe('Men');
    expect((await asAdmin(untagged.body.id)).body.gender).toBe('Men');
    expect((await call('PUT', `/api/products/${untagged.body.id}/gender`, { body: { gender: 'Women' }, token: shopper })).status).toBe(403);
  });

  describe('a catalogue users can trust (issue 7)', () => {
    it('never lets another saver rewrite what a shopper saved, and the shared product keeps what savers agreed on', async () => {
      const sourceUrl = `https://www.zara.com/us/en/linen-shirt-p${Math.floor(Math.random() * 1e9)}.html`;
      const honest = { name: 'Linen Shirt', brand: 'Zara', price: '$39.90', sourceUrl, imageUrl: 'https://static.zara.net/photos/linen-shirt.jpg', description: 'Relaxed linen shirt.' };
      const mine = await save(users.ada, honest);
      expect(mine.status).toBe(200);
      const attack = await save(users.bob, { name: 'FREE iPhone at evil.example', brand: 'Zara', price: '$0.01', sourceUrl, imageUrl: 'https://evil.example/x.jpg', description: 'Click here' });
      expect(attack.body.id).toBe(mine.body.id);
      // The attacker sees their own capture; nobody else does.
      expect(attack.body).toMatchObject({ name: 'FREE iPhone at evil.example', price: 0.01 });

      const adaView = (await wardrobe(users.ada)).body.find((entry) => entry.id === mine.body.id);
      expect(adaView).toMatchObject({ name: 'Linen Shirt', brand: 'Zara', price: 39.9, imageUrl: honest.imageUrl, description: 'Relaxed linen shirt.' });
      expect((await call<Item>('GET', `/api/products/${mine.body.id}`, { token: users.ada })).body).toMatchObject({ name: 'Linen Shirt', price: 39.9 });

      // A third saver agrees with the first and adds a gender: once that shows, every earlier capture has been counted.
      await save(users.dee, { ...honest, gender: 'Men' });
      const shared = await pollUntil(() => publicProduct(mine.body.id), (answer) => answer.body.gender === 'Men', { what: 'the third capture in the shared product' });
      expect(shared.body).toMatchObject({ name: 'Linen Shirt', brand: 'Zara', price: 39.9, imageUrl: honest.imageUrl, description: 'Relaxed linen shirt.', listed: true, hidden: false });
      expect((await wardrobe(users.ada)).body.find((entry) => entry.id === mine.body.id)).toMatchObject({ name: 'Linen Shirt', price: 39.9, imageUrl: honest.imageUrl });
    });

    it('lists a product from an unknown shop only once a second saver agrees on name and brand', async () => {
      const sourceUrl = unknownShop();
      const first = await save(users.cy, { name: 'Boxy Wool Jacket', brand: 'Studio Nine', price: 240, sourceUrl });
      // Its saver sees it; nobody else does, and it is not listed.
      expect((await call<Item>('GET', `/api/products/${first.body.id}`, { token: users.cy })).status).toBe(200);
      await pollUntil(() => asAdmin(first.body.id), (answer) => answer.status === 200, { what: 'the derived product' });
      expect((await asAdmin(first.body.id)).body.listed).toBe(false);
      expect((await publicProduct(first.body.id)).status).toBe(404);
      expect((await call('GET', `/api/products/${first.body.id}`, { token: users.stranger })).status).toBe(404);
      // A second saver with another name does not list it; one who agrees does.
      await save(users.stranger, { name: 'Totally Different Thing', brand: 'Studio Nine', price: 240, sourceUrl });
      await pollUntil(() => asAdmin(first.body.id), (answer) => answer.status === 200, { what: 'the second capture' });
      expect((await publicProduct(first.body.id)).status).toBe(404);
      await save(users.dee, { name: ' boxy  wool jacket ', brand: 'STUDIO NINE', price: 250, sourceUrl });
      const listed = await pollUntil(() => publicProduct(first.body.id), (answer) => answer.status === 200, { what: 'listing after two savers agree' });
      expect(listed.body).toMatchObject({ name: 'Boxy Wool Jacket', brand: 'Studio Nine', listed: true });
    });

    it('does not list a single-brand retailer’s page carrying another brand on the host rule alone', async () => {
      const saved = await save(users.cy, { name: 'Monogram Bag', brand: 'Gucci', price: 2100, sourceUrl: `https://www.zara.com/us/en/bag-p${Math.floor(Math.random() * 1e9)}.html` });
      await pollUntil(() => asAdmin(saved.body.id), (answer) => answer.status === 200, { what: 'the derived product' });
      expect((await asAdmin(saved.body.id)).body.listed).toBe(false);
      expect((await publicProduct(saved.body.id)).status).toBe(404);
    });

    it('hides a product from every public list when an administrator says so, and only an administrator may', async () => {
      const saved = await save(users.ada, item({ brand: 'Zara', name: `Pleated Midi Skirt ${randomUUID().slice(0, 6)}` }));
      await pollUntil(() => publicProduct(saved.body.id), (answer) => answer.status === 200, { what: 'the listed product' });
      expect((await call<ErrorBody>('PUT', `/api/products/${saved.body.id}/hidden`, { body: { hidden: true }, token: users.ada })).status).toBe(403);
      const hidden = await call<SharedProduct>('PUT', `/api/products/${saved.body.id}/hidden`, { body: { hidden: true }, token: users.admin });
      expect(hidden.body).toMatchObject({ hidden: true, listed: true });
      expect((await publicProduct(saved.body.id)).status).toBe(404);
      // Its saver keeps it in their wardrobe.
      expect((await wardrobe(users.ada)).body.map((entry) => entry.id)).toContain(saved.body.id);
      await call('PUT', `/api/products/${saved.body.id}/hidden`, { body: { hidden: false }, token: users.admin });
      expect((await publicProduct(saved.body.id)).status).toBe(200);
    });

    it('lets an administrator correct the shared name, and the correction outlasts later captures', async () => {
      const sourceUrl = `https://www.asos.com/p/${Math.floor(Math.random() * 1e9)}`;
      const saved = await save(users.cy, { name: 'Vintage tee (pls buy)', brand: 'Levi’s', price: 25, sourceUrl });
      await pollUntil(() => publicProduct(saved.body.id), (answer) => answer.status === 200, { what: 'the listed product' });
      expect((await call('PATCH', `/api/products/${saved.body.id}`, { body: { name: 'Vintage Tee' }, token: users.cy })).status).toBe(403);
      expect((await call<ErrorBody>('PATCH', `/api/products/${saved.body.id}`, { body: {}, token: users.admin })).status).toBe(400);
      const corrected = await call<SharedProduct>('PATCH', `/api/products/${saved.body.id}`, { body: { name: 'Vintage Tee' }, token: users.admin });
      expect(corrected.body.name).toBe('Vintage Tee');
      await save(users.dee, { name: 'Vintage tee (pls buy)', brand: 'Levi’s', price: 25, sourceUrl });
      await pollUntil(() => asAdmin(saved.body.id), (answer) => answer.status === 200, { what: 'the later capture' });
      expect((await publicProduct(saved.body.id)).body.name).toBe('Vintage Tee');
      // The saver still sees their own words.
      expect((await call<Item>('GET', `/api/products/${saved.body.id}`, { token: users.cy })).body.name).toBe('Vintage tee (pls buy)');
    });

    it('answers a save again with the capture as stored now, keeping the date first saved', async () => {
      const sourceUrl = unknownShop();
      const first = await save(users.owner, { name: 'Silk Scarf', brand: 'Maison', price: '$80', sourceUrl });
      const again = await save(users.owner, { name: 'Silk Scarf', brand: 'Maison', price: 'Was $80 Now $59.99', sourceUrl });
      expect(again.body).toMatchObject({ id: first.body.id, price: 59.99, priceText: 'Was $80 Now $59.99', addedDate: first.body.addedDate });
      expect((await wardrobe(users.owner)).body.find((entry) => entry.id === first.body.id)?.price).toBe(59.99);
    });

    it('limits saves per user, with 429 and Retry-After', async () => {
      const token = await signUp();
      const answers: Answer<ErrorBody>[] = [];
      for (let i = 0; i < 61; i += 1) answers.push(await call<ErrorBody>('POST', '/api/save', { body: { data: { name: `Sock ${i}`, brand: 'Pairs', price: 5 } }, token }));
      expect(answers.slice(0, 60).every((answer) => answer.status === 200)).toBe(true);
      expect(answers[60]?.status).toBe(429);
      expect(answers[60]?.body.error.code).toBe('RATE_LIMITED');
      const retried = await fetch(`${started.product.baseUrl}/api/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-beta-token': betaToken, authorization: `Bearer ${token}` },
        body: JSON.stringify({ data: { name: 'Sock 62', brand: 'Pairs', price: 5 } }),
      });
      expect(retried.status).toBe(429);
      expect(Number(retried.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another user is not limited by it.
      expect((await save(users.stranger, item())).status).toBe(200);
    });
  });
});
