import type { z } from 'zod';
import { BETA_TOKEN_HEADER } from '@closetly/contracts';
import { ApiError, InvalidResponseError, NetworkError } from './errors';

type MaybePromise<T> = T | Promise<T>;

/** Returns the current token, or nothing when there is none. May be async (the extension reads chrome.storage). */
export type TokenGetter = () => MaybePromise<string | null | undefined>;

/** What the app learns about a 401 from an authenticated call. */
export interface UnauthorizedEvent {
  error: ApiError;
  path: string;
  /** The access token the request carried, so the app can ignore answers to a session it has since replaced. */
  accessToken: string | null;
}

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the gateway; '' means same origin. */
  baseUrl?: string;
  getBetaToken?: TokenGetter;
  getAccessToken?: TokenGetter;
  /**
   * Called on a 401 from an authenticated call (spec §7: any 401 signs the user out).
   * Never called for the public auth calls (sign-in, sign-up, refresh, forgot/reset password,
   * third-party sign-in), where 401 is an ordinary answer, nor for a call made with `reportUnauthorized: false`.
   */
  onUnauthorized?: (event: UnauthorizedEvent) => void;
  /** Injected for tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean;

/** Per-call options every operation accepts. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Use this access token instead of asking `getAccessToken` (e.g. to end a session already cleared locally). */
  accessToken?: string;
  /** `false`: a 401 is returned to the caller only, without `onUnauthorized` (the app's own session check). */
  reportUnauthorized?: boolean;
}

export interface ApiRequest<T> extends CallOptions {
  method: HttpMethod;
  /** Path starting with '/', e.g. '/api/verify-beta'. */
  path: string;
  /** Query-string values; an array repeats its key (`brand=A&brand=B`), an empty one leaves it out. */
  query?: Record<string, QueryValue | readonly QueryValue[] | undefined>;
  body?: unknown;
  /**
   * 'json' (default): the 2xx body is parsed as JSON. 'blob': the 2xx body is handed over as it came, as a Blob
   * carrying its Content-Type (a file to save); an error answer is still read as JSON.
   */
  read?: 'json' | 'blob';
  /** Validates and types the 2xx body (the parsed JSON, or the Blob); an empty JSON body (204) is validated as `undefined`. */
  schema: z.ZodType<T>;
  /**
   * 'bearer' (default): sends the access token when there is one and reports 401s.
   * 'public': a call made to get or replace a session; no access token, and 401 is an ordinary answer.
   */
  auth?: 'bearer' | 'public';
}

/** The single seam every operation goes through. */
export interface ApiTransport {
  request<T>(request: ApiRequest<T>): Promise<T>;
}

export function createTransport(options: ApiClientOptions = {}): ApiTransport {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return {
    async request<T>(request: ApiRequest<T>): Promise<T> {
      const { method, path, query, body, schema, signal, auth = 'bearer' } = request;
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'Content-Type': 'application/json',
      };
      const betaToken = await options.getBetaToken?.();
      if (betaToken) headers[BETA_TOKEN_HEADER] = betaToken;
      const accessToken = auth === 'bearer' ? (request.accessToken ?? (await options.getAccessToken?.()) ?? null) : null;
      if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

      let response: Response;
      try {
        response = await doFetch(baseUrl + path + toQueryString(query), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          credentials: 'same-origin',
          signal,
        });
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        throw new NetworkError(error);
      }

      if (!response.ok) {
        const payload = await readBody(response);
        const error = new ApiError(response.status, payload.value ?? null);
        if (response.status === 401 && auth === 'bearer' && request.reportUnauthorized !== false) {
          options.onUnauthorized?.({ error, path, accessToken });
        }
        throw error;
      }

      let value: unknown;
      if (request.read === 'blob') {
        value = await response.blob();
      } else {
        const payload = await readBody(response);
        if (!payload.isJson && payload.value !== undefined) throw new InvalidResponseError(response.status, payload.value);
        value = payload.value;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new InvalidResponseError(response.status, value, { cause: parsed.error });
      return parsed.data;
    },
  };
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

function toQueryString(query: ApiRequest<unknown>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const each of isList(value) ? value : [value]) params.append(key, String(each));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isList(value: QueryValue | readonly QueryValue[]): value is readonly QueryValue[] {
  return Array.isArray(value);
}

/** `value` is `undefined` for an empty body, the parsed JSON, or the raw text when it is not JSON. */
async function readBody(response: Response): Promise<{ isJson: boolean; value: unknown }> {
  const text = await response.text();
  if (text === '') return { isJson: false, value: undefined };
  try {
    return { isJson: true, value: JSON.parse(text) as unknown };
  } catch {
    return { isJson: false, value: text };
  }
}
