/**
 * @jest-environment node
 */
import { randomUUID } from 'node:crypto';
import { CONFIRMATION_SUBJECT, freePortBlock, pollUntil } from '@closetly/testing';
import { type EmbeddedProduct, startEmbeddedProduct } from '../src/testing/product';

/**
 * A developer who starts the product on another port and sets no PUBLIC_URL: the links the
 * product mails and the addresses it stores for its own images point at that port, not 8080.
 */
describe('PUBLIC_URL follows PORT when unset (embedded)', () => {
  let product: EmbeddedProduct;
  let port: number;

  beforeAll(async () => {
    port = await freePortBlock();
    product = await startEmbeddedProduct({ PORT: String(port), SEED_DEMO_CATALOGUE: 'sample' });
  }, 180_000);
  afterAll(() => product?.stop());

  it('serves on that port, mails links to it, and names its stored images by it', async () => {
    expect(new URL(product.baseUrl).port).toBe(String(port));
    const betaToken = await product.betaToken();
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

    const popular = (await (await fetch(`${product.baseUrl}/api/popular-items?category=all`, { headers: { 'x-beta-token': betaToken } })).json()) as Array<{ imageUrl: string | null; displayImageUrl: string | null }>;
    expect(popular.length).toBeGreaterThan(0);
    for (const item of popular) {
      expect(new URL(item.imageUrl ?? 'http://x').origin).toBe(`http://localhost:${port}`);
      // Shown from the gateway's own store, never through the proxy.
      expect(item.displayImageUrl).toMatch(/^\/api\/image\/[0-9a-f-]{36}\?w=\d+$/);
    }
  });
});
