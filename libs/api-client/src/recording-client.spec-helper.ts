import { createApiClient, type UnauthorizedEvent } from './index';

/** What a spec's fake fetch saw: one entry per request. */
export interface RecordedCall {
  url: string;
  init: RequestInit;
}

/**
 * A client whose fetch answers every request with `status` and `body` (a string as it is, as text/plain;
 * anything else as JSON, as application/json; undefined as no body), recording each request; beta token
 * "beta-1", access token "access-1".
 */
export function recordingClient(status: number, body: unknown, calls: RecordedCall[] = [], unauthorized: UnauthorizedEvent[] = []) {
  return createApiClient({
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      if (body === undefined || typeof body === 'string') return new Response(body ?? null, { status });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
    },
    getBetaToken: () => 'beta-1',
    getAccessToken: () => 'access-1',
    onUnauthorized: (event) => unauthorized.push(event),
  });
}

export const headersOf = (call: RecordedCall | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

/** A product as the gateway answers it. */
export const sampleProduct = {
  id: '7f1c3e0e-2b1a-4c8e-9d1e-0a1b2c3d4e5f',
  name: 'Linen Shirt',
  brand: 'Acme',
  price: 59.99,
  currency: 'USD',
  priceText: null,
  imageUrl: null,
  description: 'A shirt',
  sourceUrl: '#',
  retailer: null,
  gender: 'Men',
  category: 'tops',
  colour: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
} as const;
