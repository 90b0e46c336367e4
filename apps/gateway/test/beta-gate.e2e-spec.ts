import { type RunningProduct, startEmbeddedProduct } from '@closetly/all-in-one/testing';
import { buildOpenApiDocument, httpRoutePath } from '@closetly/contracts';

describe('beta gate through the gateway (embedded mode)', () => {
  let product: RunningProduct;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${product.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    product = await startEmbeddedProduct();
  });
  afterAll(() => product.stop());

  it('gives a signed beta token for the demo code', async () => {
    const response = await post('/api/verify-beta', { code: product.demoBetaCode });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { verified: boolean; betaToken: string };
    expect(body.verified).toBe(true);
    // v2.<kid>.<expires>.<nonce>.<hmac>: the kid names the key it was signed with (key rotation).
    expect(body.betaToken).toMatch(/^v2\.[0-9a-f]{16}\.\d+\.[\w-]+\.[\w-]+$/);
  });

  it('answers a wrong code with verified:false, not an error', async () => {
    const response = await post('/api/verify-beta', { code: 'not-a-code' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ verified: false });
  });

  it.each([
    ['a missing code', {}],
    ['a number', { code: 42 }],
    ['an empty code', { code: '   ' }],
    ['an unknown field', { code: 'x', admin: true }],
  ])('refuses %s with 400 and a field message', async (_what, body) => {
    const response = await post('/api/verify-beta', body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(error.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.error.fields).length).toBeGreaterThan(0);
  });

  it('refuses malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await fetch(`${product.baseUrl}/api/verify-beta`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":' });
    expect(malformed.status).toBe(400);
    const oversized = await post('/api/verify-beta', { code: 'x'.repeat(300 * 1024) });
    expect(oversized.status).toBe(413);
    expect(((await oversized.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('rejects guarded routes without a valid beta token with 403 and a code, never 401', async () => {
    const none = await fetch(`${product.baseUrl}/api/verify-beta`);
    expect(none.status).toBe(403);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('BETA_TOKEN_REQUIRED');

    const token = await product.betaToken();
    const forged = `${token.slice(0, -4)}AAAA`;
    const bad = await fetch(`${product.baseUrl}/api/verify-beta`, { headers: { 'x-beta-token': forged } });
    expect(bad.status).toBe(403);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('BETA_TOKEN_INVALID');

    const good = await fetch(`${product.baseUrl}/api/verify-beta`, { headers: { 'x-beta-token': token } });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ verified: true });
  });

  it('reports every service ready on /api/health without a beta token', async () => {
    const response = await fetch(`${product.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; services: Array<{ service: string; ready: boolean }> };
    expect(body.status).toBe('ok');
    expect(body.services.map((s) => s.service).sort()).toEqual(['catalogue', 'identity', 'pages', 'profile', 'retention', 'search', 'wardrobe']);
    expect(body.services.every((s) => s.ready)).toBe(true);
  });

  it('serves the SPA for browser paths (history fallback) and JSON 404 for unknown API paths', async () => {
    const page = await fetch(`${product.baseUrl}/my-wardrobe`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const api = await fetch(`${product.baseUrl}/api/no-such-call`, { headers: { 'x-beta-token': await product.betaToken() } });
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  describe('unknown API paths meet the gate first, so nobody can probe which calls exist', () => {
    const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
    // `/%61pi/...` is `/api/...` once percent-decoded, as the router reads it.
    const unknownPaths = ['/api/no-such-call', '/api/no-such-call/deeper', '/api', '/%61pi/no-such-call', '/api/%6Eo-such-call'];

    it.each(unknownPaths)('%s without a beta token answers 403 BETA_TOKEN_REQUIRED, as a known call does', async (path) => {
      const known = await fetch(`${product.baseUrl}/api/get-wardrobe`);
      const unknown = await fetch(`${product.baseUrl}${path}`);
      expect([unknown.status, await codeOf(unknown)]).toEqual([403, 'BETA_TOKEN_REQUIRED']);
      expect([known.status, await codeOf(known)]).toEqual([403, 'BETA_TOKEN_REQUIRED']);
    });

    it('answers an unknown path with a forged token 403 BETA_TOKEN_INVALID, whatever the method', async () => {
      const forged = `${(await product.betaToken()).slice(0, -4)}AAAA`;
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await fetch(`${product.baseUrl}/%61pi/no-such-call`, { method, headers: { 'x-beta-token': forged } });
        expect([method, response.status, await codeOf(response)]).toEqual([method, 403, 'BETA_TOKEN_INVALID']);
      }
    });

    it.each(unknownPaths)('%s with a valid beta token answers 404 NOT_FOUND', async (path) => {
      const response = await fetch(`${product.baseUrl}${path}`, { headers: { 'x-beta-token': await product.betaToken() } });
      expect([response.status, await codeOf(response)]).toEqual([404, 'NOT_FOUND']);
    });

    it('gates a known call however its path is percent-encoded', async () => {
      const response = await fetch(`${product.baseUrl}/%61pi/get-wardrobe`);
      expect([response.status, await codeOf(response)]).toEqual([403, 'BETA_TOKEN_REQUIRED']);
    });

    // The security review's exact requests: each answered 2xx without a beta token before the gate read the matched route.
    it.each([
      ['POST', '/%61pi/auth/signup', { firstName: 'Eve', lastName: 'Bypass', email: 'eve-bypass@example.com', password: 'Bypass!Pass1', gender: 'female' }],
      ['POST', '/%61pi/auth/signin', { email: 'eve-bypass@example.com', password: 'Bypass!Pass1' }],
      ['POST', '/%61pi/save', { data: { name: 'Shirt', brand: 'Zara' } }],
      ['GET', '/%61%70%69/auth/me', undefined],
      ['GET', '/%61pi/search?q=shirt', undefined],
    ])('refuses %s %s without a beta token: 403 before any handler runs', async (method, path, body) => {
      const response = await fetch(`${product.baseUrl}${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      expect([response.status, await codeOf(response)]).toEqual([403, 'BETA_TOKEN_REQUIRED']);
    });

    it('keeps health and verify-beta open without a token', async () => {
      expect((await fetch(`${product.baseUrl}/api/health`)).status).toBe(200);
      expect((await fetch(`${product.baseUrl}/%61pi/health`)).status).toBe(200);
      expect((await post('/api/verify-beta', { code: product.demoBetaCode })).status).toBe(200);
    });

    it.each(['/api/%ZZ', '/%61pi/no-such-call%E0%A4%A', '/api/get-wardrobe%ZZ'])('answers a malformed encoding (%s) 400, known call or not', async (path) => {
      const response = await fetch(`${product.baseUrl}${path}`);
      expect([response.status, await codeOf(response)]).toEqual([400, 'VALIDATION_FAILED']);
    });
  });

  describe('the OpenAPI document', () => {
    it('is served at /api/openapi.json behind the beta gate', async () => {
      const refused = await fetch(`${product.baseUrl}/api/openapi.json`);
      expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([403, 'BETA_TOKEN_REQUIRED']);
      const served = await fetch(`${product.baseUrl}/api/openapi.json`, { headers: { 'x-beta-token': await product.betaToken() } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain('application/json');
      expect(await served.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    });

    it('lists only routes the running gateway serves: none meets the API catch-all or the web app fallback', async () => {
      // Sample path values: each route then answers as it answers a stranger (a 400, 401, 404 of its own, or its page).
      const samples = { id: '00000000-0000-4000-8000-000000000000', productId: '00000000-0000-4000-8000-000000000000', userId: '00000000-0000-4000-8000-000000000000', category: 'tops', brand: 'Acme' };
      const betaToken = await product.betaToken();
      const document = buildOpenApiDocument();
      const caughtByCatchAll: string[] = [];
      for (const [template, item] of Object.entries(document.paths)) {
        for (const method of Object.keys(item)) {
          const response = await fetch(`${product.baseUrl}${httpRoutePath(template, samples)}`, { method: method.toUpperCase(), headers: { 'x-beta-token': betaToken } });
          const text = await response.text();
          if (response.status === 404 && text.includes('No such API call')) caughtByCatchAll.push(`${method.toUpperCase()} ${template}`);
          // Outside /api an unserved path would get the web app's page (history fallback) instead.
          if (template !== '/' && !template.startsWith('/api/') && response.headers.get('content-type')?.includes('text/html')) caughtByCatchAll.push(`${method.toUpperCase()} ${template}`);
        }
      }
      expect(caughtByCatchAll).toEqual([]);
    });
  });

  it('carries the caller correlation id back on the response', async () => {
    const response = await fetch(`${product.baseUrl}/api/health`, { headers: { 'x-correlation-id': 'test-corr-1' } });
    expect(response.headers.get('x-correlation-id')).toBe('test-corr-1');
  });
});
