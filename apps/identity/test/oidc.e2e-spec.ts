import { RUNTIME_MODES, type RunningProduct, type RuntimeMode, type StartedProduct } from '@closetly/all-in-one/testing';
import { type OidcTestProvider, proveEmailByResetLink, type SmtpCapture, startOidcTestProvider, startSmtpCapture } from '@closetly/testing';
import { strongPassword } from './support/factories';

const USERS = {
  alice: { sub: 'google-sub-alice', email: 'alice@example.com', email_verified: true, given_name: 'Alice', family_name: 'Liddell' },
  mallory: { sub: 'google-sub-mallory', email: 'bob@example.com', email_verified: false, given_name: 'Mallory', family_name: 'M' },
  carol: { sub: 'google-sub-carol', email: 'carol@example.com', email_verified: true, given_name: 'Carol', family_name: 'C' },
  dave: { sub: 'google-sub-dave', email: 'dave@example.com', email_verified: true, given_name: 'Dave', family_name: 'D' },
  erin: { sub: 'google-sub-erin', email: 'erin@example.com', email_verified: false, given_name: 'Erin', family_name: 'E' },
};
const UNVERIFIED_EMAIL = 'Your provider has not verified this email address.';
const INVALID_CREDENTIALS = { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } };

/** Follows the provider's redirects like a browser would (cookies included) until it sends the popup back to us. */
async function followToCallback(authorizationUrl: string, login: keyof typeof USERS, callbackPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(callbackPrefix)) return url;
    const target = new URL(url);
    if (target.pathname.startsWith('/interaction/')) target.searchParams.set('login', login);
    const response = await fetch(target, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${target.pathname} with ${response.status}: ${(await response.text()).slice(0, 200)}`);
    url = new URL(location, target).toString();
  }
  throw new Error('too many redirects');
}

/** The popup page's message to its opener, read out of the page. */
function popupMessage(html: string): { ok: boolean; loginCode?: string; error?: string } {
  const match = /var message = (\{.*?\});/s.exec(html);
  if (!match?.[1]) throw new Error(`no message in page: ${html.slice(0, 200)}`);
  return JSON.parse(match[1]) as { ok: boolean; loginCode?: string; error?: string };
}

/** "Sign in with Google" end to end against a real local OpenID provider (oidc-provider), in both runtime modes. */
describe.each(RUNTIME_MODES)('third-party sign-in (OpenID Connect, PKCE, state, nonce) ($name mode)', (mode: RuntimeMode) => {
  let provider: OidcTestProvider;
  let smtp: SmtpCapture;
  let started: StartedProduct;
  let product: RunningProduct;
  let betaToken: string;
  let publicUrl: string;
  const callbackPrefix = () => `${publicUrl}/api/auth/oidc/callback`;

  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${product.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-beta-token': betaToken, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const start = async () => (await api('GET', '/api/auth/oidc/start?intent=signin')).json.authorizationUrl as string;
  const callback = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, headers: response.headers, message: popupMessage(await response.text()) };
  };
  const signInWith = async (login: keyof typeof USERS) => {
    const page = await callback(await followToCallback(await start(), login, callbackPrefix()));
    return page;
  };
  /** The whole third-party sign-in: the popup's trip, then the opener trades the code for a session. */
  const sessionThrough = async (login: keyof typeof USERS) => {
    const page = await signInWith(login);
    expect(page.message).toMatchObject({ ok: true });
    const session = await api('POST', '/api/auth/oidc/complete', { loginCode: page.message.loginCode });
    expect(session.status).toBe(200);
    return session.json as { accessToken: string; refreshToken: string; user: { uid: string } };
  };
  const me = (accessToken: string) => api('GET', '/api/auth/me', undefined, { authorization: `Bearer ${accessToken}` });
  /** Proves the address the way its owner can (the reset link mailed to it, used); returns the new password. */
  const proveByResetLink = async (email: string) => {
    const password = strongPassword();
    await proveEmailByResetLink({ baseUrl: product.baseUrl, betaToken, smtp, email, password });
    return password;
  };

  beforeAll(async () => {
    provider = await startOidcTestProvider(USERS);
    smtp = await startSmtpCapture();
    publicUrl = provider.publicUrl;
    started = await mode.start({ ...provider.productEnv, SMTP_URL: smtp.url });
    product = started.product;
    betaToken = await product.betaToken();
  }, 180_000);

  afterAll(async () => {
    await started?.stop();
    await provider?.stop();
    await smtp?.close();
  });

  it('starts with PKCE (S256), a state and a nonce', async () => {
    const url = new URL(await start());
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(callbackPrefix());
  });

  it('signs a new user up through the popup and hands the opener a one-time code, never tokens', async () => {
    const page = await signInWith('alice');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'nonce-");
    expect(page.message).toEqual({ type: 'closetly:oidc-result', ok: true, loginCode: expect.any(String) });

    const session = await api('POST', '/api/auth/oidc/complete', { loginCode: page.message.loginCode });
    expect(session.status).toBe(200);
    const me = await api('GET', '/api/auth/me', undefined, { authorization: `Bearer ${String(session.json.accessToken)}` });
    expect(me.json).toMatchObject({ email: 'alice@example.com', firstName: 'Alice', lastName: 'Liddell' });

    const again = await api('POST', '/api/auth/oidc/complete', { loginCode: page.message.loginCode });
    expect(again.status).toBe(400);
    expect((again.json.error as { code: string }).code).toBe('OIDC_FAILED');
  });

  it('finds the same account again by issuer and subject', async () => {
    const first = await signInWith('alice');
    const second = await signInWith('alice');
    const uid = async (code?: string) => ((await api('POST', '/api/auth/oidc/complete', { loginCode: code })).json.user as { uid: string }).uid;
    expect(await uid(first.message.loginCode)).toBe(await uid(second.message.loginCode));
  });

  it('refuses a callback with a wrong state', async () => {
    const url = new URL(await followToCallback(await start(), 'alice', callbackPrefix()));
    url.searchParams.set('state', 'forged-state');
    const page = await callback(url.toString());
    expect(page.status).toBe(400);
    expect(page.message.ok).toBe(false);
  });

  it('refuses the same callback twice (state is single-use)', async () => {
    const url = await followToCallback(await start(), 'alice', callbackPrefix());
    expect((await callback(url)).message.ok).toBe(true);
    const replay = await callback(url);
    expect(replay.status).toBe(400);
    expect(replay.message.ok).toBe(false);
  });

  it('refuses an ID token whose nonce is not the one we sent', async () => {
    const authorizationUrl = new URL(await start());
    authorizationUrl.searchParams.set('nonce', 'a-nonce-we-never-issued');
    const page = await callback(await followToCallback(authorizationUrl.toString(), 'alice', callbackPrefix()));
    expect(page.status).toBe(400);
    expect(page.message).toMatchObject({ ok: false, error: 'The sign-in could not be verified.' });
  });

  it('refuses a code delivered with another attempt’s state (PKCE verifier and nonce do not match)', async () => {
    const attackerCallback = new URL(await followToCallback(await start(), 'alice', callbackPrefix()));
    const victimState = new URL(await start()).searchParams.get('state') ?? '';
    attackerCallback.searchParams.set('state', victimState);
    const page = await callback(attackerCallback.toString());
    expect(page.message.ok).toBe(false);
  });

  it('does not link to a password account when the provider has not verified the e-mail', async () => {
    const signUp = await api('POST', '/api/auth/signup', { firstName: 'Bob', lastName: 'B', email: 'bob@example.com', password: 'Passw0rd!' });
    expect(signUp.status).toBe(201);
    const page = await signInWith('mallory');
    expect(page.message).toMatchObject({ ok: false, error: UNVERIFIED_EMAIL });
    expect((await api('POST', '/api/auth/signin', { email: 'bob@example.com', password: 'Passw0rd!' })).status).toBe(200);
  });

  it('creates no account from an e-mail the provider has not verified', async () => {
    const page = await signInWith('erin');
    expect(page.message).toMatchObject({ ok: false, error: UNVERIFIED_EMAIL });
    // The address is still free.
    const signUp = await api('POST', '/api/auth/signup', { firstName: 'Erin', lastName: 'E', email: 'erin@example.com', password: 'Passw0rd!' });
    expect(signUp.status).toBe(201);
  });

  // Issue 22: the owner used to take the registrant's account over, with its name, profile and wardrobe.
  it('gives the provider’s verified owner of an address nobody proved a new account of their own: none of the registrant’s name, profile or wardrobe, and the registrant’s password, refresh token and access token stop working', async () => {
    const squatter = await api('POST', '/api/auth/signup', { firstName: 'Squatter', lastName: 'S', email: 'carol@example.com', password: 'Passw0rd!' });
    expect(squatter.status).toBe(201);
    const squatterSession = squatter.json as { accessToken: string; refreshToken: string; user: { uid: string } };
    const asSquatter = { authorization: `Bearer ${squatterSession.accessToken}` };
    expect((await api('POST', '/api/save', { data: { name: 'Planted Coat', brand: 'Squatter Label', price: 99 } }, asSquatter)).status).toBe(200);
    const planted = await api('GET', '/api/profile', undefined, asSquatter);
    expect(planted.status).toBe(200);
    expect((await api('PUT', '/api/profile', { ...planted.json, favoriteBrands: ['Squatter Label'] }, asSquatter)).status).toBe(200);

    const owner = await sessionThrough('carol');
    expect(owner.user.uid).not.toBe(squatterSession.user.uid);
    const asOwner = { authorization: `Bearer ${owner.accessToken}` };
    const ownerRecord = await me(owner.accessToken);
    expect(ownerRecord.status).toBe(200);
    expect(ownerRecord.json).toMatchObject({ uid: owner.user.uid, email: 'carol@example.com', firstName: 'Carol', lastName: 'C' });
    expect((await api('GET', '/api/get-wardrobe', undefined, asOwner)).json).toEqual([]);
    const ownerProfile = await api('GET', '/api/profile', undefined, asOwner);
    expect(ownerProfile.json).toMatchObject({ email: 'carol@example.com', favoriteBrands: [] });
    expect(ownerProfile.text).not.toContain('Squatter');

    // The account has no password now: the answer is the one for any wrong password or unknown e-mail.
    const signIn = await api('POST', '/api/auth/signin', { email: 'carol@example.com', password: 'Passw0rd!' });
    expect({ status: signIn.status, body: signIn.json }).toEqual({ status: 401, body: INVALID_CREDENTIALS });
    const refreshed = await api('POST', '/api/auth/refresh', { refreshToken: squatterSession.refreshToken });
    expect({ status: refreshed.status, code: (refreshed.json.error as { code: string }).code }).toEqual({ status: 401, code: 'INVALID_REFRESH_TOKEN' });
    // Access tokens are short-lived JWTs; ending the session deny-lists them at once.
    expect((await me(squatterSession.accessToken)).status).toBe(401);
    expect((await me(owner.accessToken)).status).toBe(200);
  });

  it('links to an account whose owner proved the address, keeping its password; a reset unlinks, and the owner’s login links again by itself', async () => {
    const signUp = await api('POST', '/api/auth/signup', { firstName: 'Dave', lastName: 'D', email: 'dave@example.com', password: 'Passw0rd!' });
    const uid = (signUp.json.user as { uid: string }).uid;
    const password = await proveByResetLink('dave@example.com');
    const passwordSession = (await api('POST', '/api/auth/signin', { email: 'dave@example.com', password })).json as { accessToken: string };

    expect((await sessionThrough('dave')).user.uid).toBe(uid);
    expect((await me(passwordSession.accessToken)).status).toBe(200);
    expect((await api('POST', '/api/auth/signin', { email: 'dave@example.com', password })).status).toBe(200);

    const newPassword = await proveByResetLink('dave@example.com');
    expect((await sessionThrough('dave')).user.uid).toBe(uid);
    expect((await api('POST', '/api/auth/signin', { email: 'dave@example.com', password: newPassword })).status).toBe(200);
  });

  it('needs the beta token to start, but not for the provider’s redirect', async () => {
    const start = await fetch(`${product.baseUrl}/api/auth/oidc/start`);
    expect(start.status).toBe(403);
    const callbackWithoutBeta = await fetch(`${product.baseUrl}/api/auth/oidc/callback?state=nothing&code=x`);
    expect(callbackWithoutBeta.status).toBe(400);
  });
});
