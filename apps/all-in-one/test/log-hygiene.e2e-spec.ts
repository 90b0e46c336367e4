import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNTIME_MODES, type RuntimeMode, type StartedProduct } from '@closetly/all-in-one/testing';
import { BETA_TOKEN_HEADER, CORRELATION_ID_HEADER } from '@closetly/contracts';
import { CONFIRMATION_SUBJECT, pollUntil, RESET_SUBJECT, type SmtpCapture, startSmtpCapture } from '@closetly/testing';
import jwt from 'jsonwebtoken';

/**
 * Logs never hold e-mail addresses, tokens or passwords (STYLE.md "Config and
 * logs"). The product runs at its most verbose level with every line it
 * writes kept (the embedded process's log file; each distributed process's
 * stdout and stderr), a user goes through every call that carries a secret,
 * and the logs are searched for each secret the run saw and for anything
 * shaped like an e-mail address or a JWT.
 */

/** Any e-mail address and any JWT (JSON in base64url starts with eyJ), written independently of the product's masking. */
const ANY_EMAIL = /[A-Za-z0-9._%+'-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const ANY_JWT = /eyJ[A-Za-z0-9_-]{10,}/;

const strongPassword = () => `Closet!${randomBytes(6).toString('hex')}Q7`;
const item = () => ({
  name: `Wool Coat ${randomUUID().slice(0, 8)}`,
  brand: 'Nordstrom',
  price: '$249.00',
  imageUrl: 'https://images.example.com/coat.jpg',
  sourceUrl: `https://www.nordstrom.com/s/item/${randomUUID().slice(0, 12)}`,
  gender: 'Women',
});

interface Answer<T> {
  status: number;
  body: T;
}

describe.each(RUNTIME_MODES)('log hygiene ($name mode)', (mode) => logHygieneSuite(mode));

function logHygieneSuite(mode: RuntimeMode): void {
  const betaCode = `beta-${randomBytes(12).toString('base64url')}`;
  const email = `log-hygiene-${randomUUID()}@example.com`;
  let logDir: string;
  let smtp: SmtpCapture;
  let started: StartedProduct | undefined;

  beforeAll(async () => {
    logDir = await mkdtemp(join(tmpdir(), 'closetly-logs-'));
    smtp = await startSmtpCapture();
    started = await mode.start({ LOG_LEVEL: 'trace', SMTP_URL: smtp.url, BETA_CODES: betaCode }, { logDir });
  }, 120_000);

  afterAll(async () => {
    await started?.stop();
    await smtp?.close();
    await rm(logDir, { recursive: true, force: true });
  });

  /** Every secret the run handles, by name, and the correlation id of each call. */
  const secrets = new Map<string, string>();
  const correlationIds = new Map<string, string>();
  const keep = (name: string, value: string | undefined) => {
    if (!value) throw new Error(`the run saw no ${name}`);
    secrets.set(name, value);
    return value;
  };

  async function call<T>(step: string, method: string, path: string, options: { body?: unknown; bearer?: string; beta?: string | null; raw?: string } = {}): Promise<Answer<T>> {
    const correlationId = `${step}-${randomUUID()}`;
    correlationIds.set(step, correlationId);
    const beta = options.beta === undefined ? secrets.get('beta token') : options.beta;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${started?.product.baseUrl}${path}`, {
      method,
      headers: {
        [CORRELATION_ID_HEADER]: correlationId,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(beta ? { [BETA_TOKEN_HEADER]: beta } : {}),
        ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      },
      body,
    });
    const text = await response.text();
    return { status: response.status, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
  }

  const statusOf = (answer: Answer<unknown>) => answer.status;
  type Session = { accessToken: string; refreshToken: string };

  it('keeps every e-mail address, password and token of a run out of its logs', async () => {
    const password = keep('password', strongPassword());
    keep('e-mail', email);
    keep('e-mail, percent-encoded', encodeURIComponent(email));
    keep('beta code', betaCode);

    expect(statusOf(await call('verify-beta-wrong', 'POST', '/api/verify-beta', { body: { code: `wrong-${betaCode}` }, beta: null }))).toBe(200);
    keep('beta token', (await call<{ betaToken?: string }>('verify-beta', 'POST', '/api/verify-beta', { body: { code: betaCode }, beta: null })).body.betaToken);

    const signUp = await call<Session>('sign-up', 'POST', '/api/auth/signup', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password, gender: 'female' } });
    expect(signUp.status).toBe(201);
    keep('access token (sign-up)', signUp.body.accessToken);
    keep('refresh token (sign-up)', signUp.body.refreshToken);

    expect(statusOf(await call('bad-email', 'POST', '/api/auth/signup', { body: { firstName: 'Ada', lastName: 'Lovelace', email: `${email}.`, password, gender: 'female' } }))).toBe(400);
    expect(statusOf(await call('sign-in-wrong-password', 'POST', '/api/auth/signin', { body: { email, password: keep('wrong password', strongPassword()) } }))).toBe(401);
    const signIn = await call<Session>('sign-in', 'POST', '/api/auth/signin', { body: { email, password } });
    expect(signIn.status).toBe(200);
    keep('access token (sign-in)', signIn.body.accessToken);
    keep('refresh token (sign-in)', signIn.body.refreshToken);

    const refreshed = await call<Session>('refresh', 'POST', '/api/auth/refresh', { body: { refreshToken: signIn.body.refreshToken } });
    expect(refreshed.status).toBe(200);
    const accessToken = keep('access token (refresh)', refreshed.body.accessToken);
    const refreshToken = keep('refresh token (refresh)', refreshed.body.refreshToken);
    expect(statusOf(await call('me', 'GET', '/api/auth/me', { bearer: accessToken }))).toBe(200);

    // Sign-up mailed a confirmation link: its token is a secret too, and the link confirms through the API.
    const confirmation = await pollUntil(() => smtp.mailsTo(email).find((mail) => mail.subject === CONFIRMATION_SUBJECT), Boolean, { what: 'the confirmation e-mail', timeoutMs: 15_000 });
    const confirmationToken = keep('confirmation token', new URL(/https?:\/\/\S+/.exec(confirmation?.text ?? '')?.[0] ?? 'http://x').searchParams.get('token') ?? undefined);
    await call('confirm-page', 'GET', `/confirm-email?token=${confirmationToken}`, { beta: null });
    expect(statusOf(await call('confirm-email', 'POST', '/api/auth/confirm-email', { body: { token: confirmationToken } }))).toBe(204);

    // The first reset mail is refused, so the mail queue logs an SMTP failure that names the recipient, then retries.
    smtp.refuseNextMailTo(email);
    expect(statusOf(await call('forgot-password', 'POST', '/api/auth/forgot-password', { body: { email } }))).toBe(202);
    const mail = await pollUntil(() => smtp.mailsTo(email).find((each) => each.subject === RESET_SUBJECT), Boolean, { what: 'the reset e-mail, sent again after a refusal', timeoutMs: 15_000 });
    const resetToken = keep('reset token', new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://x').searchParams.get('token') ?? undefined);
    const newPassword = keep('new password', strongPassword());
    const forgedResetToken = keep('forged reset token', randomBytes(32).toString('base64url'));
    expect(statusOf(await call('reset-password-bad-token', 'POST', '/api/auth/reset-password', { body: { token: forgedResetToken, password: newPassword } }))).toBe(400);
    // The link as a browser opens it: the token in the query string of a page request.
    await call('reset-page', 'GET', `/reset-password?token=${resetToken}`, { beta: null });
    expect(statusOf(await call('reset-password', 'POST', '/api/auth/reset-password', { body: { token: resetToken, password: newPassword } }))).toBe(204);
    // An address in a path, as a mistaken client might send it.
    expect(statusOf(await call('email-in-path', 'GET', `/api/users/${encodeURIComponent(email)}`))).toBe(404);

    const again = await call<Session>('sign-in-again', 'POST', '/api/auth/signin', { body: { email, password: newPassword } });
    expect(again.status).toBe(200);
    const session = { accessToken: keep('access token (after reset)', again.body.accessToken), refreshToken: keep('refresh token (after reset)', again.body.refreshToken) };
    const minted = await call<{ token: string }>('extension-token', 'POST', '/api/auth/extension-token', { bearer: session.accessToken });
    expect(minted.status).toBe(200);
    const extensionToken = keep('extension token', minted.body.token);
    expect(statusOf(await call('save', 'POST', '/api/save', { body: { data: item() }, bearer: extensionToken }))).toBe(200);

    const forged = keep('forged access token', jwt.sign({ sub: randomUUID(), sid: randomUUID(), typ: 'access', roles: ['admin'] }, randomBytes(32), { keyid: 'k1', expiresIn: 600 }));
    expect(statusOf(await call('forged-bearer', 'GET', '/api/auth/me', { bearer: forged }))).toBe(401);
    const opaque = keep('forged opaque bearer', randomBytes(32).toString('base64url'));
    expect(statusOf(await call('opaque-bearer', 'GET', '/api/auth/me', { bearer: opaque }))).toBe(401);
    expect(statusOf(await call('malformed-json', 'POST', '/api/auth/signin', { raw: `{"email":"${email}","password":"${password}"` }))).toBe(400);

    expect(statusOf(await call('logout', 'POST', '/api/logout', { body: { token: session.refreshToken }, bearer: session.accessToken }))).toBe(204);
    expect(statusOf(await call('logout-old-session', 'POST', '/api/logout', { body: { token: refreshToken } }))).toBe(204);

    // Stopped here, so the logs also hold the shutdown and whatever was still in flight.
    const product = started;
    started = undefined;
    await product?.stop();
    const logs = await readLogs(logDir);

    expect(logs.text.length).toBeGreaterThan(0);
    const leaks = [...secrets].filter(([, secret]) => logs.text.includes(secret)).map(([name]) => name);
    expect({ leaks, lines: leaks.flatMap((name) => logs.lines.filter((line) => line.includes(secrets.get(name) ?? '')).slice(0, 3)) }).toEqual({ leaks: [], lines: [] });
    expect(logs.lines.filter((line) => ANY_EMAIL.test(line) || ANY_JWT.test(line)).slice(0, 5)).toEqual([]);

    // Not vacuous: the gateway logged each call, under the correlation id the call sent.
    const logged = new Set(logs.json.filter((line) => line.msg === 'request').map((line) => line.correlationId));
    expect([...correlationIds].filter(([, id]) => !logged.has(id)).map(([step]) => step)).toEqual([]);
    expect(logs.json.some((line) => line.msg === 'mail not sent; will retry')).toBe(true);
  }, 60_000);
}

interface LogLine {
  msg?: string;
  correlationId?: string;
}

/** Every file the product wrote under `dir`: the whole text, its lines, and those that are JSON, parsed. */
async function readLogs(dir: string): Promise<{ text: string; lines: string[]; json: LogLine[] }> {
  const files = await readdir(dir);
  const text = (await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')))).join('\n');
  const lines = text.split('\n').filter((line) => line.length > 0);
  const json = lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
  return { text, lines, json };
}
