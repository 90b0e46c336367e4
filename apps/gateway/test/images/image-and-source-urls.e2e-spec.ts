import { randomUUID } from 'node:crypto';
import { RUNTIME_MODES, type RuntimeMode, type StartedProduct } from '@closetly/all-in-one/testing';
import { pollUntil } from '@closetly/testing';

interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}
type Item = { id: string; name: string; imageUrl: string | null; displayImageUrl: string | null; sourceUrl: string; retailer: string | null };
type ErrorBody = { error: { code: string; message: string } };

/**
 * Image and source URLs through the gateway, in both runtime modes (issue 8,
 * items 11 and 12): what a save keeps, what the wardrobe and the shared
 * product send back, and how the proxy answers a client that asked for JSON.
 * No URL here is ever fetched from outside the box: the proxy refuses each
 * one on its address before connecting.
 */
describe.each(RUNTIME_MODES)('image and source URLs ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let betaToken: string;
  let shopper: string;

  const call = async <T>(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> => {
    const response = await fetch(`${started.product.baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-beta-token': betaToken,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
    return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
  };
  const save = (data: Record<string, unknown>) => call<Item>('POST', '/api/save', { body: { data }, token: shopper });
  const listed = async (id: string) => (await call<Item[]>('GET', '/api/get-wardrobe', { token: shopper })).body.find((entry) => entry.id === id);
  /** The shared product as a visitor sees it, once the catalogue has listed it. */
  const sharedProduct = (id: string) => pollUntil(() => call<Item>('GET', `/api/products/${id}`), (answer) => answer.status === 200, { what: 'the listed product' });
  const zaraPage = () => `www.zara.com/us/en/linen-shirt-p${randomUUID().slice(0, 8)}.html`;
  const item = (overrides: Record<string, unknown>) => ({ name: `Linen Shirt ${randomUUID().slice(0, 8)}`, brand: 'Zara', price: 49.9, ...overrides });

  beforeAll(async () => {
    started = await mode.start({});
    betaToken = await started.product.betaToken();
    const email = `links-${randomUUID()}@example.com`;
    const signUp = await call<{ accessToken: string }>('POST', '/api/auth/signup', { body: { firstName: 'Ida', lastName: 'Links', email, password: 'Passw0rd!' } });
    expect(signUp.status).toBe(201);
    shopper = signUp.body.accessToken;
    // Only confirmed accounts list what they save.
    await started.product.confirmEmail(email);
  }, 180_000);
  afterAll(() => started?.stop());

  it('upgrades a plain http link of a supported retailer to https: in the save, the wardrobe and the shared product', async () => {
    const page = zaraPage();
    const saved = await save(item({ sourceUrl: `http://${page}` }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ sourceUrl: `https://${page}`, retailer: 'zara.com' });
    expect((await listed(saved.body.id))?.sourceUrl).toBe(`https://${page}`);
    expect((await sharedProduct(saved.body.id)).body.sourceUrl).toMatch(/^https:\/\/zara\.com\//);
  });

  it('keeps an http link of a shop it does not know as http (it may have no https)', async () => {
    const link = `http://boutique-${randomUUID().slice(0, 8)}.example/p/1`;
    expect((await save(item({ brand: 'Studio', sourceUrl: link }))).body.sourceUrl).toBe(link);
  });

  it.each(['javascript:alert(document.cookie)', 'JAVASCRIPT:alert(1)', '\tjavascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/p', '/p/relative'])(
    'never answers the source link %j: the item has no link ("#")',
    async (sourceUrl) => {
      const saved = await save(item({ sourceUrl }));
      expect(saved.body).toMatchObject({ sourceUrl: '#', retailer: null });
      expect((await listed(saved.body.id))?.sourceUrl).toBe('#');
    },
  );

  it('strips user:pass@ from the image and source URLs it keeps, sends and signs', async () => {
    const page = zaraPage();
    const saved = await save(item({ sourceUrl: `https://shopper:hunter2@${page}`, imageUrl: 'https://cdn-user:hunter2@images.example.com/shirt.jpg' }));
    expect(saved.body).toMatchObject({ sourceUrl: `https://${page}`, imageUrl: 'https://images.example.com/shirt.jpg' });
    expect(new URL(saved.body.displayImageUrl ?? '', started.product.baseUrl).searchParams.get('url')).toBe('https://images.example.com/shirt.jpg');
    expect(JSON.stringify(await listed(saved.body.id))).not.toContain('hunter2');
    const shared = await sharedProduct(saved.body.id);
    expect(shared.body).toMatchObject({ sourceUrl: `https://${page.replace('www.', '')}`, imageUrl: 'https://images.example.com/shirt.jpg' });
    expect(JSON.stringify(shared.body)).not.toContain('hunter2');
  });

  it.each(['http://images.example.com:443/shirt.jpg', 'https://images.example.com:80/shirt.jpg'])('drops the image URL %s (scheme and port disagree) like a non-web link', async (imageUrl) => {
    const saved = await save(item({ sourceUrl: `https://${zaraPage()}`, imageUrl }));
    expect(saved.body).toMatchObject({ imageUrl: null, displayImageUrl: null });
    const fallback = await save(item({ sourceUrl: `https://${zaraPage()}`, imageUrl, image: 'https://images.example.com/other.jpg' }));
    expect(fallback.body.imageUrl).toBe('https://images.example.com/other.jpg');
  });

  it('answers a client that asks for JSON with a JSON error, and an <img> with the placeholder', async () => {
    // The product signs the saved image URL; the proxy then refuses its loopback address before connecting.
    const saved = await save(item({ sourceUrl: `https://${zaraPage()}`, imageUrl: `http://127.0.0.1/${randomUUID()}.jpg` }));
    const signed = saved.body.displayImageUrl ?? '';
    expect(signed).toMatch(/^\/api\/proxy-image\?/);

    const asJson = await call<ErrorBody>('GET', signed, { headers: { accept: 'application/json' } });
    expect([asJson.status, asJson.headers.get('content-type')?.split(';')[0], asJson.body]).toEqual([
      403,
      'application/json',
      { error: { code: 'FORBIDDEN', message: 'This image URL is not allowed' } },
    ]);

    const asImage = await call<string>('GET', signed, { headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } });
    expect([asImage.status, asImage.headers.get('content-type'), asImage.headers.get('x-closetly-image'), asImage.headers.get('vary')]).toEqual([
      403,
      'image/png',
      'placeholder',
      'Accept',
    ]);
  });
});
