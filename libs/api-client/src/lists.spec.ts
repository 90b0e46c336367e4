import type { ProductView } from '@closetly/contracts';
import { InvalidResponseError, createApiClient, type UnauthorizedEvent } from './index';

interface RecordedCall {
  url: string;
  init: RequestInit;
}

function client(status: number, body: unknown, calls: RecordedCall[] = [], unauthorized: UnauthorizedEvent[] = []) {
  return createApiClient({
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    },
    getBetaToken: () => 'beta-1',
    getAccessToken: () => 'access-1',
    onUnauthorized: (event) => unauthorized.push(event),
  });
}

const headersOf = (call: RecordedCall | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

const product: ProductView = {
  id: '7f1c3e0e-2b1a-4c8e-9d1e-0a1b2c3d4e5f',
  name: 'Leather Belt',
  brand: 'Acme',
  price: 45,
  currency: 'USD',
  priceText: null,
  colour: null,
  imageUrl: 'https://images.example.com/belt.jpg',
  displayImageUrl: '/api/proxy-image?url=x&sig=k.h',
  description: 'A belt',
  sourceUrl: 'https://www.nordstrom.com/s/item/1',
  retailer: 'Nordstrom',
  gender: 'Unisex',
  category: 'accessories',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('browsing list operations', () => {
  it('getPopularItems asks for a category and gender, and for all categories of every gender by default', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, [product], calls).getPopularItems({ category: 'all', gender: 'Men' })).resolves.toEqual([product]);
    await client(200, [], calls).getPopularItems({ category: 'accessories' });
    await client(200, [], calls).getPopularItems();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/popular-items?category=all&gender=Men',
      '/api/popular-items?category=accessories',
      '/api/popular-items?category=all',
    ]);
    expect(calls[0]?.init.method).toBe('GET');
    expect(headersOf(calls[0])).toMatchObject({ 'x-beta-token': 'beta-1' });
  });

  it('getCategoryProducts puts the category in the path and the gender in the query', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, [product], calls).getCategoryProducts('tops', { gender: 'Women' })).resolves.toEqual([product]);
    await client(200, [product], calls).getCategoryProducts('accessories');
    expect(calls.map((call) => call.url)).toEqual(['/api/products/category/tops?gender=Women', '/api/products/category/accessories']);
  });

  it('getNewArrivals sends the brand as one encoded path segment', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, [product], calls).getNewArrivals('H&M')).resolves.toEqual([product]);
    await client(200, [], calls).getNewArrivals('AC/DC Merch #1');
    expect(calls.map((call) => call.url)).toEqual(['/api/new-arrivals/H%26M', '/api/new-arrivals/AC%2FDC%20Merch%20%231']);
  });

  it('getRecommendedItems sends the bearer token, and a 401 signs the user out', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, [product], calls).getRecommendedItems()).resolves.toEqual([product]);
    expect(calls[0]?.url).toBe('/api/recommended-items');
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1', 'x-beta-token': 'beta-1' });

    const unauthorized: UnauthorizedEvent[] = [];
    await expect(client(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }, [], unauthorized).getRecommendedItems()).rejects.toMatchObject({ status: 401 });
    expect(unauthorized.map((event) => event.path)).toEqual(['/api/recommended-items']);
  });

  it('every list rejects an answer that is not a list of products', async () => {
    const wrong = [{ ...product, id: 'not-a-uuid' }];
    await expect(client(200, wrong).getPopularItems()).rejects.toBeInstanceOf(InvalidResponseError);
    await expect(client(200, { items: [product] }).getCategoryProducts('shoes', { gender: 'Men' })).rejects.toBeInstanceOf(InvalidResponseError);
    await expect(client(200, wrong).getNewArrivals('Acme')).rejects.toBeInstanceOf(InvalidResponseError);
    await expect(client(200, wrong).getRecommendedItems()).rejects.toBeInstanceOf(InvalidResponseError);
  });
});
