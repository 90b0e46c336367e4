import { randomBytes, randomUUID } from 'node:crypto';
import { confirmEmailByLink, type SmtpCapture } from '@closetly/testing';

/** An answer as an API suite reads it: the status and the parsed JSON body (undefined when empty). */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}
export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

export interface ApiCallOptions {
  body?: unknown;
  /** A bearer token. */
  token?: string;
  /** false: leave the beta token out. */
  beta?: boolean;
  /** More request headers (a `traceparent`, say). */
  headers?: Record<string, string>;
}
export type ApiCall = <T>(method: string, path: string, options?: ApiCallOptions) => Promise<ApiAnswer<T>>;

/** Calls the gateway as a client would: JSON in and out, the beta token unless told not to, the bearer token when given. */
export function apiCaller(baseUrl: () => string, betaToken: () => string): ApiCall {
  return async <T>(method: string, path: string, options: ApiCallOptions = {}): Promise<ApiAnswer<T>> => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.beta === false ? {} : { 'x-beta-token': betaToken() }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

/** A made-up word no other suite uses: in distributed mode every suite's products share Kafka's topics. */
export const madeUpWord = (): string =>
  Array.from(randomBytes(9), (byte) => 'bcdfghjklmnpqrstvwxz'[byte % 20])
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

/** A product page of a supported multi-brand shop: any brand saved from it is listed at once. */
export const supportedShopUrl = (): string => `https://www.nordstrom.com/s/item/${Math.floor(Math.random() * 1e9)}`;

/**
 * Signs up one account per name, confirms each address through the link sign-up mailed (only
 * confirmed accounts count toward the shared catalogue), and returns their access tokens. The
 * name "admin" gets `admin.email` (in the product's ADMIN_EMAILS) and signs in again once
 * confirmed, since only a proved address holds the role. `extra` adds sign-up fields per name;
 * names in `unconfirmed` keep an unproved address.
 */
export async function signUpSuiteUsers<Name extends string>(
  call: ApiCall,
  names: readonly Name[],
  admin: { email: string; password: string; baseUrl: string; betaToken: string; smtp: SmtpCapture },
  extra: (name: Name) => Record<string, unknown> = () => ({}),
  unconfirmed: readonly Name[] = [],
): Promise<Record<Name, string>> {
  const tokens = {} as Record<Name, string>;
  for (const name of names) {
    const email = name === 'admin' ? admin.email : `${name}-${randomUUID()}@example.com`;
    const answer = await call<{ accessToken: string }>('POST', '/api/auth/signup', { body: { firstName: 'Sam', lastName: 'Shopper', email, password: admin.password, ...extra(name) } });
    if (answer.status !== 201) throw new Error(`sign-up of ${name} answered ${answer.status}`);
    tokens[name] = answer.body.accessToken;
    if (!unconfirmed.includes(name)) await confirmEmailByLink({ baseUrl: admin.baseUrl, betaToken: admin.betaToken, smtp: admin.smtp, email });
  }
  if ((names as readonly string[]).includes('admin')) {
    tokens['admin' as Name] = (await call<{ accessToken: string }>('POST', '/api/auth/signin', { body: { email: admin.email, password: admin.password } })).body.accessToken;
  }
  return tokens;
}
