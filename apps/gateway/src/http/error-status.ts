import { API_ERROR_CODES, type ApiErrorCode } from '@closetly/contracts';

export const isApiErrorCode = (code: string): code is ApiErrorCode => (API_ERROR_CODES as readonly string[]).includes(code);

/** One place maps every domain error code to its HTTP status. The switch is exhaustive. */
export function statusForCode(code: ApiErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
    case 'INVALID_RESET_TOKEN':
    case 'INVALID_CONFIRMATION_TOKEN':
    case 'OIDC_FAILED':
      return 400;
    // 401 means "sign in again": the web app signs the user out on it (spec §4).
    case 'UNAUTHENTICATED':
    case 'INVALID_CREDENTIALS':
    case 'INVALID_REFRESH_TOKEN':
      return 401;
    case 'ACCOUNT_DISABLED':
    case 'FORBIDDEN':
    case 'REAUTHENTICATION_FAILED':
      return 403;
    case 'EMAIL_TAKEN':
      return 409;
    case 'RATE_LIMITED':
      return 429;
    case 'BETA_TOKEN_REQUIRED':
    case 'BETA_TOKEN_INVALID':
    case 'IMAGE_URL_UNSIGNED':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'METHOD_NOT_ALLOWED':
      return 405;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'INTERNAL':
      return 500;
    case 'SERVICE_UNAVAILABLE':
      return 503;
    case 'UPSTREAM_TIMEOUT':
      return 504;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}

/** Status codes Fastify and Nest raise on their own, as domain codes. */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 405) return 'METHOD_NOT_ALLOWED';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED';
  return 'INTERNAL';
}
