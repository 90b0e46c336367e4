import { z } from 'zod';
import type { ServiceName } from './rpc';

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
  /** A "Confirm your e-mail" link that is unknown, used or expired. */
  'INVALID_CONFIRMATION_TOKEN',
  /** A step that needs proof of identity again (deleting the account) got a wrong password or a stale sign-in. Not 401: the web app must not sign out on it. */
  'REAUTHENTICATION_FAILED',
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

/** Codes any service may answer with: its platform's own (bad request, deadline passed, crash). */
/** An engine a service needs is unreachable (SERVICE_UNAVAILABLE): any service may say so. */
export const PLATFORM_ERROR_CODES = ['VALIDATION_FAILED', 'UPSTREAM_TIMEOUT', 'SERVICE_UNAVAILABLE', 'INTERNAL'] as const satisfies readonly ApiErrorCode[];

/**
 * The closed set of domain codes each service answers with, besides the
 * platform's. `satisfies` makes the compiler check that each is an
 * ApiErrorCode, which the gateway maps to a status with an exhaustive
 * switch; a code outside its service's set is treated as INTERNAL on arrival.
 */
export const SERVICE_ERROR_CODES = {
  identity: [
    'EMAIL_TAKEN',
    'REAUTHENTICATION_FAILED',
    'INVALID_CREDENTIALS',
    'INVALID_REFRESH_TOKEN',
    'INVALID_RESET_TOKEN',
    'INVALID_CONFIRMATION_TOKEN',
    'ACCOUNT_DISABLED',
    'UNAUTHENTICATED',
    'FORBIDDEN',
    'NOT_FOUND',
    'OIDC_FAILED',
    'RATE_LIMITED',
  ],
  catalogue: ['NOT_FOUND', 'FORBIDDEN'],
  wardrobe: ['NOT_FOUND', 'FORBIDDEN'],
  profile: ['FORBIDDEN', 'NOT_FOUND'],
  search: ['FORBIDDEN', 'SERVICE_UNAVAILABLE'],
  retention: ['FORBIDDEN', 'NOT_FOUND'],
  pages: ['FORBIDDEN'],
} as const satisfies Record<ServiceName, readonly ApiErrorCode[]>;

export type ServiceErrorCode<TService extends ServiceName> = (typeof SERVICE_ERROR_CODES)[TService][number] | (typeof PLATFORM_ERROR_CODES)[number];

export const isServiceErrorCode = <TService extends ServiceName>(service: TService, code: string): code is ServiceErrorCode<TService> =>
  (SERVICE_ERROR_CODES[service] as readonly string[]).includes(code) || (PLATFORM_ERROR_CODES as readonly string[]).includes(code);
