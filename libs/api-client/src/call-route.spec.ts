import { HTTP_ROUTES } from '@closetly/contracts';
import { callRoute } from './call-route';
import { createApiClient } from './client';
import { createTransport } from './transport';
import type { RecordedCall } from './recording-client.spec-helper';

/** A transport whose fetch answers `status` and `body` (JSON, or none), recording each request. */
function transport(status: number, body: unknown, calls: RecordedCall[] = []) {
  return createTransport({
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
}

describe('callRoute: one route of HTTP_ROUTES by its key', () => {
  it('takes the method and path from the map, percent-encoding each path parameter into its segment', async () => {
    const calls: RecordedCall[] = [];
    await expect(callRoute(transport(204, undefined, calls), 'removeFromWardrobe', { params: { id: 'a/b c?' } })).resolves.toBeUndefined();
    expect(calls[0]).toMatchObject({ url: '/api/remove-from-wardrobe/a%2Fb%20c%3F', init: { method: HTTP_ROUTES.removeFromWardrobe.method } });
  });

  it("validates the answer with the map's schema", async () => {
    await expect(callRoute(transport(200, { verified: true }), 'verifyBeta', { body: { code: 'x' } })).rejects.toMatchObject({ name: 'InvalidResponseError' });
    await expect(callRoute(transport(200, { verified: false }), 'verifyBeta', { body: { code: 'x' } })).resolves.toEqual({ verified: false });
  });

  it('is on the client as call(key, input)', async () => {
    const calls: RecordedCall[] = [];
    const client = createApiClient({
      fetch: async (input, init) => {
        calls.push({ url: String(input), init: init ?? {} });
        return new Response(JSON.stringify({ verified: true }), { status: 200 });
      },
    });
    await expect(client.call('checkBetaToken', {})).resolves.toEqual({ verified: true });
    expect(calls[0]).toMatchObject({ url: '/api/verify-beta', init: { method: 'GET' } });
  });

  it('answers undefined for a route that answers no content', async () => {
    await expect(callRoute(transport(204, undefined), 'saveSearch', { body: { term: 'x' } })).resolves.toBeUndefined();
  });

  it('is typed from the map: body, path parameters, query keys and answer', () => {
    const typed = transport(200, []);
    const unused = () => {
      // @ts-expect-error the body's shape is the map's
      void callRoute(typed, 'saveItem', { body: { wrong: 1 } });
      // @ts-expect-error a route with a path parameter needs it
      void callRoute(typed, 'getProduct', {});
      // @ts-expect-error a query key the route's schema does not read
      void callRoute(typed, 'search', { query: { q: 'x', sort: 'price' } });
      // @ts-expect-error a file route is fetched as a file, not called for JSON
      void callRoute(typed, 'exportAccount', {});
      // @ts-expect-error no such route
      void callRoute(typed, 'getEverything', {});
      // @ts-expect-error the answer is the map's (a wardrobe is items, not names)
      const names: Promise<string[]> = callRoute(typed, 'getWardrobe', {});
      return names;
    };
    expect(typeof unused).toBe('function');
  });
});
