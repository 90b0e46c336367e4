import { z } from 'zod';

/**
 * Error codes that cross the HTTP boundary as `{ error: { code, message } }`.
 * The gateway maps each code to one status with an exhaustive switch.
 */
export const API_ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  'INVALID_RESET_TOKEN',
  'ACCOUNT_DISABLED',
  'FORBIDDEN',
  'EMAIL_TAKEN',
  'RATE_LIMITED',
  'OIDC_FAILED',
  'BETA_TOKEN_REQUIRED',
  'BETA_TOKEN_INVALID',
  'IMAGE_URL_UNSIGNED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  'SERVICE_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'INTERNAL',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
