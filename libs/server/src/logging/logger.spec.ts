import { Logger } from '@nestjs/common';
import { DrizzleQueryError } from 'drizzle-orm';
import { DomainError } from '../errors/domain-error';
import { runWithContext } from './context';
import { createRootLogger, PinoNestLogger } from './logger';

interface LogLine {
  level: number;
  msg?: string;
  context?: string;
  correlationId?: string;
  err?: { type?: string; message?: string; stack?: string; code?: string; details?: unknown };
  [field: string]: unknown;
}

/** A root logger writing into an array: every JSON line as written, and parsed. */
function capturedLogger() {
  const raw: string[] = [];
  const root = createRootLogger('trace', { process: 'test' }, { write: (line: string) => void raw.push(line) });
  return { root, raw, lines: () => raw.map((line) => JSON.parse(line) as LogLine) };
}

const ERROR = 50;
const WARN = 40;
const INFO = 30;

describe('logging through Nest', () => {
  let captured: ReturnType<typeof capturedLogger>;

  beforeEach(() => {
    captured = capturedLogger();
    Logger.overrideLogger(new PinoNestLogger(captured.root));
  });
  // The test setup keeps Nest's static logger silent; leave it so for the next file.
  afterAll(() => Logger.overrideLogger(false));

  const rateLimited = () => new DomainError('RATE_LIMITED', 'too many attempts', { retryAfterSeconds: 30 });

  it('writes an error logged as (fields, message) with the message, stack, code and correlation id', () => {
    const error = rateLimited();
    runWithContext({ correlationId: 'corr-err-1' }, () => new Logger('HttpErrorFilter').error({ err: error, path: '/api/sign-in' }, 'request failed'));

    const [line, ...others] = captured.lines();
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      level: ERROR,
      msg: 'request failed',
      context: 'HttpErrorFilter',
      correlationId: 'corr-err-1',
      path: '/api/sign-in',
      err: { type: 'DomainError', message: 'too many attempts', code: 'RATE_LIMITED', details: { retryAfterSeconds: 30 } },
    });
    expect(line?.err?.stack).toBe(error.stack);
    expect(line?.err?.stack).toContain('logger.spec');
  });

  it.each([
    ['(error)', (log: Logger, error: Error) => log.error(error), 'too many attempts'],
    ['(error, stack)', (log: Logger, error: Error) => log.error(error, error.stack), 'too many attempts'],
    ['(error, message)', (log: Logger, error: Error) => log.error(error, 'sign-in refused'), 'sign-in refused'],
  ])('writes an error logged as %s with its message, stack and code', (_shape, write, msg) => {
    const error = rateLimited();
    runWithContext({ correlationId: 'corr-err-2' }, () => write(new Logger('AuthController'), error));

    expect(captured.lines()).toEqual([
      expect.objectContaining({
        level: ERROR,
        msg,
        context: 'AuthController',
        correlationId: 'corr-err-2',
        err: expect.objectContaining({ message: 'too many attempts', code: 'RATE_LIMITED', stack: error.stack }),
      }),
    ]);
  });

  it('writes (message, stack) as the message with the stack under err, as Nest itself logs', () => {
    const { stack } = new Error('shutdown hook failed');
    new Logger('NestApplicationContext').error('Error happened during shutdown', stack);
    Logger.error('static call, no context', stack);

    expect(captured.lines()).toEqual([
      expect.objectContaining({ level: ERROR, msg: 'Error happened during shutdown', context: 'NestApplicationContext', err: { message: 'Error happened during shutdown', stack } }),
      expect.objectContaining({ level: ERROR, msg: 'static call, no context', err: { message: 'static call, no context', stack } }),
    ]);
    expect(captured.lines()[1]).not.toHaveProperty('context');
  });

  it('writes a plain error message with its context and no invented stack', () => {
    new Logger('OutboxRelay').error('relay stopped');
    expect(captured.lines()).toEqual([expect.objectContaining({ level: ERROR, msg: 'relay stopped', context: 'OutboxRelay' })]);
    expect(captured.lines()[0]).not.toHaveProperty('err');
  });

  it('keeps the message of warn and log lines in msg and the class in context', () => {
    const relay = new Logger('OutboxRelay:wardrobe');
    runWithContext({ correlationId: 'corr-warn' }, () => {
      relay.warn({ failures: 3, reason: 'broker unreachable' }, 'publish failed; events stay in the outbox');
      relay.log({ after: 3 }, 'bus reachable again; publishing resumed');
      relay.log('relay started');
    });

    expect(captured.lines()).toEqual([
      expect.objectContaining({ level: WARN, msg: 'publish failed; events stay in the outbox', context: 'OutboxRelay:wardrobe', failures: 3, reason: 'broker unreachable', correlationId: 'corr-warn' }),
      expect.objectContaining({ level: INFO, msg: 'bus reachable again; publishing resumed', context: 'OutboxRelay:wardrobe', after: 3 }),
      expect.objectContaining({ level: INFO, msg: 'relay started', context: 'OutboxRelay:wardrobe' }),
    ]);
  });

  it('maps debug and verbose to pino levels and skips what the level hides', () => {
    const quiet = capturedLogger();
    const logger = new PinoNestLogger(createRootLogger('debug', {}, { write: (line: string) => void quiet.raw.push(line) }));
    logger.debug('cache miss', 'Cache');
    logger.verbose('every detail', 'Cache');
    expect(quiet.lines()).toEqual([expect.objectContaining({ level: 20, msg: 'cache miss', context: 'Cache' })]);
  });
});

