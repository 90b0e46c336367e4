import { canonicalSourceUrl, productIdFor, productKey } from '@closetly/catalogue-rules';
import { type EmbeddedProduct, startEmbeddedProduct } from '@closetly/all-in-one/testing';
import { randomUUID } from 'node:crypto';
import { CONFIRMATION_SUBJECT, freePortBlock, pollUntil } from '@closetly/testing';
import sharp from 'sharp';
import { generateDemoCatalogue } from '../src/demo/demo-catalogue';
import { DEMO_PASSWORD } from '../src/demo/demo-seeder';

type ShownProduct = { id: string; name: string; brand: string; price: number; gender: string; category: string; imageUrl: string; displayImageUrl: string; sourceUrl: string };
type WardrobeItem = ShownProduct & { addedDate: string };

/**
 * The embedded product seeds its demo catalogue when asked (SEED_DEMO_CATALOGUE;
 * `npm start` asks for the full one, this test for the small sample), through
 * the real paths: the products are listed for visitors, their illustrations
 * are served by the gateway, and the demo shoppers can sign in to wardrobes
 * whose saves are spread over past weeks. It runs on a port other than 8080
 * with no PUBLIC_URL, as a developer might: links and stored image addresses
 * follow that port.
 */
describe('the demo catalogue in the embedded product', () => {
  const demo = generateDemoCatalogue({ now: new Date(), sample: true });
  let product: EmbeddedProduct;
  let betaToken: string;
  let port: number;

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${product.baseUrl}${path}`, { headers: { 'x-beta-token': betaToken, ...headers } });

  beforeAll(async () => {
    port = await freePortBlock();
    product = await startEmbeddedProduct({ PORT: String(port), SEED_DEMO_CATALOGUE: 'sample' });
    betaToken = await product.betaToken();
    // Seeding runs the real save path for every demo product and shopper, which is slow on a loaded machine.
  }, 180_000);
  afterAll(() => product?.stop());

  it('lists every seeded product for a visitor, as its shop described it (the link in its canonical form)', async () => {
    const answers = await Promise.all(demo.products.map((seeded) => get(`/api/products/${productIdFor(productKey(seeded))}`)));
    expect(answers.map((answer) => answer.status)).toEqual(demo.products.map(() => 200));
    const shown = (await Promise.all(answers.map((answer) => answer.json()))) as ShownProduct[];
    expect(shown.map(({ name, brand, price, gender, category, sourceUrl }) => ({ name, brand, price, gender, category, sourceUrl }))).toEqual(
      demo.products.map(({ name, brand, amount, gender, category, sourceUrl }) => ({ name, brand, price: amount, gender, category, sourceUrl: canonicalSourceUrl(sourceUrl) })),
    );
  });

  it('shows each product’s illustration from the gateway’s stored images, as WebP, with no trip to the internet', async () => {
    const [first] = demo.products;
    const shown = (await (await get(`/api/products/${productIdFor(productKey(first!))}`)).json()) as ShownProduct;
    expect(shown.imageUrl).toMatch(new RegExp(`^http://localhost:${port}/api/image/[0-9a-f-]{36}$`));
    expect(shown.displayImageUrl).toBe(`${new URL(shown.imageUrl).pathname}?w=480`);

    // An <img> sends no beta token: the image route does not need one.
    const image = await fetch(`${product.baseUrl}${shown.displayImageUrl}`, { headers: { accept: 'image/avif;q=0,image/webp,*/*' } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480, height: 600 });
  });

  it('lets a demo shopper sign in to a wardrobe saved over the past weeks', async () => {
    const shopper = demo.shoppers[0]!;
    const signIn = await fetch(`${product.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-beta-token': betaToken },
      body: JSON.stringify({ email: shopper.email, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };

    const wardrobe = (await (await get('/api/get-wardrobe', { authorization: `Bearer ${accessToken}` })).json()) as WardrobeItem[];
    const saved = demo.saves.filter((save) => save.shopper === shopper.key);
    expect(wardrobe).toHaveLength(saved.length);
    // Each save keeps the time the demo gave it: the same gaps between them, days apart, not all "now".
    const gaps = (times: number[]) => times.sort((a, b) => a - b).map((time, index, sorted) => time - (sorted[0] as number));
    expect(gaps(wardrobe.map((item) => Date.parse(item.addedDate)))).toEqual(gaps(saved.map((save) => save.at.getTime())));
    expect(gaps(saved.map((save) => save.at.getTime())).at(-1)).toBeGreaterThan(24 * 60 * 60 * 1000);
  });

  it('follows PORT when PUBLIC_URL is unset: serves on it, mails links to it, and names its stored images by it', async () => {
    expect(new URL(product.baseUrl).port).toBe(String(port));
    const email = `port-${randomUUID()}@example.com`;
    const signUp = await fetch(`${product.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-beta-token': betaToken },
      body: JSON.stringify({ firstName: 'Pat', lastName: 'Port', email, password: 'Passw0rd!' }),
    });
    expect(signUp.status).toBe(201);
    const [mail] = await pollUntil(() => product.mail?.mailsTo(email).filter((each) => each.subject === CONFIRMATION_SUBJECT) ?? [], (list) => list.length > 0, { what: 'the confirmation mail' });
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://x');
    expect(link.origin).toBe(`http://localhost:${port}`);

    const popular = (await (await get('/api/popular-items?category=all')).json()) as Array<{ imageUrl: string | null; displayImageUrl: string | null }>;
    expect(popular.length).toBeGreaterThan(0);
    for (const item of popular) {
      expect(new URL(item.imageUrl ?? 'http://x').origin).toBe(`http://localhost:${port}`);
      // Shown from the gateway's own store, never through the proxy.
      expect(item.displayImageUrl).toMatch(/^\/api\/image\/[0-9a-f-]{36}\?w=\d+$/);
    }
  });
});
