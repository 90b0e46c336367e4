import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, keyIdOf, randomSecret, SecretsFileError } from '@closetly/server';
import jwt from 'jsonwebtoken';
import { type EmbeddedApp, startEmbeddedApp } from '../src/embedded-app';

/**
 * `npm start` with no keys configured: the embedded product generates them on
 * first start into DATA_DIR/secrets.json (mode 0600) and signs with them,
 * keeps them across restarts (so beta tokens and sessions survive), and lets
 * explicit variables win. Runs on a real data directory, as `npm start` does.
 */
describe('embedded mode keeps its generated keys in DATA_DIR/secrets.json', () => {
  let dataDir: string;
  let app: EmbeddedApp | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'closetly-embedded-secrets-'));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** The embedded entry as `npm start` runs it, on the shared data directory and a free port, with no keys unless given. */
  async function start(env: NodeJS.ProcessEnv = {}): Promise<EmbeddedApp> {
    const { AUTH_JWT_SECRET: _jwt, BETA_TOKEN_SECRET: _beta, UNSUBSCRIBE_TOKEN_SECRET: _unsubscribe, ...inherited } = process.env;
    app = await startEmbeddedApp({ ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', ...env });
    return app;
  }

  const file = () => join(dataDir, 'secrets.json');
  const stored = async () => JSON.parse(await readFile(file(), 'utf8')) as Record<string, string>;

  /** An administrator's access token signed with this key, named as identity names keys. */
  /** A live session of a real account (kept across restarts on the shared data directory): identity decides whether a token's session is live. */
  let session: { sub: string; sid: string } | undefined;
  async function liveSession(running: EmbeddedApp, betaToken: string): Promise<{ sub: string; sid: string }> {
    if (session) return session;
    const response = await fetch(`${running.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-beta-token': betaToken },
      body: JSON.stringify({ firstName: 'Kay', lastName: 'Keys', email: `keys-${randomUUID()}@example.com`, password: 'K33p!Secrets' }),
    });
    const { accessToken } = (await response.json()) as { accessToken: string };
    const { sub, sid } = jwt.decode(accessToken) as { sub: string; sid: string };
    session = { sub, sid };
    return session;
  }

  const adminToken = (secret: string) =>
    jwt.sign({ sid: session?.sid, roles: ['admin'], typ: 'access' }, secret, {
      algorithm: 'HS256',
      keyid: keyIdOf(secret),
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      subject: session?.sub,
      expiresIn: 600,
    });

  async function betaTokenFrom(running: EmbeddedApp): Promise<string> {
    const response = await fetch(`${running.url}/api/verify-beta`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'closetly-beta' }) });
    const body = (await response.json()) as { betaToken?: string };
    if (!body.betaToken) throw new Error(`verify-beta refused the demo code: ${JSON.stringify(body)}`);
    return body.betaToken;
  }

  /** The admin-only list: 200 for an administrator, 401 for a token that does not pass, 403 without a valid beta token. */
  async function adminList(running: EmbeddedApp, betaToken: string, accessToken: string): Promise<number> {
    const response = await fetch(`${running.url}/api/products/ungendered`, { headers: { 'x-beta-token': betaToken, authorization: `Bearer ${accessToken}` } });
    await response.arrayBuffer();
    return response.status;
  }

  let firstBetaToken: string;
  /** A first start on disk runs initdb and every migration: seconds alone, over a minute on a loaded two-core machine. */
  const START_TIMEOUT_MS = 180_000;

  it('generates random keys on first start into a 0600 file, and signs with them', async () => {
    const running = await start();
    const keys = await stored();
    expect(Object.keys(keys).sort()).toEqual(['AUTH_JWT_SECRET', 'BETA_TOKEN_SECRET', 'UNSUBSCRIBE_TOKEN_SECRET']);
    expect(running.signingSecrets).toEqual({ AUTH_JWT_SECRET: keys.AUTH_JWT_SECRET, BETA_TOKEN_SECRET: keys.BETA_TOKEN_SECRET });
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    firstBetaToken = await betaTokenFrom(running);
    expect(firstBetaToken.split('.')[1]).toBe(keyIdOf(keys.BETA_TOKEN_SECRET ?? ''));
    await liveSession(running, firstBetaToken);
    expect(await adminList(running, firstBetaToken, adminToken(keys.AUTH_JWT_SECRET ?? ''))).toBe(200);
    expect(await adminList(running, firstBetaToken, adminToken('closetly-development-jwt-secret-not-for-production-use'))).toBe(401);
  }, START_TIMEOUT_MS);

  it('reuses them after a restart: beta tokens and access tokens issued before still pass', async () => {
    const before = await stored();
    const running = await start();
    expect(await stored()).toEqual(before);
    expect(await adminList(running, firstBetaToken, adminToken(before.AUTH_JWT_SECRET ?? ''))).toBe(200);
  }, START_TIMEOUT_MS);

  it('lets explicit variables win over the file, and leaves the file as it is', async () => {
    const before = await stored();
    const explicit = randomSecret();
    const running = await start({ AUTH_JWT_SECRET: explicit });
    expect(running.signingSecrets).toEqual({ AUTH_JWT_SECRET: explicit, BETA_TOKEN_SECRET: before.BETA_TOKEN_SECRET });
    expect(await adminList(running, firstBetaToken, adminToken(explicit))).toBe(200);
    expect(await adminList(running, firstBetaToken, adminToken(before.AUTH_JWT_SECRET ?? ''))).toBe(401);
    expect(await stored()).toEqual(before);
  }, START_TIMEOUT_MS);

  it('refuses to start when others can read the file, naming it', async () => {
    await chmod(file(), 0o640);
    await expect(start()).rejects.toThrow(SecretsFileError);
    await expect(start()).rejects.toThrow(file());
    await chmod(file(), 0o600);
  });
});