describe('PinoNestLogger called directly', () => {
  it.each([
    ['(error, stack, context)', (logger: PinoNestLogger, error: Error) => logger.error(error, error.stack, 'RpcDomainErrorFilter'), 'too many attempts'],
    ['(fields, message, context)', (logger: PinoNestLogger, error: Error) => logger.error({ err: error }, 'unhandled error in RPC handler', 'RpcDomainErrorFilter'), 'unhandled error in RPC handler'],
  ])('writes an error logged as %s with message, stack, code and correlation id', (_shape, write, msg) => {
    const { root, lines } = capturedLogger();
    const error = new DomainError('UPSTREAM_TIMEOUT', 'too many attempts');
    runWithContext({ correlationId: 'corr-direct' }, () => write(new PinoNestLogger(root), error));

    expect(lines()).toEqual([
      expect.objectContaining({
        level: ERROR,
        msg,
        context: 'RpcDomainErrorFilter',
        correlationId: 'corr-direct',
        err: expect.objectContaining({ type: 'DomainError', message: 'too many attempts', code: 'UPSTREAM_TIMEOUT', stack: error.stack }),
      }),
    ]);
  });

  it('writes (message, context) and (fields, message, context) with the message in msg', () => {
    const { root, lines } = capturedLogger();
    const logger = new PinoNestLogger(root);
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn({ url: 'https://shop.example/a.jpg' }, 'image URL refused', 'ImagesService');
    expect(lines()).toEqual([
      expect.objectContaining({ level: INFO, msg: 'Nest application successfully started', context: 'NestApplication' }),
      expect.objectContaining({ level: WARN, msg: 'image URL refused', context: 'ImagesService', url: 'https://shop.example/a.jpg' }),
    ]);
  });
});

