import { randomUUID } from 'node:crypto';
import { apiCaller, type ApiErrorBody, madeUpWord, startEmbeddedProduct, type RunningProduct, supportedShopUrl } from '@closetly/all-in-one/testing';
import { MAX_COLOUR_LENGTH, type ProductView, type WardrobeItem } from '@closetly/contracts';
import { pollUntil } from '@closetly/testing';

/**
 * A stated colour through the gateway: a save carries it, My Wardrobe shows
 * the saver's own, and the shared product shows the one its savers agree on
 * (derived from the capture event, so it arrives a moment later). The
 * embedded product only: the colour travels in the same event payloads as
 * every other product field, whose transport both modes already test.
 */
describe('a stated colour, from the save to the shared product', () => {
  let product: RunningProduct;
  let betaToken: string;
  const tokens: Record<'ada' | 'bob' | 'cy', string> = { ada: '', bob: '', cy: '' };

  const call = apiCaller(() => product.baseUrl, () => betaToken);
  const item = (overrides: Record<string, unknown> = {}) => ({
    name: `${madeUpWord()} Oxford Shirt`,
    brand: 'Toteme',
    price: 120,
    imageUrl: 'https://images.example.com/shirt.jpg',
    // A multi-brand supported retailer's page: one save lists it, so a visitor sees the shared product.
    sourceUrl: supportedShopUrl(),
    ...overrides,
  });
  const save = async (token: string, data: Record<string, unknown>) => call<WardrobeItem>('POST', '/api/save', { body: { data }, token });
  /** The shared product as a visitor sees it (a saver would see their own capture). */
  const shared = (id: string) => call<ProductView>('GET', `/api/products/${id}`);

  beforeAll(async () => {
    // The shared product is polled while the capture events travel: test traffic, not a shopper's, so the per-client limits are raised.
    product = await startEmbeddedProduct({ RATE_LIMIT_MULTIPLIER: '10' });
    betaToken = await product.betaToken();
    for (const name of Object.keys(tokens) as Array<keyof typeof tokens>) {
      const answer = await call<{ accessToken: string }>('POST', '/api/auth/signup', { body: { firstName: 'Sam', lastName: 'Shopper', email: `${name}-${randomUUID()}@example.com`, password: 'Passw0rd!' } });
      expect(answer.status).toBe(201);
      tokens[name] = answer.body.accessToken;
    }
  }, 120_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('keeps the colour on the saved item, in My Wardrobe and on the shared product', async () => {
    const data = item({ colour: ' Navy ' });
    const saved = await save(tokens.ada, data);
    expect(saved.status).toBe(200);
    expect(saved.body.colour).toBe('Navy');

    const wardrobe = await call<WardrobeItem[]>('GET', '/api/get-wardrobe', { token: tokens.ada });
    expect(wardrobe.status).toBe(200);
    expect(wardrobe.body.find((found) => found.id === saved.body.id)?.colour).toBe('Navy');

    const seen = await pollUntil(() => shared(saved.body.id), (answer) => answer.status === 200, { what: 'the shared product listed' });
    expect(seen.body).toMatchObject({ id: saved.body.id, name: data.name, colour: 'Navy' });
  });

  it('shows on the shared product the colour most savers stated; a saver who stated none does not vote', async () => {
    const data = item({ colour: 'Ecru' });
    const first = await save(tokens.ada, data);
    expect(first.status).toBe(200);
    expect((await save(tokens.bob, { ...data, colour: 'Oat' })).status).toBe(200);
    expect((await save(tokens.cy, { ...data, colour: undefined })).status).toBe(200);
    // Ecru and Oat tie (the saver who stated none does not count): the first saver's stands.
    await pollUntil(() => shared(first.body.id), (answer) => answer.status === 200 && answer.body.colour === 'Ecru', { what: 'the first saver’s colour on the tie' });

    // Cy now states Oat too: two to one.
    expect((await save(tokens.cy, { ...data, colour: 'oat' })).status).toBe(200);
    await pollUntil(() => shared(first.body.id), (answer) => answer.body.colour === 'Oat', { what: 'the colour most savers stated' });
    // Each saver keeps their own in My Wardrobe.
    const own = await call<WardrobeItem[]>('GET', '/api/get-wardrobe', { token: tokens.ada });
    expect(own.body.find((found) => found.id === first.body.id)?.colour).toBe('Ecru');
  });

  it('refuses a colour over 60 characters with 400 and a message on the field', async () => {
    const answer = await save(tokens.ada, item({ colour: 'c'.repeat(MAX_COLOUR_LENGTH + 1) }));
    expect(answer.status).toBe(400);
    expect((answer.body as unknown as ApiErrorBody).error.fields?.['data.colour']).toEqual([`Colour must be at most ${MAX_COLOUR_LENGTH} characters`]);
  });
});
