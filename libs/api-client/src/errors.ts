/**
 * The server answered with a non-2xx status. `body` is the parsed JSON body when there was one,
 * the raw text when it was not JSON, or `null` when it was empty.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string = messageFrom(status, body),
  ) {
    super(message);
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

function messageFrom(status: number, body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return `Request failed with status ${status}`;
}
