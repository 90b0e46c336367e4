import type { ApiErrorCode } from '@closetly/contracts';

/**
 * Services throw these, never HTTP exceptions: the same service code runs
 * behind RPC and behind event consumers. The gateway maps `code` to a status;
 * the type keeps every code one it has a status for.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** An RPC call's remote failure, rebuilt on the caller's side. */
export class RemoteError extends DomainError {
  constructor(
    code: ApiErrorCode,
    message: string,
    readonly service: string,
    details?: unknown,
  ) {
    super(code, message, details);
    this.name = 'RemoteError';
  }
}

/** A consumer throws this for a message that can never be processed (goes to the dead-letter topic). */
export class PermanentEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentEventError';
  }
}
