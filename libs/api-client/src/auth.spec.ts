import { ApiError, InvalidResponseError, NetworkError, createApiClient, type UnauthorizedEvent } from './index';

interface RecordedCall {
  url: string;
  init: RequestInit;
}

const user = { uid: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', gender: '', roles: [] };
const session = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900, user };

function fakeFetch(status: number, body: unknown, calls: RecordedCall[] = []): typeof fetch {
  return async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status });
  };
}

const headersOf = (call: RecordedCall | undefined) => (call?.init.headers ?? {}) as Record<string, string>;
const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.init.body)) as unknown;

function client(status: number, body: unknown, calls: RecordedCall[] = [], unauthorized: UnauthorizedEvent[] = []) {
  return createApiClient({
    fetch: fakeFetch(status, body, calls),
    getBetaToken: () => 'beta-1',
    getAccessToken: () => 'access-1',
    onUnauthorized: (event) => unauthorized.push(event),
  });
}

describe('auth operations', () => {
  it.each([
    ['signUp', '/api/auth/signup', (c: ReturnType<typeof client>) => c.signUp({ firstName: 'Ada', lastName: 'L', email: 'a@b.co', password: 'Passw0rd!' })],
    ['signIn', '/api/auth/signin', (c: ReturnType<typeof client>) => c.signIn({ email: 'a@b.co', password: 'x' })],
    ['refresh', '/api/auth/refresh', (c: ReturnType<typeof client>) => c.refresh('refresh-1')],
    ['oidcComplete', '/api/auth/oidc/complete', (c: ReturnType<typeof client>) => c.oidcComplete('code-1')],
  ])('%s posts to %s without a bearer token and returns the session', async (_name, path, call) => {
    const calls: RecordedCall[] = [];
    await expect(call(client(200, session, calls))).resolves.toEqual(session);
    expect(calls[0]?.url).toBe(path);
    expect(calls[0]?.init.method).toBe('POST');
    expect(headersOf(calls[0])).toMatchObject({ 'x-beta-token': 'beta-1' });
    expect(headersOf(calls[0])).not.toHaveProperty('Authorization');
  });

  it('sends the bodies the contracts describe', async () => {
    const calls: RecordedCall[] = [];
    const c = client(200, session, calls);
    await c.refresh('refresh-1');
    await c.oidcComplete('code-1');
    expect(bodyOf(calls[0])).toEqual({ refreshToken: 'refresh-1' });
    expect(bodyOf(calls[1])).toEqual({ loginCode: 'code-1' });
  });

  it('rejects a session answer without tokens as an invalid response', async () => {
    const { accessToken: _a, ...withoutToken } = session;
    await expect(client(200, withoutToken).signIn({ email: 'a@b.co', password: 'x' })).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('exposes the gateway error code, message and fields', async () => {
    const body = { error: { code: 'VALIDATION_FAILED', message: 'Invalid request', fields: { email: ['Invalid email format'] } } };
    const error = await client(400, body)
      .signUp({ firstName: 'A', lastName: 'B', email: 'x', password: 'y' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid request', fields: { email: ['Invalid email format'] } });
  });

  it('treats 401 from the public auth calls as an ordinary answer', async () => {
    const unauthorized: UnauthorizedEvent[] = [];
    const body = { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } };
    const c = client(401, body, [], unauthorized);
    await expect(c.signIn({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    await expect(c.refresh('r')).rejects.toMatchObject({ status: 401 });
    await expect(c.oidcStart('signin')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toEqual([]);
  });

  it('reports a 401 from an authenticated call with the token it carried', async () => {
    const unauthorized: UnauthorizedEvent[] = [];
    const calls: RecordedCall[] = [];
    const c = client(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }, calls, unauthorized);
    await expect(c.me()).rejects.toMatchObject({ status: 401 });
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1' });
    expect(unauthorized).toEqual([expect.objectContaining({ path: '/api/auth/me', accessToken: 'access-1' })]);

    await expect(c.me({ reportUnauthorized: false, accessToken: 'explicit' })).rejects.toMatchObject({ status: 401 });
    expect(headersOf(calls[1])).toMatchObject({ Authorization: 'Bearer explicit' });
    expect(unauthorized).toHaveLength(1);
  });

  it('logout sends the refresh token and bearer, accepts 204 and never reports 401', async () => {
    const calls: RecordedCall[] = [];
    const unauthorized: UnauthorizedEvent[] = [];
    await expect(client(204, undefined, calls).logout('refresh-1', { accessToken: 'old-access' })).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe('/api/logout');
    expect(bodyOf(calls[0])).toEqual({ token: 'refresh-1' });
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer old-access' });
    await expect(client(401, undefined, [], unauthorized).logout('r')).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toEqual([]);
  });

  it('mintExtensionToken posts with the bearer token and no body, and returns the token with its expiry', async () => {
    const calls: RecordedCall[] = [];
    const minted = { token: 'extension-1', expiresAt: '2026-08-01T12:00:00.000Z' };
    await expect(client(200, minted, calls).mintExtensionToken()).resolves.toEqual(minted);
    expect(calls[0]?.url).toBe('/api/auth/extension-token');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1', 'x-beta-token': 'beta-1' });
  });

  it('mintExtensionToken rejects an answer without a token or with an expiry that is not a date', async () => {
    await expect(client(200, { expiresAt: '2026-08-01T12:00:00.000Z' }).mintExtensionToken()).rejects.toBeInstanceOf(InvalidResponseError);
    await expect(client(200, { token: 'extension-1', expiresAt: 'in 30 days' }).mintExtensionToken()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('mintExtensionToken exposes the 403 an extension token gets, without reporting it as a sign-out', async () => {
    const unauthorized: UnauthorizedEvent[] = [];
    const refused = { error: { code: 'FORBIDDEN', message: 'This token can only save, list and remove wardrobe items, report their prices and follow their changes live.' } };
    await expect(client(403, refused, [], unauthorized).mintExtensionToken()).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(unauthorized).toEqual([]);
  });

  it('signOutEverywhere posts with the bearer token, accepts 204, and reports a 401 like any signed-in call', async () => {
    const calls: RecordedCall[] = [];
    const unauthorized: UnauthorizedEvent[] = [];
    await expect(client(204, undefined, calls).signOutEverywhere()).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe('/api/auth/sign-out-everywhere');
    expect(calls[0]?.init.method).toBe('POST');
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1' });
    await expect(client(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in again.' } }, [], unauthorized).signOutEverywhere()).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toEqual([expect.objectContaining({ path: '/api/auth/sign-out-everywhere' })]);
  });

  it('forgot and reset password, and oidc start', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(202, { accepted: true }, calls).forgotPassword('a@b.co')).resolves.toEqual({ accepted: true });
    await expect(client(204, undefined, calls).resetPassword({ token: 't', password: 'Passw0rd!' })).resolves.toBeUndefined();
    await expect(client(200, { authorizationUrl: 'http://idp.test/auth?x=1' }, calls).oidcStart('signup')).resolves.toEqual({
      authorizationUrl: 'http://idp.test/auth?x=1',
    });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      'GET /api/auth/oidc/start?intent=signup',
    ]);
    expect(bodyOf(calls[0])).toEqual({ email: 'a@b.co' });
    expect(bodyOf(calls[1])).toEqual({ token: 't', password: 'Passw0rd!' });
  });

  it('wraps a failed fetch in NetworkError but lets aborts through', async () => {
    const failing = createApiClient({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(failing.signIn({ email: 'a@b.co', password: 'x' })).rejects.toBeInstanceOf(NetworkError);

    const controller = new AbortController();
    controller.abort();
    const aborting = createApiClient({
      fetch: async (_input, init) => {
        init?.signal?.throwIfAborted();
        return new Response('{}');
      },
    });
    await expect(aborting.me({ signal: controller.signal })).rejects.not.toBeInstanceOf(NetworkError);
  });
});
