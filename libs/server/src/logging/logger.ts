import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentContext } from './context';
import { maskSecretText } from './secret-text';

/**
 * Keys whose values never reach a log line: tokens, passwords, secrets,
 * headers that carry them, and any e-mail field. Matched anywhere in the key,
 * in any case, so `adminEmails`, `x-beta-token` and `passwordHash` are caught.
 */
const SECRET_KEY = /passw|token|secret|authoriz|cookie|e-?mail/i;
/**
 * A bare `code` stays visible: it names errors, and hiding it hides why
 * something failed. One-time codes are censored by their own names instead,
 * and request bodies whole, since a body is where a code or a password travels.
 */
const SECRET_NAMES = new Set(['betacode', 'betacodes', 'logincode', 'codeverifier', 'body']);
const isSecretKey = (key: string): boolean => SECRET_KEY.test(key) || SECRET_NAMES.has(key.toLowerCase());
/** Deeper than this a log field is cut off rather than walked (also ends circular structures). */
const MAX_DEPTH = 8;
const REDACTED = '[redacted]';

/**
 * An error as a log field: what it says, where it was thrown, and the code
 * and details a DomainError carries (a RemoteError also names its service).
 * Only these fields: other enumerable properties of library errors (request
 * metadata, headers) are where credentials hide.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, details, service, statusCode } = error as Error & Record<'code' | 'details' | 'service' | 'statusCode', unknown>;
  const { message, stack } = withoutQueryParams(error);
  return {
    type: error.name,
    message,
    stack,
    ...(code !== undefined ? { code } : {}),
    ...(details !== undefined ? { details } : {}),
    ...(service !== undefined ? { service } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(error.cause !== undefined ? { cause: error.cause } : {}),
  };
}

/**
 * Drizzle's DrizzleQueryError says `Failed query: <sql>\nparams: <values>`, in
 * its message and so in its stack: the values are what a row holds (an
 * e-mail, a password hash, a token hash). The SQL stays; the values go.
 */
function withoutQueryParams(error: Error): { message: string; stack: string | undefined } {
  const { query, params } = error as Error & { query?: unknown; params?: unknown };
  if (typeof query !== 'string' || params === undefined) return { message: error.message, stack: error.stack };
  const message = `Failed query: ${query}`;
  return { message, stack: error.stack?.replace(error.message, `${message}\nparams: [redacted]`) };
}

/**
 * A copy of a log line's fields with secrets censored and errors serialised,
 * at every depth: a value under a secret key is replaced, and every string
 * left (keys included) has the e-mail addresses and tokens in it masked
 * (`maskSecretText`). One walk per line: pino's wildcard redact paths
 * (`*.*.password`, …) cost 10 to 50 times the line itself for the keys above.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskSecretText(value);
  if (value instanceof Error) return redactSecrets(serializeError(value), depth);
  if (typeof value !== 'object' || value === null) return value;
  // Dates, Buffers, URLs: written as their own toJSON makes them; a string that way (a URL) is masked too.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    const json: unknown = (value as { toJSON: () => unknown }).toJSON();
    return typeof json === 'string' ? maskSecretText(json) : value;
  }
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[maskSecretText(key)] = item !== undefined && isSecretKey(key) ? REDACTED : redactSecrets(item, depth + 1);
  return copy;
}

/**
 * The arguments of a pino call with the message masked as well: pino writes
 * `msg` (and the values it interpolates) outside the formatters. A line given
 * only an error takes the error's message as `msg`, so it is set here, masked.
 */
function maskLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const masked = rest.map((arg) => redactSecrets(arg));
  if (typeof first === 'string') return [maskSecretText(first), ...masked];
  const err = first instanceof Error ? first : (first as { err?: unknown } | null | undefined)?.err;
  if (masked.length === 0 && err instanceof Error) masked.push(redactSecrets(withoutQueryParams(err).message));
  return [first, ...masked];
}

/**
 * One pino root logger per process, JSON lines on stdout (or `destination`,
 * for tests). Every line carries the correlation id of the work in progress;
 * secrets are censored by key, e-mail addresses and tokens masked in every
 * string, message included, and errors serialised (`redactSecrets`).
 */
export function createRootLogger(level: string, base: Record<string, unknown> = {}, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid, ...base },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const context = currentContext();
        return context ? { correlationId: context.correlationId } : {};
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, maskLogArguments(args) as Parameters<typeof method>);
        },
      },
      formatters: {
        log: (fields) => redactSecrets(fields) as Record<string, unknown>,
        bindings: (bindings) => redactSecrets(bindings) as Record<string, unknown>,
      },
      // `err` is serialised by the formatter already; pino's default serialiser would retype the copy as "Object".
      serializers: { err: serializeError },
    },
    destination,
  );
}

type PinoLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** A V8 stack trace: a first line, then "    at …" frames. Never a class name, so never a context. */
const STACK_TRACE = /\n\s+at \S/;
const isStackTrace = (value: unknown): value is string => typeof value === 'string' && STACK_TRACE.test(value);

/**
 * Nest's Logger calls its LoggerService as `method(message, ...params)` and
 * appends its context (the class name) as the last param; `error` pads a
 * missing stack with `undefined`. The shapes that arrive here:
 *   log('text', 'Ctx')             log({ fields }, 'text', 'Ctx')
 *   error('text', stack, 'Ctx')    error(err, err.stack, 'Ctx')    error({ err }, 'text', 'Ctx')
 * A Logger without a context (Nest's static calls) sends no last param.
 * Each becomes one pino line: fields, `msg` and `context`.
 */
function toLogLine(message: unknown, params: unknown[]): { fields: Record<string, unknown>; msg: string | undefined } {
  const rest = [...params];
  const last = rest.at(-1);
  const context = typeof last === 'string' && !isStackTrace(last) ? (rest.pop() as string) : undefined;

  const fields: Record<string, unknown> = {};
  let msg: string | undefined;
  if (message instanceof Error) {
    fields.err = message;
  } else if (Array.isArray(message)) {
    fields.value = message;
  } else if (typeof message === 'object' && message !== null) {
    Object.assign(fields, message);
  } else if (message !== undefined) {
    msg = String(message);
  }

  const extra: unknown[] = [];
  for (const param of rest) {
    if (param === undefined) continue;
    if (isStackTrace(param)) {
      // error('text', stack): the stack belongs with the text. error(err, err.stack): err has it already.
      fields.err ??= { message: msg, stack: param };
    } else if (typeof param === 'string' && msg === undefined) {
      msg = param;
    } else {
      extra.push(param);
    }
  }
  if (message instanceof Error) msg ??= message.message;
  if (extra.length > 0) fields.extra = extra;
  if (context !== undefined) fields.context = context;
  return { fields, msg };
}

/** Nest's logger interface on top of pino, so framework and application lines are the same JSON. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: PinoLevel, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const { fields, msg } = toLogLine(message, params);
    if (msg === undefined) this.logger[level](fields);
    else this.logger[level](fields, msg);
  }
}