describe('redaction', () => {
  const secrets = {
    accessToken: 'eyJ-access-secret',
    refreshToken: 'refresh-secret',
    token: 'reset-token-secret',
    betaToken: 'v1.beta-token-secret',
    password: 'hunter2-password',
    email: 'ada@example.com',
    authorization: 'Bearer header-secret',
    cookie: 'sid=cookie-secret',
    betaHeader: 'v1.header-beta-secret',
    loginCode: 'login-code-secret',
    betaCode: 'beta-code-secret',
    bodyCode: 'body-code-secret',
    detailsEmail: 'grace@example.com',
    listedEmail: 'linus@example.com',
    deepPassword: 'deep-password-secret',
    upperCaseHeader: 'Basic upper-case-secret',
  };

  it('hides tokens, passwords, e-mail addresses and one-time codes at any depth, and keeps error codes', () => {
    const { root, raw, lines } = capturedLogger();
    const error = new DomainError('INVALID_CREDENTIALS', 'Invalid email or password', { email: secrets.detailsEmail });
    new PinoNestLogger(root).error(
      {
        err: error,
        accessToken: secrets.accessToken,
        session: { refreshToken: secrets.refreshToken, user: { email: secrets.email } },
        reset: { token: secrets.token },
        request: {
          headers: { authorization: secrets.authorization, cookie: secrets.cookie, 'x-beta-token': secrets.betaHeader },
          body: { code: secrets.bodyCode, password: secrets.password },
        },
        oidc: { loginCode: secrets.loginCode },
        beta: { betaCode: secrets.betaCode, betaToken: secrets.betaToken },
        recipients: [{ email: secrets.listedEmail }],
        upstream: { request: { options: { auth: { headers: { Authorization: secrets.upperCaseHeader } } } } },
        a: { b: { c: { d: { e: { password: secrets.deepPassword } } } } },
        code: 'INVALID_CREDENTIALS',
      },
      'sign-in failed',
      'AuthController',
    );

    const [written] = raw;
    for (const [what, secret] of Object.entries(secrets)) expect({ what, leaked: written?.includes(secret) }).toEqual({ what, leaked: false });
    expect(lines()[0]).toMatchObject({
      msg: 'sign-in failed',
      code: 'INVALID_CREDENTIALS',
      accessToken: '[redacted]',
      session: { refreshToken: '[redacted]', user: { email: '[redacted]' } },
      request: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'x-beta-token': '[redacted]' }, body: '[redacted]' },
      oidc: { loginCode: '[redacted]' },
      err: { code: 'INVALID_CREDENTIALS', details: { email: '[redacted]' } },
      recipients: [{ email: '[redacted]' }],
      a: { b: { c: { d: { e: { password: '[redacted]' } } } } },
    });
  });

  it('masks e-mail addresses and tokens in messages and values no key names', () => {
    const { root, raw, lines } = capturedLogger();
    const address = 'ada@example.com';
    const token = 'Tq3vN8xLmR2pK7wYzB5cD9fGhJ4sE6uA1oI0eX_-rWk';
    const jwtLike = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';
    const logger = new PinoNestLogger(root);
    logger.warn({ reason: `550 <${address}> rejected`, url: new URL(`https://shop.example/reset?token=${token}`), [address]: 1 }, `mail to ${address} failed`, 'MailQueue');
    logger.error(new Error(`could not verify ${jwtLike}`), 'AuthGuard');
    root.error(new Error(`no account for ${address}`));
    root.warn({ err: new Error(`token ${token} unknown`) });
    root.info('sent to %s with %o', address, { link: `https://closetly.test/reset-password?token=${token}` });

    for (const secret of [address, token, jwtLike]) expect(raw.join('')).not.toContain(secret);
    expect(lines()).toEqual([
      expect.objectContaining({ msg: 'mail to [email] failed', reason: '550 <[email]> rejected', url: 'https://shop.example/reset?token=[token]', '[email]': 1 }),
      expect.objectContaining({ msg: 'could not verify [token]', err: expect.objectContaining({ message: 'could not verify [token]' }) }),
      expect.objectContaining({ msg: 'no account for [email]', err: expect.objectContaining({ message: 'no account for [email]' }) }),
      expect.objectContaining({ msg: 'token [token] unknown' }),
      expect.objectContaining({ msg: expect.stringMatching(/^sent to \[email\] with .*reset-password\?token=\[token\]/) }),
    ]);
  });

  it('keeps the SQL of a failed query and drops its values, in the message and the stack', () => {
    const { root, raw, lines } = capturedLogger();
    const error = new DrizzleQueryError('insert into "accounts" ("email", "password_hash") values ($1, $2)', ['ada@example.com', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA'], new Error('duplicate key'));
    new PinoNestLogger(root).error({ err: new Error('wrapped', { cause: error }) }, 'unhandled error in RPC handler', 'RpcDomainErrorFilter');

    expect(raw.join('')).not.toContain('ada@example.com');
    expect(raw.join('')).not.toContain('argon2id');
    const cause = (lines()[0]?.err as { cause?: { message?: string; stack?: string } }).cause;
    expect(cause?.message).toBe('Failed query: insert into "accounts" ("email", "password_hash") values ($1, $2)');
    expect(cause?.stack).toContain('params: [redacted]');
    expect(cause?.stack).toContain('logger.spec');
  });

  it('writes a circular structure without failing', () => {
    const { root, lines } = capturedLogger();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    new PinoNestLogger(root).warn({ loop }, 'odd payload', 'Test');
    expect(lines()[0]).toMatchObject({ msg: 'odd payload', loop: { name: 'loop', self: { name: 'loop' } } });
  });

  it('redacts what pino is given directly, as the search engine lifecycle logs', () => {
    const { root, raw, lines } = capturedLogger();
    root.child({ context: 'SearchEngineLifecycle' }).warn({ err: new DomainError('SERVICE_UNAVAILABLE', 'down', { password: secrets.password }) }, 'search engine not reachable');
    expect(raw.join('')).not.toContain(secrets.password);
    expect(lines()[0]).toMatchObject({ context: 'SearchEngineLifecycle', err: { code: 'SERVICE_UNAVAILABLE', message: 'down', details: { password: '[redacted]' } } });
  });
});
