import { ApiErrorBody } from '@closetly/contracts';

/**
 * The server answered with a non-2xx status. `body` is the parsed JSON body when there was one,
 * the raw text when it was not JSON, or `null` when it was empty.
 * When the body is the gateway's `{ error: { code, message, fields? } }`, `code` and `fields` expose it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The gateway's error code (e.g. `INVALID_CREDENTIALS`), when the body carried one. */
  readonly code: string | undefined;
  /** Per-field messages of a `VALIDATION_FAILED` answer. */
  readonly fields: Readonly<Record<string, readonly string[]>> | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string = messageFrom(status, body),
  ) {
    super(message);
    const parsed = ApiErrorBody.safeParse(body);
    this.code = parsed.success ? parsed.data.error.code : undefined;
    this.fields = parsed.success ? parsed.data.error.fields : undefined;
  }

  /** The server's own message when it sent one (not the generic "Request failed with status N"). */
  get serverMessage(): string | undefined {
    return serverMessageOf(this.body);
  }
}

/**
 * The server answered 2xx but the body was not the JSON the contract describes
 * (for example a page of HTML from a misrouted request).
 */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';

  constructor(
    readonly status: number,
    readonly body: unknown,
    options?: { cause?: unknown },
  ) {
    super('Invalid response format received', options);
  }
}

/** The request never got an answer (offline, DNS, connection refused, CORS). Aborts are not wrapped. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed', { cause });
  }
}

function serverMessageOf(body: unknown): string | undefined {
  const parsed = ApiErrorBody.safeParse(body);
  if (parsed.success) return parsed.data.error.message;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

function messageFrom(status: number, body: unknown): string {
  return serverMessageOf(body) ?? `Request failed with status ${status}`;
}
