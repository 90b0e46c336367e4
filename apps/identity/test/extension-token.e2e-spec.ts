import { randomBytes, randomUUID } from 'node:crypto';
import { RUNTIME_MODES, type RuntimeMode, type StartedProduct } from '@closetly/all-in-one/testing';
import { EXTENSION_TOKEN_SCOPE_MESSAGE, ExtensionToken } from '@closetly/contracts';
import { keyIdOf } from '@closetly/server';
import { proveEmailByResetLink, type SmtpCapture, startSmtpCapture } from '@closetly/testing';
import jwt from 'jsonwebtoken';
import { ApiClient, type ApiResponse, errorOf, sessionOf, signUp } from './support/api-client';
import { newAccount, strongPassword, uniqueEmail } from './support/factories';
import { claimsOf, nowSeconds, signHs256, unsignedToken } from './support/forged-tokens';

/**
 * The Chrome extension's token through the gateway, in both runtime modes:
 * minted with an access token, it saves, lists and removes wardrobe items
 * and nothing else, carries no role, and ends with its session (logout,
 * sign-out everywhere). Each test is its own device and its own accounts.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SCOPE_REFUSAL = { error: { code: 'FORBIDDEN', message: EXTENSION_TOKEN_SCOPE_MESSAGE } };
const SIGN_IN_AGAIN = { error: { code: 'UNAUTHENTICATED', message: expect.any(String) } };

describe.each(RUNTIME_MODES)('the extension token API ($name mode)', (mode) => extensionTokenSuite(mode));

function extensionTokenSuite(mode: RuntimeMode): void {
  const adminEmail = uniqueEmail('extension-admin');
  let smtp: SmtpCapture;
  let started: StartedProduct;
  let betaToken: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    started = await mode.start({ SMTP_URL: smtp.url, ADMIN_EMAILS: adminEmail });
    betaToken = await started.product.betaToken();
  }, 180_000);

  afterAll(async () => {
    await started?.stop();
    await smtp?.close();
  });

  /** A new device: its own client address, the beta token, nothing else. */
  const device = () => new ApiClient(started.product.baseUrl, betaToken);

  async function signIn(client: ApiClient, email: string, password: string) {
    const response = await client.post('/api/auth/signin', { email, password });
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
    return sessionOf(response);
  }

  /** POST /api/auth/extension-token with this bearer. */
  const mint = (client: ApiClient, bearer: string) => client.post('/api/auth/extension-token', undefined, { bearer });

  async function mintedToken(client: ApiClient, accessToken: string): Promise<ExtensionToken> {
    const response = await mint(client, accessToken);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
    return ExtensionToken.parse(response.body);
  }

  /** The save body the wardrobe takes, for a page of a supported retailer. */
  const item = () => ({
    name: `Cashmere Crew Sweater ${randomUUID().slice(0, 8)}`,
    brand: 'Nordstrom',
    price: '$129.00',
    imageUrl: 'https://images.example.com/sweater.jpg',
    description: 'A soft crew-neck sweater.',
    sourceUrl: `https://www.nordstrom.com/s/item/${randomUUID().slice(0, 12)}`,
    gender: 'Women',
  });
  const save = (client: ApiClient, bearer: string, data = item()) => client.post('/api/save', { data }, { bearer });
  const wardrobe = (client: ApiClient, bearer: string) => client.get('/api/get-wardrobe', { bearer });
  const remove = (client: ApiClient, bearer: string, id: string) => client.send('DELETE', `/api/remove-from-wardrobe/${id}`, undefined, { bearer });
  const me = (client: ApiClient, bearer: string) => client.get('/api/auth/me', { bearer });
  const refresh = (client: ApiClient, refreshToken: string) => client.post('/api/auth/refresh', { refreshToken });
  const idsIn = (response: ApiResponse) => (response.body as Array<{ id: string }>).map((entry) => entry.id);

  function expectAnswer(response: ApiResponse, status: number, body: unknown): void {
    expect({ status: response.status, body: response.body }).toEqual({ status, body });
  }

  it('mints a token of the caller’s session: signed like an access token, typed "extension", no roles, 30 days', async () => {
    const client = device();
    const { session } = await signUp(client);
    const before = Date.now();
    const minted = await mintedToken(client, session.accessToken);

    const access = claimsOf(session.accessToken);
    const claims = claimsOf(minted.token) as unknown as Record<string, unknown>;
    expect(claims).toMatchObject({ typ: 'extension', sub: session.user.uid, sid: access.sid, iss: access.iss, aud: access.aud });
    expect(claims).not.toHaveProperty('roles');
    expect(jwt.decode(minted.token, { complete: true })?.header).toMatchObject({ alg: 'HS256', kid: keyIdOf(started.jwtSecret) });
    expect(() => jwt.verify(minted.token, started.jwtSecret, { algorithms: ['HS256'] })).not.toThrow();
    const expiresAt = new Date(minted.expiresAt).getTime();
    expect(expiresAt - before).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(expiresAt - before).toBeLessThan(30 * DAY_MS + 60_000);
    expect(claims.exp).toBe(Math.floor(expiresAt / 1000));
  });

  it('saves, lists and removes wardrobe items with the extension token, in the account’s own wardrobe', async () => {
    const client = device();
    const { session } = await signUp(client);
    const { token } = await mintedToken(client, session.accessToken);

    const saved = await save(client, token);
    expect({ status: saved.status, body: saved.body }).toMatchObject({ status: 200, body: { retailer: 'nordstrom.com', price: 129 } });
    const id = (saved.body as { id: string }).id;

    const listed = await wardrobe(client, token);
    expect(listed.status).toBe(200);
    expect(idsIn(listed)).toEqual([id]);
    // The same wardrobe the web app shows with the account's access token.
    expect(idsIn(await wardrobe(client, session.accessToken))).toEqual([id]);

    expect((await remove(client, token, id)).status).toBe(204);
    expect(idsIn(await wardrobe(client, token))).toEqual([]);
  });

  describe('anything else', () => {
    let client: ApiClient;
    let accessToken: string;
    let token: string;

    beforeAll(async () => {
      client = device();
      ({ accessToken } = (await signUp(client)).session);
      ({ token } = await mintedToken(client, accessToken));
    });

    // Every row has a body (undefined when none): jest takes a test function with more parameters than its row for one awaiting `done`.
    const refused: Array<[method: string, path: string, body: unknown]> = [
      ['GET', '/api/profile', undefined],
      ['PUT', '/api/profile', { firstName: 'Mallory' }],
      ['GET', '/api/auth/me', undefined],
      ['POST', '/api/user', { uid: 'x', email: 'x@example.com', firstName: 'X', lastName: 'Y', gender: '' }],
      ['POST', '/api/auth/extension-token', undefined],
      ['POST', '/api/auth/sign-out-everywhere', undefined],
      ['GET', '/api/recent-searches', undefined],
      ['POST', '/api/save-search', { term: 'jeans' }],
      ['GET', '/api/recommended-items', undefined],
      ['GET', '/api/admin/accounts', undefined],
      ['GET', '/api/products/ungendered', undefined],
      ['POST', '/api/admin/search/reindex', undefined],
    ];

    it.each(refused)('%s %s is 403 FORBIDDEN with the scope message', async (method, path, body) => {
      expectAnswer(await client.send(method, path, body, { bearer: token }), 403, SCOPE_REFUSAL);
    });

    it('leaves the session as it was: the refused sign-out everywhere ended nothing', async () => {
      expect((await me(client, accessToken)).status).toBe(200);
      expect((await wardrobe(client, token)).status).toBe(200);
    });

    it('is a visitor where sign-in is optional: logging out with it ends no session', async () => {
      expect((await client.post('/api/logout', { token }, { bearer: token })).status).toBe(204);
      expect((await me(client, accessToken)).status).toBe(200);
      expect((await wardrobe(client, token)).status).toBe(200);
    });
  });

  it('carries no admin role for an administrator: admin routes refuse an admin’s extension token with 403', async () => {
    const client = device();
    await signUp(client, newAccount({ email: adminEmail }));
    const password = strongPassword();
    await proveEmailByResetLink({ baseUrl: started.product.baseUrl, betaToken, smtp, email: adminEmail, password });
    const admin = await signIn(client, adminEmail, password);
    expect(admin.user.roles).toEqual(['admin']);
    expect((await client.get('/api/admin/accounts', { bearer: admin.accessToken })).status).toBe(200);

    const { token } = await mintedToken(client, admin.accessToken);
    expect(claimsOf(token)).not.toHaveProperty('roles');
    expectAnswer(await client.get('/api/admin/accounts', { bearer: token }), 403, SCOPE_REFUSAL);
    expectAnswer(await client.get('/api/products/ungendered', { bearer: token }), 403, SCOPE_REFUSAL);
    expectAnswer(await client.post('/api/admin/search/reindex', undefined, { bearer: token }), 403, SCOPE_REFUSAL);
  });

  it('dies with its session: after POST /api/logout of that session it is 401, while another session’s token keeps working', async () => {
    const client = device();
    const { account, session } = await signUp(client);
    const other = await signIn(client, account.email, account.password);
    const { token } = await mintedToken(client, session.accessToken);
    const { token: otherToken } = await mintedToken(client, other.accessToken);
    expect((await wardrobe(client, token)).status).toBe(200);

    expect((await client.post('/api/logout', { token: session.refreshToken }, { bearer: session.accessToken })).status).toBe(204);
    expectAnswer(await wardrobe(client, token), 401, SIGN_IN_AGAIN);
    expectAnswer(await save(client, token), 401, SIGN_IN_AGAIN);
    expect((await wardrobe(client, otherToken)).status).toBe(200);
  });

  it('signs out everywhere: every access, refresh and extension token of the account is refused at once; other accounts keep theirs', async () => {
    const client = device();
    const { account, session: first } = await signUp(client);
    const second = await signIn(client, account.email, account.password);
    const firstToken = (await mintedToken(client, first.accessToken)).token;
    const secondToken = (await mintedToken(client, second.accessToken)).token;
    const { session: someoneElse } = await signUp(device());

    const signedOut = await client.post('/api/auth/sign-out-everywhere', undefined, { bearer: second.accessToken });
    expectAnswer(signedOut, 204, null);

    for (const accessToken of [first.accessToken, second.accessToken]) expectAnswer(await me(client, accessToken), 401, SIGN_IN_AGAIN);
    for (const refreshToken of [first.refreshToken, second.refreshToken]) {
      const refused = await refresh(client, refreshToken);
      expect({ status: refused.status, code: errorOf(refused).code }).toEqual({ status: 401, code: 'INVALID_REFRESH_TOKEN' });
    }
    for (const token of [firstToken, secondToken]) {
      expectAnswer(await wardrobe(client, token), 401, SIGN_IN_AGAIN);
      expectAnswer(await save(client, token), 401, SIGN_IN_AGAIN);
    }
    expectAnswer(await client.post('/api/auth/sign-out-everywhere', undefined, { bearer: second.accessToken }), 401, SIGN_IN_AGAIN);
    expect((await me(client, someoneElse.accessToken)).status).toBe(200);

    // Signing in again opens a new session as usual.
    const again = await signIn(client, account.email, account.password);
    expect((await mintedToken(client, again.accessToken)).token).toBeTruthy();
  });

  it('needs a signed-in caller: minting and signing out everywhere without a token are 401', async () => {
    const client = device();
    expectAnswer(await client.post('/api/auth/extension-token', undefined), 401, SIGN_IN_AGAIN);
    expectAnswer(await client.post('/api/auth/sign-out-everywhere', undefined), 401, SIGN_IN_AGAIN);
  });

  describe('forged extension tokens', () => {
    let client: ApiClient;
    let claims: Record<string, unknown>;

    beforeAll(async () => {
      client = device();
      const { session } = await signUp(client);
      claims = claimsOf((await mintedToken(client, session.accessToken)).token) as unknown as Record<string, unknown>;
    });

    it('accepts one built like the issued ones (so each refusal below is for its one defect)', async () => {
      expect((await wardrobe(client, signHs256({ ...claims, jti: 'forged-but-valid' }, started.jwtSecret))).status).toBe(200);
    });

    const otherKey = () => randomBytes(32).toString('base64url');
    const forgeries: Array<[string, (claims: Record<string, unknown>, secret: string) => string]> = [
      ['signed with another key', (c) => signHs256(c, otherKey())],
      ['signed with another key under the product’s kid', (c, secret) => jwt.sign(c, otherKey(), { algorithm: 'HS256', noTimestamp: true, keyid: keyIdOf(secret) })],
      ['alg "none"', (c) => unsignedToken(c)],
      ['claiming the admin role', (c, secret) => signHs256({ ...c, roles: ['admin'] }, secret)],
      ['expired', (c, secret) => signHs256({ ...c, iat: nowSeconds() - 7200, exp: nowSeconds() - 60 }, secret)],
      ['of a session that never existed', (c, secret) => signHs256({ ...c, sid: randomUUID() }, secret)],
    ];

    it.each(forgeries)('refuses one %s with 401 UNAUTHENTICATED', async (_what, forge) => {
      expectAnswer(await wardrobe(client, forge(claims, started.jwtSecret)), 401, SIGN_IN_AGAIN);
    });
  });
}
