import type { z } from 'zod';
import { BETA_TOKEN_HEADER } from '@closetly/contracts';
import { ApiError, InvalidResponseError } from './errors';

type MaybePromise<T> = T | Promise<T>;

/** Returns the current token, or nothing when there is none. May be async (the extension reads chrome.storage). */
export type TokenGetter = () => MaybePromise<string | null | undefined>;

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the gateway; '' means same origin. */
  baseUrl?: string;
  getBetaToken?: TokenGetter;
  getAccessToken?: TokenGetter;
  /** Injected for tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest<T> {
  method: HttpMethod;
  /** Path starting with '/', e.g. '/api/verify-beta'. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Validates and types the 2xx body. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

/** The single seam every operation goes through. */
export interface ApiTransport {
  request<T>(request: ApiRequest<T>): Promise<T>;
}

export function createTransport(options: ApiClientOptions = {}): ApiTransport {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return {
    async request<T>({ method, path, query, body, schema, signal }: ApiRequest<T>): Promise<T> {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'Content-Type': 'application/json',
      };
      const betaToken = await options.getBetaToken?.();
      if (betaToken) headers[BETA_TOKEN_HEADER] = betaToken;
      const accessToken = await options.getAccessToken?.();
      if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

      const response = await doFetch(baseUrl + path + toQueryString(query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      });

      const payload = await readBody(response);
      if (!response.ok) throw new ApiError(response.status, payload.value);
      if (!payload.isJson) throw new InvalidResponseError(response.status, payload.value);

      const parsed = schema.safeParse(payload.value);
      if (!parsed.success) throw new InvalidResponseError(response.status, payload.value, { cause: parsed.error });
      return parsed.data;
    },
  };
}

function toQueryString(query: ApiRequest<unknown>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<{ isJson: boolean; value: unknown }> {
  const text = await response.text();
  if (text === '') return { isJson: false, value: null };
  try {
    return { isJson: true, value: JSON.parse(text) as unknown };
  } catch {
    return { isJson: false, value: text };
  }
}
